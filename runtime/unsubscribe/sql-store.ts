import { SqlStore } from '../infra/db/sql-store';
import { unsubscribeMigrations } from './migrations';
import type { UnsubscribeRecord, UnsubscribeStore } from './store';

interface UnsubscribeTables {
  unsubscribes: { tenant: string; email: string; created_at: number | string };
}

export class SqlUnsubscribeStore extends SqlStore<UnsubscribeTables> implements UnsubscribeStore {
  static readonly migrations = unsubscribeMigrations;
  static readonly poolSize = 5;

  async add(record: UnsubscribeRecord) {
    const r = await this.tx((trx) =>
      trx
        .insertInto('unsubscribes')
        .values({ tenant: record.tenant, email: record.email, created_at: record.createdAt })
        .onConflict((oc) => oc.columns(['tenant', 'email']).doNothing())
        .executeTakeFirst(),
    );
    return { created: Number(r.numInsertedOrUpdatedRows ?? 0) === 1 };
  }

  async has(tenant: string, email: string) {
    const row = await this.db.selectFrom('unsubscribes').select('tenant').where('tenant', '=', tenant).where('email', '=', email).executeTakeFirst();
    return !!row;
  }

  async list(tenant: string) {
    const rows = await this.db
      .selectFrom('unsubscribes')
      .select(['tenant', 'email', 'created_at'])
      .where('tenant', '=', tenant)
      .orderBy('created_at')
      .orderBy('email')
      .execute();
    return rows.map((r) => ({ tenant: r.tenant, email: r.email, createdAt: Number(r.created_at) }));
  }
}
