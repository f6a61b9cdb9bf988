// Where editor sessions live: one store written once over Kysely, on a SQLite file in the editor's data folder by
// default or PostgreSQL with DATABASE_URL, so a restart or a second server process keeps staff signed in. Tokens are
// stored only as SHA-256 hashes: a copy of the database cannot sign anyone in.
import type { SqlDialect } from '../infra/db/sql-db';
import { SqlStore } from '../infra/db/sql-store';
import { editorSessionMigrations } from './migrations';

export interface StoredEditorSession {
  tokenHash: string;
  email: string;
  csrf: string;
  createdAt: number;
  expiresAt: number;
}

export interface EditorSessionStore {
  readonly kind: SqlDialect;
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

type Big = number | string;

interface SessionTables {
  editor_sessions: { token_hash: string; email: string; csrf: string; created_at: Big; expires_at: Big };
}

export class SqlEditorSessionStore extends SqlStore<SessionTables> implements EditorSessionStore {
  static readonly migrations = editorSessionMigrations;
  static readonly poolSize = 5;

  async create(s: StoredEditorSession) {
    await this.write((db) =>
      db
        .insertInto('editor_sessions')
        .values({ token_hash: s.tokenHash, email: s.email, csrf: s.csrf, created_at: s.createdAt, expires_at: s.expiresAt })
        .execute(),
    );
  }

  async get(tokenHash: string, now: number) {
    const r = await this.db.selectFrom('editor_sessions').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
    return r ? { tokenHash: r.token_hash, email: r.email, csrf: r.csrf, createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) } : undefined;
  }

  async delete(tokenHash: string) {
    await this.write((db) => db.deleteFrom('editor_sessions').where('token_hash', '=', tokenHash).execute());
  }

  async deleteAllOf(email: string) {
    const r = await this.write((db) => db.deleteFrom('editor_sessions').where('email', '=', email.toLowerCase()).executeTakeFirst());
    return Number(r.numDeletedRows);
  }

  async purgeExpired(now: number) {
    const r = await this.write((db) => db.deleteFrom('editor_sessions').where('expires_at', '<=', now).executeTakeFirst());
    return Number(r.numDeletedRows);
  }
}

/** PostgreSQL when a database URL is given, else the SQLite file. */
export function openEditorSessionStore(where: { databaseUrl?: string; sqliteFile: string }): Promise<EditorSessionStore> {
  return SqlEditorSessionStore.open(where);
}
