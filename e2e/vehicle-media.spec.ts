// The vehicle page's main column in Chromium (docs/requirements/vehicle-browsing.md#screens, #states, #validation,
// #constants): breadcrumb and JSON-LD, gallery, fullscreen,
// spin viewer, key information, tabs and spec lists, on two sites with different vehicle settings:
// harbourside-mazda (seed defaults: spin view first) and big-sky-cars (Images first, new-arrival placeholders,
// expired rego shows 'Unregistered').
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors as watchAllErrors } from './helpers';

const A = 'harbourside-mazda';
const B = 'big-sky-cars';
const CARAVANS = 'outback-caravans-motorcycles';

interface CarHit {
  id: number;
  path: string;
  title: string;
  make: string;
  model: string;
  car_type: string;
  simple_body: string | null;
  price: number;
  status: string;
  images: unknown[];
  video_url: string | null;
  spin_images: string[] | null;
  hotspots: { exterior: { description: string; anchors: { activeAngle: number }[] }[] } | null;
  dealercomments: string | null;
  standardEquipment: string[];
  rego_expiry: string | null;
  item_type: string;
  specifications: Record<string, string | number | null> | null;
}

// docs/requirements/vehicle-browsing.md#errors: the price comparison card (another block on this page) logs these on purpose when the market service
// has no data; the failed autogauge request is allowed for the same reason and every other failed request counts.
const SEED_CONSOLE_MESSAGES = ['Failed to fetch auto gauge data.', 'No data returned'];

/** Console errors and failed requests of a page, read when called. */
function watchErrors(page: Page): () => string[] {
  const errors = watchAllErrors(page);
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && !/\/autogauge(\?|$)/.test(r.url()) && failed.push(`${r.status()} ${r.url()}`));
  return () => [
    ...errors.filter((e) => !SEED_CONSOLE_MESSAGES.includes(e) && !e.startsWith('Failed to load resource: the server responded with a status of 404')),
    ...failed,
  ];
}

/** Node does not resolve *.localhost as browsers do: API calls go to 127.0.0.1 with the site's Host header. */
const direct = (slug: string, path: string) => ({ url: `http://127.0.0.1:${port}${path}`, headers: { host: `${slug}.localhost:${port}` } });

/** A demo-inventory car by its (deterministic) id, read through the site's own search API. */
async function car(request: APIRequestContext, slug: string, id: number): Promise<CarHit> {
  const stocknums = ['N', 'U', 'D'].map((p) => `"${p}${String(id).padStart(6, '0')}"`).join(', ');
  const { url, headers } = direct(slug, '/api/search');
  const res = await request.post(url, { headers, data: { queries: [{ filter: `stocknum IN [${stocknums}]`, hitsPerPage: 1 }] } });
  expect(res.ok()).toBe(true);
  const hit = (await res.json()).results[0].hits[0] as CarHit | undefined;
  expect(hit, `car ${id} on ${slug}`).toBeTruthy();
  return hit!;
}

async function open(page: Page, slug: string, path: string) {
  const response = await page.goto(siteUrl(slug, path));
  expect(response?.status()).toBe(200);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

const gallery = (page: Page) => page.locator('.vehicle-gallery');
const stage = (page: Page) => page.getByRole('slider', { name: /360° view/ });
const slideCount = (page: Page) => page.locator('.gallery-main > .keen-slider__slide');

test.describe('spin viewer', () => {
  test('an in-stock car with spin frames: drag, arrow keys, wrap-around, hint, hotspots and tabs', async ({ page, request }) => {
    const errors = watchErrors(page);
    const spinCar = await car(request, A, 10100004);
    expect(spinCar.spin_images?.length).toBe(36);
    const spinChunks: string[] = [];
    const frameRequests = new Set<string>();
    page.on('request', (r) => {
      if (/SpinViewer-[^/]*\.js$/.test(r.url())) spinChunks.push(r.url());
      if (/\/spin\/\d+\./.test(r.url())) frameRequests.add(new URL(r.url()).pathname);
    });
    await open(page, A, spinCar.path);

    const tabs = gallery(page).getByRole('tablist', { name: 'Vehicle views' });
    await expect(tabs.getByRole('tab')).toHaveText(['Spin', 'Images', 'Interior']);
    await expect(tabs.getByRole('tab', { name: 'Spin' })).toHaveAttribute('aria-selected', 'true');
    // Opening on the spin viewer, the gallery's code waits for the shopper's touch: the server's HTML shows the first
    // frame and the hint, and nothing claims to be loading.
    await page.waitForLoadState('networkidle');
    const block = page.locator('[data-block-type="vehicle-gallery"]');
    await expect(block).not.toHaveAttribute('data-hydrated', /.*/);
    expect(spinChunks).toEqual([]);
    expect(frameRequests.size).toBeLessThanOrEqual(1);
    await expect(gallery(page).getByRole('status')).toHaveCount(0);
    const hint = gallery(page).getByText('Swipe to spin');
    await expect(hint).toBeVisible();
    await expect(stage(page)).toHaveAttribute('aria-valuenow', '1');

    // Touched (here focused), it hydrates and preloads every frame behind a loading indicator; then the hint shows
    // until the first interaction.
    await stage(page).focus();
    await expect(block).toHaveAttribute('data-hydrated', 'true');
    await expect.poll(() => frameRequests.size).toBe(36);
    await expect(gallery(page).getByRole('status')).toHaveCount(0);
    await expect(hint).toBeVisible();
    expect(spinChunks.length).toBe(1);

    // Arrow keys step one frame and wrap around both ends.
    await stage(page).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(stage(page)).toHaveAttribute('aria-valuenow', '36');
    await expect(hint).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(stage(page)).toHaveAttribute('aria-valuenow', '2');
    await expect(stage(page).locator('img').first()).toHaveAttribute('src', spinCar.spin_images?.[1] ?? '');

    // Dragging by mouse: one frame per 20 px, right is forward, wrapping past the last frame.
    const box = (await stage(page).boundingBox())!;
    const y = box.y + box.height * 0.85;
    await page.mouse.move(box.x + 100, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, y, { steps: 5 });
    await page.mouse.up();
    await expect(stage(page)).toHaveAttribute('aria-valuenow', '7');
    await page.mouse.move(box.x + 300, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, y, { steps: 8 });
    await page.mouse.up();
    await expect(stage(page)).toHaveAttribute('aria-valuenow', '35');

    // Hotspots follow the angle: the ones with an anchor on this frame show, with their description.
    const frame = 34;
    const expected = spinCar.hotspots!.exterior.filter((h) => h.anchors.some((a) => a.activeAngle === frame)).map((h) => h.description);
    // The hotspots sit beside the slider on the same stage (a slider must not contain buttons).
    const spinStage = stage(page).locator('xpath=..');
    const dots = spinStage.locator('.hotspot-dot');
    await expect(dots).toHaveCount(expected.length);
    if (expected.length) {
      await dots.first().click();
      await expect(spinStage.getByRole('note')).toHaveText(expected[0] ?? '');
    }

    await tabs.getByRole('tab', { name: 'Images' }).click();
    await expect(gallery(page).locator('.gallery-thumbs button')).toHaveCount(spinCar.images.length);
    await tabs.getByRole('tab', { name: 'Interior' }).click();
    await expect(gallery(page).getByRole('img', { name: /interior/ })).toBeVisible();
    await expect(gallery(page).locator('.interior-view .hotspot-dot').first()).toBeVisible();
    // Arrow keys move between the view tabs too.
    await tabs.getByRole('tab', { name: 'Interior' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Spin' })).toHaveAttribute('aria-selected', 'true');
    await expect(stage(page)).toBeVisible();
    expect(errors()).toEqual([]);
  });

  test('a site set to open on Images shows the photos first and spins on demand', async ({ page, request }) => {
    const errors = watchErrors(page);
    const spinCar = await car(request, B, 20100004);
    expect(spinCar.spin_images?.length).toBeGreaterThan(0);
    await open(page, B, spinCar.path);
    const tabs = gallery(page).getByRole('tablist', { name: 'Vehicle views' });
    await expect(tabs.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');
    await expect(slideCount(page)).toHaveCount(spinCar.images.length + (spinCar.video_url ? 1 : 0));
    await tabs.getByRole('tab', { name: 'Spin' }).click();
    await expect(stage(page)).toHaveAttribute('aria-valuenow', '1');
    await expect(gallery(page).getByText('Swipe to spin')).toBeVisible();
    expect(errors()).toEqual([]);
  });

  test('cars without spin frames never download the spin viewer', async ({ page, request }) => {
    const plain = await car(request, A, 10100025);
    expect(plain.spin_images ?? []).toEqual([]);
    const chunks: string[] = [];
    page.on('request', (r) => /(SpinViewer|Lightbox)-[^/]*\.js$/.test(r.url()) && chunks.push(r.url()));
    await open(page, A, plain.path);
    await expect(slideCount(page).first()).toBeVisible();
    expect(chunks).toEqual([]);
    expect(await page.locator('link[rel="modulepreload"][href*="SpinViewer"], link[rel="modulepreload"][href*="Lightbox"]').count()).toBe(0);
  });
});

test.describe('gallery', () => {
  test('a car with a video has it as slide 2; thumbnails and the fullscreen slider work by mouse and keyboard', async ({ page, request }) => {
    const errors = watchErrors(page);
    await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>video</title>' }));
    const videoCar = await car(request, A, 10100025);
    expect(videoCar.video_url).toContain('youtube.com');
    const photos = videoCar.images.length;
    const lightboxChunks: string[] = [];
    page.on('request', (r) => /Lightbox-[^/]*\.js$/.test(r.url()) && lightboxChunks.push(r.url()));
    await open(page, A, videoCar.path);

    await expect(slideCount(page)).toHaveCount(photos + 1);
    await expect(slideCount(page).nth(1)).toHaveAttribute('data-slide-kind', 'video');
    await expect(slideCount(page).nth(0)).toHaveAttribute('data-slide-kind', 'image');
    const thumbs = gallery(page).locator('.gallery-thumbs button');
    await expect(thumbs).toHaveCount(photos + 1);
    await expect(thumbs.nth(1)).toHaveAccessibleName('Show slide 2 (video)');

    // Thumbnail 2 brings the video slide; it plays only when asked.
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(gallery(page).locator('.gallery-count')).toHaveText(`2 / ${photos + 1}`);
    await gallery(page)
      .getByRole('button', { name: /Play the video/ })
      .click();
    await expect(gallery(page).locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/);

    // Keyboard on the slider: arrows change slide.
    const viewport = gallery(page).getByRole('region', { name: /photos/ });
    await viewport.focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery(page).locator('.gallery-count')).toHaveText(`3 / ${photos + 1}`);

    // Fullscreen is downloaded only when opened; Escape closes it and focus returns.
    expect(lightboxChunks).toEqual([]);
    const fullscreen = gallery(page).getByRole('button', { name: 'Fullscreen', exact: true });
    await fullscreen.click();
    const dialog = page.getByRole('dialog', { name: /photos/ });
    await expect(dialog).toBeVisible();
    expect(lightboxChunks.length).toBe(1);
    await expect(dialog.locator('.lightbox-count')).toHaveText(`2 / ${photos}`);
    await expect(dialog.getByRole('button', { name: 'Close fullscreen gallery' })).toBeFocused();
    await expect(dialog.locator('.lightbox-thumb')).toHaveCount(photos);
    await page.keyboard.press('ArrowRight');
    await expect(dialog.locator('.lightbox-count')).toHaveText(`3 / ${photos}`);
    await dialog
      .locator('.lightbox-thumb')
      .nth(photos - 1)
      .click();
    await expect(dialog.locator('.lightbox-count')).toHaveText(`${photos} / ${photos}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(fullscreen).toBeFocused();

    // By keyboard: Enter on the slider opens the photo shown; the close button closes it.
    await viewport.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close fullscreen gallery' }).press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(viewport).toBeFocused();
    expect(errors()).toEqual([]);
  });

  test("the slider's code downloads on first use, not with the page; a swipe made before it existed still changes the photo", async ({ page, request }) => {
    const errors = watchErrors(page);
    const videoCar = await car(request, A, 10100025);
    const sliderChunks: string[] = [];
    page.on('request', (r) => /keen-slider[^/]*\.js$/.test(r.url()) && sliderChunks.push(r.url()));
    await open(page, A, videoCar.path);
    await page.waitForLoadState('networkidle');
    expect(sliderChunks).toEqual([]);
    await expect(gallery(page).locator('.gallery-count')).toHaveText(`1 / ${videoCar.images.length + 1}`);

    // A finger swiping left across the photo before anything else touched the gallery (no hover on a phone).
    const viewport = gallery(page).getByRole('region', { name: /photos/ });
    const box = (await viewport.boundingBox())!;
    const at = (x: number) => ({ clientX: box.x + x, clientY: box.y + box.height / 2, pointerType: 'touch', isPrimary: true, bubbles: true });
    await viewport.dispatchEvent('pointerdown', at(box.width * 0.8));
    await viewport.dispatchEvent('pointerup', at(box.width * 0.2));
    await expect(gallery(page).locator('.gallery-count')).toHaveText(`2 / ${videoCar.images.length + 1}`);
    expect(sliderChunks.length).toBe(1);
    // From then on the slider itself follows the arrows.
    await gallery(page).getByRole('button', { name: 'Next slide' }).click();
    await expect(gallery(page).locator('.gallery-count')).toHaveText(`3 / ${videoCar.images.length + 1}`);
    expect(errors()).toEqual([]);
  });

  test('one photo: a single slide without thumbnails, or new-arrival placeholders where the site has them', async ({ page, request }) => {
    const errors = watchErrors(page);
    const oneA = await car(request, A, 10100006);
    expect(oneA.images).toHaveLength(1);
    await open(page, A, oneA.path);
    await expect(slideCount(page)).toHaveCount(1);
    await expect(gallery(page).locator('.gallery-thumbs')).toHaveCount(0);
    await expect(gallery(page).getByRole('button', { name: 'Next slide' })).toHaveCount(0);

    const oneB = await car(request, B, 20100006);
    expect(oneB.images).toHaveLength(1);
    await open(page, B, oneB.path);
    await expect(slideCount(page)).toHaveCount(3);
    await expect(slideCount(page).nth(1)).toHaveAttribute('data-slide-kind', 'placeholder');
    await expect(slideCount(page).nth(1).locator('img')).toHaveAttribute('src', '/tenant-assets/big-sky-cars/new-arrival-1.svg');
    await expect(slideCount(page).nth(2).locator('img')).toHaveAttribute('src', '/tenant-assets/big-sky-cars/new-arrival-2.svg');
    // docs/requirements/vehicle-browsing.md#states: thumbnails need more than 3 real images.
    await expect(gallery(page).locator('.gallery-thumbs')).toHaveCount(0);
    expect(errors()).toEqual([]);
  });

  test('no photo: the default placeholder', async ({ page, request }) => {
    const none = await car(request, A, 10100007);
    expect(none.images).toHaveLength(0);
    await open(page, A, none.path);
    await expect(slideCount(page)).toHaveCount(1);
    await expect(slideCount(page).first()).toHaveAttribute('data-slide-kind', 'placeholder');
    await expect(slideCount(page).first().locator('img')).toHaveAttribute('src', '/media/placeholder.svg');
    await expect(slideCount(page).first().locator('img')).toHaveJSProperty('complete', true);
    expect(
      await slideCount(page)
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
  });
});

test.describe('breadcrumb and structured data', () => {
  test('Home, type, make, model, body and the title, with JSON-LD in the server HTML', async ({ page, request }) => {
    const c = await car(request, A, 10100004);
    const { url, headers } = direct(A, c.path);
    const html = await (await request.get(url, { headers })).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? 'null'));
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
    const offer = blocks.find((b) => b['@type'] === 'Car');
    const names = ['Home', 'New Cars', 'Mazda', 'BT-50', 'Ute', c.title];
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(names);
    expect(crumbs.itemListElement.map((i: { position: number }) => i.position)).toEqual([1, 2, 3, 4, 5, 6]);
    // Absolute addresses on the site's configured url (tenants/harbourside-mazda.json), whatever host asked.
    expect(crumbs.itemListElement[0].item).toBe('https://www.harbourside-mazda.example/');
    expect(offer.name).toBe(c.title);
    expect(offer.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'AUD', price: c.price, availability: 'https://schema.org/InStock' });

    await open(page, A, c.path);
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(nav.getByRole('listitem')).toHaveText(names);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(c.title);
    await expect(nav.getByRole('link', { name: 'Mazda' })).toHaveAttribute('href', '/search/mazda');
    await expect(nav.getByRole('link', { name: 'BT-50' })).toHaveAttribute('href', '/search/mazda/bt-50');
  });

  test("a caravan's breadcrumb names caravans, and its link finds caravans of that type", async ({ page, request }) => {
    const caravan = await car(request, CARAVANS, 40100013);
    expect(caravan.item_type).toBe('caravan');
    const typeName = `${caravan.car_type!.charAt(0).toUpperCase()}${caravan.car_type!.slice(1)} Caravans`;
    await open(page, CARAVANS, caravan.path);
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    const crumb = nav.getByRole('link', { name: typeName });
    await expect(crumb).toHaveAttribute('href', `/search/caravan?car_type=${caravan.car_type}`);
    await expect(nav).not.toContainText('Cars');
    await crumb.click();
    await expect(page).toHaveURL(new RegExp(`/search/caravan\\?car_type=${caravan.car_type}$`));
    await expect(page.locator('.car-card').first()).toBeVisible();
  });
});

test.describe('key information, dealer comments, tabs and specifications', () => {
  test('show more / show less toggles and the tabs', async ({ page, request }) => {
    const errors = watchErrors(page);
    const c = await car(request, A, 10100008);
    expect(c.dealercomments!.length).toBeGreaterThan(400);
    expect(c.standardEquipment.length).toBeGreaterThan(8);
    await open(page, A, c.path);

    const keyInfo = page.getByRole('region', { name: 'Key Information' });
    await expect(keyInfo.locator('.spec-row')).toHaveCount(4);
    await expect(keyInfo.locator('dt')).toHaveText(['Odometer', 'Transmission', 'Fuel Type', 'Body']);
    // The overview and the specs hydrate when first touched ("x-hydrate": "interaction"): a click before then takes effect once their
    // code has loaded, so the rows are waited for.
    await keyInfo.getByRole('button', { name: 'Show More' }).click();
    await expect.poll(() => keyInfo.locator('.spec-row').count()).toBeGreaterThan(4);
    await keyInfo.getByRole('button', { name: 'Show Less' }).click();
    await expect(keyInfo.locator('.spec-row')).toHaveCount(4);

    const tablist = page.getByRole('tablist', { name: 'About this vehicle' });
    await expect(tablist.getByRole('tab')).toHaveText([
      'Dealer Comments',
      "What's Included",
      'Why Buy From Us?',
      'Reserve Online',
      'Protect Your Car',
      'Features',
    ]);
    const comments = page.locator('.dealer-comments');
    const full = c.dealercomments!.trim();
    const shown = (await comments.locator('p').allInnerTexts()).join('\n');
    // docs/requirements/vehicle-browsing.md#states: truncated to 400 characters (then '...') until expanded.
    expect(shown.endsWith('...')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(403);
    expect(full.replace(/\n+/g, '\n').startsWith(shown.slice(0, -3))).toBe(true);
    await comments.getByRole('button', { name: 'Show More' }).click();
    await expect(comments.locator('p').last()).toHaveText(full.split(/\n+/).at(-1)!);
    await comments.getByRole('button', { name: 'Show Less' }).click();
    await expect(comments.getByRole('button', { name: 'Show More' })).toBeVisible();

    // Tabs by keyboard: End goes to Features, whose list shows 8 then Show All / Hide.
    await tablist.getByRole('tab', { name: 'Dealer Comments' }).focus();
    await page.keyboard.press('End');
    const featuresTab = tablist.getByRole('tab', { name: 'Features' });
    await expect(featuresTab).toHaveAttribute('aria-selected', 'true');
    await expect(featuresTab).toBeFocused();
    const panel = page.getByRole('tabpanel', { name: 'Features' });
    await expect(panel.getByRole('listitem')).toHaveCount(8);
    await panel.getByRole('button', { name: 'Show All' }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(c.standardEquipment.length);
    await panel.getByRole('button', { name: 'Hide' }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(8);
    await featuresTab.press('ArrowRight');
    await expect(tablist.getByRole('tab', { name: 'Dealer Comments' })).toHaveAttribute('aria-selected', 'true');
    await tablist.getByRole('tab', { name: 'Reserve Online' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Reserve Online' })).toContainText('$200 deposit');
    await expect(page.getByRole('tabpanel', { name: 'Reserve Online' })).toContainText('48 hours');

    const allSpecs = page.getByRole('region', { name: 'All Specifications' });
    await expect(allSpecs.locator('.spec-row')).toHaveCount(4);
    await allSpecs.getByRole('button', { name: 'Show All Specs' }).click();
    await expect.poll(() => allSpecs.locator('.spec-row').count()).toBeGreaterThan(10);
    await allSpecs.getByRole('button', { name: 'Hide Specs' }).click();
    await expect(allSpecs.locator('.spec-row')).toHaveCount(4);
    expect(errors()).toEqual([]);
  });

  test('empty dealer comments show the pending message and no Features tab without features', async ({ page, request }) => {
    const c = await car(request, A, 10100028);
    expect(c.dealercomments ?? '').toBe('');
    expect(c.standardEquipment ?? []).toEqual([]);
    await open(page, A, c.path);
    await expect(page.getByRole('tabpanel', { name: 'Dealer Comments' })).toHaveText('Dealer comments are pending. Please check back here later.');
    await expect(page.getByRole('tab', { name: 'Features' })).toHaveCount(0);
    await expect(page.getByRole('tab')).not.toHaveCount(0);
  });

  test("rego expiry: 'Expires on {date}', and an expired rego shows 'Unregistered' only where the site says so", async ({ page, request }) => {
    const future = await car(request, A, 10100005);
    const [y, m, d] = future.rego_expiry!.split('-');
    await open(page, A, future.path);
    const allSpecs = page.getByRole('region', { name: 'All Specifications' });
    await allSpecs.getByRole('button', { name: 'Show All Specs' }).click();
    await expect(allSpecs.locator('.spec-row', { hasText: 'Registration' }).locator('dd')).toHaveText(`Expires on ${d}/${m}/${y}`);

    const expiredA = await car(request, A, 10100009);
    expect(new Date(expiredA.rego_expiry!).getTime()).toBeLessThan(Date.now());
    await open(page, A, expiredA.path);
    await page.getByRole('region', { name: 'All Specifications' }).getByRole('button', { name: 'Show All Specs' }).click();
    await expect(page.locator('.spec-row', { hasText: 'Registration' })).toHaveCount(0);
    await expect(page.getByText('Unregistered')).toHaveCount(0);

    const expiredB = await car(request, B, 20100004);
    expect(new Date(expiredB.rego_expiry!).getTime()).toBeLessThan(Date.now());
    await open(page, B, expiredB.path);
    const specsB = page.getByRole('region', { name: 'All Specifications' });
    await specsB.getByRole('button', { name: 'Show All Specs' }).click();
    await expect(specsB.locator('.spec-row', { hasText: 'Registration' }).locator('dd')).toHaveText('Unregistered');
  });

  test('a caravan shows its caravan specifications, hiding empty and null values', async ({ page, request }) => {
    const errors = watchErrors(page);
    const caravan = await car(request, CARAVANS, 40100013);
    expect(caravan.item_type).toBe('caravan');
    await open(page, CARAVANS, caravan.path);
    const section = page.getByRole('region', { name: 'Caravan Specifications' });
    await expect(section).toBeVisible();
    const labels: Record<string, string> = {
      body_length: 'Body Length',
      body_width: 'Body Width',
      tare_weight: 'Tare Weight',
      aggregate_trailer_mass: 'Aggregate Trailer Mass (ATM)',
      axle_type: 'Axle Type',
      sleeps: 'Sleeps',
    };
    const present = Object.keys(labels).filter((k) => {
      const v = caravan.specifications?.[k];
      return v !== null && v !== undefined && String(v).trim() !== '' && String(v).trim().toLowerCase() !== 'null';
    });
    expect(present.length).toBeGreaterThan(0);
    await expect(section.locator('dt')).toHaveText(
      ['body_length', 'body_width', 'tare_weight', 'aggregate_trailer_mass', 'axle_type', 'sleeps']
        .filter((k) => present.includes(k))
        .map((k) => labels[k] ?? k),
    );
    if (typeof caravan.specifications?.tare_weight === 'number') {
      await expect(section.locator('.spec-row', { hasText: 'Tare Weight' }).locator('dd')).toHaveText(
        `${caravan.specifications.tare_weight.toLocaleString('en-AU')} kg`,
      );
    }
    expect(errors()).toEqual([]);
  });

  test('a car (not a caravan) has no caravan specifications', async ({ page, request }) => {
    const c = await car(request, A, 10100008);
    await open(page, A, c.path);
    await expect(page.getByRole('region', { name: 'All Specifications' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Caravan Specifications' })).toHaveCount(0);
  });
});
