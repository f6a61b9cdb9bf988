import { createServer, type AddressInfo, type Socket } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { databaseUnavailable, isServerBusy, storageFull } from './http-errors';

// Real driver errors: what pg raises while PostgreSQL restarts (connection refused) or cannot be reached in time.
async function connectError(port: number, options: Partial<pg.ClientConfig> = {}) {
  return new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', ...options }).connect().then(
    () => undefined,
    (e: Error) => e,
  );
}

async function listening(onConnection: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { port: (server.address() as AddressInfo).port, close };
}

describe('databaseUnavailable', () => {
  it('turns a refused, cut or timed-out database connection into a busy refusal (503, Retry-After 5)', async () => {
    const closed = await listening(() => {});
    await closed.close();
    const refused = await connectError(closed.port);
    const cut = await listening((socket) => socket.destroy());
    const silent = await listening(() => {});
    const errors = [refused, await connectError(cut.port), await connectError(silent.port, { connectionTimeoutMillis: 100 })];
    await Promise.all([cut.close(), silent.close()]);
    for (const error of errors) {
      const busy = databaseUnavailable(error);
      expect(isServerBusy(busy), String(error)).toBe(true);
      expect(busy?.retryAfterSeconds).toBe(5);
      expect(busy?.message).toBe(
        'We could not save or load this just now: the service is briefly unavailable. Nothing was lost; please try again in a few seconds.',
      );
    }
    // PostgreSQL shutting down (admin_shutdown) as its server error reports it.
    expect(databaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBeDefined();
  });

  it('leaves program faults and query mistakes alone (still a 500)', () => {
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBeUndefined();
    expect(databaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBeUndefined();
    expect(databaseUnavailable('ECONNREFUSED')).toBeUndefined();
  });
});

describe('storageFull', () => {
  it('knows a full disk from the file system and from SQLite, and nothing else', () => {
    expect(storageFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    expect(storageFull(Object.assign(new Error('disk quota exceeded'), { code: 'EDQUOT' }))).toBe(true);
    // SQLite's own error for a full database file, as better-sqlite3 raises it (max_page_count stands in for the disk).
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'full-')), 'full.sqlite'));
    db.exec('CREATE TABLE t (x TEXT)');
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);
    let full: unknown;
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000));
    } catch (e) {
      full = e;
    }
    db.close();
    expect(storageFull(full)).toBe(true);
    expect(storageFull(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(storageFull(undefined)).toBe(false);
  });
});
