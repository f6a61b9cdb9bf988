// JSON request bodies for every API: express.json plus a nesting limit checked on the raw bytes before JSON.parse,
// so a 20,000-level body is a 400 before anything (parser, structuredClone, the validator, merge patch) walks it.
import express, { type RequestHandler } from 'express';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../tenants/json-depth';

class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly type = 'entity.too.deep';
  readonly expose = true;
  constructor(max: number) {
    super(`The request body is nested more than ${max} levels deep.`);
  }
}

/** express.json with the nesting limit; options as express.json's. */
export function jsonBody(options: Parameters<typeof express.json>[0] = {}): RequestHandler {
  return express.json({
    ...options,
    verify(req, res, buf, encoding) {
      if (jsonDepthExceeds(buf)) throw new JsonTooDeepError(MAX_JSON_DEPTH);
      options.verify?.(req, res, buf, encoding);
    },
  });
}
