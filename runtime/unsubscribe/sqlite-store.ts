// UnsubscribeStore on SQLite: the durable opener (WAL, synchronous FULL), so a recorded address survives a crash.
import type Database from 'better-sqlite3';
import { openDurableSqlite } from '../infra/db/durable-sqlite';
import type { UnsubscribeRecord, UnsubscribeStore } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS unsubscribes (
  tenant TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, email)
);
`;

export class SqliteUnsubscribeStore implements UnsubscribeStore {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(SCHEMA);
  }

  async add(record: UnsubscribeRecord) {
    const r = this.db
      .prepare('INSERT INTO unsubscribes (tenant, email, created_at) VALUES (?, ?, ?) ON CONFLICT (tenant, email) DO NOTHING')
      .run(record.tenant, record.email, record.createdAt);
    return { created: r.changes === 1 };
  }

  async has(tenant: string, email: string) {
    return !!this.db.prepare('SELECT 1 FROM unsubscribes WHERE tenant = ? AND email = ?').get(tenant, email);
  }

  async list(tenant: string) {
    const rows = this.db.prepare('SELECT tenant, email, created_at FROM unsubscribes WHERE tenant = ? ORDER BY created_at, email').all(tenant) as {
      tenant: string;
      email: string;
      created_at: number;
    }[];
    return rows.map((r) => ({ tenant: r.tenant, email: r.email, createdAt: Number(r.created_at) }));
  }

  async close() {
    this.db.close();
  }
}
