// Responsive images (issue 17, item 4) in Chromium on the production build: on a home, search and vehicle page every
// <img> has width and height; the vehicle page's first gallery photo and the search page's first car photo are fetched
// with high priority and the images further down lazily; and Chromium really loads an AVIF or WebP variant of a car
// photo, rendered on first request into this server's own IMAGE_CACHE_DIR and answered with a year-long cache.
// Its own server (E2E_PORT + 6) with a small demo stock and an empty image cache folder.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { isolatedDataEnv, port as basePort, siteUrl, startServer, type SpecServer } from './helpers';
import { atLeast } from '../test-support/at-least';

const port = basePort + 6;
const SITE = 'big-sky-cars';
let server: SpecServer | undefined;
let imageCache = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), 'images-e2e-'));
  imageCache = join(data, 'image-cache');
  server = await startServer({ port, env: { NODE_ENV: 'production', INVENTORY_SIZE: '600', ...isolatedDataEnv(data) } });
});
test.afterAll(() => server?.stop());

/** Every <img> of the page as the server sent it and the browser holds it. */
const images = (page: Page) =>
  page.locator('img').evaluateAll((list) =>
    (list as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute('src'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      fetchpriority: img.getAttribute('fetchpriority'),
      inPicture: img.parentElement?.tagName === 'PICTURE',
      sourceTypes: [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('type')),
    })),
  );

async function expectAllSized(page: Page) {
  const all = await images(page);
  expect(all.length).toBeGreaterThan(0);
  for (const img of all) {
    expect(Number(img.width), `width of ${img.src}`).toBeGreaterThan(0);
    expect(Number(img.height), `height of ${img.src}`).toBeGreaterThan(0);
  }
  return all;
}

test('home page: every image has its width and height; none below the header is fetched eagerly without reason', async ({ page }) => {
  await page.goto(siteUrl(SITE, '/', port));
  const all = await expectAllSized(page);
  // the logo is at the top and comes at once; the home page has no photo above the fold to prioritise
  expect(all[0]).toMatchObject({ src: '/tenant-assets/big-sky-cars/logo.svg', width: '220', height: '48', loading: 'eager' });
  expect(all.filter((img) => img.fetchpriority === 'high').length).toBeLessThanOrEqual(1);
});

test('search page: the first car photo is the priority image, the cards further down load lazily, AVIF/WebP offered', async ({ page }) => {
  await page.goto(siteUrl(SITE, '/search', port));
  await expect(page.locator('.car-card').first()).toBeVisible();
  const all = await expectAllSized(page);
  const photos = all.filter((img) => img.src?.startsWith('/media/cars/'));
  expect(photos.length).toBeGreaterThan(6);
  const [first] = atLeast(1, photos, 'the car photos');
  expect(first).toMatchObject({ fetchpriority: 'high', loading: 'eager', inPicture: true, sourceTypes: ['image/avif', 'image/webp'] });
  expect(first.src).toMatch(/^\/media\/cars\/\d+\/0-\d+w\.[a-z0-9]+\.jpg$/);
  expect(all.filter((img) => img.fetchpriority === 'high')).toHaveLength(1);
  for (const later of photos.slice(3)) expect(later.loading, later.src!).toBe('lazy');
});

test('vehicle page: the first gallery photo is fetched first, the other photos lazily; Chromium loads an AVIF variant', async ({ page }) => {
  await page.goto(siteUrl(SITE, '/search', port));
  const href = await page.locator('.car-card-title a').first().getAttribute('href');
  const carImages: { url: string; type: string; status: number; cacheControl: string }[] = [];
  page.on('response', (response) => {
    if (/\/media\/cars\/\d+\/\d+-\d+w\./.test(response.url()))
      carImages.push({
        url: response.url(),
        type: response.headers()['content-type'] ?? '',
        status: response.status(),
        cacheControl: response.headers()['cache-control'] ?? '',
      });
  });
  await page.goto(siteUrl(SITE, href!, port));
  const gallery = page.locator('.gallery-slide-image img');
  await expect(gallery.first()).toBeVisible();
  await expect(gallery.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(gallery.first()).toHaveAttribute('loading', 'eager');
  const all = await expectAllSized(page);
  expect(all.filter((img) => img.fetchpriority === 'high')).toHaveLength(1);
  const slides = await gallery.evaluateAll((list) => list.map((img) => img.getAttribute('loading')));
  expect(slides.length).toBeGreaterThan(1);
  expect(slides.slice(1).every((loading) => loading === 'lazy')).toBe(true);
  // Chromium picks the AVIF source of the <picture>: the server rendered it on this request and says so by its type
  await expect.poll(() => gallery.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const current = await gallery.first().evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toMatch(/\/media\/cars\/\d+\/0-\d+w\.[a-z0-9]+\.avif$/);
  const loaded = carImages.find((r) => r.url === current);
  expect(loaded).toMatchObject({ status: 200, type: 'image/avif', cacheControl: 'public, max-age=31536000, immutable' });
  // rendered once into the server's cache folder, nothing more at start
  const files = readdirSync(imageCache, { recursive: true }).map(String);
  expect(files.some((f) => f.endsWith('.avif'))).toBe(true);
});
