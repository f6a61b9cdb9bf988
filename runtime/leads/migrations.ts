// The lead store's tables, step by step (see runtime/infra/db/migrate.ts). Version 1 is what the store made on open
// before migrations, including the request_hash column a release added later, so those databases are adopted.
import type { StoreMigrations } from '../infra/db/migrate';

export const leadMigrations: StoreMigrations = {
  store: 'leads',
  migrations: [
    {
      version: 1,
      name: 'leads and lead_deliveries (the outbox)',
      sqlite: (db) => {
        db.exec(`
CREATE TABLE IF NOT EXISTS leads (
  lead_id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  dealership_id INTEGER,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (tenant, idempotency_key)
);
CREATE TABLE IF NOT EXISTS lead_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL UNIQUE REFERENCES leads(lead_id),
  tenant TEXT NOT NULL,
  dealership_id INTEGER,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at INTEGER
);
CREATE INDEX IF NOT EXISTS lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
`);
        if (!(db.prepare('PRAGMA table_info(leads)').all() as { name: string }[]).some((c) => c.name === 'request_hash'))
          db.exec('ALTER TABLE leads ADD COLUMN request_hash TEXT');
      },
      postgres: `
CREATE TABLE IF NOT EXISTS leads (
  lead_id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  dealership_id INTEGER,
  payload JSONB NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (tenant, idempotency_key)
);
CREATE TABLE IF NOT EXISTS lead_deliveries (
  id BIGSERIAL PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE REFERENCES leads(lead_id),
  tenant TEXT NOT NULL,
  dealership_id INTEGER,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  locked_until BIGINT NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at BIGINT
);
CREATE INDEX IF NOT EXISTS lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
ALTER TABLE leads ADD COLUMN IF NOT EXISTS request_hash TEXT;
`,
    },
  ],
};
