// Small HTTP helpers of the editor: cookies, secure-context detection and same-origin checks.
import { parse as parseCookies } from 'cookie';
import type { Request } from 'express';
import { hostName } from '../server/tenant-registry';

const SESSION_COOKIE = 'editor_session';

/** A cookie's value by the `cookie` package's rules: a malformed value (bad %-encoding) stays as sent, never throws. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookies(header)[name];
}

/** Local development (http on localhost) is the only place a session cookie may travel without TLS. */
function isLocalHost(req: Request): boolean {
  const host = hostName(req.headers.host);
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/** Outside localhost the cookie is `__Host-` prefixed: browsers then only take it over https, for this exact host
 *  (no Domain) and Path=/, so no subdomain or plain-http page can set or overwrite it. */
const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export function sessionCookieName(req: Request): string {
  return isLocalHost(req) ? SESSION_COOKIE : HOST_SESSION_COOKIE;
}

export function sessionCookie(req: Request, value: string, maxAgeSeconds: number): string {
  const local = isLocalHost(req);
  const parts = [
    `${sessionCookieName(req)}=${encodeURIComponent(value)}`,
    local ? 'Path=/editor' : 'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (!local) parts.push('Secure');
  return parts.join('; ');
}

/** A state-changing request must come from a page of this same host (browsers send Origin on such requests). */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host.toLowerCase() === String(req.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

/** The known-device cookie (runtime/accounts/known-device.ts): set at sign-in, it spares this browser the friction
 *  strangers' failed sign-ins put on the account. Named and scoped like the session cookie. */
const DEVICE_COOKIE = 'editor_device';

export function deviceCookieName(req: Request): string {
  return isLocalHost(req) ? DEVICE_COOKIE : `__Host-${DEVICE_COOKIE}`;
}

export function deviceCookie(req: Request, value: string, maxAgeSeconds: number): string {
  const local = isLocalHost(req);
  const parts = [`${deviceCookieName(req)}=${value}`, local ? 'Path=/editor' : 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`];
  if (!local) parts.push('Secure');
  return parts.join('; ');
}
