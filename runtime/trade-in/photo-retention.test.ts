// The retention clean-up of trade-in photos, on an injected clock: old photos of valuations that never became a lead
// go (record and bytes), photos of leads and recent ones stay; on the local folder and on S3 (the loopback stub).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { LocalFolderImageStorage, storageKeyFor, type ImageStorage } from './image-storage';
import { PhotoRetentionWorker, removeExpiredPhotos } from './photo-retention';
import { S3ImageStorage, s3ClientFromEnv } from './s3-storage';
import { startS3Stub, type S3Stub } from '../../test-support/s3-stub';
import { SqlEvaluationStore } from './sql-store';
import type { StoredImage } from './store';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'photo-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A site document with only what the clean-up reads. */
const site = (slug: string, photoRetentionDays?: number) =>
  ({ slug, settings: allSettingsWithDefaults(photoRetentionDays ? { tradeIn: { photoRetentionDays } } : {}) }) as unknown as TenantDocument;

async function photo(store: SqlEvaluationStore, images: ImageStorage, tenant: string, evalId: string, createdAt: number): Promise<StoredImage> {
  const id = randomUUID();
  const image = { id, evalId, tenant, storageKey: storageKeyFor(tenant, evalId, id), contentType: 'image/png', size: 4, createdAt, clientKey: null };
  await images.put(image.storageKey, Readable.from([Buffer.from('\x89PNG')]));
  expect(await store.addImage(image, () => null, 0)).toBe('added');
  return image;
}

async function valuation(store: SqlEvaluationStore, tenant: string, lead?: string): Promise<string> {
  const evalId = randomUUID();
  await store.create({ evalId, tenant, providerEvalId: 'P', rego: 'ABC123', state: 'qld', manualEntry: null, vehicle: {}, createdAt: T0 });
  if (lead) await store.linkLead(tenant, evalId, lead);
  return evalId;
}

describe('trade-in photo retention', () => {
  it('removes photos of valuations without a lead after 7 days (or the site setting), keeps leads and recent photos', async () => {
    const store = SqlEvaluationStore.openSqlite(join(dir, `${randomUUID()}.sqlite`));
    const images = new LocalFolderImageStorage(join(dir, 'uploads'));
    const pathOf = (i: StoredImage) => join(images.dir, i.storageKey);
    const abandoned = await valuation(store, 'site-a');
    const enquired = await valuation(store, 'site-a', 'lead-1');
    const patient = await valuation(store, 'site-b');
    const old = await photo(store, images, 'site-a', abandoned, T0);
    const recent = await photo(store, images, 'site-a', abandoned, T0 + 2 * DAY);
    const leads = await photo(store, images, 'site-a', enquired, T0);
    const longer = await photo(store, images, 'site-b', patient, T0);
    const gone = await photo(store, images, 'site-gone', await valuation(store, 'site-gone'), T0);
    const sites = [site('site-a'), site('site-b', 30)];
    let now = T0 + 7 * DAY - 1;
    const options = { store: () => store, images: () => images, tenantBySlug: (s: string) => sites.find((d) => d.slug === s), now: () => now };

    expect(await removeExpiredPhotos(options)).toEqual({ removed: 0, failed: 0 });
    now = T0 + 7 * DAY + 1;
    // Two processes at once remove each photo once, and neither fails.
    const [a, b] = await Promise.all([removeExpiredPhotos(options), removeExpiredPhotos(options)]);
    expect(a.removed + b.removed).toBe(2);
    expect(a.failed + b.failed).toBe(0);
    for (const removed of [old, gone]) {
      expect(await store.image(removed.tenant, removed.id)).toBeUndefined();
      expect(existsSync(pathOf(removed))).toBe(false);
    }
    for (const kept of [recent, leads, longer]) {
      expect(await store.image(kept.tenant, kept.id)).toEqual(kept);
      expect(existsSync(pathOf(kept))).toBe(true);
    }
    now = T0 + 30 * DAY + 1;
    expect(await removeExpiredPhotos(options)).toEqual({ removed: 2, failed: 0 });
    expect(existsSync(pathOf(recent))).toBe(false);
    expect(existsSync(pathOf(longer))).toBe(false);
    expect(existsSync(pathOf(leads))).toBe(true);
    expect((await store.images('site-a', enquired)).map((i) => i.id)).toEqual([leads.id]);
    await store.close();
  });

  it('keeps the record when the bytes cannot be removed, and removes both on the next round', async () => {
    const store = SqlEvaluationStore.openSqlite(join(dir, `${randomUUID()}.sqlite`));
    const folder = new LocalFolderImageStorage(join(dir, 'uploads-failing'));
    let down = true;
    const failing: ImageStorage = {
      put: (k, s) => folder.put(k, s),
      open: (k) => folder.open(k),
      remove: async (k) => {
        if (down) throw new Error('storage unavailable');
        await folder.remove(k);
      },
    };
    const p = await photo(store, failing, 'site-a', await valuation(store, 'site-a'), T0);
    const logged: string[] = [];
    const options = { store: () => store, images: () => failing, tenantBySlug: () => undefined, now: () => T0 + 8 * DAY, log: (m: string) => logged.push(m) };
    expect(await removeExpiredPhotos(options)).toEqual({ removed: 0, failed: 1 });
    expect(await store.image('site-a', p.id)).toEqual(p);
    expect(logged).toEqual([`trade-in photo ${p.id} (site-a) not removed; kept for the next round`]);
    down = false;
    expect(await removeExpiredPhotos(options)).toEqual({ removed: 1, failed: 0 });
    expect(await store.image('site-a', p.id)).toBeUndefined();
    expect(await folder.open(p.storageKey)).toBeNull();
    await store.close();
  });

  it('the periodic worker runs a round at start', async () => {
    const store = SqlEvaluationStore.openSqlite(join(dir, `${randomUUID()}.sqlite`));
    const images = new LocalFolderImageStorage(join(dir, 'uploads-worker'));
    const p = await photo(store, images, 'site-a', await valuation(store, 'site-a'), T0);
    const worker = new PhotoRetentionWorker({ store: () => store, images: () => images, tenantBySlug: () => undefined, now: () => T0 + 8 * DAY });
    worker.start();
    await expect.poll(async () => (await store.image('site-a', p.id)) === undefined, { timeout: 10_000 }).toBe(true);
    await worker.stop();
    await store.close();
  });

  describe('on S3', () => {
    const CREDENTIALS = { accessKeyId: 'AKIATESTSTUB00000002', secretAccessKey: 'stub-secret-key-retention-0123456789' };
    let stub: S3Stub;
    beforeAll(async () => {
      stub = await startS3Stub({ ...CREDENTIALS, bucket: 'uploads' });
    });
    afterAll(() => stub.close());

    it('deletes the objects of expired photos with signed requests, and only those', async () => {
      const client = s3ClientFromEnv({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: stub.url,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      });
      const images = new S3ImageStorage(client, 'uploads', 'trade-in/');
      const store = SqlEvaluationStore.openSqlite(join(dir, `${randomUUID()}.sqlite`));
      const old = await photo(store, images, 'site-a', await valuation(store, 'site-a'), T0);
      const kept = await photo(store, images, 'site-a', await valuation(store, 'site-a', 'lead-9'), T0);
      expect(stub.objects.size).toBe(2);
      const report = await removeExpiredPhotos({ store: () => store, images: () => images, tenantBySlug: () => undefined, now: () => T0 + 8 * DAY });
      expect(report).toEqual({ removed: 1, failed: 0 });
      expect([...stub.objects.keys()]).toEqual([`trade-in/${kept.storageKey}`]);
      expect(stub.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/uploads/trade-in/${old.storageKey}`]);
      expect(stub.requests.filter((r) => r.refused)).toEqual([]);
      // Deleting again (another process, a retry) is no error.
      await images.remove(old.storageKey);
      await store.close();
    });
  });
});
