// Static blocks ("x-hydrate": "never" in the block's schema, runtime/renderer/block-hydration.ts) keep their server HTML on the
// first page: their code is never requested, yet their site links still navigate in the page. Reached by a client-side
// navigation, the same block renders from its code like any other.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors } from './helpers';

const SITE = 'harbourside-mazda';
const BREADCRUMB_CHUNK = /\/assets\/vehicle-breadcrumb-[\w-]+\.js$/;

function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && urls.push(new URL(request.url()).pathname));
  return urls;
}

async function aCarSlug(request: APIRequestContext): Promise<string> {
  const search = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${SITE}.localhost:${port}` },
    data: { queries: [{ q: '', filter: 'status = in_stock', hitsPerPage: 1 }] },
  });
  return ((await search.json()).results[0].hits[0] as { slug: string }).slug;
}

test("a vehicle page's breadcrumb is its server HTML: no code loaded, its links navigate in the page", async ({ page, request }) => {
  const errors = watchErrors(page);
  const scripts = scriptsOf(page);
  await page.goto(siteUrl(SITE, `/cars/${await aCarSlug(request)}`));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const breadcrumb = page.locator('[data-block-type="vehicle-breadcrumb"]');
  await expect(breadcrumb.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  await expect(breadcrumb).not.toHaveAttribute('data-hydrated', /.*/);
  expect(scripts.filter((url) => BREADCRUMB_CHUNK.test(url))).toEqual([]);
  // The blocks around it did hydrate (the page's columns), so the page is live around it.
  expect(scripts.some((url) => /\/assets\/columns-/.test(url))).toBe(true);

  // A click on its make link navigates without reloading the document (the mark set in this document survives).
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const make = breadcrumb.locator('li a').nth(1);
  const href = (await make.getAttribute('href'))!;
  expect(href).toMatch(/^\/search\//);
  await make.click();
  await expect(page).toHaveURL(siteUrl(SITE, href));
  await expect(page.locator('[data-block-type="car-search"]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(errors).toEqual([]);
});

test('reached by a client-side navigation, the breadcrumb renders from its code and its links work', async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = scriptsOf(page);
  await page.goto(siteUrl(SITE, '/search'));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const car = page.locator('a[href^="/cars/"]').first();
  const carPath = (await car.getAttribute('href'))!.split('#')[0];
  await car.click();
  await expect(page).toHaveURL(siteUrl(SITE, carPath));
  const breadcrumb = page.locator('[data-block-type="vehicle-breadcrumb"] nav[aria-label="Breadcrumb"]');
  await expect(breadcrumb).toBeVisible();
  expect(scripts.filter((url) => BREADCRUMB_CHUNK.test(url))).toHaveLength(1);
  await breadcrumb.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(siteUrl(SITE, '/'));
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(errors).toEqual([]);
});
