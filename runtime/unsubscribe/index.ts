// Unsubscribed email addresses per site (the /pages/unsubscribe form): SQLite by default, PostgreSQL with DATABASE_URL.
import { join } from 'node:path';
import { SqlUnsubscribeStore } from './sql-store';
import type { UnsubscribeStore } from './store';

export * from './store';
export { SqlUnsubscribeStore } from './sql-store';
export { unsubscribeMigrations } from './migrations';

/** The SQLite file when neither DATABASE_URL nor UNSUBSCRIBE_DB is set. */
export const UNSUBSCRIBE_DEFAULT_FILE = join('data', 'unsubscribes.sqlite');

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/unsubscribes.sqlite). */
export async function openUnsubscribeStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<UnsubscribeStore> {
  if (env.databaseUrl) return SqlUnsubscribeStore.openPostgres(env.databaseUrl);
  return SqlUnsubscribeStore.openSqlite(env.sqliteFile ?? UNSUBSCRIBE_DEFAULT_FILE);
}
export { UnsubscribeLinkSigner } from './links';
