// Every JSON answer (the sites' APIs, /__data, the editor's API, probes) carries, as OWASP ASVS 14.4.2 asks:
// - Content-Disposition: attachment; filename="api.json": a browser sent to an API address directly (a link, a typed
//   URL) saves the answer instead of rendering it, so nothing in it can ever run as a page. fetch() ignores it.
// - X-Content-Type-Options: nosniff (helmet sets it on every answer already; kept here so a JSON answer has it even
//   if a route changed the headers).
// Set in one place, when the answer's headers go out, so it holds however a route sent its JSON (res.json,
// res.send of an object, a typed string) and in mounted apps (the editor) alike. An answer that names its own
// Content-Disposition (a download) keeps it.
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

export const API_CONTENT_DISPOSITION = 'attachment; filename="api.json"';

const JSON_TYPE = /^application\/json\b/i;

/** Adds the headers to `res` when its Content-Type is JSON (called as its headers are written). */
export function addJsonAnswerHeaders(res: ServerResponse) {
  if (!JSON_TYPE.test(String(res.getHeader('content-type') ?? ''))) return;
  if (!res.hasHeader('content-disposition')) res.setHeader('content-disposition', API_CONTENT_DISPOSITION);
  if (!res.hasHeader('x-content-type-options')) res.setHeader('x-content-type-options', 'nosniff');
}

export function jsonAnswerHeaders(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  // Node writes the headers of every answer through writeHead (res.end() without it calls it too).
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!this.headersSent) addJsonAnswerHeaders(this);
    return writeHead.apply(this, args as never);
  } as Response['writeHead'];
  next();
}
