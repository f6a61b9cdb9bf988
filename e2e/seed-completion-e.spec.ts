// Seed completion, part E, as a shopper sees it in Chromium: hidden dealerships (site configuration) kept out of the
// location lists, location pages, nearest-location finder, forms and search; and the Series filter in the site's own
// order (duo, city, sport). The feed photos' blurred placeholders are in feed-photos.spec.ts (a server with a feed).
// Tenants: southern-cross-motor-group (hides its trade-only Southern Cross Wholesale, dealership 306, at Eastern
// Creek 2766), outback-caravans-motorcycles (Coronet caravans in the Duo, City and Sport series).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { port, root, siteUrl, watchErrors } from './helpers';

const GROUP = 'southern-cross-motor-group';
const OUTBACK = 'outback-caravans-motorcycles';
const HIDDEN = { id: 306, name: 'Southern Cross Wholesale', location: 'Southern Cross Wholesale Trade Centre', slug: 'sc-wholesale-trade-centre' };

async function hydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return response;
}

test.describe('hidden dealerships', () => {
  test('the site document hides the wholesale yard (the setting this spec relies on)', () => {
    const doc = JSON.parse(readFileSync(join(root, 'tenants', `${GROUP}.json`), 'utf8'));
    expect(doc.settings.locations.dropdown.hiddenDealershipIds).toEqual([HIDDEN.id]);
    expect(doc.dealerships.map((d: { name: string }) => d.name)).toContain(HIDDEN.name);
  });

  test('Contact: neither the location list nor the enquiry form offers the hidden yard; the others are there', async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(GROUP, '/contact'));
    const list = page.locator('.location-list');
    await expect(list.getByText('Southern Cross Isuzu Trucks Wetherill Park').first()).toBeVisible();
    await expect(list.getByText(HIDDEN.location)).toHaveCount(0);
    const form = page.locator('.lead-form-block').first();
    const location = form.locator('[name="location"]');
    await expect(location.locator('option', { hasText: 'Southern Cross Toyota Parramatta' })).toHaveCount(1);
    await expect(location.locator('option', { hasText: HIDDEN.location })).toHaveCount(0);
    await expect(form.locator('option', { hasText: HIDDEN.name })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the nearest dealership to the hidden yard's own postcode is another one, and its location page is not found", async ({ page }) => {
    await hydrated(page, siteUrl(GROUP, '/dealer-locator'));
    const finder = page.locator('.nearest-location-finder[data-ready]').first();
    await finder.getByLabel('Your postcode').fill('2766');
    await finder.getByRole('button', { name: 'Find' }).click();
    const results = finder.locator('.nearest-results li');
    await expect(results.first()).toBeVisible();
    await expect(results.filter({ hasText: HIDDEN.location })).toHaveCount(0);
    // The list is the carousel of every other location (seven), as before the yard was added.
    await expect(page.locator('.location-list .location-slide')).toHaveCount(7);
    const response = await page.goto(siteUrl(GROUP, `/our-location/${HIDDEN.slug}`));
    expect(response?.status()).toBe(404);
  });

  test("the site's search never answers the hidden yard's cars", async ({ request }) => {
    const search = (filter: string) =>
      request.post(`http://127.0.0.1:${port}/api/search`, {
        headers: { Host: `${GROUP}.localhost:${port}` },
        data: { queries: [{ q: '', filter, hitsPerPage: 1, facets: ['dealership_name'] }] },
      });
    const hidden = await (await search(`dealership_id = ${HIDDEN.id}`)).json();
    expect(hidden.results[0].estimatedTotalHits ?? hidden.results[0].totalHits).toBe(0);
    const all = await (await search('')).json();
    expect(Object.keys(all.results[0].facetDistribution.dealership_name)).not.toContain(HIDDEN.name);
    expect(Object.keys(all.results[0].facetDistribution.dealership_name)).toContain('Southern Cross Trucks');
  });
});

test.describe('series ordering', () => {
  test("Outback's Series filter lists Duo, City, Sport in that order, and choosing one filters the cars", async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await hydrated(page, siteUrl(OUTBACK, '/search'));
    const group = page.locator('.filter-group[data-filter="series"]');
    await expect(group.locator('summary')).toHaveText('Series');
    const labels = group.locator('.facet-option');
    await expect(labels).toHaveCount(3);
    await expect(labels.nth(0)).toContainText('Duo');
    await expect(labels.nth(1)).toContainText('City');
    await expect(labels.nth(2)).toContainText('Sport');
    await labels.nth(1).click();
    await expect(page).toHaveURL(/series.*City/);
    const titles = page.locator('.car-card .car-card-title');
    await expect(titles.first()).toContainText('Coronet RV Caravan');
    for (const title of await titles.allTextContents()) expect(title).toMatch(/Coronet RV Caravan .* City$/);
    expect(errors).toEqual([]);
  });
});
