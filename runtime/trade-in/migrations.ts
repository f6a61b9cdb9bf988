// The evaluation store's tables, step by step (see runtime/infra/db/migrate.ts). Version 1 is what the store made on
// open before migrations, including the client_key column a release added later, so those databases are adopted.
import type { StoreMigrations } from '../infra/db/migrate';

/** The tables as the first release made them, client_key included (databases from before it get it in version 1). */
export const EVALUATION_TABLES = (types: { json: string; bigint: string }) => `
CREATE TABLE IF NOT EXISTS trade_in_evaluations (
  eval_id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  provider_eval_id TEXT NOT NULL,
  rego TEXT NOT NULL,
  state TEXT NOT NULL,
  manual_entry TEXT,
  vehicle ${types.json} NOT NULL,
  km INTEGER,
  offer_price INTEGER,
  offered_at ${types.bigint},
  customer ${types.json},
  lead_id TEXT,
  saved_valuation ${types.json},
  created_at ${types.bigint} NOT NULL,
  updated_at ${types.bigint} NOT NULL
);
CREATE TABLE IF NOT EXISTS trade_in_images (
  id TEXT PRIMARY KEY,
  eval_id TEXT NOT NULL REFERENCES trade_in_evaluations(eval_id),
  tenant TEXT NOT NULL,
  storage_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at ${types.bigint} NOT NULL,
  client_key TEXT
);
CREATE INDEX IF NOT EXISTS trade_in_images_eval ON trade_in_images (eval_id);
`;

/** Indexes over client_key: created once the column is there. */
const QUOTA_INDEXES = `
CREATE INDEX IF NOT EXISTS trade_in_images_tenant_created ON trade_in_images (tenant, created_at);
CREATE INDEX IF NOT EXISTS trade_in_images_client ON trade_in_images (tenant, client_key, created_at);
`;

export const evaluationMigrations: StoreMigrations = {
  store: 'trade-in',
  migrations: [
    {
      version: 1,
      name: 'trade_in_evaluations and trade_in_images',
      sqlite: (db) => {
        db.exec(EVALUATION_TABLES({ json: 'TEXT', bigint: 'INTEGER' }));
        if (!(db.prepare('PRAGMA table_info(trade_in_images)').all() as { name: string }[]).some((c) => c.name === 'client_key'))
          db.exec('ALTER TABLE trade_in_images ADD COLUMN client_key TEXT');
        db.exec(QUOTA_INDEXES);
      },
      postgres: `${EVALUATION_TABLES({ json: 'JSONB', bigint: 'BIGINT' })}
ALTER TABLE trade_in_images ADD COLUMN IF NOT EXISTS client_key TEXT;
${QUOTA_INDEXES}`,
    },
  ],
};
