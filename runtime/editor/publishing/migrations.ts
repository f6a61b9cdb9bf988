// The tables of scheduled publishes and draft share links, step by step (see runtime/infra/db/migrate.ts).
import type { StoreMigrations } from '../../infra/db/migrate';

const tables = (serial: string) => `
CREATE TABLE IF NOT EXISTS editor_scheduled_publishes (
  id ${serial},
  tenant TEXT NOT NULL,
  rev INTEGER NOT NULL,
  run_at BIGINT NOT NULL,
  time_zone TEXT NOT NULL,
  status TEXT NOT NULL,
  lease_until BIGINT NOT NULL DEFAULT 0,
  created_by TEXT NOT NULL,
  created_by_name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  finished_at BIGINT,
  outcome TEXT
);
CREATE INDEX IF NOT EXISTS editor_scheduled_publishes_due ON editor_scheduled_publishes (status, run_at);
CREATE INDEX IF NOT EXISTS editor_scheduled_publishes_tenant ON editor_scheduled_publishes (tenant, id);
CREATE TABLE IF NOT EXISTS editor_share_links (
  token_hash TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  rev INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX IF NOT EXISTS editor_share_links_tenant ON editor_share_links (tenant, created_at);
`;

export const publishingMigrations: StoreMigrations = {
  store: 'editor-publishing',
  migrations: [
    {
      version: 1,
      name: 'editor_scheduled_publishes and editor_share_links',
      sqlite: tables('INTEGER PRIMARY KEY AUTOINCREMENT'),
      postgres: tables('BIGSERIAL PRIMARY KEY'),
    },
  ],
};
