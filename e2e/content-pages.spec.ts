// Content pages in Chromium (docs/requirements/dealer-services.md#screens routes, #data, #constants;
// docs/requirements/vehicle-browsing.md#screens group pages): pages built only from content
// blocks, the accordion by click and keyboard (300 ms, none with reduced motion), the careers enquiry stored as
// General Enquiry / Career Enquiry with event 51, the unsubscribe form recorded per site, the parts enquiry, a group
// page, blog category cards, and a promotion shown inside its window and hidden outside it (browser clock injected).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { port, root, siteUrl, watchErrors } from './helpers';
import { vehicleTitle } from '../runtime/domain/vehicle/vehicle-title';

const readJson = (...path: string[]) => JSON.parse(readFileSync(join(root, ...path), 'utf8'));
const field = (form: Locator, name: string) => form.locator(`[name="${name}"]`);

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

function storedRow<T>(file: string, sql: string, ...args: unknown[]): T | undefined {
  expect(existsSync(file), `the store ${file}`).toBe(true);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
function storedLead(leadId: string): Record<string, any> | null {
  if (process.env.DATABASE_URL) return null; // PostgreSQL: covered by the storage suites
  const row = storedRow<{ payload: string }>(process.env.LEADS_DB ?? join(root, 'data', 'leads.sqlite'), 'SELECT payload FROM leads WHERE lead_id = ?', leadId);
  return row ? JSON.parse(row.payload) : null;
}

async function trackEvents(page: Page) {
  await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
    (window as any).tracks = [];
    // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
    window.addEventListener('dealer:track', (e) => (window as any).tracks.push((e as CustomEvent).detail));
  });
}

test('the FAQs page is built only from content blocks; its accordion opens by click and keyboard, in 300 ms unless motion is reduced', async ({ page }) => {
  const errors = watchErrors(page);
  // The site takes the page from its templates, as staff would build it in the editor: only content blocks.
  expect(readJson('tenants', 'harbourside-mazda.json').pages['/pages/faqs']).toBeUndefined();
  const faqs = readJson('tenants', 'templates', 'base.json').pages['/pages/faqs'];
  expect(faqs.blocks.map((b: { type: string }) => b.type)).toEqual(['hero', 'accordion', 'cta-banner']);
  await hydrated(page, siteUrl('harbourside-mazda', '/pages/faqs'));
  await expect(page.locator('main h1')).toHaveText('Frequently Asked Questions');
  const list = page.locator('.content-accordion .faq-list[data-ready="true"]');
  await expect(list).toHaveCount(1);
  const buttons = list.locator('.faq-question button');
  await expect(buttons).toHaveCount(5);
  const first = buttons.nth(0);
  const firstPanel = page.locator(`[id="${await first.getAttribute('aria-controls')}"]`);
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(firstPanel).toHaveCSS('transition-duration', '0.3s');

  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(firstPanel).toContainText('refundable deposit of $200');
  await expect(firstPanel).toBeVisible();
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: Down moves to the next question, Enter and Space open and close it, End and Home jump.
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const second = buttons.nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  const secondPanel = page.locator(`[id="${await second.getAttribute('aria-controls')}"]`);
  await expect(secondPanel).toContainText('Mon-Fri 8.30am-5.30pm and Sat 9am-5pm');
  await expect(secondPanel.getByRole('link', { name: 'Value your car' })).toHaveAttribute('href', '/trade-in');
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(buttons.nth(4)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  // No animation: 0s, or the global reduced-motion rule's 0.01 ms (kept above 0 so transitionend still fires).
  await expect.poll(() => firstPanel.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration))).toBeLessThan(0.001);
  expect(errors).toEqual([]);
});

test('the warranty page shows the warranty claims text of docs/requirements/dealer-services.md#constants in an accordion', async ({ page }) => {
  await hydrated(page, siteUrl('big-sky-cars', '/warranty'));
  const claims = page.locator('.content-accordion', { has: page.getByRole('heading', { name: 'Warranty claims' }) });
  await claims.locator('.faq-list[data-ready="true"] button').first().click();
  await expect(claims).toContainText('3 year standard warranty, or 5 or 7 years on new vehicles of some brands');
  await expect(claims).toContainText('3-year mechanical plan');
});

test('a careers enquiry is stored as General Enquiry / Career Enquiry and tracked as event 51', async ({ page }) => {
  const errors = watchErrors(page);
  await hydrated(page, siteUrl('harbourside-mazda', '/careers'));
  const form = page.locator('#enquiry-form form');
  await expect(field(form, 'name')).toBeEditable();
  await expect(field(form, 'category')).toHaveCount(0);
  await trackEvents(page);
  await field(form, 'name').fill('Casey Apprentice');
  await field(form, 'email').fill('casey@example.com');
  await field(form, 'phone').fill('0412 555 010');
  await field(form, 'message').fill('I would like to apply for the apprentice technician role.');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { lead_id } = await response.json();
  await expect(page).toHaveURL(siteUrl('harbourside-mazda', '/success'));
  // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
  const tracks = await page.evaluate(() => (window as any).tracks);
  expect(tracks.map((t: { id: number }) => t.id)).toEqual([51]);
  const stored = storedLead(lead_id);
  if (stored)
    expect(stored).toMatchObject({
      category: 'General Enquiry',
      subcategory: 'Career Enquiry',
      name: 'Casey Apprentice',
      email: 'casey@example.com',
      url: expect.stringContaining('/careers'),
    });
  expect(errors).toEqual([]);
});

test('the parts enquiry at /parts/search is stored as a Parts Enquiry with the registration', async ({ page }) => {
  await hydrated(page, siteUrl('harbourside-mazda', '/parts/search'));
  const form = page.locator('#enquiry-form form');
  await expect(field(form, 'rego')).toBeEditable();
  await field(form, 'name').fill('Pat Parts');
  await field(form, 'email').fill('pat@example.com');
  await field(form, 'phone').fill('0412 555 011');
  await field(form, 'rego').fill('ABC123');
  await field(form, 'message').fill('Front wiper blades for a 2021 CX-5, please.');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send Parts Enquiry' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const stored = storedLead((await response.json()).lead_id);
  if (stored) expect(stored).toMatchObject({ category: 'Parts Enquiry', Rego: 'ABC123', message: 'Front wiper blades for a 2021 CX-5, please.' });
});

test('finance enquiry routes: /finance-enquiry, /apply-for-finance, and /personalised/finance?car_id= naming the car', async ({ page, request }) => {
  const slug = 'southern-cross-motor-group';
  for (const [path, heading] of [
    ['/finance-enquiry', 'Finance Enquiry'],
    ['/apply-for-finance', 'Apply for Finance'],
  ] as const) {
    await page.goto(siteUrl(slug, path));
    await expect(page.locator('#finance-form h2')).toHaveText(heading);
  }
  const search = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', filter: 'status = in_stock', hitsPerPage: 1 }] },
  });
  const car = (await search.json()).results[0].hits[0] as { id: number; year: number; make: string; model: string; badge: string; series: string };
  await hydrated(page, siteUrl(slug, `/personalised/finance?car_id=${car.id}`));
  await expect(page.locator('#finance-form .lead-car-name')).toHaveText(vehicleTitle(car));
});

test('the unsubscribe form checks the address, records it for this site, and a second unsubscribe is harmless', async ({ page }) => {
  const errors = watchErrors(page);
  const email = `unsub-${Date.now()}@example.com`;
  for (const round of [1, 2]) {
    await hydrated(page, siteUrl('outback-caravans-motorcycles', '/pages/unsubscribe'));
    const form = page.locator('.unsubscribe-form form[data-ready="true"]');
    await expect(form).toHaveCount(1);
    if (round === 1) {
      await form.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(form.locator('.form-error')).toHaveText('* This field is required');
      await form.getByLabel('Email').fill('not-an-address');
      await form.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(form.locator('.form-error')).toHaveText('Please enter a valid email address.');
      await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    }
    await form.getByLabel('Email').fill(email.toUpperCase());
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/unsubscribe'));
    await form.getByRole('button', { name: 'Unsubscribe' }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.locator('.unsubscribe-form [role="status"]')).toHaveText(
      'You have been unsubscribed. You will no longer receive marketing emails from us.',
    );
  }
  if (!process.env.DATABASE_URL) {
    const file = process.env.UNSUBSCRIBE_DB ?? join(root, 'data', 'unsubscribes.sqlite');
    const rows = storedRow<{ n: number }>(file, 'SELECT COUNT(*) AS n FROM unsubscribes WHERE tenant = ? AND email = ?', 'outback-caravans-motorcycles', email);
    expect(rows?.n).toBe(1);
    expect(
      storedRow<{ n: number }>(file, 'SELECT COUNT(*) AS n FROM unsubscribes WHERE tenant <> ? AND email = ?', 'outback-caravans-motorcycles', email)?.n,
    ).toBe(0);
  }
  expect(errors).toEqual([]);
});

test('a group page of the dealer-group template, built from blocks; a single-brand site has no such page', async ({ page, request }) => {
  await hydrated(page, siteUrl('southern-cross-motor-group', '/twg-cars'));
  await expect(page.locator('main h1')).toHaveText('TWG Cars');
  const stats = page.locator('.stats-banner');
  // the figures count up to their values (1 s) once the banner is seen
  await stats.scrollIntoViewIfNeeded();
  await expect(stats.locator('dd').first()).toHaveText('50+');
  await expect(stats).toContainText('50+');
  await expect(stats).toContainText('locations');
  await expect(page.locator('main').getByRole('link', { name: /Find a dealership/ })).toHaveAttribute('href', '/dealer-locator');
  for (const path of ['/twg-rental', '/twg-tyres', '/neotek', '/4x4-outdoor', '/finance-and-insurance']) {
    await page.goto(siteUrl('southern-cross-motor-group', path));
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.block-error')).toHaveCount(0);
  }
  const notHere = await page.goto(siteUrl('harbourside-mazda', '/twg-cars'));
  expect(notHere?.status()).toBe(404);
  void request;
});

test('blog category pages show blog cards: excerpts cut at 80 characters, dates as dd/mm/yyyy', async ({ page }) => {
  await hydrated(page, siteUrl('big-sky-cars', '/blog'));
  await page.locator('main').getByRole('link', { name: /News/ }).first().click();
  await expect(page).toHaveURL(siteUrl('big-sky-cars', '/blog/news'));
  const cards = page.locator('.blog-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().locator('time')).toHaveText('01/07/2025');
  const excerpt = (await cards.first().locator('p').textContent())!;
  const post = readJson('tenants', 'templates', 'base.json').pages['/blog/news'].blocks[1].props.posts[0];
  expect(post.description.length).toBeGreaterThan(80);
  expect(excerpt).toBe(`${post.description.slice(0, 80)}...`);
  expect(excerpt).toBe('Every car on the yard was repriced for our stocktake sale, with savings across n...');
});

test.describe('promotions show only between their start and expiry (browser clock injected)', () => {
  const offers = (page: Page) => page.locator('.promotion-cards');
  const stocktakeCard = (page: Page) => page.locator('.promotion-card[data-promotion="stocktake-sale"]');
  const stocktakeSlide = (page: Page) => page.locator('.promotion-slide[data-promotion="stocktake-sale"]');

  test('inside the stocktake sale window (10 July 2025, Brisbane) the card and slide show', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-07-10T10:00:00+10:00'));
    await hydrated(page, siteUrl('big-sky-cars', '/special-offers'));
    await expect(stocktakeCard(page)).toBeVisible();
    await expect(stocktakeCard(page)).toContainText('Stocktake Sale');
    await expect(stocktakeSlide(page)).toHaveCount(1);
    await expect(offers(page).locator('.promotion-card')).toHaveCount(3);
    // The slider: 1920x540 slides, moved by its buttons and the arrow keys; only the slide in view is reachable.
    const slider = page.locator('.promotions-slider[data-ready="true"]');
    await expect(slider).toHaveCount(1);
    await expect(stocktakeSlide(page).locator('img')).toHaveAttribute('width', '1920');
    await expect(stocktakeSlide(page).locator('img')).toHaveAttribute('height', '540');
    await slider.getByRole('button', { name: 'Pause' }).click();
    await expect(slider.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'true');
    await expect(slider.locator('.promotions-slider-count')).toHaveText('1 / 3');
    await expect(page.locator('.promotion-slide[data-promotion="finance-pre-approval"]')).toHaveAttribute('inert', '');
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect(slider.locator('.promotions-slider-count')).toHaveText('2 / 3');
    await expect(page.locator('.promotion-slide[data-promotion="finance-pre-approval"]')).not.toHaveAttribute('inert', '');
    await slider.locator('.keen-slider').focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider.locator('.promotions-slider-count')).toHaveText('3 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect(slider.locator('.promotions-slider-count')).toHaveText('2 / 3');
  });

  test('a second after it expires (25 July 2025 00:00:01, Brisbane) they are gone; evergreen ones stay', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-07-25T00:00:01+10:00'));
    await hydrated(page, siteUrl('big-sky-cars', '/special-offers'));
    await expect(offers(page).locator('.promotion-card')).toHaveCount(2);
    await expect(stocktakeCard(page)).toHaveCount(0);
    await expect(stocktakeSlide(page)).toHaveCount(0);
    await expect(page.locator('.promotion-slide')).toHaveCount(2);
  });

  test('before it starts (30 June 2025 23:59:59, Brisbane) it is not shown either', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2025-06-30T23:59:59+10:00'));
    await hydrated(page, siteUrl('big-sky-cars', '/special-offers'));
    await expect(offers(page).locator('.promotion-card')).toHaveCount(2);
    await expect(stocktakeCard(page)).toHaveCount(0);
  });
});
