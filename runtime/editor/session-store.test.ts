// One suite for every EditorSessionStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is
// set (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { type EditorSessionStore, SqlEditorSessionStore } from './session-store';
import { hashToken, SessionStore } from './sessions';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'editor-sessions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The table as the store made it before it had migrations, with one session in it.
const OLD_SCHEMA = `
CREATE TABLE editor_sessions (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, csrf TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL);
CREATE INDEX editor_sessions_email ON editor_sessions (email);
INSERT INTO editor_sessions VALUES ('old-hash', 'kept@example.com', 'old-csrf', 100, 9000000000000);
`;

const backends: {
  name: string;
  skip: boolean;
  open: () => Promise<{ first: EditorSessionStore; reopen: () => Promise<EditorSessionStore> }>;
  openOld: () => Promise<EditorSessionStore>;
}[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => {
      const file = join(dir, `${randomUUID()}.sqlite`);
      return { first: SqlEditorSessionStore.openSqlite(file), reopen: async () => SqlEditorSessionStore.openSqlite(file) };
    },
    openOld: async () => {
      const file = join(dir, `old-${randomUUID()}.sqlite`);
      const old = new Database(file);
      old.exec(OLD_SCHEMA);
      old.close();
      return SqlEditorSessionStore.openSqlite(file);
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'editor_sessions_test');
      return { first: await SqlEditorSessionStore.openPostgres(url), reopen: () => SqlEditorSessionStore.openPostgres(url) };
    },
    openOld: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'editor_sessions_old');
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(OLD_SCHEMA);
      await old.end();
      return SqlEditorSessionStore.openPostgres(url);
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(
    `EditorSessionStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`,
    () => {
      let store: EditorSessionStore;
      let reopen: () => Promise<EditorSessionStore>;
      beforeAll(async () => {
        ({ first: store, reopen } = await backend.open());
      });
      afterAll(async () => store?.close());

      it('a session survives closing and reopening the store (a server restart), and a second process sees it', async () => {
        const now = 1_000_000;
        const sessions = new SessionStore(60_000, () => now, store);
        const s = await sessions.create('Mia@Harbourside.example');
        const second = await reopen();
        try {
          const other = new SessionStore(60_000, () => now + 1_000, second);
          expect(await other.get(s.token)).toEqual({ token: s.token, email: 'mia@harbourside.example', csrf: s.csrf, expires: now + 60_000 });
          expect(await new SessionStore(60_000, () => now + 60_000, second).get(s.token)).toBeUndefined();
        } finally {
          await second.close();
        }
      });

      it('stores only the hash of the token, never the token itself', async () => {
        const sessions = new SessionStore(60_000, () => 5_000, store);
        const s = await sessions.create('hash@example.com');
        expect(await store.get(s.token, 5_000)).toBeUndefined();
        expect((await store.get(hashToken(s.token), 5_000))?.email).toBe('hash@example.com');
      });

      it('signing out ends one session; signing out everywhere ends every session of that account only', async () => {
        const sessions = new SessionStore(60_000, () => 10_000, store);
        const [a, b, other] = [
          await sessions.create('oscar@example.com'),
          await sessions.create('oscar@example.com'),
          await sessions.create('ann@example.com'),
        ];
        await sessions.destroy(a.token);
        expect(await sessions.get(a.token)).toBeUndefined();
        expect(await sessions.get(b.token)).toBeDefined();
        const c = await sessions.create('oscar@example.com');
        expect(await sessions.destroyAll('OSCAR@example.com')).toBe(2);
        expect(await sessions.get(b.token)).toBeUndefined();
        expect(await sessions.get(c.token)).toBeUndefined();
        expect((await sessions.get(other.token))?.email).toBe('ann@example.com');
      });

      it('purges expired sessions', async () => {
        await store.create({ tokenHash: `old-${randomUUID()}`, email: 'x@example.com', csrf: 'c', createdAt: 1, expiresAt: 2 });
        expect(await store.purgeExpired(3)).toBeGreaterThanOrEqual(1);
      });

      it('adopts a database made before migrations: its sessions are found and ended as before', async () => {
        const old = await backend.openOld();
        try {
          expect(await old.get('old-hash', 1_000)).toEqual({
            tokenHash: 'old-hash',
            email: 'kept@example.com',
            csrf: 'old-csrf',
            createdAt: 100,
            expiresAt: 9_000_000_000_000,
          });
          expect(await old.deleteAllOf('KEPT@example.com')).toBe(1);
        } finally {
          await old.close();
        }
      });

      it('a bad or overlong cookie value is simply not a session', async () => {
        const sessions = new SessionStore(60_000, () => 1, store);
        expect(await sessions.get('x'.repeat(5000))).toBeUndefined();
        expect(await sessions.get("'; DROP TABLE editor_sessions; --")).toBeUndefined();
        expect(await sessions.get(undefined)).toBeUndefined();
      });
    },
  );
}
