// UnsubscribeStore written once over Kysely, on SQLite (opened durably, so a recorded address survives a crash) or
// PostgreSQL (DATABASE_URL, shared by every server process).
import { openPgDb, openSqliteDb, type SqlDb, writeTransaction } from '../infra/db/sql-db';
import { unsubscribeMigrations } from './migrations';
import type { UnsubscribeRecord, UnsubscribeStore } from './store';

interface UnsubscribeTables {
  unsubscribes: { tenant: string; email: string; created_at: number | string };
}

export class SqlUnsubscribeStore implements UnsubscribeStore {
  private constructor(private store: SqlDb<UnsubscribeTables>) {}

  static openSqlite(file: string): SqlUnsubscribeStore {
    return new SqlUnsubscribeStore(openSqliteDb(file, unsubscribeMigrations));
  }

  static async openPostgres(connectionString: string): Promise<SqlUnsubscribeStore> {
    return new SqlUnsubscribeStore(await openPgDb(connectionString, unsubscribeMigrations, 5));
  }

  get kind() {
    return this.store.kind;
  }

  /** The SQLite file (undefined on PostgreSQL). */
  get file() {
    return this.store.file;
  }

  async add(record: UnsubscribeRecord) {
    const r = await writeTransaction(this.store, (trx) =>
      trx
        .insertInto('unsubscribes')
        .values({ tenant: record.tenant, email: record.email, created_at: record.createdAt })
        .onConflict((oc) => oc.columns(['tenant', 'email']).doNothing())
        .executeTakeFirst(),
    );
    return { created: Number(r.numInsertedOrUpdatedRows ?? 0) === 1 };
  }

  async has(tenant: string, email: string) {
    const row = await this.store.db.selectFrom('unsubscribes').select('tenant').where('tenant', '=', tenant).where('email', '=', email).executeTakeFirst();
    return !!row;
  }

  async list(tenant: string) {
    const rows = await this.store.db
      .selectFrom('unsubscribes')
      .select(['tenant', 'email', 'created_at'])
      .where('tenant', '=', tenant)
      .orderBy('created_at')
      .orderBy('email')
      .execute();
    return rows.map((r) => ({ tenant: r.tenant, email: r.email, createdAt: Number(r.created_at) }));
  }

  async close() {
    await this.store.close();
  }
}
