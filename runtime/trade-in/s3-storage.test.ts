// Uploads in S3-compatible storage: the SDK's requests against a loopback S3 stub that recomputes every signature.
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFolderImageStorage } from './image-storage';
import { openImageStorage, s3ClientFromEnv, S3ImageStorage } from './s3-storage';
import { startS3Stub, type S3Stub } from '../../test-support/s3-stub';

const CREDENTIALS = { accessKeyId: 'AKIATESTSTUB00000001', secretAccessKey: 'stub-secret-key-0123456789abcdefghij' };

describe('uploads in S3-compatible storage', () => {
  let stub: S3Stub;
  let env: Record<string, string>;
  beforeAll(async () => {
    stub = await startS3Stub({ ...CREDENTIALS, bucket: 'dealer-uploads', pageSize: 2 });
    env = {
      S3_BUCKET: 'dealer-uploads',
      S3_ENDPOINT: stub.url,
      S3_REGION: 'ap-southeast-2',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_PREFIX: 'site-assets/',
    };
  });
  afterAll(() => stub.close());

  it('is the local folder without S3_BUCKET, S3 with it (objects under S3_PREFIX and the kind)', () => {
    expect(openImageStorage('media', mkdtempSync(join(tmpdir(), 'media-')), {})).toBeInstanceOf(LocalFolderImageStorage);
    const s3 = openImageStorage('trade-in', '/unused', env);
    expect(s3).toBeInstanceOf(S3ImageStorage);
    expect((s3 as S3ImageStorage).prefix).toBe('site-assets/trade-in/');
  });

  it('puts, opens, lists and removes objects with signed requests the stub accepts', async () => {
    const storage = openImageStorage('media', '/unused', env) as S3ImageStorage;
    const from = stub.requests.length;
    const bytes = Buffer.from('\x89PNG fake image bytes '.repeat(100));
    expect(await storage.put('harbourside-mazda/abc123/w640-jpg', Readable.from([bytes.subarray(0, 500), bytes.subarray(500)]))).toEqual({
      size: bytes.length,
    });
    expect(stub.objects.get('site-assets/media/harbourside-mazda/abc123/w640-jpg')).toEqual(bytes);
    const put = stub.requests.at(from);
    if (!put) throw new Error('the stub received no PUT');
    expect(put).toMatchObject({ method: 'PUT', path: '/dealer-uploads/site-assets/media/harbourside-mazda/abc123/w640-jpg' });
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTSTUB00000001\/\d{8}\/ap-southeast-2\/s3\/aws4_request/);
    expect(put.headers['content-length']).toBe(String(bytes.length));

    const opened = await storage.open('harbourside-mazda/abc123/w640-jpg');
    expect(Buffer.from(await opened!.toArray().then((c) => Buffer.concat(c)))).toEqual(bytes);
    expect(await storage.open('harbourside-mazda/missing/w640-jpg')).toBeNull();

    for (const n of [1, 2, 3]) await storage.put(`big-sky-cars/img${n}/w320-webp`, Readable.from([Buffer.from(`image ${n}`)]));
    // Three objects, two per page: ListObjectsV2 is followed across pages.
    expect(await storage.keys('big-sky-cars/')).toEqual(['big-sky-cars/img1/w320-webp', 'big-sky-cars/img2/w320-webp', 'big-sky-cars/img3/w320-webp']);
    expect(stub.requests.filter((r) => r.query['list-type'] === '2').map((r) => r.query['continuation-token'] ?? '')).toEqual(['', '2']);

    await storage.remove('big-sky-cars/img2/w320-webp');
    expect(await storage.keys('big-sky-cars/')).toEqual(['big-sky-cars/img1/w320-webp', 'big-sky-cars/img3/w320-webp']);
    expect(await text((await storage.open('big-sky-cars/img3/w320-webp'))!)).toBe('image 3');
    expect(stub.requests.slice(from).filter((r) => r.refused)).toEqual([]);
  });

  it('the stub really checks signatures: a wrong secret is refused, and the storage reports the failure', async () => {
    const wrong = new S3ImageStorage(s3ClientFromEnv({ ...env, S3_SECRET_ACCESS_KEY: 'not-the-secret-0123456789abcdefghijkl' }), 'dealer-uploads', 'x/');
    await expect(wrong.put('a/b', Readable.from([Buffer.from('x')]))).rejects.toThrow(/signature does not match/i);
    expect(stub.requests.at(-1)!.refused).toBe('the signature does not match');
    expect(stub.objects.has('x/a/b')).toBe(false);
    await expect(wrong.open('a/b')).rejects.toThrow();
  });

  it('refuses keys outside the storage key format before any request', async () => {
    const storage = openImageStorage('media', '/unused', env);
    const count = stub.requests.length;
    await expect(storage.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow('invalid storage key');
    expect(stub.requests.length).toBe(count);
  });
});
