// One suite for every EditorStaffStore backend (one-time links with their outbox, and the audit log): SQLite always;
// PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (tools/ci/postgres.sh), otherwise that half is skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { type EditorStaffStore, SqlEditorStaffStore } from './staff-store';
import { atLeast } from '../../test-support/at-least';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'editor-staff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The tables as the store made them before it had migrations, with a link, its mail and an audit entry in them.
const oldSchema = (serial: string) => `
CREATE TABLE editor_tokens (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, purpose TEXT NOT NULL, created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL, used_at BIGINT);
CREATE INDEX editor_tokens_email ON editor_tokens (email);
CREATE TABLE editor_mail (id ${serial}, tenant TEXT NOT NULL, to_address TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
  created_at BIGINT NOT NULL, status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL,
  locked_until BIGINT NOT NULL DEFAULT 0, last_error TEXT, sent_at BIGINT);
CREATE INDEX editor_mail_due ON editor_mail (status, next_attempt_at);
CREATE TABLE editor_audit (id ${serial}, tenant TEXT NOT NULL, at BIGINT NOT NULL, email TEXT NOT NULL, name TEXT NOT NULL, action TEXT NOT NULL,
  rev INTEGER NOT NULL, restored_from INTEGER, published INTEGER NOT NULL);
CREATE INDEX editor_audit_tenant ON editor_audit (tenant, id);
INSERT INTO editor_tokens (token_hash, email, purpose, created_at, expires_at) VALUES ('old-link', 'ann@example.com', 'invite', 10, 9000000000000);
INSERT INTO editor_mail (tenant, to_address, subject, body, created_at, next_attempt_at) VALUES ('big-sky-cars', 'ann@example.com', 'Invite', 'old body', 10, 10);
INSERT INTO editor_audit (tenant, at, email, name, action, rev, restored_from, published) VALUES ('big-sky-cars', 10, 'jo@example.com', 'Jo', 'published', 4, NULL, 1);
`;

const backends: {
  name: string;
  skip: boolean;
  open: () => Promise<{ first: EditorStaffStore; reopen: () => Promise<EditorStaffStore> }>;
  openOld: () => Promise<EditorStaffStore>;
}[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => {
      const file = join(dir, `${randomUUID()}.sqlite`);
      return { first: SqlEditorStaffStore.openSqlite(file), reopen: async () => SqlEditorStaffStore.openSqlite(file) };
    },
    openOld: async () => {
      const file = join(dir, `old-${randomUUID()}.sqlite`);
      const old = new Database(file);
      old.exec(oldSchema('INTEGER PRIMARY KEY AUTOINCREMENT'));
      old.close();
      return SqlEditorStaffStore.openSqlite(file);
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'editor_staff_test');
      return { first: await SqlEditorStaffStore.openPostgres(url), reopen: () => SqlEditorStaffStore.openPostgres(url) };
    },
    openOld: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'editor_staff_old');
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(oldSchema('BIGSERIAL PRIMARY KEY'));
      await old.end();
      return SqlEditorStaffStore.openPostgres(url);
    },
  },
];

const T0 = 1_700_000_000_000;
const mail = (to: string, text: string) => ({ tenant: 'big-sky-cars', to, subject: 'Invite', text, createdAt: T0 });

for (const backend of backends) {
  describe.skipIf(backend.skip)(
    `EditorStaffStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`,
    () => {
      let store: EditorStaffStore;
      let reopen: () => Promise<EditorStaffStore>;
      beforeAll(async () => {
        ({ first: store, reopen } = await backend.open());
      });
      afterAll(() => store.close());

      it('stores a link with its mail; the link works once, only before it expires, and survives a reopen', async () => {
        await store.issueToken(
          { tokenHash: 'h-once', email: 'jo@example.com', purpose: 'invite', createdAt: T0, expiresAt: T0 + 1000 },
          mail('jo@example.com', 'link A'),
        );
        expect(await store.peekToken('h-once', T0 + 10)).toEqual({ email: 'jo@example.com', purpose: 'invite' });
        const again = await reopen();
        expect(await again.peekToken('h-once', T0 + 10)).toEqual({ email: 'jo@example.com', purpose: 'invite' });
        await again.close();
        // Two uses at the same time: exactly one wins.
        const [a, b] = await Promise.all([store.consumeToken('h-once', T0 + 20), store.consumeToken('h-once', T0 + 20)]);
        expect([a, b].filter(Boolean)).toEqual([{ email: 'jo@example.com', purpose: 'invite' }]);
        expect(await store.peekToken('h-once', T0 + 30)).toBeUndefined();

        await store.issueToken(
          { tokenHash: 'h-late', email: 'late@example.com', purpose: 'reset', createdAt: T0, expiresAt: T0 + 1000 },
          mail('late@example.com', 'link B'),
        );
        expect(await store.consumeToken('h-late', T0 + 1000)).toBeUndefined();
        expect(await store.consumeToken('unknown', T0)).toBeUndefined();
      });

      it('a new link of the same purpose replaces the older one; revoking ends every unused link of the account', async () => {
        await store.issueToken(
          { tokenHash: 'r1', email: 'kim@example.com', purpose: 'reset', createdAt: T0, expiresAt: T0 + 5000 },
          mail('kim@example.com', 'r1'),
        );
        await store.issueToken(
          { tokenHash: 'r2', email: 'kim@example.com', purpose: 'reset', createdAt: T0 + 1, expiresAt: T0 + 5000 },
          mail('kim@example.com', 'r2'),
        );
        expect(await store.peekToken('r1', T0 + 2)).toBeUndefined();
        expect(await store.peekToken('r2', T0 + 2)).toBeDefined();
        await store.revokeTokensOf('kim@example.com', T0 + 3);
        expect(await store.consumeToken('r2', T0 + 4)).toBeUndefined();
      });

      it('queues the mails in the outbox, claims them once under a lease, and forgets a sent body', async () => {
        const due = atLeast(2, await store.claimDueMail(T0 + 10, 50, 60_000), 'the mails due');
        expect(due.map((m) => m.text)).toEqual(['link A', 'link B', 'r1', 'r2']);
        expect(due[0]).toMatchObject({ to: 'jo@example.com', subject: 'Invite', attempts: 0 });
        expect(await store.claimDueMail(T0 + 20, 50, 60_000)).toEqual([]);
        await store.recordMailAttempt(due[0].id, { status: 'sent', at: T0 + 30 });
        await store.recordMailAttempt(due[1].id, { status: 'pending', error: 'connection refused', at: T0 + 30, nextAttemptAt: T0 + 5000 });
        // After the lease: the retried one is due again at its next attempt; the sent one never again.
        const retried = await store.claimDueMail(T0 + 70_000, 50, 60_000);
        expect(retried.map((m) => [m.text, m.attempts]).sort()).toEqual([
          ['link B', 1],
          ['r1', 0],
          ['r2', 0],
        ]);
      });

      it('records the audit log per site, newest first, durably', async () => {
        await store.recordAudit({
          tenant: 'big-sky-cars',
          at: T0,
          email: 'jo@example.com',
          name: 'Jo',
          action: 'saved',
          rev: 2,
          restoredFrom: null,
          published: false,
        });
        await store.recordAudit({
          tenant: 'harbourside-mazda',
          at: T0 + 1,
          email: 'mia@example.com',
          name: 'Mia',
          action: 'published',
          rev: 7,
          restoredFrom: null,
          published: true,
        });
        const restored = await store.recordAudit({
          tenant: 'big-sky-cars',
          at: T0 + 2,
          email: 'jo@example.com',
          name: 'Jo',
          action: 'restored',
          rev: 3,
          restoredFrom: 1,
          published: true,
        });
        expect(restored).toMatchObject({ action: 'restored', rev: 3, restoredFrom: 1, published: true });
        const again = await reopen();
        const log = await again.auditOf('big-sky-cars');
        await again.close();
        expect(log.map((e) => [e.action, e.rev, e.restoredFrom, e.published, e.email, e.at])).toEqual([
          ['restored', 3, 1, true, 'jo@example.com', T0 + 2],
          ['saved', 2, null, false, 'jo@example.com', T0],
        ]);
        expect((await store.auditOf('harbourside-mazda')).map((e) => e.name)).toEqual(['Mia']);
        expect(await store.auditOf('nobody')).toEqual([]);
      });

      it('adopts a database made before migrations: its link, its queued mail and its audit log are all found', async () => {
        const old = await backend.openOld();
        try {
          expect(await old.peekToken('old-link', T0)).toEqual({ email: 'ann@example.com', purpose: 'invite' });
          expect((await old.claimDueMail(T0, 10, 60_000)).map((m) => [m.to, m.text])).toEqual([['ann@example.com', 'old body']]);
          await old.recordAudit({
            tenant: 'big-sky-cars',
            at: T0,
            email: 'jo@example.com',
            name: 'Jo',
            action: 'saved',
            rev: 5,
            restoredFrom: null,
            published: false,
          });
          expect((await old.auditOf('big-sky-cars')).map((e) => [e.id, e.action, e.rev, e.published])).toEqual([
            [2, 'saved', 5, false],
            [1, 'published', 4, true],
          ]);
          expect(await old.consumeToken('old-link', T0)).toEqual({ email: 'ann@example.com', purpose: 'invite' });
          expect(await old.consumeToken('old-link', T0)).toBeUndefined();
        } finally {
          await old.close();
        }
      });
    },
  );
}
