// UnsubscribeStore on PostgreSQL (pg), used when DATABASE_URL is set; shared by every server process.
import pg from 'pg';
import type { UnsubscribeRecord, UnsubscribeStore } from './store';
import { openPgPool } from '../infra/db/durable-pg';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS unsubscribes (
  tenant TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (tenant, email)
);
`;

export class PgUnsubscribeStore implements UnsubscribeStore {
  readonly kind = 'postgres' as const;
  private constructor(private pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgUnsubscribeStore> {
    const pool = await openPgPool(connectionString, SCHEMA, 5);
    return new PgUnsubscribeStore(pool);
  }

  async add(record: UnsubscribeRecord) {
    const r = await this.pool.query('INSERT INTO unsubscribes (tenant, email, created_at) VALUES ($1, $2, $3) ON CONFLICT (tenant, email) DO NOTHING', [
      record.tenant,
      record.email,
      record.createdAt,
    ]);
    return { created: r.rowCount === 1 };
  }

  async has(tenant: string, email: string) {
    return (await this.pool.query('SELECT 1 FROM unsubscribes WHERE tenant = $1 AND email = $2', [tenant, email])).rowCount === 1;
  }

  async list(tenant: string) {
    const r = await this.pool.query('SELECT tenant, email, created_at FROM unsubscribes WHERE tenant = $1 ORDER BY created_at, email', [tenant]);
    return r.rows.map((row) => ({ tenant: row.tenant as string, email: row.email as string, createdAt: Number(row.created_at) }));
  }

  async close() {
    await this.pool.end();
  }
}
