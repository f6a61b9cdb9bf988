// ViewStore written once over Kysely, on SQLite (the default file, opened durably) or PostgreSQL (DATABASE_URL): one
// row per site and car, counted with an upsert so concurrent views never lose a hit, and one row per visitor, car
// and day, so a visitor counts once.
import type { Kysely } from 'kysely';
import { prepared, type SqlDb } from '../infra/db/sql-db';
import { SqlStore } from '../infra/db/sql-store';
import { viewMigrations } from './migrations';
import { VISITOR_PURGE_EVERY_MS, VISITORS_KEPT_MS, type ViewStore, type ViewVisit } from './store';

interface ViewTables {
  car_views: { tenant: string; car_id: number; views: number | string; last_viewed_at: number };
  car_view_visitors: { tenant: string; car_id: number; day: string; visitor: string; seen_at: number };
}

export class SqlViewStore extends SqlStore<ViewTables> implements ViewStore {
  static readonly migrations = viewMigrations;
  static readonly poolSize = 4;

  private purgedAt = Number.NEGATIVE_INFINITY;
  // Compiled once (see prepared): a page view is the hottest write.
  private remember;
  private upsert;
  private select;

  constructor(store: SqlDb<ViewTables>) {
    super(store);
    this.remember = prepared(store, (db, tenant: string, carId: number, day: string, visitor: string, at: number) =>
      db
        .insertInto('car_view_visitors')
        .values({ tenant, car_id: carId, day, visitor, seen_at: at })
        .onConflict((oc) => oc.doNothing()),
    );
    this.upsert = prepared(store, (db, tenant: string, carId: number, at: number) =>
      db
        .insertInto('car_views')
        .values({ tenant, car_id: carId, views: 1, last_viewed_at: at })
        .onConflict((oc) =>
          oc.columns(['tenant', 'car_id']).doUpdateSet((eb) => ({ views: eb('car_views.views', '+', 1), last_viewed_at: eb.ref('excluded.last_viewed_at') })),
        )
        .returning('views'),
    );
    this.select = prepared(store, (db, tenant: string, carId: number) =>
      db.selectFrom('car_views').select('views').where('tenant', '=', tenant).where('car_id', '=', carId),
    );
  }

  async record(visit: ViewVisit): Promise<{ views: number; counted: boolean }> {
    const { tenant, carId, at, day, visitor } = visit;
    if (at - this.purgedAt >= VISITOR_PURGE_EVERY_MS) {
      this.purgedAt = at;
      await this.tx((trx) =>
        trx
          .deleteFrom('car_view_visitors')
          .where('seen_at', '<', at - VISITORS_KEPT_MS)
          .execute(),
      );
    }
    // One transaction: another process sees both rows or neither. The count goes up only when the visitor's row for
    // the day is new; two processes recording the same visitor at once: the unique key lets one insert, the other's
    // insert does nothing (PostgreSQL waits for the first to commit; SQLite's write lock orders them) and counts nothing.
    return this.tx(async (trx) => {
      const seen = await this.remember(trx, tenant, carId, day, visitor, at);
      if (Number(seen.numAffectedRows ?? 0) === 0) return { views: await this.countIn(trx, tenant, carId), counted: false };
      const row = (await this.upsert(trx, tenant, carId, at)).rows[0];
      return { views: Number(row?.views ?? 0), counted: true };
    });
  }

  private async countIn(db: Kysely<ViewTables>, tenant: string, carId: number): Promise<number> {
    return Number((await this.select(db, tenant, carId)).rows[0]?.views ?? 0);
  }

  async count(tenant: string, carId: number): Promise<number> {
    return this.countIn(this.store.db, tenant, carId);
  }
}
