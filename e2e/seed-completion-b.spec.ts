// Seed completion, part B, as a shopper sees it in Chromium: test drive times answered by the server (weekly and
// holiday hours), the finance lenders call behind a finance link's car_id, and the entity, site and constant items
// of docs/requirements/dealer-services.md#data, #screens and #constants.
// Tenants: southern-cross-motor-group (several locations with holiday hours), big-sky-cars (manual lender, /finance).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { port, root, siteUrl, watchErrors } from './helpers';
import { atLeast } from '../test-support/at-least';

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

async function findCars(request: APIRequestContext, slug: string, filter: string, hitsPerPage = 1) {
  const response = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', filter, hitsPerPage }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).results[0].hits as { id: number; slug: string; car_type: string; make: string }[];
}

const api = (request: APIRequestContext, slug: string, path: string) =>
  request.get(`http://127.0.0.1:${port}${path}`, { headers: { Host: `${slug}.localhost:${port}` } });

interface SpecialHour {
  date: string;
  status: string;
  start_hour?: string;
  end_hour?: string;
  hours?: { begin: string; end: string };
}

function tenantLocation(slug: string, name: string) {
  const doc = JSON.parse(readFileSync(join(root, 'tenants', `${slug}.json`), 'utf8'));
  for (const d of doc.dealerships) for (const l of d.locations) if (l.name === name) return l as { id: number; special_hours?: SpecialHour[] };
  throw new Error(`${name} is not a location of ${slug}`);
}

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test.describe('test drive times come from the server', () => {
  const slug = 'southern-cross-motor-group';
  const name = 'Southern Cross Toyota Parramatta';

  test("the time list is the slots call's answer: the weekly hours, and a holiday's own hours or Closed", async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(slug, '/book-test-drive'));
    const form = page.locator('#test-drive-form form');
    await form.locator('[name="location"]').selectOption({ value: name });
    const time = form.locator('[name="preferred_time"]');
    const date = form.locator('[name="preferred_date"]');
    await expect(time).toBeDisabled();

    // A Monday a year ahead: open 8:30am to 5:30pm, so half-hour slots from 8:30am to 5:00pm
    const monday = new Date();
    monday.setFullYear(monday.getFullYear() + 1);
    monday.setDate(monday.getDate() + ((8 - monday.getDay()) % 7));
    const answered = page.waitForResponse((r) => r.url().includes('/api/test-drive/slots') && r.url().includes(isoDay(monday)));
    await date.fill(isoDay(monday));
    const body = await (await answered).json();
    expect(body.location).toBe(name);
    await expect(time).toBeEnabled();
    const labels = await time.locator('option').allTextContents();
    expect(labels).toEqual(['Any time', ...body.slots.map((s: { label: string }) => s.label)]);
    expect(labels[1]).toBe('8:30am');
    expect(labels.at(-1)).toBe('5:00pm');
    await expect(page.getByText(`Optional. ${name} times.`)).toBeVisible();

    // The location's upcoming holidays, from its document: a closed one offers no time, an open one its own hours
    const today = isoDay(new Date(Date.now() + 2 * 86400000));
    const upcoming = (tenantLocation(slug, name).special_hours ?? []).filter((s) => s.date > today);
    const closed = upcoming.find((s) => s.status === 'Closed');
    const open = upcoming.find((s) => s.status === 'Open');
    test.skip(!closed || !open, 'the demo document has no upcoming holiday hours left');
    await date.fill(closed!.date);
    await expect(page.getByText(`${name} closed on this day. Please choose another date.`)).toBeVisible();
    await expect(time).toBeDisabled();
    await date.fill(open!.date);
    await expect(time).toBeEnabled();
    const start = open!.start_hour ?? open!.hours!.begin;
    const [h = Number.NaN, m = Number.NaN] = start.split(':').map(Number);
    await expect(time.locator('option').nth(1)).toHaveText(`${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`);
    expect(errors).toEqual([]);
  });

  test('the slots call refuses a past date with a sentence', async ({ request }) => {
    const response = await api(request, slug, '/api/test-drive/slots?date=2020-01-06');
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toBe('Test drives can be booked from tomorrow. Please choose a later date.');
  });
});

test.describe('finance lenders by car id', () => {
  const slug = 'big-sky-cars';

  test("a finance link's car_id shows that car's lender disclaimers under the calculator", async ({ page, request }) => {
    const errors = watchErrors(page);
    // A car whose lenders include the site's own (Manual) with a disclaimer: about one in four financed cars.
    let found: { id: number; disclaimers: { name: string; text: string }[] } | undefined;
    for (const hit of await findCars(request, slug, 'status = in_stock', 100)) {
      const answer = await (await api(request, slug, `/api/cars/${hit.id}/finance-lenders`)).json();
      if (answer.disclaimers.length) {
        found = { id: hit.id, disclaimers: answer.disclaimers };
        break;
      }
    }
    expect(found, 'a car of big-sky-cars with a lender disclaimer').toBeTruthy();
    await hydrated(page, siteUrl(slug, `/finance?car_id=${found!.id}`));
    const list = page.getByRole('list', { name: 'Lender disclaimers' });
    await expect(list.locator('li')).toHaveText(found!.disclaimers.map((d) => `${d.name}: ${d.text}`));

    await hydrated(page, siteUrl(slug, '/finance'));
    await expect(page.locator('.calculator[data-ready="true"]')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Lender disclaimers' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('dealerships, reviews and the dealer banner', () => {
  const slug = 'southern-cross-motor-group';

  test("a location page shows its dealership's logo, make and YouTube link, and lists the reviews behind its rating", async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(slug, '/our-location/sc-toyota-parramatta'));
    const brand = page.locator('.location-dealership-brand');
    await expect(brand.getByRole('img', { name: 'Southern Cross Toyota logo' })).toBeVisible();
    await expect(brand).toContainText('Authorised Toyota dealer');
    await expect(brand.getByRole('link', { name: 'Watch us on YouTube' })).toHaveAttribute('href', 'https://www.youtube.com/@southerncrosstoyota');
    const reviews = page.locator('#reviews');
    await expect(reviews).toContainText('Rated 4.6 out of 5 from 204 Google reviews.');
    const list = reviews.getByRole('list', { name: 'Customer reviews' }).locator('> li');
    // newest first, dates as dd/mm/yyyy, the dealership's reply under its review
    await expect(list).toHaveCount(3);
    await expect(list.nth(0)).toContainText('Priya N.');
    await expect(list.nth(0)).toContainText('02/11/2026');
    await expect(list.nth(0).locator('.review-reply')).toContainText('Reply from Southern Cross Toyota');
    await expect(list.nth(0).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(list.nth(1).getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(list.nth(2)).toContainText('Grace L.');
    expect(errors).toEqual([]);
  });

  test("the dealer banner's links, and Call Us, Email Us and Book a Service for the dealership", async ({ page }) => {
    const errors = watchErrors(page);
    await hydrated(page, siteUrl(slug, '/'));
    const banner = page.locator('.dealer-banner');
    await expect(banner).toContainText('Southern Cross Toyota');
    await expect(banner.getByRole('link', { name: 'Warranty' })).toHaveAttribute('href', '/warranty');
    await expect(banner.getByRole('link', { name: 'Roadside Assist' })).toHaveAttribute('href', '/roadside-assist');
    await expect(banner.getByRole('link', { name: 'Call Us' })).toHaveAttribute('href', 'tel:0296301000');
    await expect(banner.getByRole('link', { name: 'Email Us' })).toHaveAttribute('href', 'mailto:toyota@southerncross.example');
    const book = banner.getByRole('link', { name: 'Book a Service' });
    await expect(book).toHaveAttribute('href', /#service-form$/);
    await book.click();
    await expect(page.locator('#service-form')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a certified used Toyota lists Toyota's certified benefits in Why Buy From Us?", async ({ page, request }) => {
    const [car] = atLeast(1, await findCars(request, slug, 'certified = true AND car_type = used AND make = Toyota AND status = in_stock'), 'the cars found');
    expect(car, 'a certified used Toyota in stock').toBeTruthy();
    await hydrated(page, siteUrl(slug, `/cars/${car.slug}`));
    await page.getByRole('tab', { name: 'Why Buy From Us?' }).click();
    const benefits = page.getByRole('region', { name: 'Toyota Certified Pre-Owned' });
    await expect(benefits.locator('li')).toHaveText(['Extra 1-year warranty', '90-point inspection', '12 months roadside assist']);

    const [other] = atLeast(1, await findCars(request, slug, 'car_type = new AND make = Toyota AND status = in_stock'), 'the cars found');
    await hydrated(page, siteUrl(slug, `/cars/${other.slug}`));
    await page.getByRole('tab', { name: 'Why Buy From Us?' }).click();
    await expect(page.locator('.certified-benefits')).toHaveCount(0);
  });
});

test.describe('phone numbers by car type', () => {
  const slug = 'harbourside-mazda';

  for (const [type, phone] of [
    ['new', '0732501120'],
    ['used', '0732501130'],
  ] as const) {
    test(`a ${type} car's call buttons ring the ${type}-car number`, async ({ page, request }) => {
      const [car] = atLeast(1, await findCars(request, slug, `car_type = ${type} AND status = in_stock`), 'the cars found');
      await hydrated(page, siteUrl(slug, `/cars/${car.slug}`));
      await expect(page.locator('.call-dealer-phone')).toHaveAttribute('href', `tel:${phone}`);
      await expect(page.locator('.vehicle-sidebar').getByRole('link', { name: 'Call Dealer' })).toHaveAttribute('href', `tel:${phone}`);
    });
  }

  test('a demo car, with no demo number, rings its location', async ({ page, request }) => {
    const [car] = atLeast(1, await findCars(request, slug, 'car_type = demo AND status = in_stock'), 'the cars found');
    test.skip(!car, 'no demo car in stock');
    await hydrated(page, siteUrl(slug, `/cars/${car.slug}`));
    await expect(page.locator('.call-dealer-phone')).toHaveAttribute('href', /^tel:0732501(100|190)$/);
  });
});
