// A feed's car photos fetched for their variants: a loopback "feed host" (allow-listed) serves a JPEG, text, a file too
// large and a photo that fails; the original is fetched once and then read from disk (also by a new cache, as after a
// restart); bytes that are not an image and a file over the limit are refused; a private address is refused without
// the allow-list; a failed photo is not fetched again until the retry time has passed.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublic } from '../net/public-fetch';
import { FeedPhotoCache } from './feed-photos';

let host: Server;
let base = '';
const hits: Record<string, number> = {};
let jpeg: Buffer;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'feed-photos-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c03030' } })
    .jpeg()
    .toBuffer();
  host = createServer((req, res) => {
    hits[req.url!] = (hits[req.url!] ?? 0) + 1;
    if (req.url === '/car.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    // says it is a JPEG; its bytes are a web page
    if (req.url === '/not-a-photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html><script>alert(1)</script></html>');
    if (req.url === '/huge.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024)]));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => {
  host.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The real public fetch, with the loopback host allow-listed (as FEED_PHOTO_ALLOW_HOSTS does) and a 1 MB limit. */
const allowListedFetch = (address: string) => fetchPublic(address, { what: 'photo', allow: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5000 });

describe('FeedPhotoCache', () => {
  it('fetches a photo once and keeps it on disk under its address; a new cache reads the disk', async () => {
    const dir = tempDir();
    const photos = new FeedPhotoCache({ dir, fetch: allowListedFetch });
    const before = hits['/car.jpg'] ?? 0;
    const [a, b] = await Promise.all([photos.original(`${base}/car.jpg`), photos.original(`${base}/car.jpg`)]);
    expect(a.equals(jpeg)).toBe(true);
    expect(b.equals(jpeg)).toBe(true);
    expect(hits['/car.jpg']).toBe(before + 1);
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.img'))).toHaveLength(1);
    const restarted = new FeedPhotoCache({ dir, fetch: allowListedFetch });
    expect((await restarted.original(`${base}/car.jpg`)).equals(jpeg)).toBe(true);
    expect(restarted.stats).toMatchObject({ fetched: 0, diskHits: 1 });
    expect(hits['/car.jpg']).toBe(before + 1);
  });

  it('refuses bytes that are not a JPEG, PNG, WebP or AVIF image, and a file over the size limit; nothing is kept', async () => {
    const dir = tempDir();
    const logged: string[] = [];
    const photos = new FeedPhotoCache({ dir, fetch: allowListedFetch, log: (m) => logged.push(m) });
    await expect(photos.original(`${base}/not-a-photo.jpg`)).rejects.toThrow('the photo is not a JPEG, PNG, WebP or AVIF image');
    await expect(photos.original(`${base}/huge.jpg`)).rejects.toThrow('the photo is larger than 1 MB');
    await expect(photos.original(`${base}/missing.jpg`)).rejects.toThrow('the photo answered HTTP 404');
    expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.img'))).toHaveLength(0);
    expect(logged.join('\n')).toContain(`feed photo ${base}/not-a-photo.jpg not fetched: the photo is not a JPEG, PNG, WebP or AVIF image`);
  });

  it('refuses a private address without the allow-list (the default fetch), and http on a public host', async () => {
    const photos = new FeedPhotoCache({ dir: tempDir() });
    await expect(photos.original(`${base}/car.jpg`)).rejects.toThrow('the photo address must use https');
    await expect(photos.original('https://127.0.0.1:1/car.jpg')).rejects.toThrow(
      'the photo host 127.0.0.1 resolves to 127.0.0.1, which is not a public address',
    );
    await expect(photos.original('https://10.1.2.3/car.jpg')).rejects.toThrow('not a public address');
  });

  it('a failed photo is not fetched again on every request, only after the retry time', async () => {
    let now = 1_000_000;
    const photos = new FeedPhotoCache({ dir: tempDir(), fetch: allowListedFetch, retryAfterMs: 60_000, now: () => now });
    const before = hits['/gone.jpg'] ?? 0;
    await expect(photos.original(`${base}/gone.jpg`)).rejects.toThrow('HTTP 404');
    await expect(photos.original(`${base}/gone.jpg`)).rejects.toThrow('HTTP 404');
    expect(photos.recentFailure(`${base}/gone.jpg`)).toBe('the photo answered HTTP 404');
    expect(hits['/gone.jpg']).toBe(before + 1);
    now += 60_001;
    await expect(photos.original(`${base}/gone.jpg`)).rejects.toThrow('HTTP 404');
    expect(hits['/gone.jpg']).toBe(before + 2);
  });
});
