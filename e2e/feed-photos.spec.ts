// A stock feed's car photos (issue 17, item 4) in Chromium on the production build: the site's stock (INVENTORY_FILE)
// has a car whose photos are on another host (a loopback "dealer photo host", allow-listed with FEED_PHOTO_ALLOW_HOSTS);
// its vehicle page offers them as AVIF/WebP variants of the site's own, Chromium loads the AVIF one, rendered from the
// photo the server fetched once into its IMAGE_CACHE_DIR, and the <img> keeps the feed's own address as its fallback.
// Its own server (E2E_PORT + 22).
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { isolatedDataEnv, port as basePort, siteUrl, startServer, type SpecServer } from './helpers';

const port = basePort + 22;
const SITE = 'big-sky-cars';
const CAR = { id: 990001, slug: '2022-toyota-hilux-sr5-990001' };
const SPIN_CAR = { id: 990002, slug: '2022-toyota-hilux-sr5-990002' };
let server: SpecServer | undefined;
let photoHost: Server;
let photoBase = '';
const photoRequests: string[] = [];
let imageCache = '';

test.describe.configure({ mode: 'serial' });

// The photo host holds every answer until a test releases it: the server must start and serve the stock meanwhile.
let releasePhotos = () => {};
const photosReleased = new Promise<void>((resolve) => {
  releasePhotos = resolve;
});
const SERVED_FIRST = 'a start with a new feed serves its cars before any placeholder is made; the placeholders come in the background';
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured; this hook needs none
test.beforeEach(({}, info) => {
  if (info.title !== SERVED_FIRST) releasePhotos();
});

test.beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b02a2a' } })
    .jpeg()
    .toBuffer();
  photoHost = createServer(async (req, res) => {
    photoRequests.push(req.url!);
    await photosReleased;
    if (/^\/stock\/(hilux-[12]|spin-[0-3])\.jpg$/.test(req.url!)) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve));
  photoBase = `http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`;
  const data = mkdtempSync(join(tmpdir(), 'feed-photos-e2e-'));
  imageCache = join(data, 'image-cache');
  const stock = join(data, 'stock.json');
  const photos = ['hilux-1.jpg', 'hilux-2.jpg'].map((file) => ({ image: { url: `${photoBase}/stock/${file}` } }));
  writeFileSync(
    stock,
    JSON.stringify(
      [CAR, SPIN_CAR].map((ids) => ({
        ...ids,
        make: 'Toyota',
        model: 'Hilux',
        badge: 'SR5',
        year: 2022,
        km: 41000,
        price: 52990,
        car_type: 'used',
        status: 'in_stock',
        show_on_dealer_website: true, // listed in the site's search too (the card's placeholder)
        ...(ids === SPIN_CAR ? { spin_images: [0, 1, 2, 3].map((i) => `${photoBase}/stock/spin-${i}.jpg`) } : {}),
        dealership_id: 201,
        location_id: 2011,
        images: photos,
      })),
    ),
  );
  server = await startServer({
    port,
    env: { NODE_ENV: 'production', INVENTORY_FILE: stock, FEED_PHOTO_ALLOW_HOSTS: '127.0.0.1', ...isolatedDataEnv(data) },
  });
});
test.afterAll(() => {
  server?.stop();
  photoHost?.close();
});

test(SERVED_FIRST, async ({ request }) => {
  // Node does not resolve *.localhost: the site is named by the Host header
  const host = new URL(siteUrl(SITE, '/', port)).host;
  const html = async () => (await request.get(`http://127.0.0.1:${port}/cars/${CAR.slug}`, { headers: { host } })).text();
  const background = /style="background-image:url\(data:image\/webp;base64,/;
  // Every photo is still held by its host, yet the server is up and the car's page is there, without a placeholder.
  const before = await html();
  expect(before).toContain('Toyota Hilux');
  expect(before).toContain(`${photoBase}/stock/hilux-1.jpg`);
  expect(before).not.toMatch(background);
  releasePhotos();
  // Made in the background and put into the served car: the page has them without a restart or a new import.
  await expect.poll(html).toMatch(background);
});

test("a feed car's gallery photo: Chromium loads the site's AVIF variant of it; the <img> falls back to the feed's address", async ({ page }) => {
  const variants: { url: string; type: string; status: number; cacheControl: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/media/cars/${CAR.id}/photos/`))
      variants.push({
        url: response.url(),
        type: response.headers()['content-type'] ?? '',
        status: response.status(),
        cacheControl: response.headers()['cache-control'] ?? '',
      });
  });
  await page.goto(siteUrl(SITE, `/cars/${CAR.slug}`, port));
  const first = page.locator('.gallery-slide-image img').first();
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('src', `${photoBase}/stock/hilux-1.jpg`);
  const sourceTypes = await first.evaluate((img) => [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('type')));
  expect(sourceTypes).toEqual(['image/avif', 'image/webp']);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const current = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toMatch(new RegExp(`/media/cars/${CAR.id}/photos/[a-f0-9]{16}-\\d+w\\.avif$`));
  expect(variants.find((r) => r.url === current)).toMatchObject({ status: 200, type: 'image/avif', cacheControl: 'public, max-age=31536000, immutable' });
  // the server fetched the photo from the feed's host (once), the browser did not
  expect(photoRequests.filter((url) => url === '/stock/hilux-1.jpg')).toHaveLength(1);
  const files = readdirSync(imageCache, { recursive: true }).map(String);
  expect(files.some((f) => f.startsWith('feed-photos') && f.endsWith('.img'))).toBe(true);
  expect(files.some((f) => f.endsWith('.avif'))).toBe(true);
  // the share image is an absolute raster address of the site's own JPEG variant
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(new RegExp(`^https?://[^/]+/media/cars/${CAR.id}/photos/[a-f0-9]{16}-1200w\\.jpg$`));
});

test("a feed car's spin frames: Chromium preloads and shows the site's 800w WebP variant of each, fetched once by the server", async ({ page }) => {
  const frameRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/media/cars/${SPIN_CAR.id}/photos/`) || request.url().startsWith(photoBase)) frameRequests.push(request.url());
  });
  await page.goto(siteUrl(SITE, `/cars/${SPIN_CAR.slug}`, port));
  // this site opens the spin gallery on its Images tab
  await page.getByRole('tab', { name: 'Spin' }).click();
  const frame = page.locator('.spin-control img');
  await expect(frame).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  expect(await frame.getAttribute('src')).toMatch(new RegExp(`^/media/cars/${SPIN_CAR.id}/photos/[a-f0-9]{16}-800w\\.webp$`));
  // the Images tab's photos are variants too; the frames are the four 800w WebP addresses
  await expect.poll(() => new Set(frameRequests.filter((url) => /-800w\.webp$/.test(url))).size).toBe(4);
  // the browser never asks the feed's host; each frame is one address (preloaded and shown alike)
  expect(frameRequests.filter((url) => url.startsWith(photoBase))).toEqual([]);
  // the browser's request for a frame can come before the server has fetched its original: wait for all four, each once
  await expect.poll(() => [0, 1, 2, 3].map((i) => photoRequests.filter((url) => url === `/stock/spin-${i}.jpg`).length)).toEqual([1, 1, 1, 1]);
});

test("the listing PDF embeds a feed car's photo (its JPEG variant, from the server's cache)", async ({ request }) => {
  // Node does not resolve *.localhost: the site is named by the Host header
  const pdf = await request.get(`http://127.0.0.1:${port}/api/cars/${CAR.slug}/pdf`, { headers: { host: new URL(siteUrl(SITE, '/', port)).host } });
  expect(pdf.status()).toBe(200);
  const text = (await pdf.body()).toString('latin1');
  expect(text).toContain('/Subtype /Image');
  expect(text).toContain('/Filter /DCTDecode');
  expect(photoRequests.filter((url) => url === '/stock/hilux-1.jpg')).toHaveLength(1);
});

test("a feed car's search card and gallery photos paint their blurred placeholders in the photo's box, which keeps its size", async ({ page }) => {
  const placeholderOf = (img: Locator) => img.evaluate((el) => getComputedStyle(el).backgroundImage);
  const asDataUri = /^url\("data:image\/webp;base64,[A-Za-z0-9+/=]+"\)$/;
  // The placeholder is in the server's HTML (no script makes it): the photo's box shows it before anything loads.
  // Node does not resolve *.localhost: the site is named by the Host header
  const host = new URL(siteUrl(SITE, '/', port)).host;
  const html = await (await page.request.get(`http://127.0.0.1:${port}/cars/${CAR.slug}`, { headers: { host } })).text();
  expect(html).toMatch(/<img[^>]+style="background-image:url\(data:image\/webp;base64,[A-Za-z0-9+/=]+\);background-size:cover/);

  await page.goto(siteUrl(SITE, `/cars/${CAR.slug}`, port));
  const slide = page.locator('.gallery-slide-image img').first();
  expect(await placeholderOf(slide)).toMatch(asDataUri);
  const gallery = await placeholderOf(slide);
  // not only the main photo: every photo of the gallery has its own
  const slides = page.locator('.gallery-main .gallery-slide-image img');
  await expect(slides).toHaveCount(2);
  expect(await placeholderOf(slides.nth(1))).toMatch(asDataUri);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl(SITE, '/search', port));
  const card = page.locator(`.car-card[data-car-id="${CAR.id}"] .car-card-media img`);
  await expect(card).toBeVisible();
  // the same preview as the gallery's, in a box of the card's fixed shape whether or not the photo has loaded
  expect(await placeholderOf(card)).toBe(gallery);
  const box = await card.boundingBox();
  expect(box!.width / box!.height).toBeCloseTo(640 / 427, 1);
  // the placeholder is a picture of the photo: dark red like the feed's photo, not a grey box
  const uri = gallery.slice('url("'.length, -'")'.length);
  const rgb = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(image.width >> 1, image.height >> 1, 1, 1).data;
    return [r, g, b];
  }, uri);
  expect(rgb[0]).toBeGreaterThan(140);
  expect(rgb[1]).toBeLessThan(80);
  expect(rgb[2]).toBeLessThan(80);
});
