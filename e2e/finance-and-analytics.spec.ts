// Finance and analytics end to end (issue 16; docs/requirements/dealer-services.md#screens, #validation, #calls,
// #constants; docs/requirements/vehicle-browsing.md#calls), in Chromium against the built
// server on E2E_PORT+12 (or E2E_FINANCE_PORT), on a copy of the demo tenants:
// - big-sky-cars, changed here to show Angle then Taurus finance (settings.finance.lenders), the brand's fee list in
//   the calculator and the finance card, a brand disclaimer toggle, a GTM container and a required consent banner;
// - harbourside-mazda, changed here to a GA4 measurement id without a consent banner;
// - outback-caravans-motorcycles as shipped (/finance with the $300,000 to $800,000 quick picks).
// Checks: the /finance money input and quick picks, the disclaimer and fee list texts, phone-click events from the
// call box, the sidebar and the sticky bar, and consent: no dataLayer push and no tag script before Accept, pushes
// after, Reject remembered with no tag script.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { port as mainPort, root, siteUrl, watchErrors, type SpecServer, startServer } from './helpers';

const port = Number(process.env.E2E_FINANCE_PORT ?? mainPort + 12);
const GTM_ID = 'GTM-TEST123';
const GA4_ID = 'G-TEST12345';
const BRAND_DISCLAIMER = 'Toyota Finance disclaimer: finance is provided by Toyota Finance Australia to approved applicants only. Fees and charges apply.';
const REPAYMENT_TEXT =
  '*Repayments are an estimate only, based on a 5-year term, 10.0% deposit, 30.0% final payment. Subject to lender approval, terms, conditions, ' +
  'fees and charges. The comparison rate is based on a 5-year secured consumer fixed rate loan of $30,000. WARNING: This comparison rate is true ' +
  'only for the example given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';
const ANGLE_DISCLAIMER =
  'Based on a 5-year term, 10.0% deposit, 30.0% final payment. Comparison rate based on a 5-year secured consumer fixed rate loan of $30,000.';
const FEES = ['Establishment fee $395', 'Security registration $6', 'Monthly account admin $8', 'Dealer agency fee $912.25']; // the order of docs/requirements/dealer-services.md#constants

test.describe.configure({ mode: 'serial' });

let server: SpecServer | undefined;
let workDir = '';
/** A big-sky-cars car with Angle finance (found from the search page). */
let angleCarPath = '';

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
function editTenant(tenantsDir: string, slug: string, edit: (doc: any) => void) {
  const file = join(tenantsDir, `${slug}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.settings ??= {};
  edit(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

/** GET a page of a site with its Host header (Node cannot resolve *.localhost everywhere). */
function getPage(slug: string, path: string): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  workDir = mkdtempSync(join(tmpdir(), 'e2e-finance-analytics-'));
  const tenantsDir = join(workDir, 'tenants');
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  editTenant(tenantsDir, 'big-sky-cars', (doc) => {
    doc.settings.finance = {
      provider: 'angle',
      lenders: ['angle', 'taurus'],
      calculator: {
        showFees: true,
        feeListPlacement: 'calculator-and-finance-card',
        establishmentFee: 395,
        monthlyFee: 8,
        otherFees: [
          { label: 'Security registration', amount: 6, government: true },
          { label: 'Dealer agency fee', amount: 912.25 },
        ],
      },
      disclaimer: { brandDisclaimer: BRAND_DISCLAIMER },
    };
    doc.settings.analytics = { tagManager: { gtmContainerId: GTM_ID }, consent: { required: true } };
  });
  editTenant(tenantsDir, 'harbourside-mazda', (doc) => {
    doc.settings.analytics = { tagManager: { ga4MeasurementId: GA4_ID } };
  });
  server = await startServer({
    port,
    env: {
      CRM_ALLOW_HOSTS: '127.0.0.1',
      TENANTS_DIR: tenantsDir,
      LEADS_DB: join(workDir, 'leads.sqlite'),
      ACCOUNTS_DB: join(workDir, 'accounts.sqlite'),
      RESERVATIONS_DB: join(workDir, 'reservations.sqlite'),
      TRADE_IN_DB: join(workDir, 'trade-in.sqlite'),
      TRADE_IN_UPLOADS_DIR: join(workDir, 'uploads'),
      EDITOR_DATA_DIR: join(workDir, 'editor'),
    },
  });
  for (const slug of ['big-sky-cars', 'harbourside-mazda']) expect(server!.log()).not.toContain(`tenant "${slug}" is not served`);

  // A used car with Angle finance: its sidebar shows Angle's offer end date (rendered on the server).
  const candidates = new Set<string>();
  for (const search of ['/search', '/search?page=2', '/search?page=3']) {
    const { body } = await getPage('big-sky-cars', search);
    for (const m of body.matchAll(/href="(\/cars\/[a-z0-9-]+)"/g)) if (m[1]) candidates.add(m[1]);
  }
  for (const path of candidates) {
    const { status, body } = await getPage('big-sky-cars', path);
    if (status === 200 && body.includes('Offer ends ') && body.includes('finance-fees')) {
      angleCarPath = path;
      break;
    }
  }
  expect(angleCarPath, `no car with Angle finance among ${candidates.size} cars`).not.toBe('');
});

test.afterAll(async () => {
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** Records every tracked event ('dealer:track') and answers the tag manager's script with a stub that counts loads. */
async function instrument(page: Page) {
  const tagRequests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagLoaded = (window.__tagLoaded || 0) + 1;' });
  });
  await page.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
    (window as any).__events = [];
    // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
    window.addEventListener('dealer:track', (e) => (window as any).__events.push((e as CustomEvent).detail));
    // a tel: link would ask the system for a phone app; stopped after the page's own handlers ran (React listens below window)
    window.addEventListener('click', (e) => {
      if ((e.target as Element | null)?.closest?.('a[href^="tel:"]')) e.preventDefault();
    });
  });
  return tagRequests;
}

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

// biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
const events = (page: Page) => page.evaluate(() => (window as any).__events as { id: number; label?: string; action?: string }[]);
const dealerPushes = (page: Page) =>
  // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
  page.evaluate(() => ((window as any).dataLayer ?? []).filter((e: any) => e && e.event === 'dealer_event') as Record<string, unknown>[]);

/** Clicks until the (lazily hydrated) control has sent its event: a click before hydration sends nothing. */
async function clickUntilTracked(page: Page, click: () => Promise<void>, action: string) {
  await expect(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
    await page.evaluate(() => ((window as any).__events.length = 0));
    await click();
    expect((await events(page)).filter((e) => e.action === action)).toHaveLength(1);
  }).toPass({ timeout: 15_000 });
  return (await events(page)).find((e) => e.action === action)!;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

// ---------------------------------------------------------------------------------------------------------------

test('the /finance calculator page: $ prefix, thousands separators while typing, quick picks, keyboard', async ({ page }) => {
  const errors = watchErrors(page);
  await hydrated(page, siteUrl('big-sky-cars', '/finance', port));
  await expect(page.getByRole('heading', { name: 'Car Loan Calculator' })).toBeVisible();
  await expect(page.locator('.calculator[data-ready="true"]')).toHaveCount(1);
  const price = page.getByLabel('Purchase price', { exact: true });
  await expect(price).toHaveValue('30,000');
  await expect(page.locator('.calc-amount-text .form-prefix')).toHaveText('$');

  await price.fill('');
  await price.pressSequentially('125000');
  await expect(price).toHaveValue('125,000');
  await price.press('End');
  await price.press('Backspace');
  await expect(price).toHaveValue('12,500');

  const picks = page.getByRole('group', { name: 'Quick picks for Purchase price' }).getByRole('button');
  await expect(picks).toHaveText(['$5,000', '$10,000', '$15,000', '$20,000', '$30,000', '$40,000', '$50,000', '$70,000']);
  // keyboard only: Tab from the input reaches the first quick pick, Enter picks it
  await price.focus();
  await page.keyboard.press('Tab');
  await expect(picks.first()).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(price).toHaveValue('10,000');
  await expect(picks.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('calc-repayment')).not.toHaveText('');
  // the quote button goes to this page's finance form
  await expect(page.getByRole('link', { name: 'Get Pre-Approved' })).toHaveAttribute('href', '#finance-form');
  expect(errors).toEqual([]);
});

test('the /finance page of a site with the high-value flag offers $300,000 to $800,000', async ({ page }) => {
  await hydrated(page, siteUrl('outback-caravans-motorcycles', '/finance', port));
  await expect(page.locator('.calculator[data-ready="true"]')).toHaveCount(1);
  const picks = page.getByRole('group', { name: 'Quick picks for Purchase price' }).getByRole('button');
  await expect(picks).toHaveText(['$300,000', '$400,000', '$500,000', '$600,000', '$700,000', '$800,000']);
  await picks.first().click();
  await expect(page.getByLabel('Purchase price', { exact: true })).toHaveValue('300,000');
  // the enquiry form's budget follows the same site flag
  await expect(page.getByRole('group', { name: 'Quick picks for Vehicle Price Budget' }).getByRole('button').first()).toHaveText('$300,000');
});

test("a vehicle page shows the listed lender's figure, offer end date, disclaimers and the brand's fee list", async ({ page }) => {
  const errors = watchErrors(page);
  await instrument(page);
  await hydrated(page, siteUrl('big-sky-cars', angleCarPath, port));
  const card = page.locator('.vehicle-sidebar .finance-card');
  await expect(card.locator('.finance-figure')).toHaveText(/^Only \$[\d,]+ \/wk\*$/);
  await expect(card.locator('.finance-offer-end')).toHaveText(/^Offer ends \d{2}\/\d{2}\/\d{4}$/);
  await expect(card.locator('.finance-fees > div')).toHaveText(FEES.map((f) => f.replace(' $', '$')));

  const calculator = page.locator('#finance-calculator');
  // Below the fold it hydrates when seen (its section shows once the quote is in, so scroll to the block).
  await page.locator('[data-block-type="finance-calculator"]').scrollIntoViewIfNeeded();
  await expect(calculator.locator('.calculator[data-ready="true"]')).toHaveCount(1);
  await expect(calculator.locator('.calc-fee')).toHaveText(FEES.map((f) => f.replace(' $', '$')));
  await expect(calculator.getByTestId('calc-comparison')).toHaveText('8.38% - 19.42%');
  // the seed's figures, not the shopper's: moving the deposit slider leaves the disclaimer as it is
  const disclaimer = calculator.getByTestId('finance-disclaimer');
  await expect(disclaimer).toHaveText(REPAYMENT_TEXT);
  await calculator.getByLabel('Deposit / trade-in').focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
  await expect(disclaimer).toHaveText(REPAYMENT_TEXT);
  // the brand toggle: Show More switches to the brand's disclaimer, Show Less back to the repayment text
  await calculator.getByRole('button', { name: 'Show More' }).click();
  await expect(disclaimer).toHaveText(BRAND_DISCLAIMER);
  await calculator.getByRole('button', { name: 'Show Less' }).click();
  await expect(disclaimer).toHaveText(REPAYMENT_TEXT);
  // the lender disclaimer from the car's finance_lenders
  await expect(calculator.locator('.lender-disclaimers li[data-lender="angle"]')).toHaveText(`Angle: ${ANGLE_DISCLAIMER}`);
  expect(errors).toEqual([]);
});

test('phone click 25 fires from the call box, the sidebar Call Dealer and the sticky Call, labelled from the path', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await instrument(page);
  await hydrated(page, siteUrl('big-sky-cars', angleCarPath, port));
  const label = /(^|[/\-_])new([/\-_?#]|$)/i.test(angleCarPath) ? 'New Car' : 'Used Car';
  await page.getByRole('button', { name: 'Reject' }).click(); // the banner would cover the sticky bar

  const fromBox = await clickUntilTracked(page, () => page.locator('.call-dealer-phone').click(), 'phoneClick');
  expect(fromBox).toMatchObject({ id: 25, label, action: 'phoneClick' });
  const fromSidebar = await clickUntilTracked(page, () => page.locator('.vehicle-sidebar').getByRole('link', { name: 'Call Dealer' }).click(), 'phoneClick');
  expect(fromSidebar).toMatchObject({ id: 25, label, action: 'phoneClick' });
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect(page.getByTestId('vehicle-sticky-header')).toHaveClass(/is-visible/);
  const fromSticky = await clickUntilTracked(page, () => page.getByTestId('vehicle-sticky-header').getByRole('link', { name: 'Call' }).click(), 'phoneClick');
  expect(fromSticky).toMatchObject({ id: 25, label, action: 'phoneClick' });
  await context.close();
});

test('consent: nothing is pushed and no tag script loads before Accept; after Accept every event is pushed', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  const errors = watchErrors(page);
  const tagRequests = await instrument(page);
  await hydrated(page, siteUrl('big-sky-cars', angleCarPath, port));
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button')).toHaveText(['Reject', 'Accept']);

  await clickUntilTracked(page, () => page.locator('.vehicle-sidebar').getByRole('link', { name: 'Call Dealer' }).click(), 'phoneClick');
  expect(await dealerPushes(page)).toEqual([]);
  // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
  expect(await page.evaluate(() => (window as any).dataLayer)).toBeUndefined();
  expect(tagRequests).toEqual([]);

  // Accept by keyboard
  await banner.getByRole('button', { name: 'Accept' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
  await expect.poll(() => page.evaluate(() => (window as any).__tagLoaded)).toBe(1); // loaded, so the CSP allowed it
  expect(tagRequests).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);

  await page.locator('.vehicle-sidebar').getByRole('link', { name: 'Call Dealer' }).click();
  await page.locator('.vehicle-share').getByRole('button', { name: 'Download PDF' }).click();
  await expect
    .poll(() => dealerPushes(page))
    .toEqual([
      expect.objectContaining({ event: 'dealer_event', event_id: 25, action: 'phoneClick', event_label: expect.stringMatching(/^(New|Used) Car$/) }),
      expect.objectContaining({ event: 'dealer_event', event_id: 49, action: 'pdf' }),
    ]);

  // remembered for this site: no banner on the next page, events still pushed
  await hydrated(page, siteUrl('big-sky-cars', angleCarPath, port));
  await clickUntilTracked(page, () => page.locator('.vehicle-sidebar').getByRole('link', { name: 'Call Dealer' }).click(), 'phoneClick');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  await expect.poll(async () => (await dealerPushes(page)).length).toBeGreaterThan(0);
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  await context.close();
});

test('consent: Reject is remembered per site, nothing is pushed and no tag script loads', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  const tagRequests = await instrument(page);
  await hydrated(page, siteUrl('big-sky-cars', angleCarPath, port));
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('dealer:big-sky-cars:analytics-consent'))).toBe('rejected');
  await clickUntilTracked(page, () => page.locator('.vehicle-sidebar').getByRole('link', { name: 'Call Dealer' }).click(), 'phoneClick');
  expect(await dealerPushes(page)).toEqual([]);

  await hydrated(page, siteUrl('big-sky-cars', '/', port));
  await page.waitForTimeout(300); // the banner would appear right after hydration
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(tagRequests).toEqual([]);
  // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
  expect(await page.evaluate(() => (window as any).__tagLoaded)).toBeUndefined();
  // another site keeps its own choice (and this one needs none: GA4 without a consent banner)
  await hydrated(page, siteUrl('harbourside-mazda', '/', port));
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
  await expect.poll(() => page.evaluate(() => (window as any).__tagLoaded)).toBe(1);
  expect(tagRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA4_ID}`]);
  await context.close();
});

test("the tag manager's origin is in the CSP only of sites that configure one", async () => {
  const scriptSrc = (headers: Record<string, string | string[] | undefined>) =>
    String(headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'))!;
  expect(scriptSrc((await getPage('big-sky-cars', '/')).headers)).toContain('https://www.googletagmanager.com');
  expect(scriptSrc((await getPage('southern-cross-motor-group', '/')).headers)).not.toContain('googletagmanager');
});
