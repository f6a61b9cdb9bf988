// The demo inventory: generated deterministically for the dealerships of every tenant document, each dealership its
// own stream (seed + dealership id) so a site's stock does not change when another site is added.
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { generateInventory } from './generate';
import type { InventoryDealership } from './types';

export interface DemoInventoryOptions {
  /** Cars across all dealerships, shared out by each dealership's stock.share. */
  total?: number;
  seed?: number;
  now?: number;
}

export function dealershipsOf(tenants: TenantDocument[]): (InventoryDealership & { share: number })[] {
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
        locations: d.locations.map((l) => ({
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

/** At least this many cars per dealership, so every seed rule has cars to show on every site. */
const MIN_PER_DEALERSHIP = 80;

export function buildDemoInventory(tenants: TenantDocument[], options: DemoInventoryOptions = {}): Car[] {
  return [...demoInventoryBatches(tenants, options)].flat();
}

/** Cars per batch: a batch is garbage once indexed, so the heap never holds more than this many whole cars. */
const BATCH = 1000;

/** The same cars a slice of one dealership's stock at a time, so a large stock is indexed without holding it whole. */
export function* demoInventoryBatches(
  tenants: TenantDocument[],
  { total = 5000, seed = 1, now = Date.now() }: DemoInventoryOptions = {},
  batch = BATCH,
): Generator<Car[]> {
  const dealerships = dealershipsOf(tenants);
  const shares = dealerships.reduce((sum, d) => sum + d.share, 0) || 1;
  for (const d of dealerships) {
    const count = Math.max(MIN_PER_DEALERSHIP, Math.round((total * d.share) / shares));
    // Each car draws from its own stream (seed, index): slices give the very cars one call would.
    for (let from = 0; from < count; from += batch) {
      yield generateInventory({
        count: Math.min(batch, count - from),
        from,
        seed: seed * 1000 + d.id,
        dealerships: [d],
        now,
        firstId: d.id * 100_000 + 1,
      });
    }
  }
}
