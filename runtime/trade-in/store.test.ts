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
  SqlEvaluationStore,
  storageKeyFor,
  type EvaluationStore,
  type NewEvaluation,
  type StoredImage,
  type UploadQuota,
  quotaRefusal,
} from '.';
import { EVALUATION_TABLES } from './migrations';
import { atLeast } from '../../test-support/at-least';
import Database from 'better-sqlite3';
import pg from 'pg';
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

const QUOTA: UploadQuota = { maxImages: 10, evaluationBytes: 1000, addressPhotos: 5, addressBytes: 300, siteBytes: 500, windowMs: 3_600_000 };

const backends: { name: string; skip: boolean; open: () => Promise<EvaluationStore> }[] = [
  { name: 'SQLite', skip: false, open: async () => SqlEvaluationStore.openSqlite(join(dir, `${randomUUID()}.sqlite`)) },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      // A fresh schema per run, so the suite starts empty.
      return SqlEvaluationStore.openPostgres(await freshSchemaUrl(pgUrl!, 'trade_in_test'));
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
        const results = await Promise.all(Array.from({ length: 14 }, () => store.addImage(image(e), (u) => quotaRefusal(u, QUOTA, 10, 2000), 0)));
        expect(results.filter((r) => r === 'added')).toHaveLength(10);
        expect(results.filter((r) => typeof r === 'object' && r.reason === 'too-many-images')).toHaveLength(4);
        expect(await store.addImage(image(e, 'site-b'), () => null, 0)).toBe('unknown-evaluation');
        const list = await store.images('site-a', e.evalId);
        expect(list).toHaveLength(10);
        const [first] = atLeast(1, list, "site-a's photos");
        expect(await store.image('site-a', first.id)).toEqual(first);
        expect(await store.image('site-b', first.id)).toBeUndefined();
        expect(await store.images('site-b', e.evalId)).toEqual([]);
      });

      it('counts the quotas: bytes per evaluation, photos and bytes per address and bytes per site within the window', async () => {
        const tenant = `quota-${randomUUID().slice(0, 8)}`;
        const [e1, e2, e3] = [evaluation(tenant), evaluation(tenant), evaluation(tenant)];
        for (const e of [e1, e2, e3]) await store.create(e);
        const T = 10_000_000;
        const add = (e: NewEvaluation, size: number, clientKey: string | null, at = T) =>
          store.addImage({ ...image(e), size, clientKey, createdAt: at }, (u) => quotaRefusal(u, QUOTA, size, at), at - QUOTA.windowMs);
        // An old photo of the address is outside the window: it counts for its evaluation only.
        expect(await add(e1, 100, 'addr-1', T - QUOTA.windowMs - 1)).toBe('added');
        expect(await add(e1, 200, 'addr-1')).toBe('added');
        expect(await add(e2, 90, 'addr-1')).toBe('added');
        expect(await store.uploadUsage({ tenant, evalId: e1.evalId, clientKey: 'addr-1', since: T - QUOTA.windowMs })).toEqual({
          evaluation: { count: 2, bytes: 300 },
          address: { count: 2, bytes: 290, oldestAt: T },
          site: { bytes: 290, oldestAt: T },
        });
        // 290 of the address's 300 bytes are used: 11 more is refused with the wait until its first photo leaves the window.
        expect(await add(e2, 11, 'addr-1', T + 600_000)).toEqual({
          status: 429,
          reason: 'address-bytes',
          message: 'Too many photos have been uploaded from this connection in the last hour. Please try again in about 50 minutes.',
          retryAfter: 3000,
        });
        expect(await add(e2, 10, 'addr-1', T + 600_000)).toBe('added');
        // Other addresses fill the site's 500 bytes; then nobody can add.
        expect(await add(e3, 150, 'addr-2')).toBe('added');
        expect(await add(e3, 50, 'addr-3')).toBe('added'); // 500 exactly
        const site = await add(e3, 1, 'addr-4');
        expect(site).toMatchObject({ status: 429, reason: 'site-bytes' });
        // Per evaluation: 1000 bytes however many addresses.
        const big = evaluation(tenant);
        await store.create(big);
        const roomy: UploadQuota = { ...QUOTA, addressBytes: 10_000, siteBytes: 10_000 };
        const addBig = (size: number, clientKey: string) =>
          store.addImage({ ...image(big), size, clientKey, createdAt: T }, (u) => quotaRefusal(u, roomy, size, T), T - QUOTA.windowMs);
        expect(await addBig(600, 'a')).toBe('added');
        expect(await addBig(400, 'b')).toBe('added');
        expect(await addBig(1, 'c')).toMatchObject({ status: 413, reason: 'evaluation-bytes' });
        expect((await store.images(tenant, big.evalId)).map((i) => i.clientKey).sort()).toEqual(['a', 'b']);
      });

      it("retention: lists photos past a time whose evaluation has no lead; deletes each once; never a lead's photo", async () => {
        const tenant = `retain-${randomUUID().slice(0, 8)}`;
        const [lead, none] = [evaluation(tenant), evaluation(tenant)];
        for (const e of [lead, none]) await store.create(e);
        const photos = [
          { ...image(lead), createdAt: 100 },
          { ...image(none), createdAt: 100 },
          { ...image(none), createdAt: 200 },
          { ...image(none), createdAt: 900 },
        ] as const;
        for (const p of photos) expect(await store.addImage(p, () => null, 0)).toBe('added');
        await store.linkLead(tenant, lead.evalId, 'lead-1');
        expect(await store.imageTenants()).toContain(tenant);
        const due = await store.unlinkedImages(tenant, 500, 10);
        expect(due.map((i) => i.id)).toEqual([photos[1].id, photos[2].id]);
        expect(await store.unlinkedImages(tenant, 500, 1)).toHaveLength(1);
        expect(await store.unlinkedImages(`${tenant}-other`, 500, 10)).toEqual([]);
        // Two processes at once: one of them deletes it.
        const both = await Promise.all([store.deleteUnlinkedImage(tenant, photos[1].id), store.deleteUnlinkedImage(tenant, photos[1].id)]);
        expect(both.sort()).toEqual([false, true]);
        expect(await store.image(tenant, photos[1].id)).toBeUndefined();
        // A lead's photo is never deleted, even if asked; a restored record is back as it was.
        expect(await store.deleteUnlinkedImage(tenant, photos[0].id)).toBe(false);
        expect(await store.deleteUnlinkedImage(tenant, photos[2].id)).toBe(true);
        const [, restored] = atLeast(2, due, 'the photos due');
        await store.restoreImage(restored);
        expect(await store.image(tenant, photos[2].id)).toEqual(restored);
      });

      it('a database made before the quotas gets the client column on open, and keeps its evaluations and photos', async () => {
        const tables = EVALUATION_TABLES(store.kind === 'sqlite' ? { json: 'TEXT', bigint: 'INTEGER' } : { json: 'JSONB', bigint: 'BIGINT' }).replace(
          ',\n  client_key TEXT\n',
          '\n',
        );
        expect(tables).not.toContain('client_key');
        const before = `${tables}
INSERT INTO trade_in_evaluations (eval_id, tenant, provider_eval_id, rego, state, vehicle, created_at, updated_at)
  VALUES ('old-eval', 'site-a', 'LOCAL-0', 'OLD001', 'nsw', '{"Make":"Mazda"}', 500, 500);
INSERT INTO trade_in_images (id, eval_id, tenant, storage_key, content_type, size, created_at) VALUES ('old-photo', 'old-eval', 'site-a', 'k/old', 'image/jpeg', 7, 600);`;
        let reopened: EvaluationStore;
        if (store.kind === 'sqlite') {
          const file = join(dir, `${randomUUID()}.sqlite`);
          const old = new Database(file);
          old.exec(before);
          old.close();
          reopened = SqlEvaluationStore.openSqlite(file);
        } else {
          const url = await freshSchemaUrl(pgUrl!, 'trade_in_migration');
          const old = new pg.Client({ connectionString: url });
          await old.connect();
          await old.query(before);
          await old.end();
          reopened = await SqlEvaluationStore.openPostgres(url);
        }
        try {
          expect(await reopened.get('site-a', 'old-eval')).toMatchObject({ rego: 'OLD001', vehicle: { Make: 'Mazda' }, createdAt: 500, leadId: null });
          expect(await reopened.images('site-a', 'old-eval')).toEqual([
            { id: 'old-photo', evalId: 'old-eval', tenant: 'site-a', storageKey: 'k/old', contentType: 'image/jpeg', size: 7, createdAt: 600, clientKey: null },
          ]);
          const e = evaluation('site-a');
          await reopened.create(e);
          expect(await reopened.addImage({ ...image(e), clientKey: 'k' }, () => null, 0)).toBe('added');
          expect((await reopened.uploadUsage({ tenant: 'site-a', evalId: e.evalId, clientKey: 'k', since: 0 })).address).toEqual({
            count: 1,
            bytes: 10,
            oldestAt: 2000,
          });
        } finally {
          await reopened.close();
        }
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
