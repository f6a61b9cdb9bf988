// Build output compressed at build time (vite.config.ts precompressAssets writes name.br and name.gz next to each
// script and stylesheet): the smallest encoding the browser accepts is sent as it is, with the file's own type.
// Files without a compressed copy (images, fonts) fall through to express.static and the compression middleware.
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { buildFileHeadersOnly } from './security-headers';

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** Which encoding of a file to send: brotli before gzip, only when the browser accepts it (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined, available: (suffix: string) => boolean): (typeof ENCODINGS)[number] | undefined {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name = '']) => name.trim().toLowerCase()),
  );
  return ENCODINGS.find(([name, suffix]) => accepted.has(name) && available(suffix));
}

/** Serves /assets files from `dir` precompressed; `cacheControl` as express.static would set it. */
export function precompressedAssets(dir: string, cacheControl: string) {
  // Hashed build files never change under a name: whether a compressed copy exists is remembered.
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) exists.set(file, (known = existsSync(file)));
    return known;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[extname(req.path)];
    // Only plain hashed file names (no '..', no sub-folders).
    if (!type || !/^\/[\w.-]+$/.test(req.path)) return next();
    const file = join(dir, req.path.slice(1));
    const encoding = has(file) ? pickEncoding(req.headers['accept-encoding'], (suffix) => has(file + suffix)) : undefined;
    res.vary('Accept-Encoding');
    if (!encoding) return next();
    buildFileHeadersOnly(res);
    res.set({ 'content-type': type, 'content-encoding': encoding[0], 'cache-control': cacheControl });
    // A hashed name never changes content: the ETag answers a revalidation; Last-Modified and byte ranges add nothing.
    res.sendFile(file + encoding[1], { etag: true, lastModified: false, acceptRanges: false, cacheControl: false }, (error) => error && next(error));
  };
}
