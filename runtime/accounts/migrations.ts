// The accounts store's tables, step by step (see runtime/infra/db/migrate.ts). Version 1 is what the store made on
// open before migrations, including the unconfirmed_since column a release added later, so those databases are adopted.
import type { StoreMigrations } from '../infra/db/migrate';
import { mailOutboxTableSql } from './mail-outbox';

/** The tables as the first release made them (before unconfirmed_since). */
const ACCOUNT_TABLES = (types: { bigint: string; serial: string }) => `
CREATE TABLE IF NOT EXISTS shopper_accounts (
  id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT,
  password_hash TEXT NOT NULL,
  created_at ${types.bigint} NOT NULL,
  UNIQUE (tenant, email)
);
CREATE TABLE IF NOT EXISTS shopper_sessions (
  token_hash TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  created_at ${types.bigint} NOT NULL,
  expires_at ${types.bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS shopper_sessions_account ON shopper_sessions (account_id);
CREATE TABLE IF NOT EXISTS shopper_password_resets (
  token_hash TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  created_at ${types.bigint} NOT NULL,
  expires_at ${types.bigint} NOT NULL,
  used_at ${types.bigint}
);
CREATE INDEX IF NOT EXISTS shopper_password_resets_account ON shopper_password_resets (account_id);
CREATE TABLE IF NOT EXISTS shopper_confirmations (
  token_hash TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  next_path TEXT NOT NULL,
  created_at ${types.bigint} NOT NULL,
  expires_at ${types.bigint} NOT NULL,
  used_at ${types.bigint}
);
CREATE INDEX IF NOT EXISTS shopper_confirmations_account ON shopper_confirmations (account_id);
${mailOutboxTableSql('shopper_mail', types)}CREATE TABLE IF NOT EXISTS shopper_watchlist (
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  car_id ${types.bigint} NOT NULL,
  price_at_save DOUBLE PRECISION,
  saved_at ${types.bigint} NOT NULL,
  PRIMARY KEY (account_id, car_id)
);
CREATE TABLE IF NOT EXISTS shopper_saved_searches (
  id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  created_at ${types.bigint} NOT NULL,
  last_seen_at ${types.bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS shopper_saved_searches_account ON shopper_saved_searches (account_id);
`;

/** Shopper alerts: the outbox takes HTML, headers and an idempotency key; each alert's frequency and progress, the
 *  cars a saved search announced, addresses that bounced, and the stock changes the feed import recorded. */
const ALERT_TABLES = (types: { bigint: string; serial: string }) => `
CREATE UNIQUE INDEX IF NOT EXISTS shopper_mail_idempotency ON shopper_mail (idempotency_key);
CREATE TABLE IF NOT EXISTS shopper_alerts (
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  alert_id TEXT NOT NULL,
  frequency TEXT,
  last_period TEXT,
  cursor_seq ${types.bigint},
  PRIMARY KEY (account_id, alert_id)
);
CREATE TABLE IF NOT EXISTS shopper_alert_announced (
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  search_id TEXT NOT NULL,
  car_id ${types.bigint} NOT NULL,
  PRIMARY KEY (account_id, search_id, car_id)
);
CREATE TABLE IF NOT EXISTS shopper_alert_bounces (
  tenant TEXT NOT NULL,
  email TEXT NOT NULL,
  bounced_at ${types.bigint} NOT NULL,
  error TEXT NOT NULL,
  PRIMARY KEY (tenant, email)
);
CREATE TABLE IF NOT EXISTS alert_stock_changes (
  seq ${types.serial},
  tenant TEXT NOT NULL,
  car_id ${types.bigint} NOT NULL,
  before_state TEXT,
  after_state TEXT,
  at ${types.bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS alert_stock_changes_tenant ON alert_stock_changes (tenant, seq);
`;

/** NULL in unconfirmed_since is a confirmed account, so the accounts of an upgraded database stay usable. */
export const accountMigrations: StoreMigrations = {
  store: 'accounts',
  migrations: [
    {
      version: 1,
      name: 'shopper accounts, sessions, links, mail outbox, watchlists and saved searches',
      sqlite: (db) => {
        db.exec(ACCOUNT_TABLES({ bigint: 'INTEGER', serial: 'INTEGER PRIMARY KEY AUTOINCREMENT' }));
        if (!(db.prepare('PRAGMA table_info(shopper_accounts)').all() as { name: string }[]).some((c) => c.name === 'unconfirmed_since'))
          db.exec('ALTER TABLE shopper_accounts ADD COLUMN unconfirmed_since INTEGER');
      },
      postgres: `${ACCOUNT_TABLES({ bigint: 'BIGINT', serial: 'BIGSERIAL PRIMARY KEY' })}
ALTER TABLE shopper_accounts ADD COLUMN IF NOT EXISTS unconfirmed_since BIGINT;`,
    },
    {
      version: 2,
      name: 'shopper alerts: mail with HTML, headers and an idempotency key; alert frequencies, progress, bounces and stock changes',
      sqlite: `ALTER TABLE shopper_mail ADD COLUMN html TEXT;
ALTER TABLE shopper_mail ADD COLUMN headers TEXT;
ALTER TABLE shopper_mail ADD COLUMN idempotency_key TEXT;
${ALERT_TABLES({ bigint: 'INTEGER', serial: 'INTEGER PRIMARY KEY AUTOINCREMENT' })}`,
      postgres: `ALTER TABLE shopper_mail ADD COLUMN IF NOT EXISTS html TEXT;
ALTER TABLE shopper_mail ADD COLUMN IF NOT EXISTS headers TEXT;
ALTER TABLE shopper_mail ADD COLUMN IF NOT EXISTS idempotency_key TEXT;
${ALERT_TABLES({ bigint: 'BIGINT', serial: 'BIGSERIAL PRIMARY KEY' })}`,
    },
  ],
};
