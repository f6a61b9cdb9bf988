import { describe, expect, it, vi } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { atLeast } from '../../test-support/at-least';
import { testCar } from '../../test-support/vehicle-page';
import { fetchSimilarCars, similarCarsRequest, type FetchLike } from './similar-client';
import { withSettingsDefaults } from '../../test-support/settings-defaults';

const similar = (s = {}) => withSettingsDefaults('vehicle', { similarCars: s }).similarCars;

// The fixture car: a 2021 Toyota HiLux SR5 ute at $52,990 (id 7).
const car = testCar();
const answer = (results: { hits: Partial<Car>[] }[], status = 200): FetchLike =>
  vi.fn(async () => ({ ok: status < 400, status, json: async () => (status < 400 ? { results } : { message: 'Index `x` is not accessible to this site.' }) }));

describe('similar cars request (docs/requirements/vehicle-browsing.md#calls, #constants)', () => {
  it('asks for same make and model, same body, then any in-stock car within $25,000 of a $52,990 car, 10 hits each', () => {
    const band = ['status = "in_stock"', 'id != 7', 'price >= 27990', 'price <= 77990'];
    const common = { indexUid: 'Car_production', q: '', limit: 10, facets: [], attributesToHighlight: [] };
    expect(similarCarsRequest(car, similar())).toEqual({
      queries: [
        { ...common, filter: [...band, 'make = "Toyota"', 'model = "HiLux"'] },
        { ...common, filter: [...band, 'simple_body = "Ute"'] },
        { ...common, filter: band },
      ],
    });
  });

  it('uses a $10,000 band under $50,000 and the site’s hit count and index', () => {
    const [first] = atLeast(
      1,
      similarCarsRequest(testCar({ price: 24990 }), similar({ hitsPerQuery: 4, maxResults: 6, indexUid: 'Car_staging' })).queries,
      'the queries',
    );
    expect(first.filter).toEqual(expect.arrayContaining(['price >= 14990', 'price <= 34990']));
    expect(first.limit).toBe(4);
    expect(first.indexUid).toBe('Car_staging');
  });
});

describe('fetchSimilarCars', () => {
  it('POSTs the multi-search body to /api/search once', async () => {
    const fetchImpl = answer([{ hits: [] }]);
    await fetchSimilarCars(car, similar(), { fetchImpl });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = (fetchImpl as ReturnType<typeof vi.fn>).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/search');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(similarCarsRequest(car, similar()));
  });

  it('keeps up to 6 cars across the queries, unique by id and never the car itself', async () => {
    const hit = (id: number) => testCar({ id, slug: `car-${id}` });
    const fetchImpl = answer([{ hits: [hit(7), hit(11), hit(12)] }, { hits: [hit(12), hit(13), hit(14)] }, { hits: [hit(15), hit(16), hit(17), hit(18)] }]);
    const cars = await fetchSimilarCars(car, similar(), { fetchImpl });
    expect(cars.map((c) => c.id)).toEqual([11, 12, 13, 14, 15, 16]);
  });

  it('fails with the server’s message, or the status when there is none', async () => {
    await expect(fetchSimilarCars(car, similar(), { fetchImpl: answer([], 403) })).rejects.toThrow('Index `x` is not accessible to this site.');
    const bare: FetchLike = async () => ({ ok: false, status: 503, json: async () => Promise.reject(new Error('not json')) });
    await expect(fetchSimilarCars(car, similar(), { fetchImpl: bare })).rejects.toThrow('The search answered 503');
    const odd: FetchLike = async () => ({ ok: true, status: 200, json: async () => ({}) });
    await expect(fetchSimilarCars(car, similar(), { fetchImpl: odd })).rejects.toThrow('The search answer has no results list');
  });
});
