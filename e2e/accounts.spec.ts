// Shopper accounts end to end in Chromium (issue 10), on sites with different gating settings: southern-cross-motor-group
// gates its finance page (settings.finance.gatedRoute), big-sky-cars and harbourside-mazda do not. Sign up (confirmed by
// the mailed link, which lands where the shopper was going), sign in, gated routes back to
// where the shopper was going, the watchlist from result cards and the vehicle page (toasts, View List, event 39,
// sold cars, missing phone), favourites and compare pages, viewed cars in local storage, and a session that survives
// a server restart.
//
// The built server (SERVER_BUNDLE) runs on E2E_PORT+1 (or E2E_ACCOUNTS_PORT) with a temporary ACCOUNTS_DB, so the
// suite can restart it and its accounts do not mix with anyone's data/ folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailSink, type MailSink } from '../tools/lib/mail-sink';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, WATCHLIST_MESSAGES } from '../runtime/domain/accounts';
import { port as mainPort, type SpecServer, startServer } from './helpers';
import { captured } from '../test-support/captured';

const port = Number(process.env.E2E_ACCOUNTS_PORT ?? mainPort + 4);
const BIG_SKY = 'big-sky-cars';
const HARBOURSIDE = 'harbourside-mazda';
const SOUTHERN = 'southern-cross-motor-group';
const url = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;
const PASSWORD = 'a long enough password';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let server: SpecServer | undefined;
let workDir: string;
// A local mail sink (tools/lib/mail-sink.ts): the server sends its shopper mail there through SMTP_URL.
let sink: MailSink;

async function startAccountsServer() {
  server = await startServer({
    port,
    env: {
      ACCOUNTS_DB: join(workDir, 'accounts.sqlite'),
      LEADS_DB: join(workDir, 'leads.sqlite'),
      EDITOR_DATA_DIR: join(workDir, 'editor'),
      INVENTORY_SIZE: '2000',
      SMTP_URL: sink.url,
      ACCOUNT_MAIL_POLL_MS: '200',
    },
    timeoutMs: 45_000,
  });
}

test.beforeAll(async () => {
  sink = await startMailSink();
  workDir = mkdtempSync(join(tmpdir(), 'e2e-accounts-'));
  await startAccountsServer();
});

test.afterAll(async () => {
  await server?.stop();
  await sink.close();
  rmSync(workDir, { recursive: true, force: true });
});

// Hydrated, and the page's first requests (results, the shopper's account) answered.
const hydrated = async (page: Page) => {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
};
const email = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function findCar(page: Page, filter: string) {
  const car = await page.evaluate(async (f) => {
    const r = await fetch('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries: [{ q: '', filter: f, hitsPerPage: 1 }] }),
    });
    return (await r.json()).results[0].hits[0];
  }, filter);
  expect(car, `a car matching ${filter}`).toBeTruthy();
  return car as { id: number; slug: string; make: string; model: string; stocknum: string; simple_body: string };
}

async function signUp(page: Page, details: { name: string; email: string; phone?: string }) {
  await page.locator('#account-name').fill(details.name);
  await page.locator('#account-email').fill(details.email);
  await page.locator('#account-password').fill(PASSWORD);
  if (details.phone) await page.locator('#account-phone').fill(details.phone);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** The newest confirmation link mailed to `address`, once it has arrived. */
async function confirmationLink(address: string, host?: string): Promise<string> {
  // With `host`, only that site's link: one address signed up on two sites gets a link from each, and the second
  // site's mail may not have arrived when this asks.
  const newest = () =>
    sink.mails
      .filter((m) => m.includes(`To: ${address}`))
      .flatMap((m) => /(http:\/\/[\w.-]+\.localhost:\d+\/confirm-account\?token=[\w-]+)/.exec(m)?.[1] ?? [])
      .filter((link) => !host || new URL(link).hostname === host)
      .at(-1);
  await expect.poll(newest, { timeout: 15_000 }).toBeTruthy();
  return newest()!;
}

/** Signs up: the form says to check your email, nobody is signed in yet; then the mailed link is opened in this page. */
async function signUpAndConfirm(page: Page, details: { name: string; email: string; phone?: string }) {
  await signUp(page, details);
  const sent = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Check your email' }) });
  await expect(sent).toContainText(ACCOUNT_MESSAGES.signUpDone);
  await expect(sent).toContainText(`Sent to ${details.email}.`);
  await page.goto(await confirmationLink(details.email, new URL(page.url()).hostname));
}

test.describe('southern-cross (finance gated) and big-sky-cars', () => {
  let context: BrowserContext;
  let page: Page;
  const shopper = { name: 'Sky Shopper', email: email('sky'), phone: '0412 345 678' };

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  });
  test.afterAll(async () => context?.close());

  test('a gated route sends a signed-out visitor to sign-in, and the link mailed at sign-up lands back on it', async () => {
    await page.goto(url(SOUTHERN, '/about-us'));
    await hydrated(page);
    await page.goto(url(SOUTHERN, '/finance'));
    await expect(page).toHaveURL(url(SOUTHERN, '/sign-in?type=page&redirect=%2Ffinance&back=%2F'));
    await expect(page.locator('main h1')).toHaveText('Sign In');
    await expect(page.getByText('Please sign in to continue to this page.')).toBeVisible();
    await hydrated(page);
    // a wrong password says so
    await page.locator('#account-email').fill(shopper.email);
    await page.locator('#account-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.badCredentials);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(url(SOUTHERN, '/sign-up?type=page&redirect=%2Ffinance&back=%2F'));
    await signUp(page, shopper);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    // not signed in before the link is followed
    await page.goto(url(SOUTHERN, '/finance'));
    await expect(page).toHaveURL(/\/sign-in\?type=page&redirect=%2Ffinance/);
    await page.goto(await confirmationLink(shopper.email));
    await expect(page).toHaveURL(url(SOUTHERN, '/finance'));
    await expect(page.locator('main h1').first()).toHaveText('Finance');
    // big-sky does not gate finance, and the southern-cross account does not exist there: sign up again; without a
    // page to go back to, the link lands on the account page
    await page.goto(url(BIG_SKY, '/finance'));
    await expect(page).toHaveURL(url(BIG_SKY, '/finance'));
    await page.goto(url(BIG_SKY, '/sign-up'));
    await hydrated(page);
    await signUpAndConfirm(page, shopper);
    await expect(page).toHaveURL(url(BIG_SKY, '/my-account'));
    await expect(page.locator('.account-details dd').first()).toHaveText(shopper.name);
  });

  test('saves a car from a result card (toast, View List, event 39) and removes it on the watchlist', async () => {
    await page.goto(url(BIG_SKY, '/search/used-cars'));
    await hydrated(page);
    await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
      (window as any).tracked = [];
      // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
      window.addEventListener('dealer:track', (e) => (window as any).tracked.push((e as CustomEvent).detail.id));
    });
    const card = page.locator('article.car-card[data-status="in_stock"]').first();
    const carId = await card.getAttribute('data-car-id');
    await card.getByRole('button', { name: /^Save .* to watchlist$/ }).click();
    const toast = page.locator('.toast');
    await expect(toast.locator('.toast-message')).toHaveText(WATCHLIST_MESSAGES.saved);
    await expect(card.getByRole('button', { name: /^Remove .* from watchlist$/ })).toHaveAttribute('aria-pressed', 'true');
    // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
    expect(await page.evaluate(() => (window as any).tracked)).toContain(39);
    await toast.getByRole('link', { name: 'View List' }).click();
    await expect(page).toHaveURL(url(BIG_SKY, '/watchlist'));
    const saved = page.locator(`.saved-car[data-car-id="${carId}"]`);
    await expect(saved).toBeVisible();
    await saved.getByRole('button', { name: /^Remove .* from watchlist$/ }).click();
    await expect(page.locator('.toast-message')).toHaveText(WATCHLIST_MESSAGES.removed);
    await expect(saved).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('You have not saved any cars yet.', { exact: false })).toBeVisible();
  });

  test('a failed save shows a browser alert with the error, and the optimistic change stays', async () => {
    await page.goto(url(BIG_SKY, '/search/used-cars'));
    await hydrated(page);
    await page.route('**/api/watchlist/save-car', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Watchlist down for maintenance' }) }),
    );
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const card = page.locator('article.car-card[data-status="in_stock"]').nth(1);
    await card.getByRole('button', { name: /^Save .* to watchlist$/ }).click();
    await expect.poll(() => alerts).toEqual(['alert: Watchlist down for maintenance']);
    await expect(card.getByRole('button', { name: /^Remove .* from watchlist$/ })).toHaveAttribute('aria-pressed', 'true');
    await page.unroute('**/api/watchlist/save-car');
  });

  test('a sold car cannot be saved; the vehicle page records the viewed car in local storage', async () => {
    const sold = await findCar(page, 'status = sold');
    await page.goto(url(BIG_SKY, `/cars/${sold.slug}`));
    await hydrated(page);
    await page
      .locator('.vehicle-sidebar')
      .getByRole('button', { name: /to watchlist$/ })
      .click();
    await expect(page.locator('.watchlist-note')).toHaveText(WATCHLIST_MESSAGES.soldCannotSave);
    const viewed = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]'), `dealer:${BIG_SKY}:viewed-cars`);
    expect(viewed[0]).toEqual({
      id: sold.id,
      stocknum: sold.stocknum ?? null,
      make: sold.make,
      model: sold.model,
      body: expect.anything(),
      simple_body: sold.simple_body ?? null,
    });
    expect(Object.keys(viewed[0]).sort()).toEqual(['body', 'id', 'make', 'model', 'simple_body', 'stocknum']);
  });

  test('favourites and compare pages (priced-with-image variant)', async () => {
    await page.goto(url(BIG_SKY, '/search/used-cars'));
    await hydrated(page);
    const cards = page.locator('article.car-card:has(button[aria-label^="Compare"])');
    const first = cards.nth(0);
    const second = cards.nth(1);
    const firstTitle = (await first.locator('.car-card-title').innerText()).trim();
    await first.getByRole('button', { name: /^Save .* to favourites$/ }).click();
    await expect(page.locator('.toast-message')).toHaveText('Added to Favourites');
    await first.getByRole('button', { name: /^Compare / }).click();
    await second.getByRole('button', { name: /^Compare / }).click();
    await expect(page.locator('.toast-message')).toHaveText('Added to Compare');
    await page.locator('.toast').getByRole('link', { name: 'Compare Now' }).click();
    await expect(page).toHaveURL(url(BIG_SKY, '/compare'));
    const table = page.locator('.compare-table');
    await expect(table.locator('thead th[data-car-id]')).toHaveCount(2);
    await expect(table.locator('tbody tr').first().locator('th')).toHaveText('Price');
    await table.getByRole('button', { name: `Remove ${firstTitle} from compare` }).click();
    await expect(table.locator('thead th[data-car-id]')).toHaveCount(1);
    await page.goto(url(BIG_SKY, '/favourites'));
    await expect(page.locator('.favourite-item')).toHaveCount(1);
    await expect(page.locator('.favourite-item h2')).toHaveText(firstTitle);
    await page.getByRole('button', { name: `Remove ${firstTitle} from favourites` }).click();
    await expect(page.getByText('You have no favourite cars yet.', { exact: false })).toBeVisible();
  });

  test("the reserve checkout is prefilled with the signed-in shopper's details", async () => {
    await page.goto(url(BIG_SKY, '/'));
    const car = await findCar(page, 'status = in_stock AND price > 5000 AND reserved != true');
    await page.goto(url(BIG_SKY, `/cars/${car.slug}/checkout`));
    await hydrated(page);
    await expect(page.getByLabel('Full name')).toHaveValue(shopper.name);
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
    await expect(page.getByLabel('Phone')).toHaveValue(shopper.phone.replace(/\s/g, ''));
  });

  test('still signed in after a server restart', async () => {
    await server?.stop();
    await startAccountsServer();
    await page.goto(url(BIG_SKY, '/my-account'));
    await expect(page).toHaveURL(url(BIG_SKY, '/my-account'));
    await expect(page.locator('.account-details dd').first()).toHaveText(shopper.name);
    await expect(page.locator('#account-phone')).toHaveValue('0412345678');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(url(BIG_SKY, '/'));
    // signed out, the account page sends to sign-in; signing in lands back on it
    await page.goto(url(BIG_SKY, '/my-account'));
    await expect(page).toHaveURL(url(BIG_SKY, '/sign-in?type=page&redirect=%2Fmy-account&back=%2F'));
    await hydrated(page);
    await page.locator('#account-email').fill(shopper.email);
    await page.locator('#account-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(url(BIG_SKY, '/my-account'));
    await expect(page.locator('.account-details dd').first()).toHaveText(shopper.name);
  });
});

test.describe('harbourside-mazda (finance open)', () => {
  test('finance is open; saving signed out goes to sign-in and back; no phone number only warns in the console', async ({ page }) => {
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    const response = await page.goto(url(HARBOURSIDE, '/finance'));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(url(HARBOURSIDE, '/finance'));

    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const searchPath = '/search/new-used-and-demo-cars';
    await page.goto(url(HARBOURSIDE, searchPath));
    await hydrated(page);
    const card = page.locator('article.car-card[data-status="in_stock"]').first();
    await card.getByRole('button', { name: /^Save .* to watchlist$/ }).click();
    const encoded = encodeURIComponent(searchPath);
    await expect(page).toHaveURL(url(HARBOURSIDE, `/sign-in?type=watchlist&redirect=${encoded}&back=${encoded}`));
    await expect(page.getByText('Sign in to save cars to your watchlist.')).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await signUpAndConfirm(page, { name: 'No Phone', email: email('harbour') });
    await expect(page).toHaveURL(url(HARBOURSIDE, searchPath));
    await hydrated(page);
    await page
      .locator('article.car-card[data-status="in_stock"]')
      .first()
      .getByRole('button', { name: /^Save .* to watchlist$/ })
      .click();
    // a missing phone number only logs a console warning: no note, and the car is not saved
    await expect.poll(() => warnings).toContain(WATCHLIST_MESSAGES.phoneWarning);
    await expect(page.locator('.watchlist-note')).toHaveCount(0);
    await expect(
      page
        .locator('article.car-card[data-status="in_stock"]')
        .first()
        .getByRole('button', { name: /^Save .* to watchlist$/ }),
    ).toHaveAttribute('aria-pressed', 'false');
    // the account page asks for the phone number
    await page.goto(url(HARBOURSIDE, '/my-account#phone'));
    await hydrated(page);
    await page.locator('#account-phone').fill('0498 765 432');
    await page.getByRole('button', { name: 'Save Phone Number' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.phoneSaved)).toBeVisible();
    await page.goto(url(HARBOURSIDE, searchPath));
    await hydrated(page);
    await page
      .locator('article.car-card[data-status="in_stock"]')
      .first()
      .getByRole('button', { name: /^Save .* to watchlist$/ })
      .click();
    await expect(page.locator('.toast-message')).toHaveText(WATCHLIST_MESSAGES.saved);

    // saved searches: name the current search, find it on the account page
    await page.getByRole('button', { name: 'Save Search' }).click();
    await page.locator('#save-search-name').fill('Everything at Harbourside');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.toast-message')).toHaveText('Search Saved');
    await page.locator('.toast').getByRole('link', { name: 'View Saved Searches' }).click();
    await expect(page).toHaveURL(url(HARBOURSIDE, '/my-account'));
    const savedSearch = page.locator('.saved-searches li');
    await expect(savedSearch).toHaveCount(1);
    await expect(savedSearch.getByRole('link', { name: 'Everything at Harbourside' })).toHaveAttribute('href', searchPath);
    // Harbourside mails alerts: the search and the watchlist each get one, daily unless the shopper changes it.
    const alerts = page.getByRole('region', { name: 'Email Alerts' });
    await expect(alerts.getByLabel('New cars for “Everything at Harbourside”')).toHaveValue('daily');
    await alerts.getByLabel('Watchlist: price drops, reserved and sold cars').selectOption('off');
    await expect(alerts.getByRole('status')).toHaveText('Watchlist: no more emails.');
  });

  test('sign-up: check your email; sign-in before confirming says so; a bad link says how to get a new one; the link works once', async ({ page }) => {
    const address = email('confirm');
    await page.goto(url(HARBOURSIDE, '/sign-up'));
    await hydrated(page);
    await signUp(page, { name: 'Casey Confirm', email: address });
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`sign-up-check-email-${width}.png`), fullPage: true });
    }
    await page.goto(url(HARBOURSIDE, '/sign-in'));
    await hydrated(page);
    await page.locator('#account-email').fill(address);
    await page.locator('#account-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.badCredentials);
    // a link that is not (or no longer) valid
    await page.goto(url(HARBOURSIDE, '/confirm-account?token=not-a-real-token'));
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.confirmInvalid);
    await expect(page.getByText(ACCOUNT_MESSAGES.confirmNewLink)).toBeVisible();
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`confirm-invalid-${width}.png`), fullPage: true });
    }
    await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/sign-up');
    // the sign-in above mailed a second link: the newest one signs in and lands on the account page
    const link = await confirmationLink(address);
    expect(sink.mails.filter((m) => m.includes(`To: ${address}`) && m.includes('/confirm-account?token='))).toHaveLength(2);
    await page.goto(link);
    await expect(page).toHaveURL(url(HARBOURSIDE, '/my-account'));
    await expect(page.locator('.account-details dd').first()).toHaveText('Casey Confirm');
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.confirmInvalid);
  });

  test('forgot password: the mailed one-time link sets a new password, and confirms an account never confirmed', async ({ page }) => {
    const address = email('forgot');
    await page.goto(url(HARBOURSIDE, '/sign-up'));
    await hydrated(page);
    // signed up, the confirmation link never followed
    await signUp(page, { name: 'Forgetful', email: address });
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(url(HARBOURSIDE, '/sign-in'));
    await hydrated(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in form has an #account-email too: wait for the new page before typing.
    await expect(page).toHaveURL(/\/forgot-password/);
    await expect(page.getByRole('heading', { name: 'Forgot Your Password?' })).toBeVisible();
    await page.locator('#account-email').fill(address);
    await expect(page.locator('#account-email')).toHaveValue(address);
    await page.getByRole('button', { name: 'Email Me a Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.resetSent })).toBeVisible();
    // The sign-up's confirmation mail went to the same address: the reset mail is the one with the reset link.
    const resetMail = () => sink.mails.find((m) => m.includes(`To: ${address}`) && m.includes('/reset-password?token='));
    await expect.poll(resetMail, { timeout: 15_000 }).toBeTruthy();
    const link = captured(/(http:\/\/harbourside-mazda\.localhost:\d+\/reset-password\?token=[A-Za-z0-9_-]+)/, resetMail()!);
    await page.goto(link);
    await hydrated(page);
    await page.locator('#account-password').fill('my brand new password');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.resetDone)).toBeVisible();
    // the link works once
    await page.goto(link);
    await hydrated(page);
    await page.locator('#account-password').fill('yet another password');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.resetInvalid);
    // and the new password signs in; redirect to another site falls back to /
    await page.goto(url(HARBOURSIDE, '/sign-in?redirect=%2F%2Fevil.example%2F'));
    await hydrated(page);
    await page.locator('#account-email').fill(address);
    await page.locator('#account-password').fill('my brand new password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(url(HARBOURSIDE, '/'));
  });

  test('the accounts of one site do not exist on the other', async ({ page }) => {
    await page.goto(url(HARBOURSIDE, '/my-account'));
    await expect(page).toHaveURL(/\/sign-in\?type=page&redirect=%2Fmy-account/);
  });
});
