// ViewStore on SQLite (better-sqlite3), opened durably (WAL, synchronous FULL): one row per site and car, counted
// with an upsert so concurrent views never lose a hit.
import type Database from 'better-sqlite3';
import { openDurableSqlite } from '../server/durable-sqlite';
import type { ViewStore } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS car_views (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  last_viewed_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, car_id)
);
`;

export class SqliteViewStore implements ViewStore {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;
  private upsert: Database.Statement;
  private select: Database.Statement;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(SCHEMA);
    this.upsert = this.db.prepare(
      `INSERT INTO car_views (tenant, car_id, views, last_viewed_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (tenant, car_id) DO UPDATE SET views = views + 1, last_viewed_at = excluded.last_viewed_at RETURNING views`,
    );
    this.select = this.db.prepare('SELECT views FROM car_views WHERE tenant = ? AND car_id = ?');
  }

  async record(tenant: string, carId: number, at: number): Promise<number> {
    return Number((this.upsert.get(tenant, carId, at) as { views: number }).views);
  }

  async count(tenant: string, carId: number): Promise<number> {
    return Number((this.select.get(tenant, carId) as { views: number } | undefined)?.views ?? 0);
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
