// ViewStore on PostgreSQL (pg), used when DATABASE_URL is set: the same table as SQLite, shared by every server process.
import pg from 'pg';
import type { ViewStore } from './store';
import { openPgPool } from '../server/durable-pg';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS car_views (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  last_viewed_at BIGINT NOT NULL,
  PRIMARY KEY (tenant, car_id)
);
`;

export class PgViewStore implements ViewStore {
  readonly kind = 'postgres' as const;
  private constructor(private pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgViewStore> {
    const pool = await openPgPool(connectionString, SCHEMA, 4);
    return new PgViewStore(pool);
  }

  async record(tenant: string, carId: number, at: number): Promise<number> {
    const r = await this.pool.query(
      `INSERT INTO car_views (tenant, car_id, views, last_viewed_at) VALUES ($1, $2, 1, $3)
       ON CONFLICT (tenant, car_id) DO UPDATE SET views = car_views.views + 1, last_viewed_at = EXCLUDED.last_viewed_at RETURNING views`,
      [tenant, carId, at],
    );
    return Number(r.rows[0].views);
  }

  async count(tenant: string, carId: number): Promise<number> {
    const r = await this.pool.query('SELECT views FROM car_views WHERE tenant = $1 AND car_id = $2', [tenant, carId]);
    return Number(r.rows[0]?.views ?? 0);
  }

  async close() {
    await this.pool.end();
  }
}
