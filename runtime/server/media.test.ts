// Media per tenant (issue 9): /media/cars/{id}/... answers only on the car's own site's host and only for a car that
// site shows; another site's host, an unknown host and a hidden car all get the same 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DRAWING_VERSION } from '../domain/images/variants';
import { get, send } from '../../test-support/http-client';
import { shippedTenants, startSitesServer, type SitesServer } from '../../test-support/server';

let sites: SitesServer;
const [siteA, siteB] = shippedTenants();
const now = Date.parse('2026-11-20T00:00:00Z');

beforeAll(async () => {
  sites = await startSitesServer({ total: 1500, now });
});
afterAll(() => sites.close());

const ownedBy = (site: typeof siteA) => sites.cars.filter((c) => site.dealerships.some((d) => d.id === c.dealership_id));

describe('/media/cars/{id}', () => {
  it('draws a car on its own site only; elsewhere it is a 404 that does not name the car', async () => {
    const car = ownedBy(siteA).find((c) => c.show_on_dealer_website !== false && c.status === 'in_stock')!;
    const path = `/media/cars/${car.id}/0.svg`;
    const own = await get(sites.server, `${siteA.slug}.localhost`, path);
    expect(own.status).toBe(200);
    expect(own.body).toMatch(/^<svg/);
    for (const host of [`${siteB.slug}.localhost`, 'unknown.example', `www.${siteB.domains![0]}`]) {
      const other = await get(sites.server, host, path);
      expect(other.status, host).toBe(404);
      expect(other.body).not.toContain(car.make);
      expect(other.headers['content-type']).not.toContain('svg');
    }
    const missing = await get(sites.server, `${siteB.slug}.localhost`, '/media/cars/999999999/0.svg');
    expect(missing.status).toBe(404);
  });

  it('a car hidden from the website (show_on_dealer_website false) has no images, though it exists', async () => {
    const hidden = sites.cars.find((c) => c.show_on_dealer_website === false);
    expect(hidden, 'the demo inventory has hidden cars').toBeDefined();
    const site = shippedTenants().find((t) => t.dealerships.some((d) => d.id === hidden!.dealership_id))!;
    const answer = await get(sites.server, `${site.slug}.localhost`, `/media/cars/${hidden!.id}/0.svg`);
    expect(answer.status).toBe(404);
  });

  it("the placeholder answers on a site's host; odd ids are 404, never 500", async () => {
    expect((await get(sites.server, `${siteA.slug}.localhost`, '/media/placeholder.svg')).status).toBe(200);
    for (const id of ['abc', '-1', '1e5', '99999999999999999999', '%2e%2e', '1%00']) {
      expect((await get(sites.server, `${siteA.slug}.localhost`, `/media/cars/${id}/0.svg`)).status, id).toBe(404);
    }
  });
});

describe('/media/cars/{id}/history-report.pdf', () => {
  it('is a PDF report for a car with a report, on its own site only; a car without one is a 404', async () => {
    const withReport = ownedBy(siteA).find((c) => c.file && c.show_on_dealer_website !== false && c.status === 'in_stock')!;
    expect(withReport.file).toBe(`/media/cars/${withReport.id}/history-report.pdf`);
    const own = await send(sites.server, `${siteA.slug}.localhost`, 'GET', withReport.file!);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await send(sites.server, `${siteB.slug}.localhost`, 'GET', withReport.file!);
    expect(other.status).toBe(404);
    const without = ownedBy(siteA).find((c) => !c.file && c.show_on_dealer_website !== false && c.status === 'in_stock')!;
    expect((await send(sites.server, `${siteA.slug}.localhost`, 'GET', `/media/cars/${without.id}/history-report.pdf`)).status).toBe(404);
  });
});

describe('raster variants of car photos and model pictures', () => {
  const variant = (carId: number, width: number, ext: string) => `/media/cars/${carId}/0-${width}w.${DRAWING_VERSION}.${ext}`;

  it('answer on the car’s own site as AVIF/WebP/JPEG of the asked width, cached for a year; elsewhere the same 404', async () => {
    const car = ownedBy(siteA).find((c) => c.show_on_dealer_website !== false && c.status === 'in_stock')!;
    for (const [ext, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ] as const) {
      const own = await send(sites.server, `${siteA.slug}.localhost`, 'GET', variant(car.id, 320, ext));
      expect(own.status, ext).toBe(200);
      expect(own.headers['content-type']).toBe(type);
      expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(own.raw).metadata();
      expect(meta.width).toBe(320);
    }
    for (const host of [`${siteB.slug}.localhost`, 'unknown.example']) {
      const other = await get(sites.server, host, variant(car.id, 320, 'avif'));
      expect(other.status, host).toBe(404);
      expect(other.headers['content-type']).not.toContain('image');
    }
    // a bad width is a 400 only for a car the site shows; another site's car stays a plain 404
    const badWidth = await get(sites.server, `${siteA.slug}.localhost`, variant(car.id, 333, 'avif'));
    expect(badWidth.status).toBe(400);
    expect(badWidth.body).toContain('width must be one of');
    expect((await get(sites.server, `${siteB.slug}.localhost`, variant(car.id, 333, 'avif'))).status).toBe(404);
    expect((await get(sites.server, `${siteA.slug}.localhost`, `/media/cars/${car.id}/0-320w.old.avif`)).status).toBe(404);
    expect((await get(sites.server, `${siteA.slug}.localhost`, `/media/cars/${car.id}/99-320w.${DRAWING_VERSION}.avif`)).status).toBe(404);
  }, 60_000);

  it('a model picture has its variants too', async () => {
    const answer = await get(sites.server, `${siteA.slug}.localhost`, `/media/models/mazda-cx-5-160w.${DRAWING_VERSION}.webp`);
    expect([answer.status, answer.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await get(sites.server, `${siteA.slug}.localhost`, '/media/models/mazda-cx-5.svg')).headers['content-type']).toContain('svg');
  }, 30_000);
});
