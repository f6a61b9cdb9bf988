// Where editor sessions live: one interface, two backends (a SQLite file in the editor's data folder by default,
// PostgreSQL with DATABASE_URL), so a restart or a second server process keeps staff signed in. Tokens are stored only
// as SHA-256 hashes: a copy of the database cannot sign anyone in.
import pg from 'pg';
import { openDurableSqlite } from '../infra/db/durable-sqlite';
import { openPgPool } from '../infra/db/durable-pg';

export interface StoredEditorSession {
  tokenHash: string;
  email: string;
  csrf: string;
  createdAt: number;
  expiresAt: number;
}

export interface EditorSessionStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Committed before it resolves: the cookie is only sent after this. */
  create(session: StoredEditorSession): Promise<void>;
  /** A live session (expired ones are never returned). */
  get(tokenHash: string, now: number): Promise<StoredEditorSession | undefined>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of an account ("sign out everywhere", a disabled account, a new password); how many ended. */
  deleteAllOf(email: string): Promise<number>;
  /** Removes expired sessions; how many. */
  purgeExpired(now: number): Promise<number>;
  close(): Promise<void>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS editor_sessions (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  csrf TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS editor_sessions_email ON editor_sessions (email);
`;

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;
const fromRow = (r: Row): StoredEditorSession => ({
  tokenHash: r.token_hash,
  email: r.email,
  csrf: r.csrf,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
});

export class SqliteEditorSessionStore implements EditorSessionStore {
  readonly kind = 'sqlite' as const;
  private db;

  constructor(file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(SCHEMA);
  }

  async create(s: StoredEditorSession) {
    this.db
      .prepare('INSERT INTO editor_sessions (token_hash, email, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(s.tokenHash, s.email, s.csrf, s.createdAt, s.expiresAt);
  }

  async get(tokenHash: string, now: number) {
    const row = this.db.prepare('SELECT * FROM editor_sessions WHERE token_hash = ? AND expires_at > ?').get(tokenHash, now) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  async delete(tokenHash: string) {
    this.db.prepare('DELETE FROM editor_sessions WHERE token_hash = ?').run(tokenHash);
  }

  async deleteAllOf(email: string) {
    return this.db.prepare('DELETE FROM editor_sessions WHERE email = ?').run(email.toLowerCase()).changes;
  }

  async purgeExpired(now: number) {
    return this.db.prepare('DELETE FROM editor_sessions WHERE expires_at <= ?').run(now).changes;
  }

  async close() {
    this.db.close();
  }
}

export class PgEditorSessionStore implements EditorSessionStore {
  readonly kind = 'postgres' as const;
  private constructor(private pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgEditorSessionStore> {
    const pool = await openPgPool(connectionString, SCHEMA, 5);
    return new PgEditorSessionStore(pool);
  }

  async create(s: StoredEditorSession) {
    await this.pool.query('INSERT INTO editor_sessions (token_hash, email, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      s.tokenHash,
      s.email,
      s.csrf,
      s.createdAt,
      s.expiresAt,
    ]);
  }

  async get(tokenHash: string, now: number) {
    const r = await this.pool.query('SELECT * FROM editor_sessions WHERE token_hash = $1 AND expires_at > $2', [tokenHash, now]);
    return r.rows[0] ? fromRow(r.rows[0]) : undefined;
  }

  async delete(tokenHash: string) {
    await this.pool.query('DELETE FROM editor_sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteAllOf(email: string) {
    return (await this.pool.query('DELETE FROM editor_sessions WHERE email = $1', [email.toLowerCase()])).rowCount ?? 0;
  }

  async purgeExpired(now: number) {
    return (await this.pool.query('DELETE FROM editor_sessions WHERE expires_at <= $1', [now])).rowCount ?? 0;
  }

  async close() {
    await this.pool.end();
  }
}

/** PostgreSQL when a database URL is given, else the SQLite file. */
export async function openEditorSessionStore({ databaseUrl, sqliteFile }: { databaseUrl?: string; sqliteFile: string }): Promise<EditorSessionStore> {
  return databaseUrl ? PgEditorSessionStore.open(databaseUrl) : new SqliteEditorSessionStore(sqliteFile);
}
