// Brand overview pages, the brands page, model pages and the model directory's body filter, as a shopper sees them in
// Chromium (docs/requirements/vehicle-browsing.md#screens: /{brand}/overview, the brands page's four groups;
// docs/requirements/dealer-services.md#screens /{model slug}, /models?body=,
// docs/requirements/dealer-services.md#data Model and Manufacturer list, docs/requirements/dealer-services.md#states
// NEW / COMING SOON, docs/requirements/dealer-services.md#constants body type icons).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../runtime/domain/format';
import { modelCatalogue } from '../runtime/models/catalogue';
import { port, root, siteUrl, watchErrors } from './helpers';

const GROUP = 'southern-cross-motor-group';
const MAZDA = 'harbourside-mazda';
const NOT_FOUND_HEADING = 'Sorry, we could not find that page';

async function open(page: Page, slug: string, path: string) {
  const response = await page.goto(siteUrl(slug, path));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return response!;
}

/** The image has loaded and has pixels (a broken image has naturalWidth 0). */
async function expectLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
}

const catalogueModel = (slug: string) => modelCatalogue().find((m) => m.model.slug === slug)!.model;

test.describe('brand overview pages', () => {
  test('a brand the site sells: name, logo, its models, its stock count and a search link that finds that stock', async ({ page }) => {
    const errors = watchErrors(page);
    const response = await open(page, GROUP, '/toyota/overview');
    expect(response.status()).toBe(200);
    await expect(page).toHaveTitle(/^Toyota \| Southern Cross Motor Group/);
    const overview = page.locator('.brand-overview');
    await expect(overview.getByRole('heading', { level: 1 })).toHaveText('Toyota');
    await expect(overview.getByRole('img', { name: 'Toyota logo' })).toBeVisible();
    await expectLoaded(page, '.brand-overview-logo');

    // Its models from the catalogue, and only its own.
    const expected = modelCatalogue()
      .filter((m) => m.make === 'Toyota')
      .map((m) => m.model.name);
    await expect(overview.locator('.model-card-name')).toHaveText(expected);
    await expect(overview.locator('.model-card-make')).toHaveText(expected.map(() => 'Toyota'));
    await expect(overview.getByRole('link', { name: 'Explore Toyota HiLux' })).toHaveAttribute('href', '/toyota-hilux');

    const stock = overview.locator('.brand-overview-stock');
    await expect(stock).toHaveText(/^[\d,]+ vehicles in stock$/);
    const count = Number((await stock.getAttribute('data-count'))!);
    expect(count).toBeGreaterThan(0);

    // The search link finds exactly that stock.
    await overview.getByRole('link', { name: 'Search Toyota stock' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/search/toyota'));
    await expect(page.locator('.result-count strong')).toHaveText(count.toLocaleString('en-AU'));
    expect(errors).toEqual([]);
  });

  test("an unknown brand, or one the site does not sell, is the site's 404 with status 404", async ({ page }) => {
    for (const path of ['/not-a-brand/overview', '/mazda/overview', '/hino/overview']) {
      const response = await page.goto(siteUrl(GROUP, path));
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_HEADING);
      await expect(page.locator('.brand-overview')).toHaveCount(0);
    }
    // The single-brand site has its own brand's page and no other.
    expect((await page.goto(siteUrl(MAZDA, '/mazda/overview')))!.status()).toBe(200);
    expect((await page.goto(siteUrl(MAZDA, '/toyota/overview')))!.status()).toBe(404);
  });
});

test.describe('the brands page', () => {
  test("tiles in the four groups, with drawn logos; the site's brands link to their overview pages", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, GROUP, '/brands');
    const tiles = page.locator('.brand-tiles');
    await expect(tiles.locator('.brand-group h3')).toHaveText(['Car Brands', 'Motorcycle Brands', 'Truck Brands', 'Our Brands']);
    const group = (title: string) => tiles.getByRole('region', { name: title });
    // Logo tiles, named by their alt text, sorted by name.
    await expect(group('Car Brands').getByRole('img')).toHaveCount(5);
    expect(
      await group('Car Brands')
        .getByRole('img')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
    ).toEqual(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
    for (const [name, slug] of [
      ['Ford', 'ford'],
      ['Hyundai', 'hyundai'],
      ['Isuzu', 'isuzu'],
      ['Kia', 'kia'],
      ['Toyota', 'toyota'],
    ]) {
      await expect(group('Car Brands').getByRole('link', { name })).toHaveAttribute('href', `/${slug}/overview`);
    }
    // Makes the group represents without selling them here: tiles without links.
    await expect(group('Motorcycle Brands').getByRole('img')).toHaveCount(2);
    await expect(group('Motorcycle Brands').getByRole('img', { name: 'Honda' })).toBeVisible();
    await expect(group('Motorcycle Brands').getByRole('img', { name: 'Yamaha' })).toBeVisible();
    await expect(group('Motorcycle Brands').getByRole('link')).toHaveCount(0);
    // Isuzu is sold here as utes (Car Brands) and shown under Truck Brands too, as the site asks.
    await expect(group('Truck Brands').getByRole('img')).toHaveCount(1);
    await expect(group('Truck Brands').getByRole('link', { name: 'Isuzu' })).toHaveAttribute('href', '/isuzu/overview');
    await expect(group('Our Brands').locator('.tile')).toHaveText(['Southern Cross Tyres', 'Southern Cross Rentals']);
    await expectLoaded(page, '.brand-tiles img');

    await group('Car Brands').getByRole('link', { name: 'Kia' }).click();
    await expect(page).toHaveURL(siteUrl(GROUP, '/kia/overview'));
    await expect(page.locator('.brand-overview h1')).toHaveText('Kia');
    expect(errors).toEqual([]);
  });
});

test.describe('model pages', () => {
  test('/{model slug}: image, name, From price, description, NEW badge, its stock as cards, and an enquiry that is stored', async ({ page, request }) => {
    const errors = watchErrors(page);
    const model = catalogueModel('mazda-cx-90');
    expect(model.status).toBe('new');
    // A new model without a list price: From is the lowest new price in the site's own stock.
    expect(model.from_price).toBeNull();
    const lowest = await request.post(`http://127.0.0.1:${port}/api/search`, {
      headers: { Host: `${MAZDA}.localhost:${port}` },
      data: { queries: [{ q: '', filter: ['make = "Mazda"', 'model = "CX-90"', 'car_type = "new"', 'price > 0'], sort: ['price:asc'], hitsPerPage: 1 }] },
    });
    expect(lowest.ok()).toBe(true);
    const fromPrice = (await lowest.json()).results[0].hits[0].price as number;
    const response = await open(page, MAZDA, '/mazda-cx-90');
    expect(response.status()).toBe(200);
    const overview = page.locator('.model-overview');
    await expect(overview.getByRole('heading', { level: 1 })).toHaveText('Mazda CX-90');
    await expect(overview.getByRole('img', { name: 'Mazda CX-90' })).toBeVisible();
    await expectLoaded(page, '.model-overview-media img');
    await expect(overview.locator('.model-overview-price')).toHaveText(`From ${formatMoney(fromPrice)}`);
    await expect(overview.locator('.model-overview-description')).toHaveText(model.short_description);
    await expect(overview.locator('.model-badge')).toHaveText('NEW');

    // Its stock: result cards of that model only, and a link to all of it.
    const cards = overview.locator('.car-card');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    for (const title of await cards.locator('.car-card-title').allTextContents()) expect(title).toMatch(/Mazda CX-90/);
    await expect(overview.getByRole('link', { name: /^View all \d+ in stock$/ })).toHaveAttribute('href', '/search/mazda/cx-90');
    await expect(overview.getByRole('link', { name: 'Mazda', exact: true })).toHaveAttribute('href', '/mazda/overview');

    // Enquire Now jumps to the form, which starts by naming the model; the lead is stored before the thank-you page.
    await overview.getByRole('link', { name: 'Enquire Now' }).click();
    await expect(page).toHaveURL(/#enquiry-form$/);
    const form = page.locator('#enquiry-form form');
    await expect(form.getByRole('button', { name: 'Send Enquiry' })).toBeEnabled();
    await expect(form.locator('[name="message"]')).toHaveValue("I'm interested in the Mazda CX-90.");
    await form.locator('[name="name"]').fill('Morgan Model');
    await form.locator('[name="email"]').fill('morgan@example.com');
    await form.locator('[name="phone"]').fill('0412 555 666');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    const sent = await answer;
    expect(sent.status()).toBe(201);
    const { lead_id } = await sent.json();
    await expect(page).toHaveURL(siteUrl(MAZDA, '/success'));
    const file = process.env.LEADS_DB ?? join(root, 'data', 'leads.sqlite');
    // Stored in SQLite here (PostgreSQL is covered by the leads API tests).
    if (!process.env.DATABASE_URL) {
      expect(existsSync(file), `the lead store ${file}`).toBe(true);
      const db = new Database(file, { readonly: true, fileMustExist: true });
      const row = db.prepare('SELECT payload FROM leads WHERE lead_id = ?').get(lead_id) as { payload: string } | undefined;
      db.close();
      expect(JSON.parse(row!.payload)).toMatchObject({
        category: 'General Enquiry',
        name: 'Morgan Model',
        message: "I'm interested in the Mazda CX-90.",
        manufacturer_slug: 'mazda',
      });
    }
    expect(errors).toEqual([]);
  });

  test('new_slug is the address; COMING SOON shows; other words stay the 404 and named pages are not shadowed', async ({ page }) => {
    await open(page, MAZDA, '/mazda3');
    await expect(page.locator('.model-overview h1')).toHaveText('Mazda3');
    await open(page, MAZDA, '/mazda-6e');
    await expect(page.locator('.model-overview .model-badge')).toHaveText('COMING SOON');

    for (const path of ['/not-a-model', '/toyota-hilux']) {
      const response = await page.goto(siteUrl(MAZDA, path));
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_HEADING);
    }
    // Named pages keep their own content.
    await page.goto(siteUrl(MAZDA, '/models'));
    await expect(page.locator('.model-overview')).toHaveCount(0);
    await expect(page.locator('.model-directory')).toHaveCount(1);
    // The directory's Explore goes to the model pages.
    await expect(page.locator('.model-directory').getByRole('link', { name: 'Explore Mazda CX-5' })).toHaveAttribute('href', '/mazda-cx-5');
  });
});

test.describe('/models?body= filtering with body type icons', () => {
  test('the body type buttons carry drawn icons, filter the directory and keep the body in the address', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, MAZDA, '/models?body=hatch');
    const directory = page.locator('.model-directory');
    const names = directory.locator('.model-card-name');
    await expect(names).toHaveText(['Mazda2', 'Mazda3']);
    const bodies = directory.getByRole('group', { name: 'Shop by body type' });
    await expect(bodies.getByRole('button', { name: /^Hatch/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(bodies.locator('svg[data-body-type="suv"]')).toHaveCount(1);

    await bodies.getByRole('button', { name: /^SUV/ }).click();
    await expect(page).toHaveURL(/\/models\?body=suv$/);
    await expect(names).toHaveText(['CX-5', 'CX-30', 'CX-80', 'CX-90']);
    await expect(bodies.getByRole('button', { name: /^SUV/ })).toHaveAttribute('aria-pressed', 'true');

    await bodies.getByRole('button', { name: 'All' }).click();
    await expect(page).toHaveURL(siteUrl(MAZDA, '/models'));
    await expect(names).toHaveCount(9);
    expect(errors).toEqual([]);
  });
});
