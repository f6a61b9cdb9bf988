// The media index on every backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (start one
// with tools/ci/postgres.sh), otherwise that half is reported as skipped. On PostgreSQL with the bytes in S3 (a loopback
// stub), two libraries stand for two server processes: what one uploads, the other lists, serves and deletes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { openImageStorage } from '../trade-in/s3-storage';
import { startS3Stub } from '../trade-in/s3-stub';
import { MediaLibrary, type MediaItem } from './media';
import { openMediaIndex, PgMediaIndex, SqliteMediaIndex, type MediaIndex } from './media-index';

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

const backends: { name: string; skip: boolean; open: () => Promise<[MediaIndex, MediaIndex]> }[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => {
      const file = join(dir, `${Math.random()}.sqlite`);
      return [new SqliteMediaIndex(file), new SqliteMediaIndex(file)];
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'media_index_test');
      const pair: [MediaIndex, MediaIndex] = [await PgMediaIndex.open(url), await openMediaIndex({ databaseUrl: url, sqliteFile: '/unused' })];
      opened.push(...pair);
      return pair;
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
        new MediaLibrary(await PgMediaIndex.open(url), openImageStorage('media', '/unused', env)),
        new MediaLibrary(await PgMediaIndex.open(url), openImageStorage('media', '/unused', env)),
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
