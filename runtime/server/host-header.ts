// Exactly one Host header per request (RFC 9112 §3.2). Node's parser keeps the first of two and drops the other from
// req.headers, so a proxy that routes on the last one and this server (which picks the site by the first) could
// disagree about which site a request is for. The duplicate is still in req.rawHeaders: such a request gets a 400.
import type { NextFunction, Request, Response } from 'express';
import { wantsJson } from '../infra/http-errors';

export const DUPLICATE_HOST = 'The request has more than one Host header. Send exactly one Host header, naming the website.';

/** How many Host headers the request carried (rawHeaders lists name, value, name, value…). */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i];
    if (name?.length === 4 && name.toLowerCase() === 'host') count++;
  }
  return count;
}

/** Answers 400 with the reason to a request with more than one Host header, before anything picks a site by it. */
export function singleHostHeader(req: Request, res: Response, next: NextFunction) {
  if (hostHeaderCount(req.rawHeaders) <= 1) return next();
  // The connection's next request may be framed the way the other party read this one: start afresh.
  res.set({ 'cache-control': 'no-store', connection: 'close' });
  if (wantsJson(req)) return res.status(400).json({ error: DUPLICATE_HOST, code: 'duplicate_host' });
  res.status(400).type('text/plain').send(DUPLICATE_HOST);
}
