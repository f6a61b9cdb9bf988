import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchError } from '../search/search-error';
import { PRICE_BANDS } from '../domain/search/price-ranges';
import type { CarCatalogue } from '../inventory/car-catalogue';
import { get, send } from '../../test-support/http-client';
import { shippedTenants, startSitesServer, type SitesServer } from '../../test-support/server';
import { atLeast } from '../../test-support/at-least';

let sites: SitesServer;
let catalogue: CarCatalogue;
const tenants = shippedTenants();
const [siteA, siteB] = tenants;
const now = Date.parse('2026-11-20T00:00:00Z');

const post = (host: string, path: string, body: unknown) => send(sites.server, host, 'POST', path, body);

beforeAll(async () => {
  sites = await startSitesServer({ total: 1500, now });
  catalogue = sites.catalogue;
});

afterAll(() => sites.close());

const idsOf = (site: typeof siteA) => new Set(site.dealerships.map((d) => d.id));

describe('POST /api/search', () => {
  it("answers in Meilisearch's multi-search shape with only the site's own visible stock", async () => {
    const { status, json } = await post(`${siteA.slug}.localhost`, '/api/search', {
      queries: [{ q: '', facets: ['dealership_id', 'status'], hitsPerPage: 21, page: 1 }],
    });
    expect(status).toBe(200);
    const [result] = json.results;
    expect(result.hits.length).toBe(21);
    expect(
      Object.keys(result.facetDistribution.dealership_id)
        .map(Number)
        .every((id) => idsOf(siteA).has(id)),
    ).toBe(true);
    expect(result.totalHits).toBeGreaterThan(21);
  });

  it('fills the price_range and weekly_price_range facets, and filters by a band', async () => {
    const { json } = await post(`${siteA.slug}.localhost`, '/api/search', {
      queries: [{ q: '', facets: ['price_range', 'weekly_price_range'], hitsPerPage: 0 }],
    });
    const { price_range: prices, weekly_price_range: weekly } = json.results[0].facetDistribution;
    expect(Object.keys(prices).length).toBeGreaterThan(2);
    expect(Object.keys(prices).every((band) => PRICE_BANDS.some((b) => b.label === band))).toBe(true);
    expect(Object.keys(weekly).length).toBeGreaterThan(1);
    const band = '$20,000 to $30,000';
    const filtered = await post(`${siteA.slug}.localhost`, '/api/search', { queries: [{ q: '', filter: `price_range = "${band}"`, hitsPerPage: 100 }] });
    const hits = filtered.json.results[0].hits as { price: number }[];
    expect(hits.length).toBe(Math.min(100, prices[band]));
    expect(hits.every((h) => h.price >= 20_000 && h.price < 30_000)).toBe(true);
  });

  it('filters and counts by every public facet name of the search page (transmission, body, fuel, drive ...)', async () => {
    const publicFacets = ['badge', 'status', 'car_type', 'categories', 'city', 'colour', 'dealership_name', 'filtered_features', 'item_type', 'km']
      .concat(['location_name', 'make', 'make_model', 'model', 'price', 'subscription_price', 'price_range', 'seats', 'body', 'drive', 'fuel'])
      .concat(['transmission', 'state', 'tag', 'weekly_price_range', 'year', 'certified', 'created_at_timestamp']);
    const all = await post(`${siteA.slug}.localhost`, '/api/search', { queries: [{ q: '', facets: publicFacets, hitsPerPage: 0 }] });
    expect(all.status).toBe(200);
    const distribution = all.json.results[0].facetDistribution as Record<string, Record<string, number>>;
    for (const facet of ['body', 'transmission', 'fuel', 'drive', 'make', 'colour', 'state', 'car_type'])
      expect(Object.keys(distribution[facet] ?? {}).length, facet).toBeGreaterThan(0);
    const automatic = distribution.transmission?.Automatic;
    expect(automatic).toBeGreaterThan(0);
    const filtered = await post(`${siteA.slug}.localhost`, '/api/search', {
      queries: [{ q: '', filter: 'transmission = Automatic', attributesToRetrieve: ['simple_transmission'], hitsPerPage: 50 }],
    });
    expect(filtered.json.results[0].totalHits).toBe(automatic);
    expect((filtered.json.results[0].hits as { simple_transmission: string }[]).every((h) => h.simple_transmission === 'Automatic')).toBe(true);
    const [[body, count]] = atLeast(1, Object.entries(distribution.body ?? {}), 'the body types');
    const byBody = await post(`${siteA.slug}.localhost`, '/api/search', { queries: [{ q: '', filter: `body = "${body}"`, hitsPerPage: 0 }] });
    expect(byBody.json.results[0].totalHits).toBe(count);
  });

  it('cannot be widened by the filter or pointed at another index', async () => {
    const foreign = siteB.dealerships[0].id;
    const attempts = [
      `dealership_id = ${foreign}`,
      `dealership_id = ${foreign} OR dealership_id != 0`,
      `NOT (dealership_id = 0)) OR (dealership_id = ${foreign}`,
      ['show_on_dealer_website = false'],
    ];
    for (const filter of attempts) {
      const { status, json } = await post(`${siteA.slug}.localhost`, '/api/search', {
        queries: [{ q: '', filter, facets: ['dealership_id'], hitsPerPage: 100 }],
      });
      if (status === 200) {
        for (const hit of json.results[0].hits) expect(idsOf(siteA).has(hit.dealership_id)).toBe(true);
        for (const hit of json.results[0].hits) expect(hit.show_on_dealer_website).not.toBe(false);
      } else expect(status).toBe(400);
    }
    const other = await post(`${siteA.slug}.localhost`, '/api/search', { queries: [{ indexUid: 'Other_index', q: '' }] });
    expect(other.status).toBe(403);
    expect(other.json.message).toBe('Index `Other_index` is not accessible to this site.');
  });

  it('refuses malformed requests with a reason', async () => {
    expect((await post(`${siteA.slug}.localhost`, '/api/search', {})).json.message).toBe('body must be {"queries": [...]} with at least one query');
    expect((await post(`${siteA.slug}.localhost`, '/api/search', { queries: [{ hitsPerPage: 5000 }] })).json.message).toBe(
      'queries[0].hitsPerPage must be a number from 0 to 100',
    );
    expect((await post(`${siteA.slug}.localhost`, '/api/search', { queries: [{ drop: 'table' }] })).status).toBe(400);
    const badFilter = await post(`${siteA.slug}.localhost`, '/api/search', { queries: [{ filter: 'price >' }] });
    expect(badFilter.status).toBe(400);
    expect(badFilter.json.code).toBe('invalid_search_filter');
  });
});

describe('vehicle media', () => {
  it("draws a car's photos as SVG and 404s images a car does not have", async () => {
    const car = [...Array(50)].map((_, i) => catalogue.carById(siteA.dealerships[0].id * 100_000 + 1 + i)).find((c) => c && (c.photos_count ?? 0) > 1)!;
    const photo = await get(sites.server, `${siteA.slug}.localhost`, `/media/cars/${car.id}/0.svg`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toContain('image/svg+xml');
    expect(photo.body).toMatch(/^<svg/);
    expect((await get(sites.server, `${siteA.slug}.localhost`, `/media/cars/${car.id}/999.svg`)).status).toBe(404);
    expect((await get(sites.server, `${siteA.slug}.localhost`, '/media/placeholder.svg')).status).toBe(200);
  });
});

describe('while the search engine is unavailable', () => {
  it('answers 503 with Retry-After and a message a shopper can act on (never a 500, never the engine address)', async () => {
    const car = [...Array(50)].map((_, i) => catalogue.carById(siteA.dealerships[0].id * 100_000 + 1 + i)).find((c) => c?.status === 'in_stock')!;
    const down = vi
      .spyOn(catalogue, 'multiSearch')
      .mockRejectedValue(new SearchError('search_engine_unavailable', 'Search engine unavailable: cannot reach Meilisearch at http://10.0.0.5:7700', 503));
    const host = `${siteA.slug}.localhost`;
    try {
      const answers = [
        await post(host, '/api/search', { queries: [{ q: '' }] }),
        await post(host, '/api/search/featured-list', { search_filters: [], limit: 4 }),
        await send(sites.server, host, 'GET', `/api/cars/${car.slug}/similar-ids`),
      ];
      for (const a of answers) {
        expect(a.status).toBe(503);
        expect(a.headers['retry-after']).toBe('5');
        expect(a.json).toEqual({ message: 'Search is not available right now. Please try again in a moment.', code: 'search_engine_unavailable' });
      }
    } finally {
      down.mockRestore();
    }
    expect((await post(host, '/api/search', { queries: [{ q: '' }] })).status).toBe(200);
  });
});
