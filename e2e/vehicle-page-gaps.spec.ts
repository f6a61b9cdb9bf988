// Vehicle page gaps of issue 16 in Chromium (docs/requirements/vehicle-browsing.md#screens, #states, #validation,
// #calls): view.json once per page view with the views
// shown where the site enables it (big-sky-cars) and never from crawlers; used-car checks; the external video as a
// click-to-load facade; sidebar car icons; the finance call-to-action; blogs on the vehicle page (harbourside-mazda);
// 'See more from this dealer' to /search/{dealership_slug}; the masked phone on one line at 1280 px.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors } from './helpers';
import { atLeast } from '../test-support/at-least';

const VIEWS_SITE = 'big-sky-cars';
const BLOG_SITE = 'harbourside-mazda';

interface CarHit {
  id: number;
  slug: string;
  make: string;
  car_type: string;
  status: string;
  km: number | null;
  vin: string | null;
  external_video_url: string | null;
  dealership_slug: string;
  images: unknown[];
}

const direct = (slug: string, path: string) => ({ url: `http://127.0.0.1:${port}${path}`, headers: { host: `${slug}.localhost:${port}` } });

/** The first car of the site's stock matching a filter and a test. */
async function findCar(request: APIRequestContext, slug: string, filter: string, test: (c: CarHit) => boolean = () => true): Promise<CarHit> {
  const { url, headers } = direct(slug, '/api/search');
  const res = await request.post(url, { headers, data: { queries: [{ filter, hitsPerPage: 100 }] } });
  expect(res.ok()).toBe(true);
  const hit = ((await res.json()).results[0].hits as CarHit[]).find(test);
  expect(hit, `a car of ${slug} with ${filter}`).toBeTruthy();
  return hit!;
}

/** Counts the page's view.json requests. */
function viewCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/cars\/[^/]+\/view\.json/.test(r.url())) calls.push(r.url());
  });
  return calls;
}

async function openCar(page: Page, slug: string, car: CarHit) {
  await page.goto(siteUrl(slug, `/cars/${car.slug}`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

test.describe('views (docs/requirements/vehicle-browsing.md#calls view.json)', () => {
  test('one call per page view, the count shown where the site enables it, a reload by the same shopper not counted again', async ({ page, request }) => {
    const errors = watchErrors(page);
    // A car other specs do not open (they take the first hits), so nobody else's view lands between the two counts.
    const car = await findCar(request, VIEWS_SITE, 'status = "in_stock"', (c) => c.id % 11 === 5);
    const calls = viewCalls(page);
    await openCar(page, VIEWS_SITE, car);
    const views = page.getByTestId('vehicle-views');
    await expect(views).toHaveText(/^[\d,]+ views?$/);
    const first = Number((await views.textContent())!.replace(/\D/g, ''));
    expect(calls).toHaveLength(1);
    const url = new URL(atLeast(1, calls, 'the view calls')[0]);
    expect(url.pathname).toBe(`/api/cars/${car.slug}/view.json`);
    expect([...url.searchParams.keys()]).toEqual(['photos_count', 'updated_at', 'website_id']);
    expect(url.searchParams.get('website_id')).toBe(VIEWS_SITE);
    // re-renders (scrolling shows the sticky bar, a tab changes) are not page views
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(300);
    await page.mouse.wheel(0, -1200);
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(1);
    // The reload calls view.json again, but one address counts once per car and day.
    const again = page.waitForResponse(/\/view\.json/);
    await page.reload();
    expect((await (await again).json()).counted).toBe(false);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(views).toHaveText(`${first.toLocaleString('en-AU')} ${first === 1 ? 'view' : 'views'}`);
    expect(calls).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  test('a site without the setting counts the view but shows no count', async ({ page, request }) => {
    const car = await findCar(request, BLOG_SITE, 'status = "in_stock"');
    const calls = viewCalls(page);
    const answered = page.waitForResponse(/\/view\.json/);
    await openCar(page, BLOG_SITE, car);
    expect((await answered).status()).toBe(200);
    expect(calls).toHaveLength(1);
    await expect(page.getByTestId('vehicle-views')).toHaveCount(0);
  });

  test('crawlers never call view.json', async ({ browser, request }) => {
    const car = await findCar(request, VIEWS_SITE, 'status = "in_stock"');
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    const page = await context.newPage();
    const calls = viewCalls(page);
    await openCar(page, VIEWS_SITE, car);
    await expect(page.locator('.vehicle-sidebar h1')).toBeVisible();
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    await expect(page.getByTestId('vehicle-views')).toHaveCount(0);
    await context.close();
  });
});

test('used-car checks and car icons on a used car', async ({ page, request }) => {
  const car = await findCar(request, VIEWS_SITE, 'car_type = "used" AND status = "in_stock"', (c) => typeof c.km === 'number' && Boolean(c.vin));
  await openCar(page, VIEWS_SITE, car);
  const checks = page.locator('section.spec-section-used-car-checks');
  await expect(checks.getByRole('heading', { name: 'Used Car Checks' })).toBeVisible();
  await expect(checks.locator('[data-check="odometer"] dd')).toHaveText(`${car.km!.toLocaleString('en-AU')} km`);
  await expect(checks.locator('[data-check="vin"] dd')).toHaveText(car.vin!);
  // docs/requirements/vehicle-browsing.md#screens sidebar car icons: the site's default icons, each with its icon and value
  const icons = page.locator('.vehicle-sidebar .key-facts li');
  await expect(icons.first().locator('svg.car-icon')).toBeVisible();
  await expect(page.locator('.vehicle-sidebar .key-facts li[data-icon="km"]')).toContainText(`${car.km!.toLocaleString('en-AU')} km`);
  // a new car has no used-car checks
  const fresh = await findCar(request, BLOG_SITE, 'car_type = "new" AND status = "in_stock"');
  await openCar(page, BLOG_SITE, fresh);
  await expect(page.locator('.vehicle-sidebar h1')).toBeVisible();
  await expect(page.locator('section.spec-section-used-car-checks')).toHaveCount(0);
});

test('the external video loads only when played, from the no-cookie player', async ({ page, request }) => {
  const errors = watchErrors(page);
  let found: { slug: string; car: CarHit } | undefined;
  search: for (const slug of [BLOG_SITE, VIEWS_SITE]) {
    for (let n = 1; n <= 5; n++) {
      const { url, headers } = direct(slug, '/api/search');
      const hits = (await (await request.post(url, { headers, data: { queries: [{ filter: 'status = "in_stock"', hitsPerPage: 100, page: n }] } })).json())
        .results[0].hits as CarHit[];
      const car = hits.find((c) => c.external_video_url && /youtube\.com\/watch/.test(c.external_video_url));
      if (car) {
        found = { slug, car };
        break search;
      }
    }
  }
  expect(found, 'a car with an external YouTube video').toBeTruthy();
  const outside: string[] = [];
  page.on('request', (r) => /youtube/.test(r.url()) && outside.push(r.url()));
  await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' }));
  await openCar(page, found!.slug, found!.car);
  const section = page.locator('section.vehicle-external-video');
  await expect(section.getByRole('heading', { name: 'Video' })).toBeVisible();
  expect(outside).toEqual([]);
  await expect(section.locator('iframe')).toHaveCount(0);
  await section.getByRole('button', { name: /^Watch the video of the .+ on YouTube$/ }).click();
  const frame = section.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}\?autoplay=1&rel=0$/);
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});

test('finance call-to-action beside the calculator, to the finance page', async ({ page, request }) => {
  const car = await findCar(request, BLOG_SITE, 'status = "in_stock" AND price > 20000');
  await openCar(page, BLOG_SITE, car);
  // Below the fold it hydrates when seen (its section shows once the quote is in, so scroll to the block).
  await page.locator('[data-block-type="finance-calculator"]').scrollIntoViewIfNeeded();
  await expect(page.locator('#finance-calculator')).toBeVisible();
  const cta = page.locator('section.finance-cta');
  await expect(cta.getByRole('heading', { name: 'Finance this car' })).toBeVisible();
  await expect(cta.locator('.finance-cta-figure')).toHaveText(/^Only \$[\d,]+ \/wk\*$/);
  const button = cta.getByRole('link', { name: 'Get Pre-Approved' });
  const href = (await button.getAttribute('href'))!;
  expect(href).toContain(`car_id=${car.id}`);
  const res = await request.get(direct(BLOG_SITE, href.replace(/#.*$/s, '')).url, { headers: direct(BLOG_SITE, '/').headers });
  expect(res.status()).toBe(200);
});

test("blogs on the vehicle page where the site has them, for the car's make", async ({ page, request }) => {
  const car = await findCar(request, BLOG_SITE, 'make = "Mazda" AND status = "in_stock"');
  await openCar(page, BLOG_SITE, car);
  const blogs = page.locator('section.vehicle-blogs');
  await expect(blogs.getByRole('heading', { name: 'Read before you buy' })).toBeVisible();
  await expect(blogs.getByRole('link', { name: '2026 Mazda CX-5 review: the family favourite, refined' })).toHaveAttribute('href', '/blog/vehicle-reviews');
  await expect(blogs.locator('li.blog-card')).toHaveCount(2);
  // a site without vehicle blogs shows none
  const other = await findCar(request, VIEWS_SITE, 'status = "in_stock"');
  await openCar(page, VIEWS_SITE, other);
  await expect(page.locator('.vehicle-sidebar h1')).toBeVisible();
  await expect(page.locator('section.vehicle-blogs')).toHaveCount(0);
});

test("'See more from this dealer' opens the dealer's search page with its cars", async ({ page, request }) => {
  const car = await findCar(request, VIEWS_SITE, 'status = "in_stock"');
  await openCar(page, VIEWS_SITE, car);
  const link = page.locator('.vehicle-sidebar').getByRole('link', { name: 'See more from this dealer' });
  await expect(link).toHaveAttribute('href', `/search/${car.dealership_slug}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/search/${car.dealership_slug}$`));
  await expect(page.locator('.car-card, [data-testid="car-card"], article').first()).toBeVisible();
});

test('the masked phone stays on one line at 1280 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const car = await findCar(request, VIEWS_SITE, 'status = "in_stock"');
  await openCar(page, VIEWS_SITE, car);
  const number = page.locator('.call-dealer-phone .phone-number');
  await expect(number).toBeVisible();
  await expect(number).toHaveText(/X/);
  const lines = await number.evaluate((el) => el.getClientRects().length);
  expect(lines).toBe(1);
  const box = (await number.boundingBox())!;
  const lineHeight = await number.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5);
  expect(box.height).toBeLessThan(lineHeight * 1.5);
});
