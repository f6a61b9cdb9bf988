// One way to open the embedded databases (leads, accounts, trade-in, reservations): the folder made, WAL with
// synchronous FULL so a committed row survives a crash, and a busy timeout for a second process on the same file.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export function openDurableSqlite(file: string, options: { foreignKeys?: boolean } = {}): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  if (options.foreignKeys ?? true) db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
