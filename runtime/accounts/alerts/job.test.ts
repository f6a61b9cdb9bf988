// The alert job over a real SQLite accounts store and the demo site Big Sky (alerts on): a stock change recorded by
// the feed import becomes one keyed outbox row at the next due period, and never a second one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/generated/car';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { MemoryFeedCoordinator } from '../../inventory/feeds';
import { CarCatalogue } from '../../inventory/car-catalogue';
import { EmbeddedSearchEngine } from '../../search';
import { loadTenant } from '../../tenants/load';
import { atLeast } from '../../../test-support/at-least';
import { repoRoot } from '../../../test-support/tenants';
import { UnsubscribeLinkSigner } from '../../unsubscribe/links';
import { SqlAccountStore } from '../sql-store';
import { AlertJob, recordReservedChange, recordStockChanges } from './job';
import { AlertLinks } from './links';

const dir = mkdtempSync(join(tmpdir(), 'alert-job-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const loaded = loadTenant(join(repoRoot, 'tenants', 'big-sky-cars.json'), join(repoRoot, 'tenants', 'templates'));
if (!loaded.ok) throw new Error('big-sky-cars does not load');
const site = loaded.doc as TenantDocument;
const ORIGIN = 'https://www.bigskycars.example';
// Monday 30 November 2026, 09:15 in Melbourne (AEDT), inside the default send window.
const MON_0915 = Date.parse('2026-11-29T22:15:00Z');
const dealership = site.dealerships[0].id;

const car = (id: number, make: string, price: number, extra: Partial<Car> = {}): Car =>
  ({
    id,
    slug: `${make.toLowerCase()}-${id}`,
    make,
    model: 'Model',
    year: 2022,
    price,
    car_type: 'used',
    status: 'in_stock',
    show_on_dealer_website: true,
    dealership_id: dealership,
    primary_image_url: `/media/cars/${id}.jpg`,
    ...extra,
  }) as Car;

/** The catalogue as the job uses it: cars by id (the job indexes the changed ones to run each search page's query). */
function fakeCatalogue(stock: Map<number, Car>): CarCatalogue {
  return { byIdFor: (_t: TenantDocument, id: number) => stock.get(id), carById: (id: number) => stock.get(id) } as unknown as CarCatalogue;
}

describe('the alert job', () => {
  let store: SqlAccountStore;
  let stock: Map<number, Car>;
  let now: number;
  let unsubscribed: Set<string>;
  const signer = new UnsubscribeLinkSigner(Buffer.from('test secret'));
  const job = (catalogue?: CarCatalogue) =>
    new AlertJob({
      store: store.alerts,
      tenants: () => [site],
      catalogue: () => catalogue ?? fakeCatalogue(stock),
      lease: new MemoryFeedCoordinator(),
      links: new AlertLinks(signer),
      unsubscribes: { has: async (_t: string, e: string) => unsubscribed.has(e) } as never,
      origin: () => ORIGIN,
      now: () => now,
    });
  const feed = async (before: Car[], after: Car[]) => recordStockChanges(store.alerts, () => now)(site, before, after);
  const due = async () => (await store.claimDueMail(now + 1, 50, 60_000)).filter((m) => m.idempotencyKey);

  beforeEach(async () => {
    store = SqlAccountStore.openSqlite(join(dir, `${Math.random()}.sqlite`));
    stock = new Map();
    unsubscribed = new Set();
    now = MON_0915 - 3 * 3_600_000;
    await store.createAccount({
      id: 'acc-ann',
      tenant: site.slug,
      email: 'ann@example.com',
      name: 'Ann',
      phone: '0412345678',
      passwordHash: 'x',
      createdAt: now,
    });
    await store.saveSearch(site.slug, 'acc-ann', { id: 'kias', name: 'Kias', path: '/search/kia', createdAt: now, lastSeenAt: now });
  });

  it('leaves alone the sites none of whose shoppers saved a search or a car: no lease, no document read', async () => {
    const quiet = { ...site, slug: 'quiet-motors' };
    const read: string[] = [];
    const leased: string[] = [];
    const coordinator = new MemoryFeedCoordinator();
    const withQuiet = new AlertJob({
      store: store.alerts,
      tenants: function* (only) {
        for (const t of [site, quiet])
          if (!only || only.has(t.slug)) {
            read.push(t.slug);
            yield t;
          }
      },
      catalogue: () => fakeCatalogue(stock),
      lease: {
        tryLease: (key, ...rest) => (leased.push(key), coordinator.tryLease(key, ...rest)),
        finish: (...args) => coordinator.finish(...args),
      },
      links: new AlertLinks(signer),
      origin: () => ORIGIN,
      now: () => now,
    });
    await withQuiet.runOnce();
    expect(read).toEqual([site.slug]);
    expect(leased).toEqual([`alerts:${site.slug}`]);
  });

  it('mails a newly matching car once, at the next period, with its price, page and stop links on the site’s address', async () => {
    stock.set(1, car(1, 'Kia', 20_000));
    stock.set(2, car(2, 'Mazda', 25_000));
    now += 60_000;
    await feed([], [...stock.values()]);
    now = MON_0915;
    expect(await job().runOnce()).toBe(1);
    const [mail] = atLeast(1, await due(), 'the alert mails due');
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('1 new car matches your search “Kias” – Big Sky Car Supermarket');
    expect(mail.text).toContain('2022 Kia Model');
    expect(mail.text).toContain('$20,000');
    expect(mail.text).not.toContain('Mazda');
    expect(mail.text).toContain(`${ORIGIN}/cars/kia-1`);
    expect(mail.html).toContain(`<img class="car-photo" src="${ORIGIN}/media/cars/1.jpg" alt="2022 Kia Model"`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${ORIGIN}/api/alerts/unsubscribe\\?a=acc-ann&alert=search%3Akias&t=[\\w-]{43}>$`));
    expect(mail.headers?.From).toBe('"Big Sky Car Supermarket" <alerts@bigskycars.example>');
    expect(mail.idempotencyKey).toBe('alert:acc-ann:search:kias:daily:2026-11-30');
    // The Message-ID comes from the key: a mail sent again after a crash is the same message.
    expect(mail.headers?.['Message-ID']).toMatch(/^<alert\.[0-9a-f]{32}@www\.bigskycars\.example>$/);
    // Run again, and by a restarted process: the period was mailed, nothing more is queued.
    expect(await job().runOnce()).toBe(0);
    // Next day, the same car changes price: it was announced already, so no mail.
    now += 24 * 3_600_000;
    const before = [...stock.values()];
    stock.set(1, car(1, 'Kia', 19_000));
    await feed(before, [...stock.values()]);
    expect(await job().runOnce()).toBe(0);
  });

  it('does not announce as new a car the feed imports again after a restart (it was in stock before the search was saved)', async () => {
    stock.set(1, car(1, 'Kia', 20_000));
    await recordStockChanges(store.alerts, () => now - 3_600_000)(site, [], [...stock.values()]);
    // A restart rebuilds the stock without the feed's cars, and the feed's import adds them back.
    now += 60_000;
    await feed([], [...stock.values()]);
    now = MON_0915;
    expect(await job().runOnce()).toBe(0);
    expect(await due()).toEqual([]);
    // A car the feed really adds afterwards is still news.
    now += 60_000;
    stock.set(3, car(3, 'Kia', 31_000));
    await feed([], [...stock.values()]);
    now += 24 * 3_600_000;
    expect(await job().runOnce()).toBe(1);
    const [mail] = atLeast(1, await due(), 'the alert mails due');
    expect(mail.text).toContain(`${ORIGIN}/cars/kia-3`);
    expect(mail.text).not.toContain(`${ORIGIN}/cars/kia-1`);
  });

  it('mails a price drop of a watched car with the old and new price, at most once a day', async () => {
    stock.set(5, car(5, 'Toyota', 30_000));
    await store.saveCar(site.slug, 'acc-ann', 5, 30_000, now);
    now += 60_000;
    const before = [...stock.values()];
    stock.set(5, car(5, 'Toyota', 27_500));
    await feed(before, [...stock.values()]);
    now = MON_0915;
    expect(await job().runOnce()).toBe(1);
    const [mail] = atLeast(1, await due(), 'the alert mails due');
    expect(mail.subject).toBe('2022 Toyota Model: Price drop: now $27,500, was $30,000 – Big Sky Car Supermarket');
    const again = [...stock.values()];
    stock.set(5, car(5, 'Toyota', 26_000));
    await feed(again, [...stock.values()]);
    now += 3_600_000;
    expect(await job().runOnce()).toBe(0);
  });

  it('a checkout reservation of a watched car is recorded like a feed change: one "reserved" mail, and nothing for a site that does not show the car', async () => {
    stock.set(7, car(7, 'Mazda', 31_000));
    stock.set(8, car(8, 'Mazda', 32_000, { dealership_id: 999_999 }));
    const catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), [...stock.values()]);
    await store.saveCar(site.slug, 'acc-ann', 7, 31_000, now);
    await feed([], [stock.get(7)!]);
    const otherSite = { ...site, slug: 'elsewhere', dealerships: [{ ...site.dealerships[0], id: 999_999 }] } as TenantDocument;
    catalogue.onReservedChange = recordReservedChange(
      store.alerts,
      () => [site, otherSite],
      () => now,
    );
    now += 60_000;
    await catalogue.setReserved(7, true);
    await catalogue.setReserved(7, true); // already reserved: no second change
    await catalogue.setReserved(8, true);
    const changes = await store.alerts.stockChanges(site.slug, 0);
    expect(changes.filter((c) => c.carId === 7).map((c) => [c.before?.state, c.after?.state])).toEqual([
      [undefined, 'available'],
      ['available', 'reserved'],
    ]);
    expect(changes.some((c) => c.carId === 8)).toBe(false);
    now = MON_0915;
    expect(await job(catalogue).runOnce()).toBe(1);
    const [mail] = atLeast(1, await due(), 'the alert mails due');
    expect(mail.text).toContain('Reserved by another buyer');
    expect(mail.text).toContain('2022 Mazda Model');
    expect(await job(catalogue).runOnce()).toBe(0);
  });

  it('mails nothing to an unsubscribed, a bounced or a switched-off address', async () => {
    stock.set(1, car(1, 'Kia', 20_000));
    now += 60_000;
    await feed([], [...stock.values()]);
    now = MON_0915;
    unsubscribed.add('ann@example.com');
    expect(await job().runOnce()).toBe(0);
    unsubscribed.clear();
    await store.alerts.recordBounce(site.slug, 'ann@example.com', '550 no such user', now);
    expect(await job().runOnce()).toBe(0);
    expect(await store.alerts.bounced(site.slug, 'ann@example.com')).toEqual({ at: now, error: '550 no such user' });
  });

  it('an alert set to off gets no mail; the outbox refuses a second row with the same key', async () => {
    await store.alerts.setFrequency(site.slug, 'acc-ann', 'search:kias', 'off');
    stock.set(1, car(1, 'Kia', 20_000));
    now += 60_000;
    await feed([], [...stock.values()]);
    now = MON_0915;
    expect(await job().runOnce()).toBe(0);
    const mail = { tenant: site.slug, to: 'ann@example.com', subject: 's', text: 't', createdAt: now, idempotencyKey: 'alert:acc-ann:x:daily:1' };
    const a = { tenant: site.slug, accountId: 'acc-ann', alertId: 'x', period: 'daily:1', cursor: 1 };
    expect(await store.alerts.queueAlertMail(a, mail)).toBe(true);
    expect(await store.alerts.queueAlertMail(a, mail)).toBe(false);
  });
});
