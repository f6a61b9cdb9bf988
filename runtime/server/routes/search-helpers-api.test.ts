// The featured-list search helper and the similar-cars id list by slug (docs/requirements/vehicle-browsing.md#calls), over a demo inventory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/generated/car';
import { isVisibleInSearch } from '../../domain/search/filters';
import { send } from '../../../test-support/http-client';
import { shippedTenants, startSitesServer, type SitesServer } from '../../../test-support/server';
import { atLeast } from '../../../test-support/at-least';

let sites: SitesServer;
let cars: Car[];
const tenants = shippedTenants();
const [siteA, siteB] = tenants;
const now = Date.parse('2026-11-20T00:00:00Z');
const hostA = `${siteA.slug}.localhost`;
const ownsA = (car: Car) => siteA.dealerships.some((d) => d.id === car.dealership_id) && car.show_on_dealer_website !== false;
const ownsB = (car: Car) => siteB.dealerships.some((d) => d.id === car.dealership_id);
const call = (method: string, path: string, body?: unknown) => send(sites.server, hostA, method, path, body);

beforeAll(async () => {
  sites = await startSitesServer({ total: 1500, now });
  cars = sites.cars;
});
afterAll(() => sites.close());

describe('POST /api/search/featured-list', () => {
  it("lists the site's cars matching the filters, featured first, up to the limit", async () => {
    const res = await call('POST', '/api/search/featured-list', { search_filters: ['car_type:used'], limit: 5 });
    expect(res.status).toBe(200);
    const hits = res.json.hits as Car[];
    expect(hits.length).toBe(5);
    const byId = new Map(cars.map((c) => [c.id, c]));
    for (const hit of hits) {
      expect(ownsA(byId.get(hit.id)!)).toBe(true);
      expect(hit.car_type).toBe('used');
    }
    const ranks = hits.map((h) => Number((byId.get(h.id) as Car & { custom_rank?: number }).custom_rank ?? 0));
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    // the first five of every visible used car of the site by rank
    const expected = cars
      .filter((c) => ownsA(c) && c.car_type === 'used' && isVisibleInSearch(c, Date.now(), 3))
      .map((c) => Number((c as Car & { custom_rank?: number }).custom_rank ?? 0))
      .sort((a, b) => b - a)
      .slice(0, 5);
    expect(ranks).toEqual(expected);
  });

  it('answers 8 cars by default and any-of for values of one attribute', async () => {
    const makes = [...new Set(cars.filter(ownsA).map((c) => c.make))].slice(0, 2);
    const res = await call('POST', '/api/search/featured-list', { search_filters: makes.map((m) => `make:${m}`) });
    expect(res.json.hits.length).toBe(8);
    for (const hit of res.json.hits as Car[]) expect(makes).toContain(hit.make);
  });

  it('refuses bad filters and limits with a 400 and the reason', async () => {
    expect((await call('POST', '/api/search/featured-list', { search_filters: ['dealership_id:1'] })).json).toEqual({
      message: 'search_filters[0]: "dealership_id" is not a filterable attribute',
      code: 'invalid_request',
    });
    expect((await call('POST', '/api/search/featured-list', { limit: 500 })).status).toBe(400);
    expect((await call('POST', '/api/search/featured-list', '[1]')).status).toBe(400);
  });
});

describe('GET /api/cars/:slug/similar-ids', () => {
  it('lists in-stock cars of the site like this one, the same make and model first, never the car itself', async () => {
    const car = cars.find(
      (c) =>
        ownsA(c) && c.status === 'in_stock' && cars.filter((o) => ownsA(o) && o.make === c.make && o.model === c.model && o.status === 'in_stock').length > 2,
    )!;
    const res = await call('GET', `/api/cars/${car.slug}/similar-ids`);
    expect(res.status).toBe(200);
    const ids = res.json.ids as number[];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(siteA.settings.vehicle?.similarCars?.maxResults ?? 6);
    expect(ids).not.toContain(car.id);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = new Map(cars.map((c) => [c.id, c]));
    for (const id of ids) {
      expect(ownsA(byId.get(id)!)).toBe(true);
      expect(byId.get(id)!.status).toBe('in_stock');
    }
    expect(byId.get(atLeast(1, ids, 'the similar cars')[0])).toMatchObject({ make: car.make, model: car.model });
  });

  it("answers 404 for another site's car", async () => {
    const other = cars.find(ownsB)!;
    expect((await call('GET', `/api/cars/${other.slug}/similar-ids`)).status).toBe(404);
  });
});
