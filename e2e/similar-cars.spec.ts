// Similar cars on the vehicle page in Chromium (docs/requirements/vehicle-browsing.md#screens, #validation, #calls,
// #constants): the multi-search starts only when the
// section comes within 500 px of the viewport, asks for in-stock cars in the price band (10 hits per query), and
// shows up to 6 unique result cards in a keyboard-operable carousel. Cars are found through the site's own search
// API, so the tests follow the demo inventory.
import { expect, test, type Page, type Request } from '@playwright/test';
import type { Car } from '../schemas/generated/car';
import { similarPriceBand } from '../runtime/domain/vehicle';
import { siteUrl, watchErrors } from './helpers';

const SITE = 'big-sky-cars';
const section = (page: Page) => page.locator('#similar-cars');
const cards = (page: Page) => section(page).locator('.car-card');

/** The first car of the site matching a search filter, with every field. */
async function findCar(page: Page, filter: string): Promise<Car> {
  // A same-site text page to fetch from (a JSON answer such as /healthz is a download, not a page).
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto(siteUrl(SITE, '/robots.txt'));
  const car = await page.evaluate(async (f) => {
    const response = await fetch('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries: [{ q: '', filter: f, hitsPerPage: 1 }] }),
    });
    return (await response.json()).results[0].hits[0];
  }, filter);
  expect(car, `a car on ${SITE} matching ${filter}`).toBeTruthy();
  return car as Car;
}

// Every POST /api/search the page makes, counted in the page itself (exact, unlike waiting for network events).
async function countSearches(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __searches: string[] };
    w.__searches = [];
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/search')) w.__searches.push(String(init?.body ?? ''));
      return original(input, init);
    };
  });
}
const searchesSoFar = (page: Page) => page.evaluate(() => (window as unknown as { __searches: string[] }).__searches.length);

/**
 * Scrolls so the section's top edge sits `below` px under the viewport's bottom edge, then waits for the browser's
 * next intersection round: an observer made after the block's own is told after it, in the same task.
 */
async function scrollSectionBelowFold(page: Page, below: number) {
  return page.evaluate(async (gap) => {
    const el = document.getElementById('similar-cars')!;
    window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - window.innerHeight - gap);
    await new Promise<void>((resolve) => {
      const probe = new IntersectionObserver(
        () => {
          probe.disconnect();
          resolve();
        },
        { rootMargin: '500px 0px' },
      );
      probe.observe(el);
    });
    return Math.round(el.getBoundingClientRect().top - window.innerHeight);
  }, below);
}

/** The slides (by position, from 1) that the carousel's window shows whole. */
const shownSlides = (page: Page) =>
  section(page)
    .locator('.similar-track')
    .evaluate((track) => {
      const view = track.getBoundingClientRect();
      return [...track.querySelectorAll('.similar-slide')].flatMap((slide, i) => {
        const r = slide.getBoundingClientRect();
        return r.left >= view.left - 1 && r.right <= view.right + 1 ? [i + 1] : [];
      });
    });

/** Scrolls the section into view (also when it is hidden, where it does nothing). */
const scrollToSection = (page: Page) => page.evaluate(() => document.getElementById('similar-cars')?.scrollIntoView());

const isSearchPost = (r: Request) => r.url().endsWith('/api/search') && r.method() === 'POST';

test('searches only near the section, then shows up to 6 unique in-stock cards in the price band', async ({ page }) => {
  const car = await findCar(page, 'status = in_stock AND make = Toyota AND price > 20000 AND price < 45000');
  const band = similarPriceBand(car.price);
  expect(band).toEqual({ min: car.price - 10000, max: car.price + 10000 }); // docs/requirements/vehicle-browsing.md#constants: under $50,000
  await countSearches(page);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(section(page)).toHaveAttribute('data-state', 'idle');

  // 700 px below the fold: outside the 500 px zone, nothing asked yet.
  expect(await scrollSectionBelowFold(page, 700)).toBeGreaterThan(500);
  expect(await searchesSoFar(page)).toBe(0);
  await expect(section(page)).toHaveAttribute('data-state', 'idle');

  // 300 px below the fold, still out of sight: the search starts now.
  const request = page.waitForRequest(isSearchPost);
  const response = page.waitForResponse((r) => isSearchPost(r.request()));
  const gap = await scrollSectionBelowFold(page, 300);
  expect(gap).toBeGreaterThan(0);
  expect(gap).toBeLessThanOrEqual(500);
  const { queries } = (await request).postDataJSON() as {
    queries: { indexUid: string; filter: string[]; limit: number; facets: string[]; attributesToHighlight: string[] }[];
  };
  expect(queries.length).toBeGreaterThan(0);
  for (const q of queries) {
    expect(q).toMatchObject({ indexUid: 'Car_production', limit: 10, facets: [], attributesToHighlight: [] });
    expect(q.filter).toEqual(expect.arrayContaining(['status = "in_stock"', `id != ${car.id}`, `price >= ${band.min}`, `price <= ${band.max}`]));
  }
  const { results } = (await (await response).json()) as { results: { hits: Car[] }[] };
  const hits = new Map(results.flatMap((r) => r.hits).map((h) => [String(h.id), h]));

  await expect(section(page)).toHaveAttribute('data-state', 'ready');
  await expect(section(page).getByRole('heading', { level: 2, name: 'Similar Cars' })).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  const ids = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-car-id')!));
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).not.toContain(String(car.id));
  for (const id of ids) {
    const hit = hits.get(id)!;
    expect(hit, `card ${id} came from the search`).toBeTruthy();
    expect(hit.status).toBe('in_stock');
    expect(hit.price).toBeGreaterThanOrEqual(band.min);
    expect(hit.price).toBeLessThanOrEqual(band.max);
  }
  await expect(cards(page).first()).toHaveAttribute('data-status', 'in_stock');
  expect(await searchesSoFar(page)).toBe(1);
  expect(errors).toEqual([]);
});

test('the carousel works by keyboard: arrow keys, Home and End, controls disabled at the ends', async ({ page }) => {
  const car = await findCar(page, 'status = in_stock AND make = Toyota AND price > 20000 AND price < 45000');
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await section(page).scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(6);

  const carousel = page.getByRole('region', { name: 'Similar Cars' });
  const prev = page.getByRole('button', { name: 'Previous cars' });
  const next = page.getByRole('button', { name: 'Next cars' });
  const slide = (n: number) => carousel.getByRole('group', { name: `${n} of 6` });
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  // The block hydrates when scrolled to (lazy hydration); the slider lays its slides out just after.
  await expect.poll(() => shownSlides(page)).toEqual([1, 2, 3]);

  await carousel.focus();
  await expect(carousel).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(prev).toBeEnabled();
  await expect.poll(() => shownSlides(page)).toEqual([2, 3, 4]);
  await page.keyboard.press('End');
  await expect(next).toBeDisabled();
  await expect.poll(() => shownSlides(page)).toEqual([4, 5, 6]);
  await page.keyboard.press('Home');
  await expect(prev).toBeDisabled();
  await expect.poll(() => shownSlides(page)).toEqual([1, 2, 3]);

  // The buttons answer Enter and Space like any button.
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(prev).toBeEnabled();
  await expect.poll(() => shownSlides(page)).toEqual([2, 3, 4]);
  await prev.focus();
  await page.keyboard.press('Space');
  await expect(prev).toBeDisabled();
  await expect.poll(() => shownSlides(page)).toEqual([1, 2, 3]);

  // Tabbing on from the last stop of the third card (its save toggles come last) reaches the fourth, which slides into view.
  await slide(3).locator('a[href], button').last().focus();
  await page.keyboard.press('Tab');
  await expect(slide(4).getByRole('link', { name: /^\d{4} / })).toBeFocused();
  await expect.poll(() => shownSlides(page)).toContain(4);
  expect(errors).toEqual([]);
});

test("a sold car's #similar-cars anchor lands on the carousel, which searches as it comes into view", async ({ page }) => {
  const car = await findCar(page, 'status = sold AND price > 10000');
  const errors = watchErrors(page);
  await page.goto(siteUrl(SITE, `/cars/${car.slug}#similar-cars`));
  await expect(page.getByText('Find Me Something Similar')).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const ids = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-car-id')));
  expect(ids.length).toBeGreaterThan(0);
  expect(ids.length).toBeLessThanOrEqual(6);
  expect(ids).not.toContain(String(car.id));
  await expect(section(page).locator('.car-card[data-status]:not([data-status="in_stock"])')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('no similar cars: no section, no heading; a failed search: hidden, with the reason in the console', async ({ page }) => {
  const car = await findCar(page, 'status = in_stock AND price > 20000');
  await page.route('**/api/search', (route) => route.fulfill({ json: { results: [{ hits: [] }, { hits: [] }, { hits: [] }] } }));
  await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await scrollToSection(page);
  await expect(section(page)).toHaveAttribute('data-state', 'empty');
  await expect(section(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Similar Cars' })).toHaveCount(0);

  await page.unroute('**/api/search');
  await page.route('**/api/search', (route) => route.fulfill({ status: 503, json: { message: 'Search is not available right now.' } }));
  const logged = page.waitForEvent('console', (m) => m.type() === 'error' && m.text().includes('Failed to fetch similar cars.'));
  await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await scrollToSection(page);
  await logged;
  await expect(section(page)).toHaveAttribute('data-state', 'failed');
  await expect(section(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Similar Cars' })).toHaveCount(0);
});
