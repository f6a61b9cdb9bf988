// Signed-in sessions (random tokens held in memory, sent as an HttpOnly cookie) with a CSRF token each. Failed sign-ins
// are limited by runtime/server/rate-limit.ts.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface Session {
  token: string;
  email: string;
  csrf: string;
  expires: number;
}

const token = () => randomBytes(32).toString('base64url');

export class SessionStore {
  private sessions = new Map<string, Session>();

  constructor(
    private readonly ttlMs = 8 * 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  create(email: string): Session {
    const session = { token: token(), email, csrf: token(), expires: this.now() + this.ttlMs };
    this.sessions.set(session.token, session);
    return session;
  }

  get(value: string | undefined): Session | undefined {
    if (!value) return undefined;
    const session = this.sessions.get(value);
    if (!session) return undefined;
    if (session.expires <= this.now()) {
      this.sessions.delete(value);
      return undefined;
    }
    return session;
  }

  destroy(value: string | undefined) {
    if (value) this.sessions.delete(value);
  }
}

export function sameToken(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string') return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
