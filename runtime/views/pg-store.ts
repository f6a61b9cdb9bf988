// ViewStore on PostgreSQL (pg), used when DATABASE_URL is set: the same tables as SQLite, shared by every server process.
import pg from 'pg';
import { VISITOR_PURGE_EVERY_MS, VISITORS_KEPT_MS, type ViewStore, type ViewVisit } from './store';
import { openPgPool } from '../infra/db/durable-pg';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS car_views (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  views BIGINT NOT NULL DEFAULT 0,
  last_viewed_at BIGINT NOT NULL,
  PRIMARY KEY (tenant, car_id)
);
CREATE TABLE IF NOT EXISTS car_view_visitors (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  seen_at BIGINT NOT NULL,
  PRIMARY KEY (tenant, car_id, day, visitor)
);
CREATE INDEX IF NOT EXISTS car_view_visitors_seen_at ON car_view_visitors (seen_at);
`;

export class PgViewStore implements ViewStore {
  readonly kind = 'postgres' as const;
  private purgedAt = Number.NEGATIVE_INFINITY;
  private constructor(private pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgViewStore> {
    const pool = await openPgPool(connectionString, SCHEMA, 4);
    return new PgViewStore(pool);
  }

  async record(visit: ViewVisit): Promise<{ views: number; counted: boolean }> {
    const { tenant, carId, at, day, visitor } = visit;
    if (at - this.purgedAt >= VISITOR_PURGE_EVERY_MS) {
      this.purgedAt = at;
      await this.pool.query('DELETE FROM car_view_visitors WHERE seen_at < $1', [at - VISITORS_KEPT_MS]);
    }
    // One statement: the count goes up only when the visitor's row for the day is new. Two processes recording the
    // same visitor at once: the unique key lets one insert, the other's insert does nothing and so counts nothing.
    const r = await this.pool.query(
      `WITH seen AS (
         INSERT INTO car_view_visitors (tenant, car_id, day, visitor, seen_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING 1
       )
       INSERT INTO car_views (tenant, car_id, views, last_viewed_at) SELECT $1, $2, 1, $5 FROM seen
       ON CONFLICT (tenant, car_id) DO UPDATE SET views = car_views.views + 1, last_viewed_at = EXCLUDED.last_viewed_at RETURNING views`,
      [tenant, carId, day, visitor, at],
    );
    if (r.rows.length) return { views: Number(r.rows[0].views), counted: true };
    return { views: await this.count(tenant, carId), counted: false };
  }

  async count(tenant: string, carId: number): Promise<number> {
    const r = await this.pool.query('SELECT views FROM car_views WHERE tenant = $1 AND car_id = $2', [tenant, carId]);
    return Number(r.rows[0]?.views ?? 0);
  }

  async close() {
    await this.pool.end();
  }
}
