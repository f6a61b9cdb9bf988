// Shopper alerts end to end on the demo site Big Sky (alerts on), over HTTP and a local SMTP sink, with a test clock:
// a search saved → the feed adds a matching car → one mail at the next period; a watched car's price drops → one
// mail; the one-click POST stops the alert → no more mail; a restarted job → no mail twice; a 5xx bounce → the account
// says so.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { shippedTenants, listenOnLoopback, stubAssets } from '../../test-support/server';
import { createAccounts, SqlAccountStore, type Accounts } from '../accounts';
import { AlertJob, recordStockChanges } from '../accounts/alerts/job';
import { AlertLinks } from '../accounts/alerts/links';
import { publicUrlsFromEnv } from '../infra/public-urls';
import { CarCatalogue } from '../inventory/car-catalogue';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { MemoryFeedCoordinator } from '../inventory/feeds';
import { EmbeddedSearchEngine } from '../search';
import { repoRoot } from '../../test-support/tenants';
import { UnsubscribeLinkSigner } from '../unsubscribe/links';
import { createApp } from './app';
import { ALERT_MESSAGES } from '../domain/alerts';
import { TenantRegistry } from './tenant-registry';
import { atLeast } from '../../test-support/at-least';
import { captured } from '../../test-support/captured';

vi.setConfig({ testTimeout: 60_000 });

const HOST = 'big-sky-cars.localhost';
const dir = mkdtempSync(join(tmpdir(), 'alerts-api-'));
const mails: { to: string; raw: string }[] = [];
let server: Server;
let smtp: SMTPServer;
let accounts: Accounts;
let store: SqlAccountStore;
let catalogue: CarCatalogue;
let site: TenantDocument;
let clock = Date.parse('2026-11-29T22:15:00Z'); // Monday 30 November 2026, 09:15 in Melbourne
const DAY = 86_400_000;
const urls = publicUrlsFromEnv({ SITE_URL_TEMPLATE: 'http://{slug}.localhost' });
const links = new AlertLinks(new UnsubscribeLinkSigner(Buffer.from('alerts test secret')));
const newJob = () =>
  new AlertJob({
    store: store.alerts,
    tenants: () => [site],
    catalogue: () => catalogue,
    lease: new MemoryFeedCoordinator(),
    links,
    origin: (t) => urls.site(t),
    now: () => clock,
    log: () => {},
  });

const readable = (m: string) =>
  m
    .replace(/\r?\n[ \t]+(?=\S)/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/=E2=80=9C|=E2=80=9D/g, '"');
async function drainMail() {
  // Sends what is due now; the sink has it once sendMail answered.
  while ((await accounts.mail.runOnce()) > 0);
}

async function call(method: string, path: string, body = '', headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: HOST, 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const dealerships = () => new Set(site.dealerships.map((d) => d.id));
/** A feed import of the site: applies the new stock and records what changed for the alerts, as InventoryFeeds does. */
async function feed(change: (cars: Car[]) => Car[]) {
  const before = catalogue.stockOf(dealerships());
  await catalogue.applyStock(dealerships(), change(before.map((c) => ({ ...c }))));
  await recordStockChanges(store.alerts, () => clock)(site, before, catalogue.stockOf(dealerships()));
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _s, cb) {
      if (address.address.startsWith('bounce')) return cb(Object.assign(new Error('550 5.1.1 no such user'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      let t = '';
      stream.on('data', (c) => (t += c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: readable(t) });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const tenants = shippedTenants();
  site = tenants.find((t) => t.slug === 'big-sky-cars')!;
  catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), buildDemoInventory(tenants, { total: 300 }));
  store = SqlAccountStore.openSqlite(join(dir, 'accounts.sqlite'));
  accounts = createAccounts({
    store,
    carById: (t, id) => catalogue.byIdFor(t, id),
    linkOrigin: (s) => urls.site(s),
    mail: {
      transport: nodemailer.createTransport({ host: '127.0.0.1', port: (smtp.server.address() as AddressInfo).port, secure: false, ignoreTLS: true }),
      now: () => clock,
      log: () => {},
      onBounce: (m, e) => store.alerts.recordBounce(m.tenant, m.to, e, clock),
    },
  });
  const registry = new TenantRegistry(join(repoRoot, 'tenants'), join(repoRoot, 'tenants/templates'), undefined, () => {});
  registry.loadAll();
  const app = createApp({
    registry,
    clientDir: repoRoot,
    assets: stubAssets,
    services: { catalogue, accounts: accounts.service, alerts: { store: store.alerts, links } },
    log: () => {},
  });
  server = await listenOnLoopback(app);
}, 60_000);

afterAll(async () => {
  await new Promise<void>((r) => server?.close(() => r()));
  await accounts?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('shopper alerts', () => {
  it('new matching car → one mail at the next period; price drop → one mail; one-click stop → no more; restart → no mail twice', async () => {
    const stock = catalogue.stockOf(dealerships());
    const model = stock.find((c) => c.status === 'in_stock' && c.make && !c.reserved)!;
    const makeSlug = model.make.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await store.createAccount({
      id: 'acc-ann',
      tenant: site.slug,
      email: 'ann@example.com',
      name: 'Ann',
      phone: '0412345678',
      passwordHash: 'x',
      createdAt: clock - DAY,
    });
    await store.saveSearch(site.slug, 'acc-ann', {
      id: 'mine',
      name: `My ${model.make}`,
      path: `/search/${makeSlug}`,
      createdAt: clock - DAY,
      lastSeenAt: clock - DAY,
    });
    const watched = stock.find((c) => c.status === 'in_stock' && !c.reserved && c.id !== model.id && (c.price ?? 0) > 5000)!;
    await store.saveCar(site.slug, 'acc-ann', watched.id, watched.price!, clock - DAY);

    // Night: the feed adds a car of that make. Nothing is sent before the send window opens.
    clock -= 10 * 3_600_000; // 23:15 the evening before
    const added = { ...model, id: 9_900_001, slug: `${model.slug}-new-arrival`, stocknum: 'NEW1', created_at_timestamp: Math.floor(clock / 1000) } as Car;
    await feed((cars) => [...cars, added]);
    expect(await newJob().runOnce()).toBe(0);
    clock += 10 * 3_600_000;
    expect(await newJob().runOnce()).toBe(1);
    await drainMail();
    const searchMails = mails.filter((m) => m.raw.includes('new car matches your search'));
    expect(searchMails).toHaveLength(1);
    const mail = atLeast(1, searchMails, 'the search alert mails')[0].raw;
    expect(mail).toContain(`http://big-sky-cars.localhost/cars/${added.slug}`);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toMatch(/Content-Type: text\/html/);
    const stopAlert = captured(/List-Unsubscribe:\s*<http:\/\/big-sky-cars\.localhost(\/api\/alerts\/unsubscribe\?[^>\s]+)>/, mail);

    // The watched car's price drops: one price-drop mail with the old and new price.
    const price = (c: Car) => c.offer_price ?? c.price!;
    const was = price(watched);
    await feed((cars) => cars.map((c) => (c.id === watched.id ? { ...c, price: was - 1000, offer_price: undefined, before_price: undefined } : c)));
    clock += 60_000;
    expect(await newJob().runOnce()).toBe(1);
    await drainMail();
    const drops = mails.filter((m) => m.raw.includes('Price drop: now'));
    expect(drops).toHaveLength(1);
    expect(atLeast(1, drops, 'the price drop mails')[0].raw).toContain(
      `Price drop: now $${(was - 1000).toLocaleString('en-AU')}, was $${was.toLocaleString('en-AU')}`,
    );
    // A second drop the same day waits for tomorrow: at most one watchlist mail a day.
    await feed((cars) => cars.map((c) => (c.id === watched.id ? { ...c, price: was - 2000 } : c)));
    expect(await newJob().runOnce()).toBe(0);

    // The one-click POST of the List-Unsubscribe header (RFC 8058) stops the search alert.
    const stop = await call('POST', stopAlert, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(stop.status).toBe(200);
    expect(JSON.parse(stop.body)).toEqual({ unsubscribed: true, message: ALERT_MESSAGES.stopped });
    expect(
      (await call('POST', stopAlert.replace(/t=[^&]+/, 't=forged'), 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(400);
    // The mail's link opens a page whose one button stops it (a link scanner's GET changes nothing).
    const pageRes = await call('GET', stopAlert);
    expect(pageRes.status).toBe(200);
    expect(pageRes.body).toContain('<button type="submit" name="confirm" value="1">Stop this alert</button>');

    // Next day: another matching car, and the watched car's pending drop. Only the watchlist mail comes.
    clock += DAY;
    const second = { ...added, id: 9_900_002, slug: `${model.slug}-second-arrival`, stocknum: 'NEW2' } as Car;
    await feed((cars) => [...cars, second]);
    const sent = mails.length;
    // A job that stops after planning (a restart) and one that runs again queue the period's mail once.
    expect(await newJob().runOnce()).toBe(1);
    expect(await newJob().runOnce()).toBe(0);
    await drainMail();
    expect(mails.slice(sent).map((m) => (m.raw.includes('Price drop') ? 'drop' : m.raw.includes('new car') ? 'search' : 'other'))).toEqual(['drop']);
  });

  it('a 5xx bounce stops the address: no more alerts, and the account answer says so', async () => {
    await store.createAccount({
      id: 'acc-bo',
      tenant: site.slug,
      email: 'bounce@example.com',
      name: 'Bo',
      phone: '0412345679',
      passwordHash: 'x',
      createdAt: clock - DAY,
    });
    await store.saveSearch(site.slug, 'acc-bo', { id: 'bo-all', name: 'Everything', path: '/search', createdAt: clock - DAY, lastSeenAt: clock - DAY });
    const some = catalogue.stockOf(dealerships()).find((c) => c.status === 'in_stock')!;
    await feed((cars) => [...cars, { ...some, id: 9_900_010, slug: `${some.slug}-bounce`, stocknum: 'NEWB' } as Car]);
    clock += DAY;
    expect(await newJob().runOnce()).toBeGreaterThanOrEqual(1);
    await drainMail();
    expect(await store.alerts.bounced(site.slug, 'bounce@example.com')).toMatchObject({ at: clock });
    await feed((cars) => [...cars, { ...some, id: 9_900_011, slug: `${some.slug}-bounce-2`, stocknum: 'NEWB2' } as Car]);
    clock += DAY;
    await newJob().runOnce();
    expect((await store.claimDueMail(clock + 1, 50, 1)).filter((m) => m.to === 'bounce@example.com')).toEqual([]);
    // Signed in, the shopper sees why alerts stopped.
    const token = 'session-token-of-bo';
    await store.createSession({
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      tenant: site.slug,
      accountId: 'acc-bo',
      createdAt: clock,
      expiresAt: clock + DAY * 30,
    });
    const res = await call('GET', '/api/alerts', '', { cookie: `shopper_session=${token}` });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      enabled: true,
      bounced: ALERT_MESSAGES.bounced('bounce@example.com'),
      alerts: [{ id: 'search:bo-all', name: 'Everything', frequency: 'daily' }, { id: 'watchlist' }],
    });
    // Turning an alert on from the account page tries the address again (the watchlist can be weekly too); off does not.
    const csrf = 'c'.repeat(43);
    const post = (body: unknown) =>
      call('POST', '/api/alerts/frequency', JSON.stringify(body), {
        cookie: `shopper_session=${token}; shopper_csrf=${csrf}`,
        'x-csrf-token': csrf,
        'content-type': 'application/json',
        origin: `http://${HOST}`,
      });
    const off = await post({ alert: 'search:bo-all', frequency: 'off' });
    expect(off.status).toBe(200);
    expect(JSON.parse(off.body)).toEqual({ alert: 'search:bo-all', frequency: 'off' });
    expect(await store.alerts.bounced(site.slug, 'bounce@example.com')).toBeDefined();
    const weekly = await post({ alert: 'watchlist', frequency: 'weekly' });
    expect(weekly.status).toBe(200);
    expect(JSON.parse(weekly.body)).toEqual({ alert: 'watchlist', frequency: 'weekly', resumed: ALERT_MESSAGES.resumed('bounce@example.com') });
    expect(await store.alerts.bounced(site.slug, 'bounce@example.com')).toBeUndefined();
    const again = JSON.parse((await call('GET', '/api/alerts', '', { cookie: `shopper_session=${token}` })).body);
    expect(again.bounced).toBeNull();
    expect(again.alerts).toMatchObject([
      { id: 'search:bo-all', frequency: 'off' },
      { id: 'watchlist', frequency: 'weekly' },
    ]);
    const bad = await post({ alert: 'watchlist', frequency: 'hourly' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ error: ALERT_MESSAGES.badFrequency(['instant', 'daily', 'weekly', 'off']) });
  });
});
