// A car as its alerts see it: the price its page shows (so a drop in the mail is a drop a shopper sees) and whether it
// can still be bought.
import type { Car } from '../../../schemas/generated/car';
import type { ResolvedVehiclePriceSettings } from '../../../schemas/generated/settings';
import { isAvailable, priceDisplay, vehicleTitle } from '../vehicle';
import type { StockSnapshot } from './changes';

export function stockSnapshot(car: Car, price: ResolvedVehiclePriceSettings): StockSnapshot {
  const shown = priceDisplay(car, price);
  return {
    price: shown.kind === 'price' ? shown.amount : null,
    state: !isAvailable(car) ? 'sold' : car.reserved ? 'reserved' : 'available',
    car: { title: vehicleTitle(car), slug: car.slug, make: car.make, model: car.model, photo: car.primary_image_url ?? car.thumbnails?.[0] ?? null },
  };
}

/** The changes between a site's stock before and after an import, as the alerts record them. */
export function stockDiff<C extends { id: number }>(
  before: readonly C[],
  after: readonly C[],
  snapshot: (car: C) => StockSnapshot,
): { carId: number; before: StockSnapshot | null; after: StockSnapshot | null }[] {
  const old = new Map(before.map((c) => [c.id, snapshot(c)]));
  const changes: { carId: number; before: StockSnapshot | null; after: StockSnapshot | null }[] = [];
  const seen = new Set<number>();
  for (const car of after) {
    seen.add(car.id);
    const next = snapshot(car);
    const prev = old.get(car.id) ?? null;
    if (!prev || prev.price !== next.price || prev.state !== next.state) changes.push({ carId: car.id, before: prev, after: next });
  }
  for (const [carId, prev] of old) if (!seen.has(carId)) changes.push({ carId, before: prev, after: null });
  return changes;
}
