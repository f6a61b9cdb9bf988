import express from 'express';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, precompressedAssets } from './precompressed';

describe('pickEncoding', () => {
  const all = () => true;
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', all)?.[0]).toBe('br');
    expect(pickEncoding('gzip', all)?.[0]).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip', all)?.[0]).toBe('gzip');
    expect(pickEncoding('identity', all)).toBeUndefined();
    expect(pickEncoding(undefined, all)).toBeUndefined();
    expect(pickEncoding('br, gzip', (suffix) => suffix === '.gz')?.[0]).toBe('gzip');
  });
});

describe('precompressedAssets', () => {
  it('sends the compressed copy with the file type, and falls through without one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
    const js = 'export const answer = 42;\n'.repeat(50);
    writeFileSync(join(dir, 'app-1.js'), js);
    writeFileSync(join(dir, 'app-1.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'app-1.js.gz'), gzipSync(js));
    writeFileSync(join(dir, 'plain-1.js'), js);
    const app = express();
    app.use('/assets', precompressedAssets(dir, 'public, max-age=31536000, immutable'));
    app.use('/assets', (_req, res) => res.status(299).end('fell through'));
    const server = app.listen(0);
    const port = (server.address() as AddressInfo).port;
    const get = (path: string, encoding: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((ok, fail) => {
        request({ port, path, headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c)).on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', fail)
          .end();
      });
    try {
      const br = await get('/assets/app-1.js', 'gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.body).toString()).toBe(js);
      const gz = await get('/assets/app-1.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(js);
      expect((await get('/assets/app-1.js', 'identity')).status).toBe(299);
      expect((await get('/assets/plain-1.js', 'br')).status).toBe(299);
      expect((await get('/assets/..%2Fapp-1.js', 'br')).status).toBe(299);
    } finally {
      server.close();
    }
  });
});
