// ViewStore on SQLite (better-sqlite3), opened durably (WAL, synchronous FULL): one row per site and car, counted
// with an upsert so concurrent views never lose a hit, and one row per visitor, car and day, so a visitor counts once.
import type Database from 'better-sqlite3';
import { openDurableSqlite } from '../infra/db/durable-sqlite';
import { VISITOR_PURGE_EVERY_MS, VISITORS_KEPT_MS, type ViewStore, type ViewVisit } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS car_views (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  last_viewed_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, car_id)
);
CREATE TABLE IF NOT EXISTS car_view_visitors (
  tenant TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, car_id, day, visitor)
);
CREATE INDEX IF NOT EXISTS car_view_visitors_seen_at ON car_view_visitors (seen_at);
`;

export class SqliteViewStore implements ViewStore {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;
  private recordVisit: (visit: ViewVisit) => { views: number; counted: boolean };
  private select: Database.Statement;
  private purge: Database.Statement;
  private purgedAt = Number.NEGATIVE_INFINITY;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(SCHEMA);
    const remember = this.db.prepare('INSERT OR IGNORE INTO car_view_visitors (tenant, car_id, day, visitor, seen_at) VALUES (?, ?, ?, ?, ?)');
    const upsert = this.db.prepare(
      `INSERT INTO car_views (tenant, car_id, views, last_viewed_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (tenant, car_id) DO UPDATE SET views = views + 1, last_viewed_at = excluded.last_viewed_at RETURNING views`,
    );
    this.select = this.db.prepare('SELECT views FROM car_views WHERE tenant = ? AND car_id = ?');
    this.purge = this.db.prepare('DELETE FROM car_view_visitors WHERE seen_at < ?');
    // One transaction (IMMEDIATE: the write lock first), so another process on the same file sees both rows or neither.
    const inTransaction = this.db.transaction((v: ViewVisit) => {
      if (remember.run(v.tenant, v.carId, v.day, v.visitor, v.at).changes === 0) return { views: this.countNow(v.tenant, v.carId), counted: false };
      return { views: Number((upsert.get(v.tenant, v.carId, v.at) as { views: number }).views), counted: true };
    });
    this.recordVisit = (v) => inTransaction.immediate(v);
  }

  private countNow(tenant: string, carId: number): number {
    return Number((this.select.get(tenant, carId) as { views: number } | undefined)?.views ?? 0);
  }

  async record(visit: ViewVisit): Promise<{ views: number; counted: boolean }> {
    if (visit.at - this.purgedAt >= VISITOR_PURGE_EVERY_MS) {
      this.purgedAt = visit.at;
      this.purge.run(visit.at - VISITORS_KEPT_MS);
    }
    return this.recordVisit(visit);
  }

  async count(tenant: string, carId: number): Promise<number> {
    return this.countNow(tenant, carId);
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
