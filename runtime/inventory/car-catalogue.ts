// The stock every site searches and shows: cars by id and slug, indexed in the search engine with the derived fields
// the search pages filter and sort on. Every read goes through a tenant's scope, so a site only sees its own stock.
import { modelSlug } from '../domain/make-names';
import { dealershipFilterOf, dealershipShown, shownDealerships } from '../domain/locations/shown-dealerships';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { FILTERABLE_ATTRIBUTES, SORTABLE_ATTRIBUTES } from '../domain/search/index-requirements';
import { slugify } from '../domain/search/filters';
import { carTypeRank } from '../domain/search/sort-options';
import { priceRangeLabel, weeklyPriceRangeLabel } from '../domain/search/price-ranges';
import { CAR_INDEX_SETTINGS, CAR_INDEX_UID, EmbeddedSearchEngine, scopedMultiSearch, scopedSearch, type TenantScope } from '../search';
import type { IndexSettings, MultiSearchQuery, SearchEngine, SearchParams } from '../search/types';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { replaceIndexFrom } from '../search/replace-index';
import { SearchError } from '../search/search-error';
import { retryDelayMs as backoffMs } from '../infra/backoff';
import { DiskCarStore, MemoryCarStore, type CarMaker, type CarStore } from './car-store';

export type SearchDocument = Car & Record<string, unknown>;

/** Fields derived from the car for search: slugs for /search/{make}/{model} routes, the car type sort rank, the
 *  price bands of the price_range and weekly_price_range facets and the body and transmission facets. */
const DERIVED_FIELDS = {
  car_type_rank: (car: Car) => carTypeRank(car.car_type),
  make_slug: (car: Car) => slugify(car.make),
  model_slug: (car: Car) => modelSlug(car.make, car.model),
  body_slug: (car: Car) => (car.simple_body ? slugify(car.simple_body) : null),
  // the public facet names of the shopper-facing body and gearbox values, which the car keeps under simple_*
  body: (car: Car) => car.simple_body ?? null,
  transmission: (car: Car) => car.simple_transmission ?? null,
  location_slug: (car: Car) => car.location?.slug ?? null,
  price_range: (car: Car) => priceRangeLabel(car.price),
  weekly_price_range: (car: Car) => weeklyPriceRangeLabel(car.youxQuote?.weeklyRepaymentAmount),
} satisfies Record<string, (car: Car) => unknown>;

export function searchDocument(car: Car): SearchDocument {
  return withSearchFields({ ...car });
}

/** Adds the derived fields to this car itself: for a car just read from disk, which nothing else holds. */
function withSearchFields(car: Car): SearchDocument {
  const doc = car as SearchDocument;
  for (const [field, derive] of Object.entries(DERIVED_FIELDS)) doc[field] = derive(car);
  return doc;
}

// Search is down until the index takes: retried often (at most every 15 s), unlike a delivery that can wait an hour.
const INDEX_RETRY_MAX_MS = 15_000;

/** The search engine could not be reached or answered 5xx: worth trying again later, not a reason to stop. */
const searchUnavailable = (error: unknown) => error instanceof SearchError && error.httpStatus >= 500;

/** Just these fields of the car's search document (as `pick(searchDocument(car), fields)`), without copying the whole
 *  car first: the cached demo stock indexes 200,000 cars from these. */
function indexedDocument(car: Car, fields: readonly string[]): SearchDocument {
  const doc: Record<string, unknown> = {};
  for (const f of fields) {
    const value = f in DERIVED_FIELDS ? DERIVED_FIELDS[f as keyof typeof DERIVED_FIELDS](car) : (car as unknown as Record<string, unknown>)[f];
    if (value !== undefined) doc[f] = value; // absent, as in JSON
  }
  return doc as SearchDocument;
}

export function scopeOf(tenant: TenantDocument): TenantScope {
  const search = tenant.settings.search;
  return {
    dealershipIds: shownDealerships(tenant.dealerships, dealershipFilterOf(tenant.settings)).map((d) => d.id),
    soldVisibleDays: search?.soldVisibleDays,
    usedOnly: search?.defaultFilter?.usedOnly,
    inStockOnly: search?.defaultFilter?.inStockOnly,
    excludedMakes: search?.defaultFilter?.excludedMakes,
    excludedStocknums: search?.defaultFilter?.excludedStocknums,
  };
}

/** The top-level fields the index reads (and `reserved`, which the catalogue reads back from a cached stock). */
function indexedFieldsOf(settings: IndexSettings): string[] {
  const all = [...settings.searchableAttributes, ...settings.filterableAttributes, ...settings.sortableAttributes];
  return [...new Set(['id', 'reserved', ...all.map((a) => a.split('.')[0]!)])];
}

export const carIndexSettings = {
  ...CAR_INDEX_SETTINGS,
  filterableAttributes: [...new Set([...CAR_INDEX_SETTINGS.filterableAttributes, ...FILTERABLE_ATTRIBUTES])],
  sortableAttributes: [...new Set([...CAR_INDEX_SETTINGS.sortableAttributes, ...SORTABLE_ATTRIBUTES])],
};

/** Search documents kept for pages of hits (see hitDocument): a few pages of every site's popular searches. */
const HIT_DOCUMENTS_KEPT = 512;

export class CarCatalogue {
  private cars: CarStore;
  private count = 0;
  /** Cars the feed itself marks reserved (a checkout hold ending never clears those). */
  private feedReserved = new Set<number>();
  /** Cars a paid reservation currently marks reserved. */
  private heldByCheckout = new Set<number>();
  /** See hitDocument; emptied by every change to the stock. */
  private readonly hitDocuments = new Map<number, SearchDocument>();
  /** Counts changes to the stock after it was loaded: caches built from it (sitemaps, pages) compare it to rebuild. */
  private changes = 0;
  /** False while a search engine of its own (Meilisearch) has not taken the stock: search is degraded meanwhile. */
  searchIndexed = true;
  /** Settles once the index is built (at once unless the first build failed and is being retried). */
  searchIndexing: Promise<void> = Promise.resolve();

  private constructor(
    readonly engine: SearchEngine,
    readonly indexUid: string,
    cars: CarStore,
  ) {
    this.cars = cars;
  }

  /**
   * `cars`: an array, or batches of cars (each batch indexed as it comes, so a large stock is never held whole).
   * `documents: 'disk'` (the server): cars kept in a temporary SQLite file and read when asked for.
   * `cacheFile` (with 'disk' and the embedded engine; the demo stock): when the file exists the cars and their indexed
   * fields are read from it and `cars` is never iterated (so never generated); else the file is written for next time.
   * `maker` (with 'disk'; the demo stock): makes any of `cars` again by id, so they are stored without their JSON.
   */
  static async create(
    engine: SearchEngine,
    cars: Car[] | Iterable<Car[]>,
    indexUid = CAR_INDEX_UID,
    {
      documents = 'memory',
      cacheFile,
      maker,
      retryDelayMs = (attempts) => Math.min(INDEX_RETRY_MAX_MS, backoffMs(attempts, 1)),
      log = (message) => console.error(message),
    }: {
      documents?: 'memory' | 'disk';
      cacheFile?: string;
      maker?: CarMaker;
      /** Wait before building the search index again after `attempts` failed builds (Meilisearch unreachable). */
      retryDelayMs?: (attempts: number) => number;
      log?: (message: string) => void;
    } = {},
  ): Promise<CarCatalogue> {
    const embedded = engine instanceof EmbeddedSearchEngine;
    const cache = documents === 'disk' && embedded ? cacheFile : undefined;
    const cached = cache !== undefined && existsSync(cache);
    if (cache && !cached) mkdirSync(dirname(cache), { recursive: true });
    const store =
      documents === 'memory'
        ? new MemoryCarStore()
        : cache
          ? new DiskCarStore(cached ? cache : `${cache}.${randomUUID().slice(0, 8)}.${process.pid}.tmp`, { shared: cached, maker })
          : new DiskCarStore('', { maker });
    const catalogue = new CarCatalogue(engine, indexUid, store);
    // The embedded engine reads a page's hits from the cars on disk rather than keeping its own copy of each car.
    if (documents === 'disk' && embedded) {
      engine.readDocumentsFrom((id) => catalogue.hitDocument(Number(id)));
    }
    const batches: Iterable<Car[]> = Array.isArray(cars) && !Array.isArray(cars[0]) ? [cars as Car[]] : (cars as Iterable<Car[]>);
    const ids = new Set<number>();
    let count: number | undefined;
    const fields = indexedFieldsOf(carIndexSettings);
    function* searchBatches() {
      for (const batch of batches) {
        // With a cache the index gets just the indexed fields, as a later start reads them back from it.
        const docs = cache ? batch.map((car) => indexedDocument(car, fields)) : batch.map(searchDocument);
        batch.forEach((car, i) => {
          store.put(car, cache ? JSON.stringify(docs[i]) : null, maker !== undefined);
          ids.add(car.id);
          if (car.reserved) catalogue.feedReserved.add(car.id);
        });
        yield docs;
      }
    }
    // A cached stock: the index is built from the indexed fields kept beside each car.
    function* cachedBatches() {
      for (const rows of (store as DiskCarStore).searchRows()) {
        const docs = rows.map((row) => (row.search ? JSON.parse(row.search) : searchDocument(store.byId(row.id)!)) as SearchDocument);
        for (const doc of docs) {
          ids.add(doc.id);
          if (doc.reserved) catalogue.feedReserved.add(doc.id);
        }
        yield docs;
      }
    }
    // A cached stock whose search fields are stored as the engine encodes them: loaded as they are.
    const stored = cached ? (store as DiskCarStore).readSearchFields() : undefined;
    if (stored && embedded) {
      engine.loadStored(indexUid, carIndexSettings, stored.size, stored.fields, 'id');
      const field = (name: string) => stored.fields.find((f) => f.name === name);
      const id = field('id')!;
      const reserved = field('reserved');
      // Ids are unique in a stored stock (the cars' primary key): only the few reserved cars are looked at one by one.
      const reservedCodes = new Set(reserved?.values.flatMap((value, code) => (value ? [code] : [])));
      if (reserved && reservedCodes.size > 0)
        for (let slot = 0; slot < stored.size; slot++)
          if (reservedCodes.has(reserved.codes[slot]!)) catalogue.feedReserved.add(id.values[id.codes[slot]!] as number);
      count = stored.size;
    } else if (embedded) {
      await replaceIndexFrom(engine, indexUid, carIndexSettings, cached ? cachedBatches() : searchBatches(), 'id');
    } else {
      // The server's stock replaces whatever a previous start (or npm run search:index) left in a real Meilisearch,
      // swapped in whole so other processes' searches never see an empty index meanwhile. Meilisearch unreachable
      // (stopped, or a connection dropped mid-build) does not stop the server: the rest of the stock is read into
      // the store, pages are served, and the index is built again from the store with backoff until it takes.
      const source = searchBatches();
      // No return(): a failed build leaves the stock's reading where it stopped, to be finished below.
      const resumable: Iterable<SearchDocument[]> = { [Symbol.iterator]: () => ({ next: () => source.next() }) };
      try {
        await replaceIndexFrom(engine, indexUid, carIndexSettings, resumable, 'id');
      } catch (error) {
        if (!searchUnavailable(error)) throw error;
        for (const _ of resumable);
        catalogue.searchIndexed = false;
        catalogue.searchIndexing = catalogue.rebuildIndex(error as Error, retryDelayMs, log);
      }
    }
    catalogue.count = count ?? ids.size;
    if (store instanceof DiskCarStore) store.indexSlugs();
    if (cache && !cached) {
      const fields = (engine as EmbeddedSearchEngine).storedFields(indexUid);
      if (fields) (store as DiskCarStore).writeSearchFields(catalogue.count, fields);
      (store as DiskCarStore).publish(cache);
    }
    // The embedded engine builds its columns before the first search: here, rather than in the first shopper's request.
    if (embedded) await engine.search(indexUid, { q: '', limit: 1 });
    return catalogue;
  }

  /** Builds the search index from the stored stock again after `retryDelayMs` waits, until a build succeeds. */
  private async rebuildIndex(first: Error, retryDelayMs: (attempts: number) => number, log: (message: string) => void): Promise<void> {
    const fromStore = function* (this: CarCatalogue) {
      let batch: SearchDocument[] = [];
      for (const id of this.cars.allIds()) {
        const car = this.cars.byId(id);
        if (car) batch.push(searchDocument(car));
        if (batch.length === 1000) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    }.bind(this);
    let error = first;
    for (let attempts = 1; ; attempts++) {
      const wait = retryDelayMs(attempts);
      log(`Search index not built (${error.message}); search is unavailable, trying again in ${Math.round(wait / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        await replaceIndexFrom(this.engine, this.indexUid, carIndexSettings, fromStore(), 'id');
        this.searchIndexed = true;
        this.hitDocuments.clear();
        log(`Search index built after ${attempts + 1} attempts`);
        return;
      } catch (next) {
        if (!searchUnavailable(next)) log(`Search index build failed: ${(next as Error).message}`);
        error = next as Error;
      }
    }
  }

  get size() {
    return this.count;
  }

  /** A car's search document for a page of hits, kept for the next searches: a popular search's hits are not read
   *  (and a demo car made again) for every search. Never changed once made (the engine copies each hit it sends). */
  private hitDocument(id: number): SearchDocument | undefined {
    let doc = this.hitDocuments.get(id);
    if (doc)
      this.hitDocuments.delete(id); // kept as the most recent
    else {
      // A car on disk is parsed afresh for each read: the derived fields go onto it rather than onto a copy.
      const car = this.cars.byId(id);
      if (!car) return undefined;
      doc = withSearchFields(car);
      if (this.hitDocuments.size >= HIT_DOCUMENTS_KEPT) this.hitDocuments.delete(this.hitDocuments.keys().next().value!);
    }
    this.hitDocuments.set(id, doc);
    return doc;
  }

  /** Builds the search columns the first searches did not need (the embedded engine), one per turn of the event loop
   *  so requests are answered meanwhile, rather than in a shopper's search: called once the server is listening.
   *  `busy`: while it says so (requests are being answered), the next column waits `pauseMs`: a column of 800,000 cars
   *  takes a few hundred ms, and a request that takes several turns of the event loop (the readiness probe among them)
   *  would otherwise wait for a column at each turn. The first waits `pauseMs` too, so the first requests after
   *  listening (the load balancer's readiness probe) are not queued behind one. A search that needs a column not built
   *  yet builds it itself. */
  prepareSearch(done: () => void = () => {}, { busy = () => false, pauseMs = 100 }: { busy?: () => boolean; pauseMs?: number } = {}): void {
    const engine = this.engine;
    if (!(engine instanceof EmbeddedSearchEngine)) {
      done();
      return;
    }
    const next = () => {
      if (busy()) setTimeout(next, pauseMs);
      else if (engine.buildNext(this.indexUid)) setImmediate(next);
      else done();
    };
    setTimeout(next, pauseMs);
  }

  /** Changes with every change to the stock the pages show (cached pages and sitemaps of an older version are rebuilt). */
  get version() {
    return this.changes;
  }

  /** Any car of the tenant's dealerships that it shows on its website, sold or not (a vehicle page shows SOLD). */
  carForTenant(tenant: TenantDocument, car: Car | undefined): Car | undefined {
    if (!car || car.show_on_dealer_website === false) return undefined;
    const own = tenant.dealerships.some((d) => d.id === car.dealership_id);
    return own && dealershipShown(car.dealership_id, dealershipFilterOf(tenant.settings)) ? car : undefined;
  }

  bySlugFor(tenant: TenantDocument, slug: string) {
    return this.carForTenant(tenant, this.cars.bySlug(slug));
  }

  byIdFor(tenant: TenantDocument, id: number) {
    return this.carForTenant(tenant, this.cars.byId(id));
  }

  /**
   * A paid reservation marks the car reserved (search shows the Reserved tag, the vehicle page hides reserve and
   * purchase) until it ends; then the feed's own value comes back.
   */
  /** Told of each car a paid reservation marks reserved or releases (the shopper alerts record it as a stock change). */
  onReservedChange: ((before: Car, after: Car) => Promise<void>) | undefined;

  async setReserved(carId: number, held: boolean): Promise<void> {
    const car = this.cars.byId(carId);
    if (!car) return;
    if (held) this.heldByCheckout.add(carId);
    else this.heldByCheckout.delete(carId);
    const reserved = held || this.feedReserved.has(carId);
    if (car.reserved === reserved) return;
    const updated = { ...car, reserved };
    this.cars.put(updated);
    this.hitDocuments.clear();
    this.changes++;
    await this.engine.addDocuments(this.indexUid, [searchDocument(updated)], 'id');
    await this.onReservedChange?.(car, updated);
  }

  /**
   * Rewrites these cars as `change` says (null: leave the car as it is), for what the server adds after the stock is
   * served, such as photo placeholders made in the background. The change reads the car as stored now, so a feed
   * import in between is never undone.
   */
  async updateCars(ids: Iterable<number>, change: (car: Car) => Car | null): Promise<number> {
    const writes: Car[] = [];
    for (const id of ids) {
      const car = this.cars.byId(id);
      const updated = car && change(car);
      if (!updated) continue;
      this.cars.put(updated);
      writes.push(updated);
    }
    if (!writes.length) return 0;
    this.hitDocuments.clear();
    this.changes++;
    await this.engine.addDocuments(this.indexUid, writes.map(searchDocument), 'id');
    return writes.length;
  }

  /**
   * Why a feed's car cannot belong to these dealerships: its id or slug is another dealership's car (a feed never takes
   * over another site's stock), or its dealership is not one of them. The words name only the feed's own values and
   * never whose car it is, whether it is shown or sold: the report is read by the site's staff.
   */
  feedConflict(car: Car, dealershipIds: ReadonlySet<number>): string | undefined {
    if (!dealershipIds.has(car.dealership_id))
      return `dealership_id ${car.dealership_id} is not one of this site's dealerships (${[...dealershipIds].join(', ')})`;
    const byId = this.cars.byId(car.id);
    if (byId && !dealershipIds.has(byId.dealership_id)) return `id ${car.id} cannot be used for this site's stock: give the car another id`;
    const bySlug = this.cars.bySlug(car.slug);
    if (bySlug && bySlug.id !== car.id && !dealershipIds.has(bySlug.dealership_id))
      return `slug ${car.slug} cannot be used for this site's stock: give the car another slug, or leave it out to have one made`;
    return undefined;
  }

  /**
   * Makes `cars` the whole stock of these dealerships, incrementally: only added and changed cars are written to the
   * search index (document updates) and removed ones deleted; unchanged cars are not touched. A car a paid reservation
   * holds stays reserved. The caller has checked feedConflict for every car.
   */
  async applyStock(dealershipIds: ReadonlySet<number>, cars: Car[]): Promise<{ added: number; changed: number; removed: number; unchanged: number }> {
    const incoming = new Map(cars.map((c) => [c.id, c]));
    const current = this.cars.ofDealerships(dealershipIds);
    const currentById = new Map(current.map((c) => [c.id, c]));
    const removed = current.filter((c) => !incoming.has(c.id));
    const writes: Car[] = [];
    let added = 0;
    let changed = 0;
    for (const car of cars) {
      const before = currentById.get(car.id);
      const next = { ...car, reserved: !!car.reserved || this.heldByCheckout.has(car.id) };
      if (before && JSON.stringify(before) === JSON.stringify(next)) continue;
      if (before) changed++;
      else added++;
      writes.push(next);
    }
    for (const car of removed) {
      this.cars.delete(car);
      this.feedReserved.delete(car.id);
    }
    for (const car of writes) {
      const before = currentById.get(car.id);
      if (before && before.slug !== car.slug) this.cars.delete(before);
      this.cars.put(car);
      if (incoming.get(car.id)!.reserved) this.feedReserved.add(car.id);
      else this.feedReserved.delete(car.id);
    }
    this.count += added - removed.length;
    if (writes.length || removed.length) {
      this.hitDocuments.clear();
      this.changes++;
    }
    if (writes.length) await this.engine.addDocuments(this.indexUid, writes.map(searchDocument), 'id');
    if (removed.length)
      await this.engine.deleteDocuments(
        this.indexUid,
        removed.map((c) => c.id),
      );
    return { added, changed, removed: removed.length, unchanged: cars.length - writes.length };
  }

  /** The cars a paid reservation marks reserved now (the reservation sweep reconciles these with the database). */
  /** The cars of these dealerships now (what a feed import replaces). */
  stockOf(dealershipIds: ReadonlySet<number>): Car[] {
    return this.cars.ofDealerships(dealershipIds);
  }

  checkoutHeld(): number[] {
    return [...this.heldByCheckout];
  }

  /** A car by id without a tenant: for tests and tools only; every answer to a request goes through a tenant. */
  carById(id: number) {
    return this.cars.byId(id);
  }

  search(tenant: TenantDocument, params: SearchParams, now = Date.now()) {
    return scopedSearch<SearchDocument>(this.engine, this.indexUid, scopeOf(tenant), params, Math.floor(now / 1000)).catch(this.notBuiltYet);
  }

  multiSearch(tenant: TenantDocument, queries: MultiSearchQuery[], now = Date.now()) {
    return scopedMultiSearch<SearchDocument>(this.engine, this.indexUid, scopeOf(tenant), queries, Math.floor(now / 1000)).catch(this.notBuiltYet);
  }

  // Before the first build ever took, Meilisearch has no index to search: a temporary outage, not a missing page.
  private readonly notBuiltYet = (error: unknown): never => {
    if (!this.searchIndexed && error instanceof SearchError && error.code === 'index_not_found')
      throw new SearchError('search_engine_unavailable', 'Search engine unavailable: the search index is not built yet.', 503);
    throw error;
  };
}
