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
  ],
};
