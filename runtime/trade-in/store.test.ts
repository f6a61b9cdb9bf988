// One suite for every EvaluationStore backend (as runtime/leads/store.test.ts): SQLite always; PostgreSQL when
// TEST_DATABASE_URL or DATABASE_URL is set (tools/ci/postgres.sh), otherwise that half is reported as skipped.
// Also the local photo folder: durable writes, nothing left by a failed stream, keys that cannot leave the folder.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalFolderImageStorage,
  PgEvaluationStore,
  SqliteEvaluationStore,
  storageKeyFor,
  type EvaluationStore,
  type NewEvaluation,
  type StoredImage,
} from '.';
import { freshSchemaUrl } from '../server/test-postgres';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'trade-in-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const evaluation = (tenant: string): NewEvaluation => ({
  evalId: randomUUID(),
  tenant,
  providerEvalId: 'LOCAL-1',
  rego: 'EVAL01',
  state: 'qld',
  manualEntry: null,
  vehicle: { Make: 'Toyota', Model: 'Corolla', Year: 2022 },
  createdAt: 1000,
});
const image = (e: NewEvaluation, tenant = e.tenant): StoredImage => ({
  id: randomUUID(),
  evalId: e.evalId,
  tenant,
  storageKey: `k/${randomUUID()}`,
  contentType: 'image/png',
  size: 10,
  createdAt: 2000,
});

const backends: { name: string; skip: boolean; open: () => Promise<EvaluationStore> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteEvaluationStore(join(dir, `${randomUUID()}.sqlite`)) },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      // A fresh schema per run, so the suite starts empty.
      return PgEvaluationStore.open(await freshSchemaUrl(pgUrl!, 'trade_in_test'));
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(
    `EvaluationStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`,
    () => {
      let store: EvaluationStore;
      beforeAll(async () => {
        store = await backend.open();
      });
      afterAll(async () => store?.close());

      it('stores an evaluation that only its own site can read, and its update', async () => {
        const e = evaluation('site-a');
        await store.create(e);
        expect(await store.get('site-a', e.evalId)).toMatchObject({ ...e, km: null, offerPrice: null, customer: null, leadId: null, savedValuation: null });
        expect(await store.get('site-b', e.evalId)).toBeUndefined();
        const update = {
          km: 42_000,
          offerPrice: 18_500,
          offeredAt: 3000,
          customer: { name: "Ann <O'Neil>", email: 'a@b.co', phone: '0400000000' },
          vehicle: { ...e.vehicle, KM: 42_000 },
        };
        expect(await store.recordUpdate('site-b', e.evalId, update)).toBe(false);
        expect(await store.recordUpdate('site-a', e.evalId, update)).toBe(true);
        await store.linkLead('site-a', e.evalId, 'lead-1');
        expect(await store.saveValuation('site-b', e.evalId, { offer_price: 1 })).toBe(false);
        expect(await store.saveValuation('site-a', e.evalId, { offer_price: 18_500 })).toBe(true);
        expect(await store.get('site-a', e.evalId)).toMatchObject({
          km: 42_000,
          offerPrice: 18_500,
          offeredAt: 3000,
          customer: update.customer,
          leadId: 'lead-1',
          savedValuation: { offer_price: 18_500 },
          vehicle: { KM: 42_000 },
        });
      });

      it('keeps at most the limit of photos per evaluation, even when added at once, and only for its own site', async () => {
        const e = evaluation('site-a');
        await store.create(e);
        const results = await Promise.all(Array.from({ length: 14 }, () => store.addImage(image(e), 10)));
        expect(results.filter((r) => r === 'added')).toHaveLength(10);
        expect(results.filter((r) => r === 'limit')).toHaveLength(4);
        expect(await store.addImage(image(e, 'site-b'), 10)).toBe('unknown-evaluation');
        const list = await store.images('site-a', e.evalId);
        expect(list).toHaveLength(10);
        expect(await store.image('site-a', list[0].id)).toEqual(list[0]);
        expect(await store.image('site-b', list[0].id)).toBeUndefined();
        expect(await store.images('site-b', e.evalId)).toEqual([]);
      });
    },
  );
}

describe('local photo folder', () => {
  const storage = new LocalFolderImageStorage(join(dir, 'uploads'));
  it('stores and reads back the bytes under a site/evaluation/photo key', async () => {
    const key = storageKeyFor('site-a', randomUUID(), randomUUID());
    expect(await storage.put(key, Readable.from([Buffer.from('abc'), Buffer.from('def')]))).toEqual({ size: 6 });
    const chunks: Buffer[] = [];
    for await (const c of (await storage.open(key))!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('abcdef');
    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
  });
  it('leaves nothing behind when the stream fails (e.g. over the size limit)', async () => {
    const evalId = randomUUID();
    const key = storageKeyFor('site-a', evalId, randomUUID());
    const failing = new Readable({
      read() {
        this.push(Buffer.from('x'));
        this.destroy(new Error('too large'));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow('too large');
    expect(readdirSync(join(storage.dir, 'site-a', evalId))).toEqual([]);
  });
  it('refuses keys that would leave the folder', async () => {
    await expect(storage.put('../x', Readable.from([]))).rejects.toThrow();
    await expect(storage.open('site-a/../../etc')).rejects.toThrow();
    expect(existsSync(join(dir, 'x'))).toBe(false);
  });
});
