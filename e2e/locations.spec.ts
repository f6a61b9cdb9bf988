// Locations in Chromium (docs/requirements/dealer-services.md#screens, #states, #validation, #calls, #constants): the
// location block's carousel (keyboard) and grid, holiday
// hours dialog, location pages with the drawn locator and AutoDealer JSON-LD, nearest location by postcode.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatPhone } from '../runtime/domain/format';
import { rangeResponse, worldEarthArchive } from '../test-support/pmtiles-archive';
import { locatorPoint } from '../runtime/domain/maps/locator';
import { siteUrl, watchErrors } from './helpers';

const GROUP = 'southern-cross-motor-group'; // 5 dealerships, 7 locations
const SINGLE = 'harbourside-mazda'; // one dealership: a sales and a service location

// A 1x1 PNG for map tiles, so the interactive map can be tried without the network.
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function open(page: Page, slug: string, path: string) {
  const response = await page.goto(siteUrl(slug, path));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return response;
}

test('several dealerships: a card carousel with Swipe hint, ends disabled and arrow keys', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  const errors = watchErrors(page);
  await open(page, GROUP, '/dealer-locator');
  const block = page.locator('.location-list[data-layout="dealership-carousel"]');
  await expect(block).toBeVisible();
  await expect(block.getByRole('link', { name: 'Contact Us' })).toHaveCount(0); // five makes: not single-manufacturer
  const carousel = block.locator('[aria-roledescription="carousel"]');
  await expect(carousel.locator('.location-slide')).toHaveCount(7);
  await expect(carousel.locator('.swipe-hint')).toHaveText(/Swipe/);
  const prev = carousel.getByRole('button', { name: 'Previous locations' });
  const next = carousel.getByRole('button', { name: 'Next locations' });
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  // Sorted by name: Ford Campbelltown comes first.
  await expect(carousel.locator('.location-name').first()).toHaveText('Southern Cross Ford Campbelltown');
  await carousel.focus();
  await page.keyboard.press('ArrowRight');
  await expect(prev).toBeEnabled();
  await page.keyboard.press('End');
  await expect(next).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(next).toBeEnabled();
  await page.keyboard.press('Home');
  await expect(prev).toBeDisabled();
  expect(errors).toEqual([]);
});

test('a card shows rating, phone, licence, hours with Mon-Fri, and links only to pages that exist', async ({ page }) => {
  await open(page, GROUP, '/dealer-locator');
  const card = page.locator('.location-card[data-location-id="3011"]');
  await expect(card.locator('.rating')).toContainText('4.6');
  await expect(card.locator('.rating a')).toHaveAttribute('href', '/our-location/sc-toyota-parramatta#reviews');
  await expect(card.locator('a.phone')).toHaveText('02 9630 1000');
  await expect(card.locator('a.phone')).toHaveAttribute('href', 'tel:0296301000');
  await expect(card.locator('.licence')).toHaveText('Licence No. MD 30110');
  await expect(card.locator('.hours tr').first()).toHaveText(/Mon-Fri\s*8:30am - 5:30pm/);
  await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/our-location/sc-toyota-parramatta');
  await expect(card.getByRole('link', { name: 'View Our Stock' })).toHaveAttribute('href', '/search/sc-toyota-parramatta');
  // The Toyota service centre's closed days link to booking (the site's closed-day setting).
  const service = page.locator('.location-card[data-location-id="3012"]');
  await expect(service.locator('.hours tr', { hasText: 'Sunday' }).getByRole('link', { name: 'Enquire Now' })).toHaveAttribute('href', '/service');
});

test('the type selector switches the hours of a place with several location types', async ({ page }) => {
  await open(page, GROUP, '/dealer-locator');
  const card = page.locator('.location-card[data-location-id="3031"]');
  const saturday = card.locator('.hours tr', { hasText: 'Saturday' });
  await expect(saturday).toContainText('8:30am - 4:00pm');
  await card.getByLabel('Show hours for').selectOption({ label: 'Parts' });
  await expect(saturday).toContainText('8:30am - 12:00pm');
});

test('one dealership with several locations: a grid; service paths keep only the service location as a large card', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, SINGLE, '/contact');
  const grid = page.locator('.location-list[data-layout="grid"]');
  await expect(grid.locator('.location-card')).toHaveCount(2);
  await expect(grid.locator('.location-name')).toHaveText(['Harbourside Mazda Sales', 'Harbourside Mazda Service']);
  await open(page, SINGLE, '/service');
  const single = page.locator('.location-list[data-layout="single"]');
  await expect(single.locator('.location-card')).toHaveCount(1);
  await expect(single.locator('.location-name')).toHaveText('Harbourside Mazda Service');
  await expect(single.locator('.location-map-hero [data-map-state], .location-map-hero').first()).toBeVisible();
  await expect(single.locator('svg.location-locator')).toBeVisible();
  // A single-manufacturer site links its location block to /contact (not on /contact itself).
  await expect(single.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  expect(errors).toEqual([]);
});

test("'View Holiday Hours' opens a dialog that keeps focus, lists the location's holiday hours and closes with Escape", async ({ page }) => {
  await open(page, SINGLE, '/contact');
  const opener = page.locator('.location-card[data-location-id="1011"]').getByRole('button', { name: 'View Holiday Hours' });
  await expect(page.locator('.location-card[data-location-id="1012"]').getByRole('button', { name: 'View Holiday Hours' })).toHaveCount(0);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Holiday Hours: Harbourside Mazda Sales' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('tbody tr', { hasText: 'Christmas Day' })).toContainText('25/12/2026');
  await expect(dialog.locator('tbody tr', { hasText: 'Christmas Day' })).toContainText('Closed');
  await expect(dialog.locator('tbody tr', { hasText: 'Christmas Eve' })).toContainText('8:30am - 12:00pm');
  // Focus stays in the dialog (the page behind is inert).
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')) || document.activeElement === document.body)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a location page: large card, drawn locator with address and directions, reviews, counter, AutoDealer JSON-LD', async ({ page }) => {
  const errors = watchErrors(page);
  const response = await open(page, GROUP, '/our-location/sc-toyota-parramatta');
  expect(response?.status()).toBe(200);
  await expect(page.locator('main h1')).toHaveText('Southern Cross Toyota Parramatta');
  const map = page.locator('.location-map');
  await expect(map).toHaveAttribute('data-map-state', 'drawn');
  await expect(map.locator('svg.location-locator')).toBeVisible();
  await expect(map.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', /maps\.google\.com/);
  await expect(page.locator('.location-details address').first()).toContainText('2 Church Street, Parramatta NSW 2150');
  // this location's figures come from the reviews provider; the others' are the dealership's own
  await expect(page.locator('#reviews')).toContainText('Rated 4.6 out of 5 from 204 Google reviews.');
  await expect(page.locator('.location-details .counter-value')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Our Stock' })).toHaveAttribute('href', '/search/sc-toyota-parramatta');
  // The contact form starts with this location chosen.
  await expect(page.locator('select[name="location"]')).toHaveValue('Southern Cross Toyota Parramatta');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const dealers = blocks.map((t) => JSON.parse(t)).filter((j) => j['@type'] === 'AutoDealer');
  expect(dealers).toHaveLength(1);
  const dealer = dealers[0];
  expect(dealer.name).toBe('Southern Cross Toyota Parramatta');
  expect(dealer.address).toMatchObject({ '@type': 'PostalAddress', postalCode: '2150', addressRegion: 'NSW' });
  expect(dealer.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: '4.6', reviewCount: 204 });
  expect(dealer.openingHoursSpecification).toContainEqual({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: 'https://schema.org/Monday',
    opens: '08:30',
    closes: '17:30',
  });
  expect(dealer.openingHoursSpecification).toContainEqual({
    '@type': 'OpeningHoursSpecification',
    validFrom: '2026-12-25',
    validThrough: '2026-12-25',
    opens: '00:00',
    closes: '00:00',
  });
  expect(errors).toEqual([]);
});

test("the offline locator: Australia's outline and state borders with the pin at the location's coordinates, no third-party requests", async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!new URL(r.url()).hostname.endsWith('localhost')) outside.push(r.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, SINGLE, '/service'); // a site with no map source: the locator only
  const map = page.locator('.location-map');
  await expect(map).toHaveAttribute('data-map-state', 'none');
  await expect(map.getByRole('button', { name: 'Show interactive map' })).toHaveCount(0);
  const locator = map.locator('svg.location-locator');
  await expect(locator).toBeVisible();
  await expect(locator).toHaveAttribute('aria-label', /^Map of Australia showing Harbourside Mazda Service in /);
  await expect(map.getByRole('link', { name: 'Get Directions' })).toBeVisible();
  // The picture is Australia (coastline, borders, state names), and the pin is on its land where the location is.
  const found = await locator.evaluate(async (element) => {
    const svg = element as unknown as SVGSVGElement;
    const href = svg.querySelector('image')!.getAttribute('href')!;
    const text = await (await fetch(href)).text();
    const drawn = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    const pagePaths = svg.querySelectorAll('path').length;
    // The picture's land shape, laid over the page's locator in the same units, to test the pin against.
    const land = document.importNode(drawn.querySelector('#land')!, true) as SVGPathElement;
    land.setAttribute('visibility', 'hidden');
    svg.appendChild(land);
    const pin = svg.querySelector('.location-locator-pin')!.getAttribute('transform')!;
    const [x = Number.NaN, y = Number.NaN] = pin.match(/-?[\d.]+/g)!.map(Number);
    return {
      status: (await fetch(href)).status,
      states: [...drawn.querySelectorAll('text')].map((t) => t.textContent),
      hasBorders: Boolean(drawn.querySelector('#borders')),
      elements: [...new Set([...drawn.querySelectorAll('*')].map((e) => e.tagName))],
      paths: [...drawn.querySelectorAll('path')].map((p) => p.id),
      pagePaths,
      onLand: land.isPointInFill(new DOMPoint(x, y)),
      pin: { x, y },
      lat: Number(svg.getAttribute('data-lat')),
      lng: Number(svg.getAttribute('data-lng')),
      box: { width: svg.viewBox.baseVal.width, height: svg.viewBox.baseVal.height },
    };
  });
  expect(found.status).toBe(200);
  expect(found.states).toEqual(['WA', 'NT', 'SA', 'QLD', 'NSW', 'VIC', 'TAS']);
  expect(found.hasBorders).toBe(true);
  // Land and borders only: no drawn streets or rivers, on the picture or on the page (whose one path is the pin).
  expect(found.elements.sort()).toEqual(['g', 'path', 'rect', 'text']);
  expect(found.paths).toEqual(['land', 'borders']);
  expect(found.pagePaths).toBe(1);
  expect(found.onLand).toBe(true);
  // The service location's own coordinates (Newstead, Brisbane) put the pin on the east coast, halfway down the picture.
  expect([found.lat, found.lng]).toEqual([-27.449, 153.043]);
  expect(found.pin).toEqual(locatorPoint(-27.449, 153.043));
  expect(found.pin.x / found.box.width).toBeGreaterThan(0.9);
  expect(found.pin.y / found.box.height).toBeGreaterThan(0.45);
  expect(found.pin.y / found.box.height).toBeLessThan(0.6);
  expect(outside).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('locator-390.png'), fullPage: false });
});

test('where the site chose OpenStreetMap, the interactive map loads Leaflet on request at zoom 10, and falls back to the locator when tiles fail', async ({
  page,
}) => {
  const tiles: string[] = [];
  await page.route('https://tile.openstreetmap.org/**', (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  await open(page, GROUP, '/our-location/sc-toyota-parramatta');
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /leaflet/i.test(e.name)))).toBe(false);
  await page.getByRole('button', { name: 'Show interactive map' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon.location-map-pin')).toBeVisible();
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(tiles.every((t) => /\/10\/\d+\/\d+\.png$/.test(t))).toBe(true);

  await page.unroute('https://tile.openstreetmap.org/**');
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await open(page, GROUP, '/locations/sc-hyundai-penrith');
  await page.getByRole('button', { name: 'Show interactive map' }).click();
  await expect(page.locator('.location-map')).toHaveAttribute('data-map-state', 'failed');
  await expect(page.locator('svg.location-locator')).toBeVisible();
  await expect(page.locator('.location-map-note[role="status"]')).toHaveText(/The map could not be loaded/);
  await expect(page.getByRole('link', { name: 'Get Directions' }).first()).toBeVisible();
});

test('where the site hosts a PMTiles archive, its map reads tiles from the configured address by Range requests and draws them, with no map code before', async ({
  page,
}) => {
  const SITE = 'outback-caravans-motorcycles';
  // The archive address is the site's own setting, answered here with a tiny archive whose one tile is all land.
  const { pmtilesUrl, pmtilesFlavor } = JSON.parse(readFileSync(`tenants/${SITE}.json`, 'utf8')).settings.locations.map;
  expect(pmtilesFlavor).toBe('light');
  const archive = worldEarthArchive();
  const ranges: string[] = [];
  await page.route(pmtilesUrl, (route) => {
    const range = route.request().headers().range;
    ranges.push(range ?? '');
    const answer = rangeResponse(archive, range);
    return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
  });
  const errors = watchErrors(page);
  await open(page, SITE, '/locations/outback-caravans-toowoomba');
  const map = page.locator('.location-map').first();
  await expect(map).toHaveAttribute('data-map-state', 'drawn');
  await expect(map.locator('svg.location-locator')).toBeVisible();
  // Nothing of the map is fetched before the shopper asks: no Leaflet, no protomaps code, no archive.
  const mapCode = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /leaflet|protomaps|pmtiles/i.test(e.name)).length);
  expect(await mapCode()).toBe(0);
  expect(ranges).toEqual([]);
  await map.getByRole('button', { name: 'Show interactive map' }).click();
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon.location-map-pin')).toBeVisible();
  // Only byte ranges of the one configured file: its header and directory first, then the tile.
  await expect.poll(() => ranges.length).toBeGreaterThan(1);
  expect(ranges.every((r) => /^bytes=\d+-\d+$/.test(r))).toBe(true);
  expect(ranges[0]).toMatch(/^bytes=0-/);
  // The tiles are drawn on canvases in the light style's land colour (#e2dfda), not its grey background (#cccccc).
  const centrePixel = () =>
    map.locator('canvas.leaflet-tile').evaluateAll((canvases) =>
      canvases.map((c) => {
        const canvas = c as HTMLCanvasElement;
        return [...canvas.getContext('2d')!.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data].join(',');
      }),
    );
  await expect.poll(centrePixel).toContain('226,223,218,255');
  expect(await map.locator('.leaflet-control-attribution').textContent()).toContain('OpenStreetMap');
  expect(await map.getAttribute('data-map-state')).toBe('interactive');
  expect(errors).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('pmtiles-390.png') });
});

test("location pages answer for a dealership's slug and under /contact-us; an unknown slug shows the site's 404", async ({ page }) => {
  expect((await open(page, SINGLE, '/locations/harbourside-mazda'))?.status()).toBe(200);
  await expect(page.locator('main h1')).toHaveText('Harbourside Mazda Sales');
  // A dealership's page lists its other locations too.
  await expect(page.locator('.location-others .location-name')).toHaveText(['Harbourside Mazda Service']);
  expect((await open(page, GROUP, '/contact-us/sc-kia-parts'))?.status()).toBe(200);
  await expect(page.locator('main h1')).toHaveText('Southern Cross Kia Parts');
  const missing = await page.goto(siteUrl(GROUP, '/our-location/no-such-place'));
  expect(missing?.status()).toBe(404);
  await expect(page.locator('main h1')).toHaveText('Sorry, we could not find that page');
});

test("a rating the dealership entered is labelled as its customers' reviews, not Google's", async ({ page }) => {
  await open(page, SINGLE, '/locations/harbourside-mazda');
  await expect(page.locator('#reviews')).toHaveText(/Rated \d\.\d out of 5 from \d+ customer reviews\./);
  await expect(page.locator('main')).not.toContainText('Google');
});

test('bare /contact-us takes every site to its contact page', async ({ page }) => {
  for (const slug of [GROUP, SINGLE, 'big-sky-cars', 'outback-caravans-motorcycles']) {
    const response = await page.goto(siteUrl(slug, '/contact-us'));
    expect(response?.status(), slug).toBe(200);
    await expect(page).toHaveURL(siteUrl(slug, '/contact'));
    await expect(page.locator('main h1')).toHaveText('Contact Us');
  }
});

test('a location with a mobile number has a Text Us sms: link beside its tel: link', async ({ page }) => {
  await open(page, 'big-sky-cars', '/contact');
  const card = page.locator('.location-card', { has: page.locator('a.location-sms') });
  await expect(card).toHaveCount(1);
  await expect(card.locator('a.phone')).toHaveAttribute('href', 'tel:0395552200');
  await expect(card.getByRole('link', { name: `Text us on ${formatPhone('0412 555 220')}` })).toHaveAttribute('href', 'sms:0412555220');
  await expect(card.locator('a.location-sms')).toHaveText('Text Us');
  // a location without one has no sms: link
  await open(page, GROUP, '/dealer-locator');
  await expect(page.locator('a[href^="sms:"]')).toHaveCount(0);
});

test('find your nearest dealership: distances from a postcode, and the postcode messages', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, GROUP, '/dealer-locator');
  const finder = page.locator('.nearest-location');
  await expect(finder.locator('.nearest-location-finder[data-ready]')).toHaveCount(1);
  const input = finder.getByLabel('Your postcode');
  await expect(input).toHaveAttribute('maxlength', '4');
  await input.fill('21a');
  await finder.getByRole('button', { name: 'Find' }).click();
  await expect(finder.getByRole('alert')).toHaveText('Invalid postcode. Please enter a 4-digit number.');
  await input.fill('0001');
  await finder.getByRole('button', { name: 'Find' }).click();
  await expect(finder.getByRole('alert')).toHaveText('Invalid postcode');
  await input.fill('2170');
  await input.press('Enter');
  const results = finder.locator('.nearest-results li');
  await expect(results).toHaveCount(3);
  await expect(results.first().locator('.nearest-name')).toHaveText(/Southern Cross Kia/);
  await expect(results.first().locator('.nearest-distance')).toHaveText(/^\d+\.\d km$/);
  await expect(finder.getByRole('alert')).toHaveCount(0);
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

test('lead forms on sites with the setting choose the location by postcode', async ({ page }) => {
  await open(page, GROUP, '/contact');
  const form = page.locator('.lead-form-block');
  await form.getByText('Find your nearest dealership').click();
  // The form's block hydrates after the page: typing before that would be reset by hydration.
  await expect(form.locator('.nearest-location-finder[data-ready]')).toHaveCount(1);
  await form.getByLabel('Your postcode').fill('2750');
  await form.getByRole('button', { name: 'Find' }).click();
  await form.locator('.nearest-results li').first().getByRole('button', { name: 'Choose' }).click();
  await expect(form.locator('select[name="location"]')).toHaveValue('Southern Cross Hyundai Penrith');
});

test('the vehicle page has the car on a map at #vehicle-map and a reviews summary at #reviews', async ({ page }) => {
  await open(page, GROUP, '/search/sc-kia-liverpool');
  const href = await page.locator('a[href^="/cars/"]').first().getAttribute('href');
  await open(page, GROUP, href!);
  const map = page.locator('#vehicle-map');
  await expect(map).toBeVisible();
  await expect(map.locator('.location-map-name')).toHaveText('Southern Cross Kia Liverpool');
  await expect(map.locator('svg.location-locator')).toBeVisible();
  await expect(page.locator('#reviews')).toContainText('4.6');
});
