// The reservation store's tables, step by step (see runtime/infra/db/migrate.ts). Version 1 is what the store made on
// open before migrations, including the hold-limit columns a release added later, so those databases are adopted.
import type { StoreMigrations } from '../infra/db/migrate';

/** The SQL both backends share (types differ only where noted). */
export function schemaSql(dialect: 'sqlite' | 'postgres'): string {
  const big = dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
  return `
CREATE TABLE IF NOT EXISTS reservations (
  id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  car_id ${big} NOT NULL,
  dealership_id INTEGER,
  idempotency_key TEXT NOT NULL,
  kind TEXT NOT NULL,
  deposit_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  shopper TEXT NOT NULL,
  journey TEXT,
  created_at ${big} NOT NULL,
  payment_due_by ${big} NOT NULL,
  held_until ${big} NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  provider TEXT,
  payment_intent_id TEXT UNIQUE,
  paid_at ${big},
  ended_at ${big},
  refund_id TEXT,
  lead_id TEXT,
  client_key TEXT,
  account_id TEXT,
  UNIQUE (tenant, idempotency_key)
);
CREATE UNIQUE INDEX IF NOT EXISTS reservations_one_active_per_car ON reservations (car_id) WHERE status IN ('pending', 'paid');
CREATE INDEX IF NOT EXISTS reservations_status ON reservations (status);
CREATE TABLE IF NOT EXISTS checkout_journeys (
  journey_id TEXT NOT NULL,
  tenant TEXT NOT NULL,
  car_id ${big} NOT NULL,
  state TEXT NOT NULL,
  updated_at ${big} NOT NULL,
  PRIMARY KEY (journey_id, tenant, car_id)
);
CREATE TABLE IF NOT EXISTS test_payment_intents (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  reservation_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL,
  last_error TEXT,
  last4 TEXT,
  refunded_amount INTEGER NOT NULL DEFAULT 0,
  created_at ${big} NOT NULL
);
`;
}

/** Columns added after the first release (hold limits): files and databases made before get them on open. */
const ADDED_COLUMNS = ['client_key', 'account_id'] as const;

/** Indexes over the added columns: created once the columns exist. */
const HOLD_LIMIT_INDEXES = `
CREATE INDEX IF NOT EXISTS reservations_pending_client ON reservations (tenant, client_key) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS reservations_pending_account ON reservations (account_id) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS reservations_tenant_created ON reservations (tenant, created_at);
`;

const PG_SCHEMA = `${schemaSql('postgres')}
${ADDED_COLUMNS.map((c) => `ALTER TABLE reservations ADD COLUMN IF NOT EXISTS ${c} TEXT;`).join('\n')}
${HOLD_LIMIT_INDEXES}`;

export const reservationMigrations: StoreMigrations = {
  store: 'reservations',
  migrations: [
    {
      version: 1,
      name: 'reservations, checkout_journeys and test_payment_intents',
      sqlite: (db) => {
        db.exec(schemaSql('sqlite'));
        const columns = new Set((db.prepare('PRAGMA table_info(reservations)').all() as { name: string }[]).map((c) => c.name));
        for (const column of ADDED_COLUMNS) if (!columns.has(column)) db.exec(`ALTER TABLE reservations ADD COLUMN ${column} TEXT`);
        db.exec(HOLD_LIMIT_INDEXES);
      },
      postgres: PG_SCHEMA,
    },
  ],
};
