// Unsubscribed email addresses per site (the /pages/unsubscribe form): SQLite by default, PostgreSQL with DATABASE_URL.
import { join } from 'node:path';
import { PgUnsubscribeStore } from './pg-store';
import { SqliteUnsubscribeStore } from './sqlite-store';
import type { UnsubscribeStore } from './store';

export * from './store';
export { PgUnsubscribeStore } from './pg-store';
export { SqliteUnsubscribeStore } from './sqlite-store';

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/unsubscribes.sqlite). */
export async function openUnsubscribeStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<UnsubscribeStore> {
  if (env.databaseUrl) return PgUnsubscribeStore.open(env.databaseUrl);
  return new SqliteUnsubscribeStore(env.sqliteFile ?? join('data', 'unsubscribes.sqlite'));
}
export { MARKETING_LIST, UNSUBSCRIBE_PAGE, UnsubscribeLinkSigner } from './links';
