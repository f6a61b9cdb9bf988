// A server on Meilisearch must start even when Meilisearch drops a connection while the index is built: the stock is
// all kept, searches answer a temporary 503 meanwhile, and the index is built again from the stock until it takes.
import { afterEach, describe, expect, it } from 'vitest';
import { buildDemoInventory, demoInventoryBatches } from './demo-inventory';
import { CarCatalogue } from './car-catalogue';
import { MeilisearchEngine } from '../search/meilisearch/meilisearch-engine';
import { SearchError } from '../search/search-error';
import { EmbeddedSearchEngine, totalHitsOf } from '../search';
import { shippedTenants } from '../../test-support/server';
import { startMeilisearchStub, type MeilisearchStub } from '../../test-support/meilisearch-stub';

let stub: MeilisearchStub | undefined;
afterEach(() => stub?.close());

describe('catalogue on Meilisearch that drops connections while the index is built', () => {
  it('starts with every car stored, answers search 503 until a retried build takes, then finds every car', async () => {
    const tenants = shippedTenants();
    const site = tenants.find((t) => t.slug === 'big-sky-cars')!;
    const now = Date.now();
    const cars = buildDemoInventory(tenants, { total: 600, now });
    // The stock comes in batches of 100, each sent as it is read: while `down`, every batch after the first has its
    // connection dropped (the first build fails with most of the stock still unread, and so does every retry).
    let down = true;
    let batches = 0;
    stub = await startMeilisearchStub({
      dropConnection: (r) => r.method === 'POST' && r.path.endsWith('/documents') && ++batches >= 2 && down,
    });
    const logged: string[] = [];
    const delays: number[] = [];
    let retried!: () => void;
    const firstRetry = new Promise<void>((resolve) => (retried = resolve));
    const batchesRead = demoInventoryBatches(tenants, { total: 600, now }, 100);
    const catalogue = await CarCatalogue.create(new MeilisearchEngine(stub.url, undefined, { requestTimeoutMs: 5000 }), batchesRead, 'cars', {
      documents: 'disk',
      retryDelayMs: (attempts) => {
        delays.push(attempts);
        if (attempts === 2) retried();
        return 0;
      },
      log: (m) => logged.push(m),
    });

    // Up, with the whole stock (the batches after the dropped one were still read into the store).
    expect(catalogue.size).toBe(cars.length);
    expect(catalogue.carById(cars.at(-1)!.id)?.slug).toBe(cars.at(-1)!.slug);
    expect(catalogue.searchIndexed).toBe(false);
    expect(logged[0]).toMatch(/^Search index not built \(Search engine unavailable: cannot reach Meilisearch at .*\); search is unavailable/);

    // A failed retry (still down) keeps it degraded; searches answer the engine's temporary 503.
    await firstRetry;
    expect(catalogue.searchIndexed).toBe(false);
    const failed = await catalogue.search(site, { q: '', limit: 1 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SearchError);
    expect((failed as SearchError).httpStatus).toBe(503);

    down = false;
    await catalogue.searchIndexing;
    expect(catalogue.searchIndexed).toBe(true);
    expect(delays.slice(0, 2)).toEqual([1, 2]);
    expect(logged.at(-1)).toMatch(/^Search index built after \d+ attempts$/);
    // The site's whole stock, as a catalogue built in one go finds it.
    const reference = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
    const expected = totalHitsOf(await reference.search(site, { q: '', limit: 1 }));
    expect(expected).toBeGreaterThan(0);
    expect(totalHitsOf(await catalogue.search(site, { q: '', limit: 1 }))).toBe(expected);
  }, 60_000);
});
