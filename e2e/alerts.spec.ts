// Shopper alerts end to end on the built server, in Chromium: Big Sky (alerts on) imports its stock from a feed file
// the spec rewrites, on a test clock (TEST_CLOCK=1 moves the clock the feeds and the alert job run on), and sends its
// mail to a local SMTP sink. A shopper saves a search and watches a car in the browser → the feed adds a matching car
// → one mail with it at the next period; the watched car's price drops → one price-drop mail; the mail's "Stop this
// alert" link (in the browser) and the List-Unsubscribe-Post request stop them → no further mail; the server killed
// while the SMTP server has a mail but has not taken it → after the restart that mail arrives once, as the same message.
//
// The server runs on E2E_PORT + 35 (or E2E_ALERTS_PORT) with its own tenants folder (Big Sky with a feed), feeds folder
// and databases, all temporary.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { WATCHLIST_MESSAGES } from '../runtime/domain/accounts';
import { ALERT_MESSAGES } from '../runtime/domain/alerts';
import { dateTimeFormat } from '../runtime/domain/format';
import { siteTimeZone } from '../runtime/domain/time/site-time-zone';
import type { TenantDocument } from '../schemas/generated/tenant';
import { isolatedDataEnv, port as mainPort, root, type SpecServer, startServer } from './helpers';
import { atLeast } from '../test-support/at-least';
import { captured } from '../test-support/captured';

const port = Number(process.env.E2E_ALERTS_PORT ?? mainPort + 35);
const SLUG = 'big-sky-cars';
const url = (path = '/') => `http://${SLUG}.localhost:${port}${path}`;
const PASSWORD = 'a long enough password';

test.describe.configure({ mode: 'serial' });
// Each test is bounded by the test clock (no real waits beyond the 3 s send lease); a busy machine needs the margin.
test.setTimeout(120_000);

const site = JSON.parse(readFileSync(join(root, 'tenants', `${SLUG}.json`), 'utf8')) as TenantDocument;
const dealership = site.dealerships[0];
const timeZone = siteTimeZone(site);

// ---- the SMTP sink: every mail it took, and, when asked, one mail it holds without answering (a send in flight) ----
interface SunkMail {
  to: string;
  raw: string;
  messageId: string;
}
const sunk: SunkMail[] = [];
let holdNext = false;
let held: SunkMail | undefined;
/** A raw mail as a person reads it: headers unfolded with their encoded words decoded (RFC 2047), the body's
 *  quoted-printable soft breaks and "=3D" undone (so links read whole). */
function readable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const body = raw
    .slice(split)
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return headers + body;
}
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let text = '';
    stream.on('data', (c) => (text += c));
    stream.on('end', () => {
      const raw = readable(text);
      const mail = { to: session.envelope.rcptTo.map((r) => r.address).join(','), raw, messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? '' };
      if (holdNext && /^List-Unsubscribe-Post:/im.test(raw)) {
        // Never answered: the sender is killed while it waits, so the mail was not taken.
        holdNext = false;
        held = mail;
        return;
      }
      sunk.push(mail);
      done();
    });
  },
});
/** The alert mails (the ones with one-click unsubscribe headers) to an address. */
const alertMails = (to: string) => sunk.filter((m) => m.to === to && /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im.test(m.raw));
const subjectOf = (m: SunkMail) => /^Subject: (.+)$/im.exec(m.raw)?.[1] ?? '';

// ---- the site's feed file and the test clock ----
let data: string;
let server: SpecServer | undefined;
const feedFile = () => join(data, 'feeds', SLUG, 'stock.json');
const feedCar = (id: number, make: string, model: string, price: number) => ({
  id,
  slug: `${make}-${model}-${id}`.toLowerCase(),
  stocknum: `AL${id}`,
  make,
  model,
  year: 2022,
  km: 30_000 + id,
  price,
  car_type: 'used',
  status: 'in_stock',
  show_on_dealer_website: true,
  dealership_id: dealership.id,
  location_id: dealership.locations?.[0]?.id,
});
const HILUX = feedCar(9_100_001, 'Toyota', 'Hilux', 40_000);
const CX5 = feedCar(9_100_002, 'Mazda', 'CX-5', 30_000);
const KIA_1 = feedCar(9_100_003, 'Kia', 'Sportage', 35_000);
const KIA_2 = feedCar(9_100_004, 'Kia', 'Cerato', 24_000);
const KIA_3 = feedCar(9_100_005, 'Kia', 'Seltos', 29_000);
const KIA_4 = feedCar(9_100_006, 'Kia', 'Carnival', 52_000);
/**
 * Writes the feed whole (a temporary file renamed over it), so an import never reads it half-written. Each step writes the
 * feed before moving the clock to its import time: an import that the clock's jump makes due never runs before the write.
 */
const writeFeed = (cars: object[]) => {
  writeFileSync(`${feedFile()}.tmp`, JSON.stringify(cars));
  renameSync(`${feedFile()}.tmp`, feedFile());
};

/** The instant of a wall-clock time in the site's time zone, `days` after the site's today. */
function siteTime(days: number, hhmm: string): number {
  const today = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = today.split('-').map(Number);
  const [hh = Number.NaN, mm = Number.NaN] = hhmm.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d + days, hh, mm);
  // The zone's offset at that instant (the site's wall clock minus UTC), found by formatting it there.
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(new Date(asUtc))
    .reduce<Record<string, string>>((o, p) => ((o[p.type] = p.value), o), {});
  const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return asUtc - (shown - asUtc);
}
async function setClock(at: number) {
  const r = await fetch(`http://127.0.0.1:${port}/__test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset_ms: at - Date.now() }),
  });
  expect(r.status, await r.text()).toBe(200);
}
/** A request to the site from Node, with its Host header (Node does not resolve *.localhost). */
function onSite(method: string, path: string, body = '', headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { host: `${SLUG}.localhost:${port}`, 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
/** Waits for the feed's next import to show the car at this price on its page. */
async function imported(car: { slug: string; price: number }) {
  await expect
    .poll(
      async () => {
        const r = await onSite('GET', `/cars/${car.slug}`);
        return r.status === 200 && r.body.includes(`$${car.price.toLocaleString('en-AU')}`);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

const startAlertsServer = async () => {
  server = await startServer({
    port,
    env: {
      ...isolatedDataEnv(data),
      UNSUBSCRIBE_DB: join(data, 'unsubscribe.sqlite'),
      TENANTS_DIR: join(data, 'tenants'),
      TENANT_CACHE_DIR: join(data, 'tenant-cache'),
      INVENTORY_FEEDS_DIR: join(data, 'feeds'),
      INVENTORY_SIZE: '300',
      INVENTORY_FEED_TICK_MS: '250',
      ALERTS_POLL_MS: '250',
      ACCOUNT_MAIL_POLL_MS: '200',
      // A mail in flight when the server died is sent again once its lease ends: short, so the spec is short.
      ACCOUNT_MAIL_LEASE_MS: '3000',
      TEST_CLOCK: '1',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    },
    timeoutMs: 80_000,
  });
};

test.beforeAll(async () => {
  // A start of the built server (its demo stock and search index) takes a while on a busy machine.
  test.setTimeout(90_000);
  data = mkdtempSync(join(tmpdir(), 'e2e-alerts-'));
  // Big Sky takes its stock from a feed file in this spec's feeds folder, imported every 5 minutes of the test clock.
  cpSync(join(root, 'tenants'), join(data, 'tenants'), { recursive: true });
  const doc = JSON.parse(readFileSync(join(data, 'tenants', `${SLUG}.json`), 'utf8'));
  doc.settings.inventory = { feed: { source: 'stock.json', intervalMinutes: 5 } };
  writeFileSync(join(data, 'tenants', `${SLUG}.json`), JSON.stringify(doc, null, 2));
  mkdirSync(join(data, 'feeds', SLUG), { recursive: true });
  writeFeed([HILUX, CX5, KIA_1]);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  await startAlertsServer();
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (data) rmSync(data, { recursive: true, force: true });
});

const hydrated = async (page: Page) => {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
};

async function signUpAndSaveKias(page: Page, name: string, email: string) {
  await page.goto(url('/sign-up'));
  await hydrated(page);
  await page.locator('#account-name').fill(name);
  await page.locator('#account-email').fill(email);
  await page.locator('#account-password').fill(PASSWORD);
  await page.locator('#account-phone').fill('0412 345 678');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = () =>
    sunk.flatMap((m) => (m.to === email ? (/(http:\/\/[\w.-]+\.localhost:\d+\/confirm-account\?token=[\w-]+)/.exec(m.raw)?.[1] ?? []) : [])).at(-1);
  await expect.poll(link).toBeTruthy();
  // The mailed link confirms the address; the shopper then comes back another day, signed out, and saves a search,
  // signing in on the way.
  await page.goto(link()!);
  await expect(page).toHaveURL(url('/my-account'));
  await page.context().clearCookies();
  await page.goto(url('/search/kia'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Save Search' }).click();
  await expect(page).toHaveURL(url('/sign-in?type=save-search&redirect=%2Fsearch%2Fkia&back=%2Fsearch%2Fkia'));
  await hydrated(page);
  await page.locator('#account-email').fill(email);
  await page.locator('#account-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(url('/search/kia'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Save Search' }).click();
  await page.locator('#save-search-name').fill('Kias');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.toast-message')).toHaveText('Search Saved');
}

test.describe('shopper alerts by mail', () => {
  let context: BrowserContext;
  let page: Page;
  const ann = `ann-${Date.now()}@example.com`;
  const bob = `bob-${Date.now()}@example.com`;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(async () => context?.close());

  test('a saved search gets one mail with the new car at the next period; a watched car’s price drop one mail', async ({ browser }) => {
    // The feed's first import made its three cars Big Sky's stock.
    await imported(CX5);
    // Early morning, before the send window: Ann saves a Kia search and watches the Hilux; Bob saves the same search.
    await setClock(siteTime(1, '07:00'));
    await signUpAndSaveKias(page, 'Ann Alert', ann);
    await page.goto(url('/search/toyota'));
    await hydrated(page);
    // The results hydrate when touched: a pointer over the card wakes them, and this flow waits for that rather than
    // for the replay of a click made before it (a busy machine took over 10 s; the replay has its own tests).
    const save = page.getByRole('button', { name: /^Save .*Hilux.* to watchlist$/ });
    await save.hover();
    await expect(page.locator('[data-block-id][data-hydrated="true"]').filter({ has: save })).toHaveCount(1, { timeout: 30_000 });
    await save.click();
    await expect(page.locator('.toast-message')).toHaveText(WATCHLIST_MESSAGES.saved);
    const bobContext = await browser.newContext();
    await signUpAndSaveKias(await bobContext.newPage(), 'Bob Alert', bob);
    await bobContext.close();

    // The feed adds a Kia at 07:05: nothing is mailed before the window opens at 08:00.
    writeFeed([HILUX, CX5, KIA_1, KIA_2]);
    await setClock(siteTime(1, '07:05'));
    await imported(KIA_2);
    expect(alertMails(ann)).toEqual([]);

    // 09:00: one mail each, with that car (and not the Kia that was there before the search was saved).
    await setClock(siteTime(1, '09:00'));
    await expect.poll(() => alertMails(ann).length).toBe(1);
    const [searchMail] = atLeast(1, alertMails(ann), "ann's alert mails");
    expect(subjectOf(searchMail)).toBe('1 new car matches your search “Kias” – Big Sky Car Supermarket');
    expect(searchMail.raw).toContain('2022 Kia Cerato');
    expect(searchMail.raw).toContain('$24,000');
    expect(searchMail.raw).toContain(url(`/cars/${KIA_2.slug}`));
    expect(searchMail.raw).not.toContain('Sportage');
    await expect.poll(() => alertMails(bob).length).toBe(1);

    // The watched Hilux drops from $40,000 to $37,000: one price-drop mail.
    writeFeed([{ ...HILUX, price: 37_000 }, CX5, KIA_1, KIA_2]);
    await setClock(siteTime(1, '09:10'));
    await imported({ ...HILUX, price: 37_000 });
    await expect.poll(() => alertMails(ann).length).toBe(2);
    const dropMail = atLeast(2, alertMails(ann), "ann's alert mails")[1];
    expect(subjectOf(dropMail)).toBe('2022 Toyota Hilux: Price drop: now $37,000, was $40,000 – Big Sky Car Supermarket');
    expect(dropMail.messageId).not.toBe(searchMail.messageId);
  });

  test('the mail’s stop link (in the browser) and the List-Unsubscribe-Post request stop the alerts: no further mail', async () => {
    const [searchMail, dropMail] = atLeast(2, alertMails(ann), "ann's alert mails");
    // The search mail's "Stop this alert" link: a page with one button.
    const stopLink = captured(/Stop this alert: (\S+)/, searchMail.raw);
    expect(new URL(stopLink).origin).toBe(new URL(url()).origin);
    await page.goto(stopLink);
    await expect(page.getByRole('heading', { name: 'Stop this alert' })).toBeVisible();
    await expect(page.getByText(`Stop emails for this alert to ${ann}?`)).toBeVisible();
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`stop-alert-${width}.png`), fullPage: true });
    }
    await page.getByRole('button', { name: 'Stop this alert' }).click();
    await expect(page.getByRole('status')).toHaveText(ALERT_MESSAGES.stopped);

    // The watchlist mail's List-Unsubscribe header, posted as a mail provider does (RFC 8058).
    const listUnsubscribe = captured(/^List-Unsubscribe: <([^>]+)>/im, dropMail.raw);
    const target = new URL(listUnsubscribe);
    expect(target.origin).toBe(new URL(url()).origin);
    const oneClick = await onSite('POST', `${target.pathname}${target.search}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(oneClick.status).toBe(200);
    expect(JSON.parse(oneClick.body)).toEqual({ unsubscribed: true, message: ALERT_MESSAGES.stopped });

    // The account page shows both alerts off.
    await page.goto(url('/my-account'));
    await hydrated(page);
    const alerts = page.getByRole('region', { name: 'Email Alerts' });
    await expect(alerts.getByLabel('New cars for “Kias”')).toHaveValue('off');
    await expect(alerts.getByLabel('Watchlist: price drops, reserved and sold cars')).toHaveValue('off');

    // Next day a Kia arrives and the Hilux drops again: Bob (still subscribed) hears of the Kia, Ann of nothing. Ann's
    // mail would have been queued in the same run as Bob's; the last test checks none ever arrived.
    writeFeed([{ ...HILUX, price: 35_000 }, CX5, KIA_1, KIA_2, KIA_3]);
    await setClock(siteTime(2, '09:00'));
    await imported(KIA_3);
    await expect.poll(() => alertMails(bob).length).toBe(2);
    expect(alertMails(bob)[1]?.raw).toContain('2022 Kia Seltos');
    expect(alertMails(ann)).toHaveLength(2);
  });

  test('the server killed while the SMTP server holds a mail: after the restart it arrives once, as the same message', async () => {
    holdNext = true;
    writeFeed([{ ...HILUX, price: 35_000 }, CX5, KIA_1, KIA_2, KIA_3, KIA_4]);
    await setClock(siteTime(3, '09:00'));
    await expect.poll(() => held?.to).toBe(bob);
    // The send is in flight (the sink has the mail and has not answered): the process dies.
    const killed = server!;
    const gone = new Promise((resolve) => killed.process.once('exit', resolve));
    killed.process.kill('SIGKILL');
    await gone;
    await killed.stop();
    expect(alertMails(bob)).toHaveLength(2);

    await startAlertsServer();
    await setClock(siteTime(3, '09:05'));
    await expect.poll(() => alertMails(bob).length, { timeout: 20_000 }).toBe(3);
    const resent = atLeast(3, alertMails(bob), "bob's alert mails")[2];
    expect(resent.messageId).toBe(held!.messageId);
    expect(resent.raw).toContain('2022 Kia Carnival');
    // The restarted job ran the same period again and queued nothing more (each mail is keyed by shopper, alert and
    // period): one mail per day, each its own message.
    expect(alertMails(bob)).toHaveLength(3);
    expect(new Set(alertMails(bob).map((m) => m.messageId)).size).toBe(3);
    expect(alertMails(ann)).toHaveLength(2);
  });
});
