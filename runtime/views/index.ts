// Page views per site and car: storage (SQLite by default, PostgreSQL with DATABASE_URL) and who counts.
import { join } from 'node:path';
import { SqlViewStore } from './sql-store';
import type { ViewStore } from './store';

export type { ViewStore } from './store';
export { viewDay, visitorKey } from './visits';
export { SqlViewStore } from './sql-store';
export { viewMigrations } from './migrations';

declare module '../services' {
  interface RuntimeServices {
    /** Vehicle page views per site and car (view.json). */
    views?: ViewStore;
  }
}

/** The SQLite file when neither DATABASE_URL nor VIEWS_DB is set. */
export const VIEWS_DEFAULT_FILE = join('data', 'views.sqlite');

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/views.sqlite). */
export async function openViewStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<ViewStore> {
  if (env.databaseUrl) return SqlViewStore.openPostgres(env.databaseUrl);
  return SqlViewStore.openSqlite(env.sqliteFile ?? VIEWS_DEFAULT_FILE);
}
