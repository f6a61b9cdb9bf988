// Scheduled stock feeds: a local feed file and a loopback HTTP feed through the import path, applied incrementally
// (only added, changed and removed cars reach the search index), rejected rows reported, one process at a time per site
// (PostgreSQL lease, when TEST_DATABASE_URL is set).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { EmbeddedSearchEngine } from '../search';
import type { Document, SearchEngine } from '../search/types';
import { CarCatalogue } from './car-catalogue';
import { freshSchemaUrl } from '../server/test-postgres';
import { loadTenant } from '../tenants/load';
import { validateTenantDocument } from '../tenants/validate';
import { atLeast } from '../../test-support/at-least';
import { repoRoot } from '../../test-support/tenants';
import { buildDemoInventory } from './demo-inventory';
import { FEED_FILE_PATH, FeedError, InventoryFeeds, MemoryFeedCoordinator, readFeed } from './feeds';
import inventorySchema from '../../schemas/settings/inventory.schema.json';
import { PgFeedCoordinator } from './pg-feed-coordinator';

const NOW = Date.UTC(2026, 10, 1, 2, 0, 0);
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

function tenant(slug: string, feed?: Record<string, unknown>): TenantDocument {
  const t = loadTenant(join(repoRoot, 'tenants', `${slug}.json`), join(repoRoot, 'tenants/templates'));
  if (!t.ok) throw new Error(`${slug} does not load`);
  const doc = structuredClone(t.doc);
  if (feed) doc.settings.inventory = { feed: feed as never };
  return doc;
}

/** Counts what reaches the search engine, to tell document updates from rebuilds. */
class CountingEngine extends EmbeddedSearchEngine {
  written: Document[] = [];
  deleted: Array<string | number> = [];
  rebuilds = 0;
  override async addDocuments(uid: string, docs: Document[], primaryKey?: string) {
    this.written.push(...docs);
    return super.addDocuments(uid, docs, primaryKey);
  }
  override async deleteDocuments(uid: string, ids: Array<string | number>) {
    this.deleted.push(...ids);
    return super.deleteDocuments(uid, ids);
  }
  override async swapIndexes(pairs: Array<[string, string]>) {
    this.rebuilds++;
    return super.swapIndexes(pairs);
  }
  reset() {
    this.written = [];
    this.deleted = [];
    this.rebuilds = 0;
  }
}

const harbourside = tenant('harbourside-mazda');
const bigSky = tenant('big-sky-cars');
const stock = buildDemoInventory([harbourside, bigSky], { total: 120, now: NOW });
const ownIds = new Set(harbourside.dealerships.map((d) => d.id));
const own = atLeast(
  5,
  stock.filter((c) => ownIds.has(c.dealership_id)),
  "harbourside's demo stock",
);
const others = atLeast(
  3,
  stock.filter((c) => !ownIds.has(c.dealership_id)),
  "the other site's demo stock",
);

async function catalogueWith(engine: SearchEngine = new EmbeddedSearchEngine()) {
  return CarCatalogue.create(engine, structuredClone(stock));
}

/** The feed: every own car but the first (removed), the second's price changed, one new car, and four bad rows. */
function feedCars(): unknown[] {
  const cars = atLeast(5, structuredClone([...own]) as (Car & Record<string, unknown>)[], 'the feed');
  const [, changed, ...rest] = cars;
  changed.price = (changed.price ?? 30000) + 1000;
  const added = {
    ...structuredClone(rest[0]),
    id: 987654321,
    slug: 'feed-added-car-987654321',
    stocknum: 'FEED1',
    status: 'in_stock',
    show_on_dealer_website: true,
  };
  delete added.path;
  return [
    changed,
    ...rest,
    added,
    { id: 'not a number', make: 'Mazda' },
    { ...structuredClone(others[0]), id: 987654322, slug: 'feed-other-site-car' },
    { ...structuredClone(rest[1]), id: others[1].id, slug: 'feed-taking-an-id' },
    { ...structuredClone(rest[2]), id: 987654323, slug: others[2].slug },
  ];
}

const ids = async (catalogue: CarCatalogue, site: TenantDocument) => {
  const found = await catalogue.search(site, { q: '', limit: 1000 }, NOW);
  return new Set(found.hits.map((h) => (h as { id: number }).id));
};

describe('reading a feed', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/stock.csv') return void res.end('id,make\n1,Mazda\n');
      if (req.url === '/moved') return void res.writeHead(302, { location: '/stock.csv' }).end();
      res.writeHead(404).end('no');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('reads a loopback feed only when the host is allowed (tests), and never follows a redirect', async () => {
    expect(await readFeed(`${base}/stock.csv`, { allow: ['127.0.0.1'] })).toBe('id,make\n1,Mazda\n');
    await expect(readFeed(`${base}/stock.csv`, { allow: [] })).rejects.toThrow('the feed address must use https');
    await expect(readFeed(`https://127.0.0.1:1/stock.csv`, { allow: [] })).rejects.toThrow('not a public address');
    await expect(readFeed(`${base}/moved`, { allow: ['127.0.0.1'] })).rejects.toThrow('HTTP 302 (redirects are not followed: use the final address)');
    await expect(readFeed(`${base}/gone`, { allow: ['127.0.0.1'] })).rejects.toThrow('HTTP 404');
    await expect(readFeed(`file:///etc/passwd`, { allow: [] })).rejects.toThrow(FeedError);
  });

  it("reads a file only from the site's own folder of the feeds folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'feeds-'));
    for (const site of ['harbourside-mazda', 'big-sky-cars']) mkdirSync(join(dir, site, 'daily'), { recursive: true });
    writeFileSync(join(dir, 'harbourside-mazda', 'stock.json'), '[1]');
    writeFileSync(join(dir, 'harbourside-mazda', 'daily', 'stock.csv'), 'id\n1\n');
    writeFileSync(join(dir, 'big-sky-cars', 'stock.json'), '[2]');
    writeFileSync(join(dir, 'shared.json'), '[3]');
    const site = { feedsDir: dir, site: 'harbourside-mazda' };
    expect(await readFeed('stock.json', site)).toBe('[1]');
    expect(await readFeed('daily/stock.csv', site)).toBe('id\n1\n');
    expect(await readFeed('stock.json', { feedsDir: dir, site: 'big-sky-cars' })).toBe('[2]');
    // Nothing outside the site's folder: not another site's file, not the shared folder, not the system.
    for (const source of ['../big-sky-cars/stock.json', '../shared.json', '/etc/passwd', './stock.json', 'daily/../stock.json', '.hidden', 'a\\b', ''])
      await expect(readFeed(source, site), source).rejects.toThrow("the feed must be an https address or the name of a file in this site's feeds folder");
    await expect(readFeed('stock.json', { site: 'harbourside-mazda' })).rejects.toThrow('no feeds folder (INVENTORY_FEEDS_DIR)');
    await expect(readFeed('stock.json', { feedsDir: dir })).rejects.toThrow('without the site it belongs to');
    await expect(readFeed('stock.json', { feedsDir: dir, site: '..' })).rejects.toThrow('without the site it belongs to');
    await expect(readFeed('missing.json', site)).rejects.toThrow("the feed file missing.json could not be read from this site's feeds folder (ENOENT)");
  });

  it("refuses a symlink that leads out of the site's folder, and follows one that stays in it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'feeds-'));
    for (const site of ['harbourside-mazda', 'big-sky-cars']) mkdirSync(join(dir, site), { recursive: true });
    writeFileSync(join(dir, 'harbourside-mazda', 'today.json'), '[1]');
    writeFileSync(join(dir, 'big-sky-cars', 'stock.json'), '[2]');
    symlinkSync('today.json', join(dir, 'harbourside-mazda', 'latest.json'));
    symlinkSync(join(dir, 'big-sky-cars', 'stock.json'), join(dir, 'harbourside-mazda', 'theirs.json'));
    symlinkSync(join(dir, 'big-sky-cars'), join(dir, 'harbourside-mazda', 'other'));
    const site = { feedsDir: dir, site: 'harbourside-mazda' };
    expect(await readFeed('latest.json', site)).toBe('[1]');
    await expect(readFeed('theirs.json', site)).rejects.toThrow("the feed file theirs.json is not in this site's feeds folder");
    await expect(readFeed('other/stock.json', site)).rejects.toThrow("the feed file other/stock.json is not in this site's feeds folder");
  });
});

describe('the feed setting', () => {
  const sources = {
    allowed: ['stock.json', 'daily/stock.csv', 'Stock_2026-11.CSV', 'https://feeds.example.com.au/stock.json', 'http://127.0.0.1:8080/stock.csv'],
    refused: [
      '../big-sky-cars/stock.json',
      '/etc/passwd',
      './stock.json',
      'daily/../../x.json',
      '.hidden',
      'a\\b.json',
      'C:\\feeds\\x.json',
      'daily//x.json',
      'file:///etc/passwd',
    ],
  };

  it("is refused by the validator when it could leave the site's folder, naming the setting", () => {
    for (const source of sources.refused) {
      const result = validateTenantDocument(tenant('harbourside-mazda', { source }));
      const problems = result.ok ? [] : result.problems;
      expect(
        problems.map((p) => p.path),
        source,
      ).toEqual(['settings.inventory.feed.source']);
      expect(problems[0]?.message).toContain('does not have the expected form (The feed: an https address');
    }
    for (const source of sources.allowed) expect(validateTenantDocument(tenant('harbourside-mazda', { source })).ok, source).toBe(true);
  });

  it('allows the same file names in the schema as the reader does', () => {
    const pattern = new RegExp(inventorySchema.properties.feed.properties.source.pattern, 'u');
    for (const source of [...sources.allowed, ...sources.refused].filter((s) => !/^[a-z]+:/i.test(s)))
      expect(pattern.test(source), source).toBe(FEED_FILE_PATH.test(source));
  });
});

describe('a scheduled feed import', () => {
  it('applies a local feed file incrementally and reports the rejected rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'feeds-'));
    mkdirSync(join(dir, 'harbourside-mazda'));
    writeFileSync(join(dir, 'harbourside-mazda', 'harbourside.json'), JSON.stringify(feedCars()));
    const site = tenant('harbourside-mazda', { source: 'harbourside.json', intervalMinutes: 30 });
    const engine = new CountingEngine();
    const catalogue = await catalogueWith(engine);
    const otherBefore = await ids(catalogue, bigSky);
    engine.reset();
    const logs: string[] = [];
    const served: number[][] = [];
    let now = NOW;
    const feeds = new InventoryFeeds({
      tenants: () => [site, bigSky],
      catalogue: () => catalogue,
      coordinator: new MemoryFeedCoordinator(),
      read: (s, slug) => readFeed(s, { feedsDir: dir, site: slug }),
      log: (m) => logs.push(m),
      now: () => now,
      served: (cars) => served.push(cars.map((c) => c.id).sort()),
    });
    const status = (await feeds.runSite(site))!;
    // The site's stock as now served is handed on once (for the photo placeholders made in the background).
    expect(served).toHaveLength(1);
    expect(served[0]).toContain(987654321);
    expect(served[0]).not.toContain(own[0].id);
    expect(served[0]).toHaveLength(status.imported!);
    expect(status).toMatchObject({ ok: true, imported: own.length, added: 1, changed: 1, removed: 1, unchanged: own.length - 2 });
    // Only the changed and the added car were written, the removed one deleted; the index was never rebuilt.
    expect(engine.written.map((d) => d.id).sort()).toEqual([own[1].id, 987654321].sort());
    expect(engine.deleted).toEqual([own[0].id]);
    expect(engine.rebuilds).toBe(0);
    const visible = await ids(catalogue, site);
    expect(visible.has(987654321)).toBe(true);
    expect(visible.has(own[0].id)).toBe(false);
    expect(catalogue.bySlugFor(site, 'feed-added-car-987654321')?.path).toBe('/cars/feed-added-car-987654321');
    expect(catalogue.carById(own[1].id)?.price).toBe((own[1].price ?? 30000) + 1000);
    // Rejected rows, in the feed's row numbers, with the reason; another site's stock is untouched.
    const rows = status.rejected.map((r) => r.row);
    const n = own.length; // rows 1..n are own cars (the first left out), n+1 is the added car
    expect(rows).toEqual([n + 1, n + 2, n + 3, n + 4]);
    expect(status.rejected[0]?.errors.join(' ')).toMatch(/id/);
    expect(status.rejected[1]?.errors).toEqual([expect.stringContaining("is not one of this site's dealerships")]);
    expect(status.rejected[2]?.errors).toEqual([`id ${others[1].id} cannot be used for this site's stock: give the car another id`]);
    expect(status.rejected[3]?.errors).toEqual([
      `slug ${others[2].slug} cannot be used for this site's stock: give the car another slug, or leave it out to have one made`,
    ]);
    expect(await ids(catalogue, bigSky)).toEqual(otherBefore);
    expect(catalogue.carById(others[1].id)?.slug).toBe(others[1].slug);
    expect(logs.join('\n')).toContain('inventory feed of harbourside-mazda: 1 added, 1 changed, 1 removed');
    expect(logs.join('\n')).toContain(`row ${n + 3}: id ${others[1].id} cannot be used for this site's stock`);
    // Nothing in the report names the other site, its dealership or its car.
    const report = JSON.stringify(status) + logs.join('\n');
    for (const secret of [bigSky.slug, bigSky.name, others[1].slug, others[1].title ?? others[1].slug]) expect(report).not.toContain(secret);
    expect(await feeds.status('harbourside-mazda')).toEqual(status);

    // Not due again until its interval has passed; then an unchanged feed writes nothing.
    engine.reset();
    now += 29 * 60_000;
    expect(await feeds.runSite(site)).toBeUndefined();
    now += 60_000;
    expect(await feeds.runSite(site)).toMatchObject({ ok: true, added: 0, changed: 0, removed: 0, unchanged: own.length });
    expect(engine.written).toEqual([]);
    expect(engine.deleted).toEqual([]);
  });

  it('a broken or empty feed leaves the stock as it was and says why', async () => {
    const catalogue = await catalogueWith();
    const before = await ids(catalogue, harbourside);
    const site = tenant('harbourside-mazda', { source: 'https://feeds.example.com/stock.json' });
    for (const [text, error] of [
      ['{ not json', 'the file is not valid JSON'],
      ['[]', 'the feed has no car that could be imported'],
    ] as const) {
      const feeds = new InventoryFeeds({
        tenants: () => [site],
        catalogue: () => catalogue,
        coordinator: new MemoryFeedCoordinator(),
        read: async () => text,
        log: () => {},
        now: () => NOW,
      });
      expect(await feeds.runSite(site)).toMatchObject({ ok: false, error: expect.stringContaining(error) });
    }
    const unreachable = new InventoryFeeds({
      tenants: () => [site],
      catalogue: () => catalogue,
      coordinator: new MemoryFeedCoordinator(),
      read: async () => {
        throw new FeedError('the feed answered HTTP 500');
      },
      log: () => {},
      now: () => NOW,
    });
    expect(await unreachable.runSite(site)).toMatchObject({ ok: false, error: 'the feed answered HTTP 500' });
    expect(await ids(catalogue, harbourside)).toEqual(before);
  });

  it('reads a CSV feed over loopback HTTP on the schedule (format from the address)', async () => {
    const car = structuredClone(own[0]);
    const csv = `id,slug,dealership_id,location_id,make,model,year,price,status,car_type,show_on_dealer_website\n${car.id},${car.slug},${car.dealership_id},${car.location_id},${car.make},${car.model},${car.year},12345,in_stock,${car.car_type},true\n`;
    const server = createServer((_req, res) => res.end(csv));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stock.csv`;
      const site = tenant('harbourside-mazda', { source: url });
      const catalogue = await catalogueWith();
      const feeds = new InventoryFeeds({
        tenants: () => [site],
        catalogue: () => catalogue,
        coordinator: new MemoryFeedCoordinator(),
        read: (s) => readFeed(s, { allow: ['127.0.0.1'] }),
        log: () => {},
        now: () => NOW,
      });
      await feeds.tick();
      const status = await feeds.status('harbourside-mazda');
      expect(status, JSON.stringify(status?.rejected)).toMatchObject({ ok: true, imported: 1, removed: own.length - 1 });
      expect([...(await ids(catalogue, site))]).toEqual([car.id]);
      expect(catalogue.byIdFor(site, car.id)?.price).toBe(12345);
    } finally {
      server.close();
    }
  });
});

describe.skipIf(!pgUrl)('several processes on PostgreSQL', () => {
  it('one process imports a site at a time; the others apply its cars without fetching', async () => {
    const url = await freshSchemaUrl(pgUrl!, 'feeds_test');
    const site = tenant('harbourside-mazda', { source: 'stock.json' });
    const coordinators = [await PgFeedCoordinator.open(url), await PgFeedCoordinator.open(url), await PgFeedCoordinator.open(url)] as const;
    const catalogues = await Promise.all(coordinators.map(() => catalogueWith()));
    let reads = 0;
    const feeds = coordinators.map(
      (coordinator, i) =>
        new InventoryFeeds({
          tenants: () => [site],
          catalogue: () => catalogues[i]!,
          coordinator,
          read: async () => {
            reads++;
            await new Promise((r) => setTimeout(r, 50));
            return JSON.stringify(feedCars());
          },
          log: () => {},
          now: () => NOW,
        }),
    );
    try {
      // Three processes start together (each runs its schedule at once) and run it again: the feed is read once.
      await Promise.all(feeds.map((f) => f.start(3_600_000)));
      const outcomes = await Promise.all(feeds.map((f) => f.runSite(site)));
      await Promise.all(feeds.map((f) => f.tick()));
      expect(reads).toBe(1);
      expect(outcomes.filter(Boolean).length).toBeLessThanOrEqual(1);
      const status = (await coordinators[1].status('harbourside-mazda'))!;
      expect(status).toMatchObject({ ok: true, added: 1, changed: 1, removed: 1 });
      const want = new Set([...(await ids(await catalogueWith(), site))].filter((id) => id !== own[0].id).concat(987654321));
      expect(want.has(987654321)).toBe(true);
      const end = Date.now() + 5000;
      while (Date.now() < end && !(await Promise.all(catalogues.map((c) => ids(c, site)))).every((s) => s.has(987654321)))
        await new Promise((r) => setTimeout(r, 20));
      for (const c of catalogues) expect(await ids(c, site)).toEqual(want);
      // A process starting later applies the stored cars.
      const late = await catalogueWith();
      await new InventoryFeeds({
        tenants: () => [site],
        catalogue: () => late,
        coordinator: coordinators[0],
        read: async () => {
          throw new Error('not due: never read');
        },
        log: () => {},
        now: () => NOW,
      }).applyStored('harbourside-mazda');
      expect(await ids(late, site)).toEqual(want);
      expect((await coordinators[2].status('harbourside-mazda'))?.rejected).toHaveLength(4);
    } finally {
      await Promise.all(feeds.map((f) => f.close()));
      await Promise.all(coordinators.map((c) => c.close()));
    }
  }, 30_000);

  it('listens again after its connection is cut, and applies what finished while it was away', async () => {
    const url = await freshSchemaUrl(pgUrl!, 'feeds_relisten_test');
    const listenerName = `feeds-relisten-${process.pid}-${Date.now()}`;
    const site = tenant('harbourside-mazda', { source: 'stock.json' });
    const importer = await PgFeedCoordinator.open(url);
    const follower = await PgFeedCoordinator.open(url, { listenerName });
    const heard: string[] = [];
    let missed = 0;
    const stop = await follower.follow(
      (slug) => heard.push(slug),
      () => missed++,
    );
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const until = async (ok: () => boolean) => {
      const end = Date.now() + 10_000;
      while (Date.now() < end && !ok()) await new Promise((r) => setTimeout(r, 20));
      return ok();
    };
    try {
      const cut = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [listenerName]);
      expect(cut.rowCount).toBe(1);
      // Back by itself, and told that it missed what finished meanwhile.
      expect(await until(() => missed === 1)).toBe(true);
      expect(await importer.tryLease(site.slug, 0, 60_000, NOW)).toBe(true);
      await importer.finish(site.slug, { ok: true, at: NOW } as never, feedCars() as Car[], NOW);
      expect(await until(() => heard.includes(site.slug))).toBe(true);
    } finally {
      await admin.end();
      await stop();
      await importer.close();
      await follower.close();
    }
  }, 30_000);
});
