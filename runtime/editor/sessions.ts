// Signed-in sessions (random tokens sent as an HttpOnly cookie) with a CSRF token each, kept in an EditorSessionStore
// (SQLite or PostgreSQL, see session-store.ts) so a restart or a second process keeps staff signed in. Only the
// token's SHA-256 hash is stored. Failed sign-ins are limited by runtime/infra/rate-limit.ts.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type EditorSessionStore, SqlEditorSessionStore } from './session-store';

export interface Session {
  token: string;
  email: string;
  csrf: string;
  expires: number;
}

const token = () => randomBytes(32).toString('base64url');
export const hashToken = (value: string) => createHash('sha256').update(value).digest('hex');

export class SessionStore {
  constructor(
    private readonly ttlMs = 8 * 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
    /** In memory unless given (the server gives the durable one). */
    readonly store: EditorSessionStore = SqlEditorSessionStore.openSqlite(':memory:'),
  ) {}

  private lastPurge = 0;

  /** Resolves once the session is committed. */
  async create(email: string): Promise<Session> {
    const now = this.now();
    // Expired sessions never sign in; removing them now and then keeps the table small.
    if (now - this.lastPurge > 60 * 60 * 1000) {
      this.lastPurge = now;
      await this.store.purgeExpired(now);
    }
    const session = { token: token(), email: email.toLowerCase(), csrf: token(), expires: now + this.ttlMs };
    await this.store.create({ tokenHash: hashToken(session.token), email: session.email, csrf: session.csrf, createdAt: now, expiresAt: session.expires });
    return session;
  }

  async get(value: string | undefined): Promise<Session | undefined> {
    if (!value || value.length > 200) return undefined;
    const stored = await this.store.get(hashToken(value), this.now());
    return stored ? { token: value, email: stored.email, csrf: stored.csrf, expires: stored.expiresAt } : undefined;
  }

  async destroy(value: string | undefined) {
    if (value) await this.store.delete(hashToken(value));
  }

  /** Signs an account out of every browser and process. */
  destroyAll(email: string): Promise<number> {
    return this.store.deleteAllOf(email);
  }
}

export function sameToken(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string') return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
