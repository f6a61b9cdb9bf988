// What the demo sites now show of features that were only settings, and the defects found in acceptance, as a shopper
// sees them in the browser (against the shared server of this build, the shipped tenant documents as they are).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { siteUrl, statusOn, watchErrors } from './helpers';
import { atLeast } from '../test-support/at-least';

const HARBOURSIDE = 'harbourside-mazda';
const BIG_SKY = 'big-sky-cars';
const OUTBACK = 'outback-caravans-motorcycles';
const GROUP = 'southern-cross-motor-group';

// A plain-text answer (robots.txt, where carsOf asks the API from) has the browser ask for /favicon.ico, which no site has.
test.beforeEach(async ({ page }) => {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
});

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Cars of a site from its search API (each site's own scope), asked from a page of the site (Node does not resolve *.localhost). */
// biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
async function carsOf(page: Page, slug: string, filter: string): Promise<Record<string, any>[]> {
  await page.goto(siteUrl(slug, '/robots.txt'));
  const answer = await page.evaluate(async (filter) => {
    const res = await fetch('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries: [{ q: '', filter, hitsPerPage: 40 }] }),
    });
    return { status: res.status, body: await res.json() };
  }, filter);
  expect(answer.status).toBe(200);
  return answer.body.results[0].hits;
}

async function shot(page: Page, name: string, target?: Locator) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await target?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`) });
  }
}

const field = (form: Locator, name: string) => form.locator(`[name="${name}"]`);

test.describe('features the demo sites turn on', () => {
  test('Harbourside: the 360° walkaround opens the local stand-in viewer for the car, no broken frame', async ({ page }) => {
    const errors = watchErrors(page);
    // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
    const car = (await carsOf(page, HARBOURSIDE, 'status = in_stock')).find((c) => c.vin && (c.images ?? []).filter((i: any) => !i.isVideo).length >= 2);
    expect(car, 'an in-stock Harbourside car with a VIN and photos').toBeTruthy();
    await hydrated(page, siteUrl(HARBOURSIDE, `/cars/${car!.slug}`));
    const walkaround = page.locator('section.vehicle-walkaround');
    await expect(walkaround.getByRole('heading', { name: '360° Walkaround' })).toBeVisible();
    await walkaround.getByRole('button', { name: /Open the 360° walkaround/ }).click();
    const frame = walkaround.locator('iframe');
    await expect(frame).toHaveAttribute('src', `/stand-in/walkaround/${car!.vin}`);
    await expect(page.frameLocator('section.vehicle-walkaround iframe').getByRole('heading', { name: '360° walkaround (demo)' })).toBeVisible();
    await expect(page.frameLocator('section.vehicle-walkaround iframe').getByText(`VIN ${car!.vin}`)).toBeVisible();
    await walkaround.scrollIntoViewIfNeeded();
    await shot(page, 'harbourside-walkaround', walkaround);
    expect(errors).toEqual([]);
  });

  test('Big Sky: /service embeds the booking page (a local stand-in) and shows the yards it services at', async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(BIG_SKY, '/service'));
    const frame = page.locator('#service-form iframe');
    await expect(frame).toHaveAttribute('title', 'Book a service with Big Sky');
    await expect(frame).toHaveAttribute('src', '/stand-in/service-booking');
    await frame.scrollIntoViewIfNeeded();
    await expect(page.frameLocator('#service-form iframe').getByRole('heading', { name: 'Online service booking (demo)' })).toBeVisible();
    // No service centre in the document: the service page lists the sales yards, where the site services.
    const centres = page.locator('.location-list', { has: page.getByRole('heading', { name: 'Service Centres' }) });
    await expect(centres).toContainText('Big Sky Moorabbin');
    await expect(centres).toContainText('Big Sky Dandenong');
    await centres.scrollIntoViewIfNeeded();
    await shot(page, 'big-sky-service', centres);
    expect(errors).toEqual([]);
  });

  test('Outback: /service asks for a vehicle health check at the locations its service page lists', async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(OUTBACK, '/service'));
    const section = page.locator('#service-form');
    await expect(section.getByRole('heading', { name: 'Request a Vehicle Health Check' })).toBeVisible();
    const offered = (await section.locator('select[name="location_id"] option').allTextContents()).filter((t) => !/^Choose/.test(t));
    expect(offered.length).toBe(2);
    const centres = page.locator('.location-list', { has: page.getByRole('heading', { name: 'Service Centres' }) });
    for (const name of ['Outback Caravans Toowoomba', 'Outback Motorcycles Toowoomba']) {
      expect(offered.some((o) => o.startsWith(name))).toBe(true);
      await expect(centres).toContainText(name);
    }
    await shot(page, 'outback-service', section);
    expect(errors).toEqual([]);
  });

  test("Outback: the finance calculator uses Angle's interest range, comparison rate range and fee", async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(OUTBACK, '/finance'));
    const calculator = page.locator('.calculator[data-ready="true"]');
    await expect(calculator).toHaveCount(1);
    const rate = calculator.getByLabel('Interest rate');
    await expect(rate).toHaveAttribute('min', '5.99');
    await expect(rate).toHaveAttribute('max', '15.99');
    await expect(calculator.getByTestId('calc-comparison')).toHaveText('8.38% - 19.42%');
    // Angle's second standard establishment fee, $1,360.50
    await expect(calculator).toContainText('$1,360.50');
    await shot(page, 'outback-finance', calculator);
    expect(errors).toEqual([]);
  });

  test("Harbourside: the calculator's Show More switches to the Mazda Finance disclaimer", async ({ page }) => {
    const errors = watchErrors(page);
    const car = atLeast(1, await carsOf(page, HARBOURSIDE, 'status = in_stock AND price > 20000'), 'the cars found')[0];
    await hydrated(page, siteUrl(HARBOURSIDE, `/cars/${car.slug}`));
    await page.locator('[data-block-type="finance-calculator"]').scrollIntoViewIfNeeded();
    const calculator = page.locator('#finance-calculator');
    await expect(calculator.locator('.calculator[data-ready="true"]')).toHaveCount(1);
    const disclaimer = calculator.getByTestId('finance-disclaimer');
    await expect(disclaimer).toHaveText(/^\*Repayments are an estimate only/);
    await calculator.getByRole('button', { name: 'Show More' }).click();
    await expect(disclaimer).toHaveText(/^Mazda Finance is a trading name of Bank of Queensland Limited/);
    await calculator.getByRole('button', { name: 'Show Less' }).click();
    await expect(disclaimer).toHaveText(/^\*Repayments are an estimate only/);
    expect(errors).toEqual([]);
  });

  test('the garage pages exist only where the site turns the garage on; model selection only where it is on', async ({ page }) => {
    // Big Sky and Harbourside have My Garage (signed-out visitors are asked to sign in); the others have none.
    expect(await statusOn(BIG_SKY, '/my-garage')).toBe(302);
    expect(await statusOn(HARBOURSIDE, '/my-garage')).toBe(302);
    expect(await statusOn(GROUP, '/my-garage')).toBe(404);
    await hydrated(page, siteUrl(OUTBACK, '/search/new-used-and-demo-cars'));
    await expect(page.locator('.make-card').first()).toBeVisible();
    await expect(page.locator('.make-models-toggle')).toHaveCount(0);
    await hydrated(page, siteUrl(HARBOURSIDE, '/search/new-used-and-demo-cars'));
    await expect(page.getByRole('button', { name: 'Select models for Mazda' })).toBeVisible();
  });
});

test.describe('defects found in acceptance', () => {
  test("Southern Cross: a Kia's Call Dealer rings the Liverpool sales yard, never the parts counter", async ({ page }) => {
    const kia = atLeast(1, await carsOf(page, GROUP, 'dealership_slug = "southern-cross-kia" AND status = in_stock'), 'the cars found')[0];
    expect(kia.location_id).toBe(3031);
    await hydrated(page, siteUrl(GROUP, `/cars/${kia.slug}`));
    const box = page.locator('.call-dealer');
    await expect(box.locator('.call-dealer-location')).toHaveText('Southern Cross Kia Liverpool');
    await expect(box.locator('.call-dealer-location')).not.toHaveText(/Parts/);
  });

  test("Southern Cross: the footer's Our Brands lists its five brands, before and after hydration", async ({ page }) => {
    const errors = watchErrors(page);
    const brands = ['Toyota', 'Hyundai', 'Kia', 'Ford', 'Isuzu', 'All Brands'];
    await page.goto(siteUrl(GROUP, '/'));
    const group = page.locator('.footer-group', { has: page.getByRole('heading', { name: 'Our Brands' }) });
    await expect(group.getByRole('link')).toHaveText(brands);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(group.getByRole('link')).toHaveText(brands);
    await group.getByRole('link', { name: 'Kia' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/kia/overview'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kia');
    expect(errors).toEqual([]);
  });

  test('Southern Cross: choosing the nearest location (2750) fills the dealership, and the enquiry sends', async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(GROUP, '/contact'));
    const form = page.locator('.lead-form-block').first();
    await form.getByText('Find your nearest dealership').click();
    await expect(form.locator('.nearest-location-finder[data-ready]')).toHaveCount(1);
    await form.getByLabel('Your postcode').fill('2750');
    await form.getByRole('button', { name: 'Find' }).click();
    await form.locator('.nearest-results li').first().getByRole('button', { name: 'Choose' }).click();
    await expect(field(form, 'location')).toHaveValue('Southern Cross Hyundai Penrith');
    await expect(field(form, 'dealership_slug')).toHaveValue('southern-cross-hyundai');
    await field(form, 'name').fill('Robin');
    await field(form, 'last_name').fill('Nearest');
    await field(form, 'email').fill('robin.nearest@example.com');
    await field(form, 'phone').fill('02 4700 1234');
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ lead_id: 'nearest-1' }) }),
    );
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/leads'));
    await form.getByRole('button', { name: /^Send/ }).click();
    const body = (await sent).postDataJSON();
    expect(body.values.dealership_slug).toBe('southern-cross-hyundai');
    expect(body.values.location).toBe('Southern Cross Hyundai Penrith');
    await expect(page).toHaveURL(siteUrl(GROUP, '/success'));
    expect(errors).toEqual([]);
  });

  test('Harbourside: the mega-menu logos and model pictures have loaded when the Range opens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await hydrated(page, siteUrl(HARBOURSIDE, '/'));
    const item = page.locator('.nav-item.has-mega').first();
    const images = item.locator('.mega-menu img');
    expect(await images.count()).toBeGreaterThan(3);
    // Closed and nobody near: they wait (hidden images never load lazily).
    expect(await images.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length)).toBe(0);
    // The pointer comes over the menu bar on its way to the Range (hover menus open on reaching it): they load while
    // its panel is still closed.
    await page.locator('#site-menu .nav-list > li:not(.has-mega)').first().hover();
    await expect(item.locator('.mega-menu')).toBeHidden();
    await expect
      .poll(() => images.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await item.locator('.nav-trigger').hover();
    await expect(item.locator('.mega-menu')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('harbourside-mega-menu-1280.png') });
  });
});
