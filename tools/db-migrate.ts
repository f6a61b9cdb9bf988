// npm run db:migrate: brings every store's database up to its code's latest migration and prints what it applied.
// The stores also migrate when the server opens them; this runs the steps ahead of a deploy, or to see what is pending.
// Migrates DATABASE_URL (PostgreSQL) when set, else each store's SQLite file as the server would open it (the same
// *_DB variables and defaults).
import { join } from 'node:path';
import { ACCOUNTS_DEFAULT_FILE, accountMigrations } from '../runtime/accounts';
import { editorSessionMigrations, editorStaffMigrations, mediaIndexMigrations, tenantDocumentMigrations } from '../runtime/editor/migrations';
import { editorDataDir } from '../runtime/editor/paths';
import type { Applied, StoreMigrations } from '../runtime/infra/db/migrate';
import { openPgDb, openSqliteDb } from '../runtime/infra/db/sql-db';
import { LEADS_DEFAULT_FILE, leadMigrations } from '../runtime/leads';
import { RESERVATIONS_DEFAULT_FILE, reservationMigrations } from '../runtime/reservations';
import { evaluationMigrations, TRADE_IN_DEFAULT_FILE } from '../runtime/trade-in';
import { UNSUBSCRIBE_DEFAULT_FILE, unsubscribeMigrations } from '../runtime/unsubscribe';
import { VIEWS_DEFAULT_FILE, viewMigrations } from '../runtime/views';
import { publishingMigrations } from '../runtime/editor/publishing/migrations';

/**
 * The stores written over Kysely with numbered migrations, and the SQLite file each uses without DATABASE_URL (none for
 * tenant documents, which are files then).
 */
const stores = (env: NodeJS.ProcessEnv): { migrations: StoreMigrations; sqliteFile?: string }[] => [
  { migrations: viewMigrations, sqliteFile: env.VIEWS_DB ?? VIEWS_DEFAULT_FILE },
  { migrations: unsubscribeMigrations, sqliteFile: env.UNSUBSCRIBE_DB ?? UNSUBSCRIBE_DEFAULT_FILE },
  { migrations: evaluationMigrations, sqliteFile: env.TRADE_IN_DB ?? TRADE_IN_DEFAULT_FILE },
  { migrations: reservationMigrations, sqliteFile: env.RESERVATIONS_DB ?? RESERVATIONS_DEFAULT_FILE },
  { migrations: leadMigrations, sqliteFile: env.LEADS_DB ?? LEADS_DEFAULT_FILE },
  { migrations: accountMigrations, sqliteFile: env.ACCOUNTS_DB ?? ACCOUNTS_DEFAULT_FILE },
  { migrations: editorSessionMigrations, sqliteFile: join(editorDataDir(env.EDITOR_DATA_DIR), 'sessions.sqlite') },
  { migrations: editorStaffMigrations, sqliteFile: join(editorDataDir(env.EDITOR_DATA_DIR), 'staff.sqlite') },
  { migrations: mediaIndexMigrations, sqliteFile: join(editorDataDir(env.EDITOR_DATA_DIR), 'media.sqlite') },
  { migrations: publishingMigrations, sqliteFile: join(editorDataDir(env.EDITOR_DATA_DIR), 'publishing.sqlite') },
  ...(env.DATABASE_URL && env.TENANT_STORE !== 'files' ? [{ migrations: tenantDocumentMigrations }] : []),
];

/** Migrates every store; answers one line per store saying what ran (or that it was up to date). */
export async function migrateDatabases(env: NodeJS.ProcessEnv): Promise<string[]> {
  const lines: string[] = [];
  for (const { migrations, sqliteFile } of stores(env)) {
    const db = sqliteFile && !env.DATABASE_URL ? openSqliteDb(sqliteFile, migrations) : await openPgDb(env.DATABASE_URL ?? '', migrations, 1);
    await db.close();
    const where = db.file ?? 'PostgreSQL';
    lines.push(describe(migrations.store, where, db.applied, migrations.migrations.length));
  }
  return lines;
}

function describe(store: string, where: string, applied: Applied[], latest: number): string {
  if (!applied.length) return `${store} (${where}): up to date at migration ${latest}`;
  return `${store} (${where}): applied ${applied.map((a) => `${a.version} ${a.name}`).join('; ')}`;
}

if (process.argv[1]?.endsWith('db-migrate.ts')) {
  try {
    for (const line of await migrateDatabases(process.env)) console.log(line);
  } catch (error) {
    console.error(`db:migrate failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
