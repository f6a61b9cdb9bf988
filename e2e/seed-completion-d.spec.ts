// Vehicle page parts and site configuration the demo sites turn on, as a shopper sees them (shared server of this
// build, the shipped tenant documents): the mobile header, Favourite in the share/print row, where favourites are kept,
// and the finance button texts a site picks. (The call number by car type: seed-completion-b.spec.ts.)
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors } from './helpers';
import { atLeast } from '../test-support/at-least';

const HARBOURSIDE = 'harbourside-mazda';
const BIG_SKY = 'big-sky-cars';
const GROUP = 'southern-cross-motor-group';

type Hit = {
  id: number;
  slug: string;
  car_type: string;
  price: number | null;
  status: string;
  finance_lenders?: Record<string, { comparisonRate?: number | null; paymentWeek?: number | null }> | null;
};

/** Cars of a site from its search API (each site's own scope). */
async function carsOf(request: APIRequestContext, slug: string, filter: string): Promise<Hit[]> {
  const response = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', filter, hitsPerPage: 40 }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).results[0].hits as Hit[];
}

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
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

test.beforeEach(async ({ page }) => {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
});

test('the mobile header shows the car and its price right after the photos on a phone, once, and is gone on a desktop', async ({ page, request }) => {
  const [car] = atLeast(1, await carsOf(request, BIG_SKY, 'status = in_stock AND price > 5000'), 'the cars found');
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await hydrated(page, siteUrl(BIG_SKY, `/cars/${car.slug}`));
  const header = page.locator('.vehicle-mobile-header');
  const sidebar = page.locator('.vehicle-sidebar');
  await expect(header).toBeVisible();
  // The same title and price as the buying panel, which keeps the page's one heading.
  const title = (await sidebar.locator('h1').textContent())!.trim();
  await expect(header.locator('.mobile-header-title')).toHaveText(title);
  await expect(header.locator('.price-now')).toHaveText(`$${car.price!.toLocaleString('en-AU')}`);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeAttached();
  // Right after the photos, inside the first screen.
  const headerBox = (await header.boundingBox())!;
  const galleryBox = (await page.locator('[data-block-type="vehicle-gallery"]').boundingBox())!;
  expect(headerBox.y).toBeGreaterThanOrEqual(galleryBox.y + galleryBox.height);
  expect(headerBox.y + headerBox.height).toBeLessThan(844);
  // Seen once: the panel's title and price are there for screen readers only, the header's for the eye only.
  await expect(header).toHaveAttribute('aria-hidden', 'true');
  for (const part of [sidebar.locator('h1'), sidebar.locator('.sidebar-price')]) expect((await part.boundingBox())!.width).toBeLessThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath('mobile-header-390.png') });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(header).toBeHidden();
  await expect(sidebar.locator('h1')).toBeVisible();
  expect((await sidebar.locator('h1').boundingBox())!.width).toBeGreaterThan(100);
  await expect(sidebar.locator('.sidebar-price .price-now')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mobile-header-1280.png') });
  expect(errors).toEqual([]);
});

test('Big Sky: Favourite in the share and print row saves the car to the favourites page, kept between visits', async ({ page, request }) => {
  const car = atLeast(2, await carsOf(request, BIG_SKY, 'status = in_stock AND price > 5000'), 'the cars found')[1];
  const errors = watchErrors(page);
  await hydrated(page, siteUrl(BIG_SKY, `/cars/${car.slug}`));
  const row = page.locator('.vehicle-share .share-row');
  const title = (await page.locator('.vehicle-sidebar h1').textContent())!.trim();
  const favourite = row.getByRole('button', { name: `Save ${title} to favourites` });
  // The row reads share, favourite, print.
  await expect(row.locator('.share-button')).toHaveText(['Copy Link', 'Favourite', 'Print', 'Download PDF']);
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.click();
  await expect(page.locator('.toast-message')).toHaveText('Added to Favourites');
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveText('Saved');
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), `dealer:${BIG_SKY}:favourites`);
  expect(stored).toEqual([expect.objectContaining({ id: car.id, slug: car.slug, name: title })]);
  await shot(page, 'share-row-favourite', row);

  // Another tab of the same browser finds it on the favourites page (local storage outlives the tab).
  const other = await page.context().newPage();
  await other.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await hydrated(other, siteUrl(BIG_SKY, '/favourites'));
  await expect(other.locator('.favourite-item h2')).toHaveText([title]);
  await other.close();

  // The car page remembers it once the row is shown (it comes to life near the screen), and a second click removes it.
  await hydrated(page, siteUrl(BIG_SKY, `/cars/${car.slug}`));
  await row.scrollIntoViewIfNeeded();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await favourite.click();
  await expect(page.locator('.toast-message')).toHaveText('Removed from Favourites');
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  expect(errors).toEqual([]);
});

test('Harbourside keeps favourites for the visit only (session storage); a new car is not eligible there', async ({ page, request }) => {
  const [used] = atLeast(1, await carsOf(request, HARBOURSIDE, 'status = in_stock AND car_type = used'), 'the cars found');
  const [fresh] = atLeast(1, await carsOf(request, HARBOURSIDE, 'status = in_stock AND car_type = new'), 'the cars found');
  const errors = watchErrors(page);
  await hydrated(page, siteUrl(HARBOURSIDE, `/cars/${fresh.slug}`));
  await expect(page.locator('.vehicle-share .share-row .share-button').first()).toHaveText('Copy Link');
  // Harbourside's favourites are for used cars only.
  await expect(page.locator('.vehicle-share .share-favourite')).toHaveCount(0);

  await hydrated(page, siteUrl(HARBOURSIDE, `/cars/${used.slug}`));
  const favourite = page.locator('.vehicle-share .share-favourite');
  await favourite.click();
  await expect(page.locator('.toast-message')).toHaveText('Added to Favourites');
  const key = `dealer:${HARBOURSIDE}:favourites`;
  const stores = () =>
    page.evaluate((key) => ({ session: JSON.parse(sessionStorage.getItem(key) ?? '[]'), local: JSON.parse(localStorage.getItem(key) ?? '[]') }), key);
  expect((await stores()).session.map((f: { id: number }) => f.id)).toEqual([used.id]);
  expect((await stores()).local).toEqual([]);
  // In this tab the favourites page lists it; a new tab starts without it.
  await hydrated(page, siteUrl(HARBOURSIDE, '/favourites'));
  await expect(page.locator('.favourite-item')).toHaveCount(1);
  await expect(page.locator('.favourite-item')).toHaveAttribute('data-car-id', String(used.id));
  const other = await page.context().newPage();
  await other.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await hydrated(other, siteUrl(HARBOURSIDE, '/favourites'));
  await expect(other.getByText('You have no favourite cars yet.', { exact: false })).toBeVisible();
  await other.close();
  expect(errors).toEqual([]);
});

test('Southern Cross: the finance buttons read the texts the site picked (Get Pre-Approved, and Pre-Approved on the finance card)', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await hydrated(page, siteUrl(GROUP, '/search/used-cars'));
  const card = page.locator('.result-grid .car-card').first();
  await expect(card.getByRole('link', { name: 'Get Pre-Approved' })).toHaveAttribute('href', /^\/finance/);
  await expect(page.locator('.result-grid').getByRole('link', { name: 'Get Finance', exact: true })).toHaveCount(0);

  // A car with Taurus figures (the site's lender) has the sidebar's finance card.
  const cars = await carsOf(request, GROUP, `status = in_stock AND price > 5000 AND year >= ${new Date().getFullYear() - 10}`);
  const car = cars.find((c) => Object.entries(c.finance_lenders ?? {}).some(([name, f]) => /taurus/i.test(name) && f.comparisonRate && f.paymentWeek));
  expect(car, 'a Southern Cross car with Taurus finance figures').toBeDefined();
  await hydrated(page, siteUrl(GROUP, `/cars/${car!.slug}`));
  const sidebar = page.locator('.vehicle-sidebar');
  await expect(sidebar.locator('.finance-figure')).toHaveText(/^Only \$[\d,]+ \/wk\*$/);
  await expect(sidebar.locator('.finance-card').getByRole('link', { name: 'Pre-Approved', exact: true })).toHaveAttribute('href', /^\/finance/);
  await expect(sidebar.getByRole('link', { name: 'Get Pre-Approved' })).toHaveAttribute('href', /^\/finance/);
  await expect(sidebar.getByRole('link', { name: 'Get Finance', exact: true })).toHaveCount(0);
  await shot(page, 'group-finance-buttons', sidebar);
  expect(errors).toEqual([]);
});
