// The server keeps its stock on disk (cars in a temporary SQLite file, read for a page of hits too; only the indexed
// fields in memory): every answer must be the one the in-memory catalogue gives, batches or not.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { buildDemoInventory, demoCarMaker, demoInventoryBatches } from './demo-inventory';
import { EmbeddedSearchEngine, totalHitsOf } from '../search';
import { CarCatalogue } from './car-catalogue';
import { atLeast } from '../../test-support/at-least';
import { shippedTenants } from '../../test-support/server';

describe('catalogue with documents on disk', async () => {
  const tenants = shippedTenants();
  const now = Date.now();
  const cars = buildDemoInventory(tenants, { total: 400, now });
  const memory = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  const disk = await CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), demoInventoryBatches(tenants, { total: 400, now }), undefined, {
    documents: 'disk',
  });
  const site = tenants.find((t) => t.slug === 'big-sky-cars')!;

  it('holds the same cars, found by id and by slug', () => {
    expect(disk.size).toBe(cars.length);
    for (const car of cars.slice(0, 60)) {
      expect(disk.carById(car.id)).toEqual(JSON.parse(JSON.stringify(car)));
      const shown = memory.bySlugFor(site, car.slug);
      expect(disk.bySlugFor(site, car.slug)).toEqual(shown && JSON.parse(JSON.stringify(shown)));
    }
    expect(disk.carById(1)).toBeUndefined();
    expect(disk.bySlugFor(site, 'no-such-car')).toBeUndefined();
  });

  it('answers searches exactly as in memory: hits (whole or some fields), totals, facets and sort', async () => {
    const queries = [
      { q: '', filter: ['car_type = "used"'], facets: ['make', 'simple_body', 'price_range'], sort: ['price:asc'], hitsPerPage: 21, page: 1 },
      { q: 'toyota', hitsPerPage: 10, page: 2 },
      { q: '', offset: 5, limit: 7, attributesToRetrieve: ['slug', 'make', 'price'] },
      { q: '', limit: 5, attributesToRetrieve: ['slug', 'images'] },
    ];
    for (const params of queries) {
      const [a, b] = await Promise.all([memory.search(site, params, now), disk.search(site, params, now)]);
      expect(b.hits.length).toBeGreaterThan(0);
      expect(JSON.parse(JSON.stringify({ ...b, processingTimeMs: 0 }))).toEqual(JSON.parse(JSON.stringify({ ...a, processingTimeMs: 0 })));
    }
  });

  it('a reservation shows in the stored car and in search', async () => {
    const car = cars.find((c) => !c.reserved && site.dealerships.some((d) => d.id === c.dealership_id) && c.status === 'in_stock')!;
    await disk.setReserved(car.id, true);
    expect(disk.carById(car.id)!.reserved).toBe(true);
    const { hits } = await disk.search(site, { q: '', filter: [`id = ${car.id}`], limit: 1 }, now);
    expect(hits[0]).toMatchObject({ id: car.id, reserved: true });
    await disk.setReserved(car.id, false);
    expect(disk.carById(car.id)!.reserved).toBe(false);
  });

  it('takes what is made after the stock is served (a photo placeholder) into the stored car and its search hit', async () => {
    const [car, other] = cars.filter((c) => site.dealerships.some((d) => d.id === c.dealership_id) && c.status === 'in_stock');
    const placeholder = 'data:image/webp;base64,UklGRg==';
    const written = await disk.updateCars([car!.id, other!.id, 1], (stored) => (stored.id === car!.id ? { ...stored, image_placeholder: placeholder } : null));
    expect(written).toBe(1);
    expect(disk.carById(car!.id)!.image_placeholder).toBe(placeholder);
    expect(disk.carById(other!.id)).toEqual(JSON.parse(JSON.stringify(other)));
    const { hits } = await disk.search(site, { q: '', filter: [`id = ${car!.id}`], limit: 1, attributesToRetrieve: ['id', 'image_placeholder'] }, now);
    expect(hits[0]).toMatchObject({ id: car!.id, image_placeholder: placeholder });
  });
});

describe('demo stock cached on disk', async () => {
  const tenants = shippedTenants();
  const now = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'stock-cache-'));
  const cacheFile = join(dir, 'demo-stock', 'stock.sqlite'); // a folder the first start makes
  const cars = atLeast(151, buildDemoInventory(tenants, { total: 300, now }), 'the demo stock');
  const memory = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  // As the server: the cars are made again by id when read, not stored whole.
  const make = demoCarMaker(tenants, { total: 300 });
  const first = await CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), demoInventoryBatches(tenants, { total: 300, now }), undefined, {
    documents: 'disk',
    cacheFile,
    maker: { make, madeAt: now },
  });
  const bytesWritten = statSync(cacheFile).size;
  // A second start never iterates its cars: they come from the cache.
  const never: Iterable<Car[]> = {
    [Symbol.iterator]: () => {
      throw new Error('the cached stock was generated again');
    },
  };
  // An hour later: the cars are made as of the cache's time, as its search fields were.
  const later = { make, madeAt: now + 3_600_000 };
  const second = await CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), never, undefined, { documents: 'disk', cacheFile, maker: later });
  const site = tenants.find((t) => t.slug === 'big-sky-cars')!;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a second start reads the cars and answers every search as a freshly generated stock does', async () => {
    expect(second.size).toBe(memory.size);
    for (const car of [cars[0], cars[150], cars.at(-1)!]) expect(second.carById(car.id)).toEqual(JSON.parse(JSON.stringify(car)));
    const queries = [
      {
        q: '',
        filter: [['car_type = "used"', 'car_type = "demo"']],
        facets: ['make', 'simple_body', 'price_range'],
        sort: ['price:asc'],
        hitsPerPage: 21,
        page: 1,
      },
      { q: 'toyota', hitsPerPage: 10, page: 2 },
      { q: '', filter: ['price 10000 TO 30000'], sort: ['price:desc'], limit: 12 },
      { q: '', offset: 5, limit: 7, attributesToRetrieve: ['slug', 'make', 'price'] },
    ];
    for (const params of queries) {
      const [a, b, c] = await Promise.all([memory.search(site, params, now), first.search(site, params, now), second.search(site, params, now)]);
      expect(c.hits.length).toBeGreaterThan(0);
      const plain = (r: object) => JSON.parse(JSON.stringify({ ...r, processingTimeMs: 0 }));
      expect(plain(b)).toEqual(plain(a));
      expect(plain(c)).toEqual(plain(a));
    }
  });

  it('keeps the search fields as the engine encodes them, and a start without them (rows only) answers the same', async () => {
    const db = new Database(cacheFile, { readonly: true });
    const stored = db.prepare('SELECT name FROM search_fields').pluck().all();
    db.close();
    expect(stored).toEqual(expect.arrayContaining(['id', 'make', 'price', 'reserved', 'name']));
    const rowsOnly = join(dir, 'rows-only.sqlite');
    copyFileSync(cacheFile, rowsOnly);
    const edit = new Database(rowsOnly);
    edit.exec('DELETE FROM search_fields');
    edit.close();
    const fromRows = await CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), never, undefined, {
      documents: 'disk',
      cacheFile: rowsOnly,
      maker: later,
    });
    const queries = [
      {
        q: '',
        filter: [['car_type = "used"', 'car_type = "demo"']],
        facets: ['make', 'simple_fuel', 'price_range', 'year'],
        sort: ['price:asc'],
        hitsPerPage: 21,
        page: 1,
      },
      { q: 'hilux sr', sort: ['km:desc'], facets: ['model'], limit: 15 },
      { q: '', filter: ['reserved = true OR certified = true'], sort: ['year:desc', 'price:asc'], limit: 30 },
    ];
    for (const params of queries) {
      const [a, b] = await Promise.all([fromRows.search(site, params, now), second.search(site, params, now)]);
      expect(b.hits.length).toBeGreaterThan(0);
      expect({ ...b, processingTimeMs: 0 }).toEqual({ ...a, processingTimeMs: 0 });
    }
  });

  it('a start from stored search fields sees a stock change: a reservation and a new car from a feed', async () => {
    const shown = await second.search(site, { q: '', filter: ['status = "in_stock"', 'reserved = false'], limit: 1 }, now);
    const car = shown.hits[0] as Car;
    const reservedBefore = totalHitsOf(await second.search(site, { q: '', filter: ['reserved = true'], hitsPerPage: 1 }, now));
    await second.setReserved(car.id, true);
    expect((await second.search(site, { q: '', filter: [`id = ${car.id}`], limit: 1 }, now)).hits[0]).toMatchObject({ reserved: true });
    expect(totalHitsOf(await second.search(site, { q: '', filter: ['reserved = true'], hitsPerPage: 1 }, now))).toBe(reservedBefore + 1);
    await second.setReserved(car.id, false);
    const dealership = new Set([car.dealership_id]);
    const stock = atLeast(
      1,
      cars.filter((c) => c.dealership_id === car.dealership_id),
      "the car's dealership stock",
    );
    const added = { ...stock[0], id: 9_900_001, slug: 'zz-new-feed-car', stocknum: 'FEED1', model: 'Quasarmodel', price: 12_345 };
    expect(await second.applyStock(dealership, [...stock, added])).toMatchObject({ added: 1, removed: 0 });
    const { hits } = await second.search(site, { q: 'quasarmodel', filter: ['price = 12345'], limit: 5 }, now);
    expect(hits.map((h) => (h as Car).id)).toEqual([9_900_001]);
    expect(await second.applyStock(dealership, stock)).toMatchObject({ added: 0, removed: 1 });
    expect((await second.search(site, { q: 'quasarmodel', limit: 5 }, now)).hits).toEqual([]);
  });

  it('a change made by one start stays out of the cache the next start reads', async () => {
    const shown = await second.search(site, { q: '', filter: ['status = "in_stock"', 'reserved = false'], limit: 1 }, now);
    const id = (shown.hits[0] as Car).id;
    await second.setReserved(id, true);
    expect(second.carById(id)!.reserved).toBe(true);
    expect(statSync(cacheFile).size).toBe(bytesWritten);
    const third = await CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), never, undefined, { documents: 'disk', cacheFile, maker: later });
    expect(third.carById(id)!.reserved).toBe(false);
    const { hits } = await third.search(site, { q: '', filter: [`id = ${id}`], limit: 1 }, now);
    expect(hits[0]).toMatchObject({ id, reserved: false });
  });

  it('builds the search columns left in the background only while no request is being answered', async () => {
    const third = await CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), never, undefined, { documents: 'disk', cacheFile, maker: later });
    const build = vi.spyOn(third.engine as EmbeddedSearchEngine, 'buildNext');
    let busy = true;
    let done = false;
    third.prepareSearch(() => (done = true), { busy: () => busy, pauseMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(build).not.toHaveBeenCalled();
    busy = false;
    await vi.waitFor(() => expect(done).toBe(true), { timeout: 20_000 });
    expect(build.mock.calls.length).toBeGreaterThan(1);
  });
});

describe('demo stock cache already on disk when a server starts', async () => {
  const tenants = shippedTenants();
  const now = Date.now();
  const site = tenants.find((t) => t.slug === 'big-sky-cars')!;
  const dir = mkdtempSync(join(tmpdir(), 'stock-cache-'));
  const cacheFile = join(dir, 'stock.sqlite');
  const generated = buildDemoInventory(tenants, { total: 300, now });
  const shown = generated.filter((c) => c.show_on_dealer_website !== false && site.dealerships.some((d) => d.id === c.dealership_id));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const maker = { make: demoCarMaker(tenants, { total: 300 }), madeAt: now };
  const start = (cars: Iterable<Car[]> = []) =>
    CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), cars, undefined, { documents: 'disk', cacheFile, maker });

  it('the start that wrote it, still running, changes its stock afterwards; a start reading it gets every car by id and slug', async () => {
    const writer = await start(demoInventoryBatches(tenants, { total: 300, now }));
    const reader = await start();
    expect(reader.size).toBe(generated.length);
    for (const car of shown.slice(0, 40)) {
      expect(reader.byIdFor(site, car.id)).toEqual(JSON.parse(JSON.stringify(car)));
      expect(reader.bySlugFor(site, car.slug)?.id).toBe(car.id);
    }
    // The writer's file was renamed into the cache: a reservation must still reach its cars (it copies the cache).
    const car = shown.find((c) => !c.reserved && c.status === 'in_stock')!;
    await writer.setReserved(car.id, true);
    expect(writer.byIdFor(site, car.id)!.reserved).toBe(true);
    expect((await writer.search(site, { q: '', filter: [`id = ${car.id}`], limit: 1 }, now)).hits[0]).toMatchObject({ reserved: true });
    expect(reader.byIdFor(site, car.id)!.reserved).toBe(false);
  });

  it('a start whose cache file was removed meanwhile (stale for a later start) still changes its stock', async () => {
    const reader = await start();
    rmSync(cacheFile);
    const car = shown.find((c) => !c.reserved && c.status === 'in_stock')!;
    await reader.setReserved(car.id, true);
    expect(reader.byIdFor(site, car.id)!.reserved).toBe(true);
    expect(reader.size).toBe(generated.length);
  });
});

describe('two starts making the same demo stock at once', async () => {
  const tenants = shippedTenants();
  const now = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'stock-race-'));
  const cacheFile = join(dir, 'stock.sqlite');
  const make = demoCarMaker(tenants, { total: 200 });
  const start = () =>
    CarCatalogue.create(new EmbeddedSearchEngine({ documents: 'disk' }), demoInventoryBatches(tenants, { total: 200, now }), undefined, {
      documents: 'disk',
      cacheFile,
      maker: { make, madeAt: now },
    });
  // Neither finds the cache when it starts, so both generate and both try to publish it.
  const [first, second] = await Promise.all([start(), start()]);
  const site = tenants.find((t) => t.slug === 'big-sky-cars')!;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('one publishes the cache, the other keeps its own file; both keep answering and can change their stock', async () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.sqlite'))).toEqual(['stock.sqlite']);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toHaveLength(1);
    for (const catalogue of [first, second]) {
      const { hits } = await catalogue.search(site, { q: '', limit: 3 }, now);
      expect(hits).toHaveLength(3);
      const car = catalogue.carById(hits[0]?.id as number)!;
      await catalogue.setReserved(car.id, true);
      expect(catalogue.carById(car.id)!.reserved).toBe(true);
    }
    const third = await start();
    expect(third.size).toBe(first.size);
  });
});
