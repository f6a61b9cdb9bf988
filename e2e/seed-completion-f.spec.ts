// The count animation of 1 s where the spec uses it, timed by Playwright's clock (no waiting on real time), and the
// dealership's configured sales number as a shopper sees it (shared server of this build, the shipped tenant documents).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors } from './helpers';
import { itemAt } from '../test-support/at-least';

const BIG_SKY = 'big-sky-cars';
const OUTBACK = 'outback-caravans-motorcycles';

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** The slug of a site's first car matching a search filter (the site's own search API). */
async function carSlug(request: APIRequestContext, slug: string, filter: string): Promise<string> {
  const response = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', filter, hitsPerPage: 1 }] },
  });
  expect(response.ok()).toBe(true);
  const hit = (await response.json()).results[0].hits[0];
  expect(hit, `a car of ${slug} matching ${filter}`).toBeTruthy();
  return hit.slug as string;
}

const numberIn = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test.beforeEach(async ({ page }) => {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
});

test("'Show Me N cars' counts to the new number over 1 s after a filter changes it", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await hydrated(page, siteUrl(BIG_SKY, '/search/new-used-and-demo-cars'));
  const button = page.locator('.show-me-button');
  await expect(button).toHaveText(/^Show Me [\d,]+ cars$/);
  const before = numberIn(await button.textContent());
  // The make with the fewest cars: a long way to count.
  const counts = await page.locator('.make-card .facet-count').allTextContents();
  const fewest = counts.map(numberIn).reduce((best, n, i, all) => (n < (all[best] ?? Number.POSITIVE_INFINITY) ? i : best), 0);
  const after = numberIn(itemAt(counts, fewest, 'the make counts'));
  expect(before - after, 'a change big enough to see counted').toBeGreaterThan(200);

  // Time stands still from here: it moves 10 ms at a time until the new count is in (the page's own updates wait on
  // the clock too), so the count starts within 10 ms of the last step.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.locator('.make-card input[name="make"]').nth(fewest).click();
  // The button's name is the new number at once.
  await expect
    .poll(async () => {
      await page.clock.runFor(10);
      return button.getAttribute('aria-label');
    })
    .toBe(`Show Me ${after.toLocaleString('en-AU')} cars`);
  await page.clock.runFor(500);
  const half = numberIn(await button.textContent());
  expect(half).toBeLessThan(before);
  expect(half).toBeGreaterThan(after);
  await page.clock.runFor(290); // 0.8 s: nearly there, not yet
  expect(numberIn(await button.textContent())).toBeGreaterThan(after);
  await page.clock.runFor(210); // 1 s: the new number
  await expect(button).toHaveText(`Show Me ${after.toLocaleString('en-AU')} cars`);
  expect(errors).toEqual([]);
});

test("Outback: the motorcycle dealership's configured sales number is what its bikes' call buttons ring and its yard's card shows", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const bike = await carSlug(request, OUTBACK, 'item_type = motorcycle AND status = in_stock');
  await hydrated(page, siteUrl(OUTBACK, `/cars/${bike}`));
  await expect(page.locator('.call-dealer-phone')).toHaveAttribute('href', 'tel:0746327111');
  await expect(page.locator('.vehicle-sidebar').getByRole('link', { name: 'Call Dealer' })).toHaveAttribute('href', 'tel:0746327111');
  // The caravan dealership configures none: its vans ring their yard.
  const van = await carSlug(request, OUTBACK, 'item_type = caravan AND status = in_stock');
  await hydrated(page, siteUrl(OUTBACK, `/cars/${van}`));
  await expect(page.locator('.call-dealer-phone')).toHaveAttribute('href', 'tel:0746327000');
  await hydrated(page, siteUrl(OUTBACK, '/contact'));
  await expect(page.locator('.location-card[data-location-id="4021"] a.phone')).toHaveAttribute('href', 'tel:0746327111');
  expect(errors).toEqual([]);
});

test("Harbourside: a Mazda's page title, heading, breadcrumb and search card say the car's one name", async ({ page, request }) => {
  const errors = watchErrors(page);
  const slug = await carSlug(request, 'harbourside-mazda', 'make = Mazda AND status = in_stock');
  await hydrated(page, siteUrl('harbourside-mazda', `/cars/${slug}`));
  const name = (await page.locator('.vehicle-sidebar h1').textContent())!.trim();
  expect(name).toMatch(/^\d{4} Mazda /);
  expect(await page.title()).toBe(`${name} | Harbourside Mazda`);
  await expect(page.locator('.vehicle-breadcrumb [aria-current="page"]')).toHaveText(name);
  await hydrated(page, siteUrl('harbourside-mazda', `/search/new-used-and-demo-cars?q=${encodeURIComponent(name)}`));
  await expect(page.locator(`article.car-card a[href="/cars/${slug}"]`).first()).toBeVisible();
  await expect(page.locator('article.car-card .car-card-title').filter({ has: page.locator(`a[href="/cars/${slug}"]`) })).toHaveText(name);
  expect(errors).toEqual([]);
});
