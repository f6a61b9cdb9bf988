// Blocks whose schema says "x-hydrate": "interaction" (runtime/renderer/block-hydration.ts) keep their server HTML on the
// first page even on screen: their code is not requested until the shopper touches them, and what the shopper does
// right after load (a filter clicked, text typed) still takes effect once the block has hydrated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BLOCK_CHUNKS_FILE, type BlockChunk } from '../runtime/server/block-chunks-file';
import { root, siteUrl, watchErrors } from './helpers';

const SITE = 'harbourside-mazda';
const SEARCH = '/search/new-used-and-demo-cars';

/** The chunk holding a block's code in this build (Rollup may have merged it into a shared chunk). */
function chunkOf(type: string): string {
  const { blocks } = JSON.parse(readFileSync(join(root, 'dist/client', BLOCK_CHUNKS_FILE), 'utf8')) as { blocks: Record<string, BlockChunk> };
  const chunk = blocks[type];
  if (!chunk) throw new Error(`the build names no chunk for the block ${type}`);
  return `/${chunk.file}`;
}

function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && urls.push(new URL(request.url()).pathname));
  return urls;
}

/** The search page loaded, hydrated and quiet, its results block on screen and not hydrated. */
async function openSearch(page: Page, scripts: string[]) {
  await page.goto(siteUrl(SITE, SEARCH));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const block = page.locator('[data-block-type="car-search"]');
  await expect(block).toBeInViewport();
  await expect(block).not.toHaveAttribute('data-hydrated', /.*/);
  expect(scripts).not.toContain(chunkOf('car-search'));
  return block;
}

test('a filter clicked on the search page right after load refines the results once the block hydrates', async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = scriptsOf(page);
  const block = await openSearch(page, scripts);

  const used = page.locator('[data-filter="car_type"] label').filter({ hasText: 'Used' });
  const usedCount = Number((await used.locator('.facet-count').textContent())!.replace(/,/g, ''));
  await used.locator('input').click();
  await expect(page).toHaveURL(/car_type=used/);
  await expect(used.locator('input')).toBeChecked();
  await expect(page.locator('.result-count strong')).toHaveText(usedCount.toLocaleString('en-AU'));
  await expect(page.locator('.refinement-chips')).toContainText('Used');
  await expect(block).toHaveAttribute('data-hydrated', 'true');
  expect(scripts).toContain(chunkOf('car-search'));
  expect(errors).toEqual([]);
});

test('text typed into the search box right after load searches once the block hydrates', async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = scriptsOf(page);
  await openSearch(page, scripts);

  await page.getByLabel('Search cars').pressSequentially('CX-5');
  await expect(page).toHaveURL(/\?q=CX-5$/);
  await expect(page.getByLabel('Search cars')).toHaveValue('CX-5');
  const titles = page.locator('.result-grid .car-card .car-card-title');
  await expect(titles.first()).toContainText('CX-5');
  for (const title of await titles.allTextContents()) expect(title).toContain('CX-5');
  expect(scripts).toContain(chunkOf('car-search'));
  expect(errors).toEqual([]);
});

test("a car's link in the results navigates in the page before the block has hydrated", async ({ page }) => {
  const scripts = scriptsOf(page);
  await openSearch(page, scripts);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const title = page.locator('.result-grid .car-card .car-card-title a').first();
  const href = (await title.getAttribute('href'))!;
  await title.click();
  await expect(page).toHaveURL(siteUrl(SITE, href));
  await expect(page.locator('[data-block-type="vehicle-gallery"]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test("the home page's stock search is its server HTML until touched; a make chosen then narrows the models", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto(siteUrl(SITE, '/'));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const hero = page.locator('[data-block-type="stock-search-hero"]');
  await expect(hero).toBeInViewport();
  expect(scripts).not.toContain(chunkOf('stock-search-hero'));

  const model = hero.getByLabel('Model', { exact: true });
  await expect(model).toBeDisabled();
  await hero.getByLabel('Make', { exact: true }).selectOption('Mazda');
  await expect(model).toBeEnabled();
  await expect(model.locator('option[value="CX-5"]')).toHaveText(/^CX-5 \(\d/);
  expect(scripts).toContain(chunkOf('stock-search-hero'));
});

test("the vehicle page's sticky bars load their code on the first scroll, then show past their thresholds", async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = scriptsOf(page);
  await page.goto(siteUrl(SITE, SEARCH));
  const car = await page.locator('a[href^="/cars/"]').first().getAttribute('href');
  await page.goto(siteUrl(SITE, car!));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const block = page.locator('[data-block-type="vehicle-sticky-bar"]');
  await expect(block).not.toHaveAttribute('data-hydrated', /.*/);
  expect(scripts).not.toContain(chunkOf('vehicle-sticky-bar'));

  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect(block).toHaveAttribute('data-hydrated', 'true');
  expect(scripts).toContain(chunkOf('vehicle-sticky-bar'));
  await expect(page.getByTestId('vehicle-sticky-header')).toBeVisible();
  expect(errors).toEqual([]);
});

test("a city chosen and Search pressed while the stock search's code is still loading search that city", async ({ page }) => {
  // Hold the block's code back, so both happen before the block hydrates: the replayed click must come once React has
  // taken the replayed choice (its state updates are not applied within the replayed change event).
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route(`**${chunkOf('stock-search-hero')}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(siteUrl('big-sky-cars', '/'));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const hero = page.locator('[data-block-type="stock-search-hero"]');
  await hero.getByLabel('City', { exact: true }).selectOption('Dandenong');
  await hero.getByRole('button', { name: 'Search' }).click();
  release();
  await expect(page).toHaveURL(/[?&]city=Dandenong(&|$)/);
});
