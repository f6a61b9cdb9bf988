// Demo sites cannot reach the outside services some features frame (a walkaround viewer, a dealer's booking page), so
// the server serves plain local stand-ins for them under one path; a setting may name such a path instead of https.
export const STAND_IN_PREFIX = '/stand-in/';

/** A path of the server's own stand-in pages ('/stand-in/...'), never another host or a protocol-relative address. */
export function isStandInPath(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith(STAND_IN_PREFIX) && !/[\s\\]/.test(url);
}
