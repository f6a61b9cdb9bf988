// Page views per site and car: storage (SQLite by default, PostgreSQL with DATABASE_URL) and who counts.
import { join } from 'node:path';
import { PgViewStore } from './pg-store';
import { SqliteViewStore } from './sqlite-store';
import type { ViewStore } from './store';

export type { ViewStore } from './store';
export { viewDay, visitorKey } from './visits';
export { PgViewStore } from './pg-store';
export { SqliteViewStore } from './sqlite-store';
export { isBotUserAgent } from '../domain/vehicle/views';

declare module '../services' {
  interface RuntimeServices {
    /** Vehicle page views per site and car (view.json). */
    views?: ViewStore;
  }
}

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/views.sqlite). */
export async function openViewStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<ViewStore> {
  if (env.databaseUrl) return PgViewStore.open(env.databaseUrl);
  return new SqliteViewStore(env.sqliteFile ?? join('data', 'views.sqlite'));
}
