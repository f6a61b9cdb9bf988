// Similar cars (docs/requirements/vehicle-browsing.md#calls, #constants): Meilisearch multi-search queries and merging their hits.
import type { VehicleCar } from './car';
import type { ResolvedVehicleSimilarCarsSettings } from '../../../schemas/generated/settings';

const SIMILAR_PRICE_BAND_SMALL = 10000; // either side when price is under 50000
const SIMILAR_PRICE_BAND_LARGE = 25000;
const SIMILAR_PRICE_BAND_SWITCH = 50000;

/** One query of a Meilisearch multi-search request (docs/requirements/vehicle-browsing.md#calls). */
export interface SimilarCarsQuery {
  indexUid: string;
  q: string;
  filter: string[];
  limit: number;
  facets: string[];
  attributesToHighlight: string[];
}

export type SimilarSourceCar = Pick<VehicleCar, 'id' | 'make' | 'model' | 'simple_body' | 'price'>;

export function similarPriceBand(price: number): { min: number; max: number } {
  const band = price < SIMILAR_PRICE_BAND_SWITCH ? SIMILAR_PRICE_BAND_SMALL : SIMILAR_PRICE_BAND_LARGE;
  return { min: Math.max(0, price - band), max: price + band };
}

const quote = (value: string | number) => (typeof value === 'number' ? String(value) : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);

/**
 * Most to least specific: same make and model, same body, then any car in the price band.
 * Every query keeps only in_stock cars (docs/requirements/vehicle-browsing.md#validation) and leaves out the car itself.
 * A car without a price gets no price filter.
 */
export function similarCarsQueries(car: SimilarSourceCar, s: ResolvedVehicleSimilarCarsSettings): SimilarCarsQuery[] {
  const base = ['status = "in_stock"', `id != ${quote(car.id)}`];
  const price = car.price ?? 0;
  if (price > 0) {
    const { min, max } = similarPriceBand(price);
    base.push(`price >= ${min}`, `price <= ${max}`);
  }
  const filters: string[][] = [];
  if (car.make && car.model) filters.push([...base, `make = ${quote(car.make)}`, `model = ${quote(car.model)}`]);
  if (car.simple_body) filters.push([...base, `simple_body = ${quote(car.simple_body)}`]);
  filters.push(base);
  return filters.map((filter) => ({
    indexUid: s.indexUid,
    q: '',
    filter,
    limit: s.hitsPerQuery,
    facets: [],
    attributesToHighlight: [],
  }));
}

/** Hits of all queries in order, unique by id, without the car itself, up to maxResults (default 6). */
export function mergeSimilarCars<T extends { id: VehicleCar['id'] }>(
  results: ReadonlyArray<{ hits: readonly T[] }>,
  car: Pick<VehicleCar, 'id'>,
  s: ResolvedVehicleSimilarCarsSettings,
): T[] {
  const seen = new Set<string>([String(car.id)]);
  const out: T[] = [];
  for (const hit of results.flatMap((r) => r.hits)) {
    if (out.length >= s.maxResults) break;
    if (seen.has(String(hit.id))) continue;
    seen.add(String(hit.id));
    out.push(hit);
  }
  return out;
}
