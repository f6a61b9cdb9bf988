// The demo inventory: generated deterministically for the dealerships of every tenant document, each dealership its
// own stream (seed + dealership id) so a site's stock does not change when another site is added.
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { generateInventory } from './generate';
import type { InventoryDealership } from './types';
import { locationType } from '../domain/locations/location';

export interface DemoInventoryOptions {
  /** Cars across all dealerships, shared out by each dealership's stock.share. */
  total?: number;
  seed?: number;
  now?: number;
}

export function dealershipsOf(tenants: Pick<TenantDocument, 'dealerships'>[]): (InventoryDealership & { share: number })[] {
  const seen = new Set<number>();
  const out: (InventoryDealership & { share: number })[] = [];
  for (const tenant of tenants) {
    for (const d of tenant.dealerships) {
      if (seen.has(d.id)) continue; // a dealership listed by two sites has one stock
      seen.add(d.id);
      out.push({
        id: d.id,
        slug: d.slug,
        name: d.name,
        kinds: d.stock?.kinds,
        makes: d.stock?.makes?.length ? d.stock.makes : undefined,
        carTypes: d.stock?.carTypes,
        share: d.stock?.share ?? 0.1,
        locations: stockLocations(d.locations).map((l) => ({
          id: l.id,
          name: l.name,
          slug: l.slug,
          city: l.address.city,
          state: l.address.state,
          postcode: l.address.postcode,
          street: l.address.street,
          phone: l.contact_detail.phone,
          primary: l.primary,
        })),
      });
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

/**
 * Where a dealership's cars are for sale: its sales yards (a car's location gives its page the number Call Dealer rings,
 * never a parts or service counter's); every location only for a dealership that lists no sales yard.
 */
export function stockLocations<L extends { location_type?: string | null }>(locations: readonly L[]): L[] {
  const sales = locations.filter((l) => locationType(l) === 'sales');
  return sales.length ? sales : [...locations];
}

/** At least this many cars per dealership, so every seed rule has cars to show on every site. */
const MIN_PER_DEALERSHIP = 80;

export function buildDemoInventory(tenants: TenantDocument[], options: DemoInventoryOptions = {}): Car[] {
  return [...demoInventoryBatches(tenants, options)].flat();
}

/** Cars per batch: a batch is garbage once indexed, so the heap never holds more than this many whole cars. */
const BATCH = 1000;

/** Each dealership's share of `total` cars. */
function stockCounts(tenants: Pick<TenantDocument, 'dealerships'>[], total: number) {
  const dealerships = dealershipsOf(tenants);
  const shares = dealerships.reduce((sum, d) => sum + d.share, 0) || 1;
  return dealerships.map((d) => ({ dealership: d, count: Math.max(MIN_PER_DEALERSHIP, Math.round((total * d.share) / shares)) }));
}

/** A dealership's cars from index `from` (its first car has id dealership id * 100,000 + 1). */
function dealershipCars(d: InventoryDealership, seed: number, now: number, from: number, count: number): Car[] {
  return generateInventory({ count, from, seed: seed * 1000 + d.id, dealerships: [d], now, firstId: d.id * 100_000 + 1 });
}

/** The same cars a slice of one dealership's stock at a time, so a large stock is indexed without holding it whole. */
export function* demoInventoryBatches(
  tenants: Pick<TenantDocument, 'dealerships'>[],
  { total = 5000, seed = 1, now = Date.now() }: DemoInventoryOptions = {},
  batch = BATCH,
): Generator<Car[]> {
  for (const { dealership, count } of stockCounts(tenants, total)) {
    // Each car draws from its own stream (seed, index): slices give the very cars one call would.
    for (let from = 0; from < count; from += batch) yield dealershipCars(dealership, seed, now, from, Math.min(batch, count - from));
  }
}

/**
 * One car of the demo stock made `now`, by id, made again from its stream: the server keeps the demo stock's search
 * fields and rebuilds a whole car when a page shows it, rather than storing 200,000 whole cars.
 */
export function demoCarMaker(tenants: Pick<TenantDocument, 'dealerships'>[], { total = 5000, seed = 1 }: Omit<DemoInventoryOptions, 'now'> = {}) {
  const byDealership = new Map(stockCounts(tenants, total).map((s) => [s.dealership.id, s]));
  return (id: number, now: number): Car | undefined => {
    const stock = byDealership.get(Math.floor((id - 1) / 100_000));
    const index = (id - 1) % 100_000;
    if (!stock || !Number.isSafeInteger(id) || index >= stock.count) return undefined;
    return dealershipCars(stock.dealership, seed, now, index, 1)[0];
  };
}
