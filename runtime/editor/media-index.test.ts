// The media index on every backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (start one
// with tools/ci/postgres.sh), otherwise that half is reported as skipped. On PostgreSQL with the bytes in S3 (a loopback
// stub), two libraries stand for two server processes: what one uploads, the other lists, serves and deletes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { openImageStorage } from '../trade-in/s3-storage';
import { startS3Stub } from '../../test-support/s3-stub';
import { MediaLibrary, type MediaItem } from './media';
import { type MediaIndex, openMediaIndex, SqlMediaIndex } from './media-index';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'media-index-'));
const opened: MediaIndex[] = [];
afterAll(async () => {
  await Promise.allSettled(opened.map((i) => i.close()));
});

const item = (id: string, tenant: string, createdAt: number): MediaItem => ({
  id,
  tenant,
  name: `${id}.png`,
  width: 960,
  height: 480,
  url: `/uploads/${id}/960.jpg`,
  variants: [{ width: 960, format: 'jpeg', url: `/uploads/${id}/960.jpg` }],
  size: 1234,
  createdAt,
  author: 'mia@example.com',
});

// The table as the index made it before it had migrations, with one image in it.
const OLD_SCHEMA = `CREATE TABLE editor_media (
  id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
  url TEXT NOT NULL, variants TEXT NOT NULL, size INTEGER NOT NULL, created_at BIGINT NOT NULL, author TEXT NOT NULL);
  CREATE INDEX editor_media_tenant ON editor_media (tenant, created_at);
INSERT INTO editor_media VALUES ('oooooooooooooooo1', 'harbourside-mazda', 'o1.png', 960, 480, '/uploads/oooooooooooooooo1/960.jpg',
  '[{"width":960,"format":"jpeg","url":"/uploads/oooooooooooooooo1/960.jpg"}]', 1234, 500, 'mia@example.com');`;

const backends: { name: string; skip: boolean; open: () => Promise<[MediaIndex, MediaIndex]>; openOld: () => Promise<MediaIndex> }[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => {
      const file = join(dir, `${Math.random()}.sqlite`);
      const pair: [MediaIndex, MediaIndex] = [SqlMediaIndex.openSqlite(file), await openMediaIndex({ sqliteFile: file })];
      opened.push(...pair);
      return pair;
    },
    openOld: async () => {
      const file = join(dir, `old-${Math.random()}.sqlite`);
      const old = new Database(file);
      old.exec(OLD_SCHEMA);
      old.close();
      const index = SqlMediaIndex.openSqlite(file);
      opened.push(index);
      return index;
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'media_index_test');
      const pair: [MediaIndex, MediaIndex] = [await SqlMediaIndex.openPostgres(url), await openMediaIndex({ databaseUrl: url, sqliteFile: '/unused' })];
      opened.push(...pair);
      return pair;
    },
    openOld: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'media_index_old');
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(OLD_SCHEMA);
      await old.end();
      const index = await SqlMediaIndex.openPostgres(url);
      opened.push(index);
      return index;
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`MediaIndex on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`, () => {
    it('lists a site’s images newest first, only that site’s, as every process sees them', async () => {
      const [a, b] = await backend.open();
      await a.insert(item('aaaaaaaaaaaaaaaaa1', 'harbourside-mazda', 1000));
      await a.insert(item('aaaaaaaaaaaaaaaaa2', 'harbourside-mazda', 2000));
      await b.insert(item('bbbbbbbbbbbbbbbbb1', 'big-sky-cars', 1500));
      expect((await b.list('harbourside-mazda')).map((m) => m.id)).toEqual(['aaaaaaaaaaaaaaaaa2', 'aaaaaaaaaaaaaaaaa1']);
      expect(await b.get('harbourside-mazda', 'aaaaaaaaaaaaaaaaa1')).toEqual(item('aaaaaaaaaaaaaaaaa1', 'harbourside-mazda', 1000));
      expect(await b.get('big-sky-cars', 'aaaaaaaaaaaaaaaaa1')).toBeUndefined();
      await expect(b.insert(item('aaaaaaaaaaaaaaaaa1', 'big-sky-cars', 3000))).rejects.toThrow();
      await b.delete('harbourside-mazda', 'aaaaaaaaaaaaaaaaa2');
      expect((await a.list('harbourside-mazda')).map((m) => m.id)).toEqual(['aaaaaaaaaaaaaaaaa1']);
      expect((await a.list('big-sky-cars')).map((m) => m.id)).toEqual(['bbbbbbbbbbbbbbbbb1']);
    });

    it('adopts an index made before migrations: its images are listed and new ones join them', async () => {
      const index = await backend.openOld();
      await index.insert(item('aaaaaaaaaaaaaaaaa3', 'harbourside-mazda', 900));
      expect(await index.list('harbourside-mazda')).toEqual([
        item('aaaaaaaaaaaaaaaaa3', 'harbourside-mazda', 900),
        { ...item('oooooooooooooooo1', 'harbourside-mazda', 500), name: 'o1.png' },
      ]);
    });
  });
}

describe.skipIf(!pgUrl)('the media library across processes (index in PostgreSQL, bytes in S3)', () => {
  it('an image uploaded on one process is listed, served and deleted on another', async () => {
    const stub = await startS3Stub({ accessKeyId: 'AKIAMEDIA0000000001', secretAccessKey: 'media-secret-0123456789abcdefghijklmn', bucket: 'media-bucket' });
    try {
      const env = {
        S3_BUCKET: 'media-bucket',
        S3_ENDPOINT: stub.url,
        S3_ACCESS_KEY_ID: 'AKIAMEDIA0000000001',
        S3_SECRET_ACCESS_KEY: 'media-secret-0123456789abcdefghijklmn',
      };
      const url = await freshSchemaUrl(pgUrl!, 'media_library_test');
      const [one, two] = [
        new MediaLibrary(await SqlMediaIndex.openPostgres(url), openImageStorage('media', '/unused', env)),
        new MediaLibrary(await SqlMediaIndex.openPostgres(url), openImageStorage('media', '/unused', env)),
      ];
      const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 11, g: 61, b: 145 } } })
        .png()
        .toBuffer();
      const uploaded = await one.upload('harbourside-mazda', png, 'banner.png', 'mia@example.com');
      expect([...stub.objects.keys()].filter((k) => k.startsWith(`media/harbourside-mazda/${uploaded.id}/`))).toHaveLength(uploaded.variants.length);
      expect((await two.list('harbourside-mazda')).map((m) => m.id)).toEqual([uploaded.id]);
      const served = await two.open('harbourside-mazda', uploaded.id, '480.webp');
      const bytes = Buffer.concat(await served!.stream.toArray());
      expect((await sharp(bytes).metadata()).width).toBe(480);
      expect(await two.open('big-sky-cars', uploaded.id, '480.webp')).toBeNull();
      await two.remove('harbourside-mazda', uploaded.id, '{}');
      expect(await one.list('harbourside-mazda')).toEqual([]);
      expect([...stub.objects.keys()].filter((k) => k.includes(uploaded.id))).toEqual([]);
      expect(stub.requests.filter((r) => r.refused)).toEqual([]);
      await Promise.all([one.close(), two.close()]);
    } finally {
      await stub.close();
    }
  }, 60_000);
});
