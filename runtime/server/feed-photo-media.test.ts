// A stock feed's car photos through the site's image routes: a variant address names the car and one of its own
// photos (never an address to fetch); it answers on the car's own site as AVIF rendered from the photo fetched off the
// loopback feed host (allow-listed), once; another site's host, another car and an unknown photo key get a 404; a photo
// that cannot be fetched redirects to the feed's own address, so the shopper still sees it.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { carPhotoUrl, spinFrameUrl } from '../domain/images/variants';
import { FeedPhotoCache } from '../images/feed-photos';
import { fetchPublic } from '../net/public-fetch';
import { get, send } from '../../test-support/http-client';
import { shippedTenants, startSitesServer, type SitesServer } from '../../test-support/server';

let sites: SitesServer;
let photoHost: Server;
let base = '';
const hits: Record<string, number> = {};
const [siteA, siteB] = shippedTenants();
let car: Car;
let other: Car;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#2050a0' } })
    .jpeg()
    .toBuffer();
  photoHost = createServer((req, res) => {
    hits[req.url!] = (hits[req.url!] ?? 0) + 1;
    if (['/stock/front.jpg', '/stock/spin-0.jpg', '/stock/spin-1.jpg', '/stock/interior.jpg'].includes(req.url!))
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`;
  const shown = (site: typeof siteA) => (c: Car) =>
    site.dealerships.some((d) => d.id === c.dealership_id) && c.show_on_dealer_website !== false && c.status === 'in_stock';
  sites = await startSitesServer({
    total: 600,
    now: Date.parse('2026-11-20T00:00:00Z'),
    editCars: (cars) => {
      car = cars.find(shown(siteA))!;
      other = cars.find((c) => c !== car && shown(siteA)(c))!;
      const photos = [`${base}/stock/front.jpg`, `${base}/stock/gone.jpg`];
      car.images = photos.map((url) => ({ image: { url } }));
      car.thumbnails = photos;
      car.primary_image_url = photos[0];
      car.spin_images = [`${base}/stock/spin-0.jpg`, `${base}/stock/spin-1.jpg`];
      car.spin_interior_image = `${base}/stock/interior.jpg`;
    },
    feedPhotos: new FeedPhotoCache({
      dir: mkdtempSync(join(tmpdir(), 'feed-photos-')),
      fetch: (address) => fetchPublic(address, { what: 'photo', allow: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5000 }),
    }),
  });
}, 60_000);
afterAll(async () => {
  await sites.close();
  photoHost.close();
});

describe('/media/cars/{id}/photos/{key}-{width}w.{ext}', () => {
  it("answers on the car's own site as AVIF of the asked width, fetched from the feed's host once and cached for a year", async () => {
    const path = carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 320, format: 'avif' });
    const first = await send(sites.server, `${siteA.slug}.localhost`, 'GET', path);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/avif');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(first.raw).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 320, 240]);
    const webp = await send(sites.server, `${siteA.slug}.localhost`, 'GET', carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 640, format: 'webp' }));
    expect([webp.status, webp.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(hits['/stock/front.jpg']).toBe(1);
  }, 60_000);

  it("another site's host, another car of the site and a key that is none of the car's photos are the same 404", async () => {
    const path = carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 320, format: 'avif' });
    for (const host of [`${siteB.slug}.localhost`, 'unknown.example']) {
      const answer = await get(sites.server, host, path);
      expect(answer.status, host).toBe(404);
      expect(answer.headers.location).toBeUndefined();
    }
    expect((await get(sites.server, `${siteA.slug}.localhost`, carPhotoUrl(other.id, `${base}/stock/front.jpg`, { width: 320, format: 'avif' }))).status).toBe(
      404,
    );
    // an address the site's stock does not hold is never fetched, however it is named
    expect((await get(sites.server, `${siteA.slug}.localhost`, carPhotoUrl(car.id, `${base}/stock/other.jpg`, { width: 320, format: 'avif' }))).status).toBe(
      404,
    );
    expect(hits['/stock/other.jpg']).toBeUndefined();
    const badWidth = await get(sites.server, `${siteA.slug}.localhost`, carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 333, format: 'avif' }));
    expect([badWidth.status, badWidth.body]).toEqual([400, 'width must be one of 160, 320, 480, 640, 800, 1200, 1600']);
  });

  it('honours the image service parameters: quality, aspect ratio and crop from their fixed lists, each kept as its own file; bad ones are a 400 with the reason', async () => {
    const host = `${siteA.slug}.localhost`;
    const before = hits['/stock/front.jpg'];
    const square = await send(
      sites.server,
      host,
      'GET',
      carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 320, format: 'jpeg', aspectRatio: '1x1', crop: 'top' }),
    );
    expect([square.status, square.headers['content-type'], square.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'public, max-age=31536000, immutable',
    ]);
    const squareMeta = await sharp(square.raw).metadata();
    expect([squareMeta.width, squareMeta.height]).toEqual([320, 320]);
    // 16:9 of a 1000x750 photo asked at 1600: the widest 16:9 box the photo has, never enlarged
    const wide = await send(sites.server, host, 'GET', carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 1600, format: 'webp', aspectRatio: '16x9' }));
    const wideMeta = await sharp(wide.raw).metadata();
    expect([wideMeta.width, wideMeta.height]).toEqual([1000, 563]);
    const low = await send(sites.server, host, 'GET', carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 640, format: 'jpeg', quality: 40 }));
    const high = await send(sites.server, host, 'GET', carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 640, format: 'jpeg', quality: 90 }));
    expect(low.status).toBe(200);
    expect(low.raw.equals(high.raw)).toBe(false);
    // the photo is fetched once, whatever variants are made of it
    expect(hits['/stock/front.jpg']).toBe(before);
    const path = carPhotoUrl(car.id, `${base}/stock/front.jpg`, { width: 320, format: 'jpeg' });
    for (const [query, reason] of [
      ['q=101', 'quality (q) must be one of 40, 50, 60, 75, 90'],
      ['ar=5x1', 'aspect ratio (ar) must be one of 1x1, 4x3, 3x2, 16x9'],
      ['ar=1x1&crop=face', 'crop must be one of center, top, bottom, entropy'],
      ['crop=top', 'crop needs an aspect ratio (ar) to crop to'],
      ['q=50&q=60', 'each of q, ar and crop may be given once'],
    ]) {
      const answer = await get(sites.server, host, `${path}?${query}`);
      expect([answer.status, answer.body], query).toEqual([400, reason]);
    }
  }, 60_000);

  it("a photo the server cannot fetch redirects to the feed's own address, and is not fetched again on the next request", async () => {
    const path = carPhotoUrl(car.id, `${base}/stock/gone.jpg`, { width: 320, format: 'avif' });
    for (let i = 0; i < 2; i++) {
      const answer = await get(sites.server, `${siteA.slug}.localhost`, path);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(`${base}/stock/gone.jpg`);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(hits['/stock/gone.jpg']).toBe(1);
  });

  it("a spin frame and the spin's interior image are among the car's own addresses: the viewer's 800w WebP of a frame answers", async () => {
    const frame = await send(sites.server, `${siteA.slug}.localhost`, 'GET', spinFrameUrl(car.id, `${base}/stock/spin-1.jpg`));
    expect([frame.status, frame.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await sharp(frame.raw).metadata()).width).toBe(800);
    const interior = await get(sites.server, `${siteA.slug}.localhost`, carPhotoUrl(car.id, `${base}/stock/interior.jpg`, { width: 480, format: 'avif' }));
    expect(interior.status).toBe(200);
    expect([hits['/stock/spin-1.jpg'], hits['/stock/interior.jpg'], hits['/stock/spin-0.jpg']]).toEqual([1, 1, undefined]);
  }, 60_000);

  it("the listing PDF embeds the feed's photo as the site's cached JPEG variant, fetched through the same cache", async () => {
    const before = hits['/stock/front.jpg'] ?? 0;
    const pdf = await send(sites.server, `${siteA.slug}.localhost`, 'GET', `/api/cars/${car.slug}/pdf`);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = pdf.raw.toString('latin1');
    expect(text).toContain('/Subtype /Image');
    expect(text).toContain('/Filter /DCTDecode'); // the JPEG variant (the logo, if any, is a PNG)
    expect(hits['/stock/front.jpg'] ?? 0).toBeLessThanOrEqual(Math.max(before, 1));
  }, 60_000);
});
