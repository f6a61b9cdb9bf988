import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabases } from './db-migrate';

const dir = mkdtempSync(join(tmpdir(), 'db-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('db:migrate', () => {
  it("migrates each store's SQLite file named by its variable, then finds them up to date", async () => {
    const env = {
      VIEWS_DB: join(dir, 'views.sqlite'),
      UNSUBSCRIBE_DB: join(dir, 'unsubscribes.sqlite'),
      TRADE_IN_DB: join(dir, 'trade-in.sqlite'),
      RESERVATIONS_DB: join(dir, 'reservations.sqlite'),
      LEADS_DB: join(dir, 'leads.sqlite'),
      // accounts may share the leads file: each store keeps its own steps in it
      ACCOUNTS_DB: join(dir, 'leads.sqlite'),
      EDITOR_DATA_DIR: join(dir, 'editor'),
    };
    const editor = (file: string) => join(dir, 'editor', file);
    expect(await migrateDatabases(env)).toEqual([
      `views (${env.VIEWS_DB}): applied 1 car_views and car_view_visitors`,
      `unsubscribes (${env.UNSUBSCRIBE_DB}): applied 1 unsubscribes`,
      `trade-in (${env.TRADE_IN_DB}): applied 1 trade_in_evaluations and trade_in_images`,
      `reservations (${env.RESERVATIONS_DB}): applied 1 reservations, checkout_journeys and test_payment_intents`,
      `leads (${env.LEADS_DB}): applied 1 leads and lead_deliveries (the outbox)`,
      `accounts (${env.ACCOUNTS_DB}): applied 1 shopper accounts, sessions, links, mail outbox, watchlists and saved searches; 2 shopper alerts: mail with HTML, headers and an idempotency key; alert frequencies, progress, bounces and stock changes`,
      `editor_sessions (${editor('sessions.sqlite')}): applied 1 editor sessions`,
      `editor_staff (${editor('staff.sqlite')}): applied 1 staff links, their mail outbox and the audit log; 2 template publishes in the audit log`,
      `editor_media (${editor('media.sqlite')}): applied 1 media library index`,
      `editor-publishing (${editor('publishing.sqlite')}): applied 1 editor_scheduled_publishes and editor_share_links`,
    ]);
    const views = new Database(env.VIEWS_DB, { readonly: true });
    expect(views.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual([
      'car_view_visitors',
      'car_views',
      'schema_migrations',
    ]);
    views.close();
    expect(await migrateDatabases(env)).toEqual([
      `views (${env.VIEWS_DB}): up to date at migration 1`,
      `unsubscribes (${env.UNSUBSCRIBE_DB}): up to date at migration 1`,
      `trade-in (${env.TRADE_IN_DB}): up to date at migration 1`,
      `reservations (${env.RESERVATIONS_DB}): up to date at migration 1`,
      `leads (${env.LEADS_DB}): up to date at migration 1`,
      `accounts (${env.ACCOUNTS_DB}): up to date at migration 2`,
      `editor_sessions (${editor('sessions.sqlite')}): up to date at migration 1`,
      `editor_staff (${editor('staff.sqlite')}): up to date at migration 2`,
      `editor_media (${editor('media.sqlite')}): up to date at migration 1`,
      `editor-publishing (${editor('publishing.sqlite')}): up to date at migration 1`,
    ]);
  });
});
