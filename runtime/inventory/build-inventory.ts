import type { Car } from '../../schemas/generated/car';
import { generateInventory } from './generate';
import type { CarType, GenerateInventoryOptions, InventoryDealership, ItemKind } from './types';

// The core of `tools/inventory/build.ts`: read a dealership list, generate, summarise.

const KINDS: ItemKind[] = ['car', 'caravan', 'motorcycle'];
const CAR_TYPES: CarType[] = ['new', 'used', 'demo'];

/** Checks a dealership list (parsed JSON) and says which entry and field is wrong. */
export function parseDealerships(data: unknown): { ok: true; dealerships: InventoryDealership[] } | { ok: false; errors: string[] } {
  const list = Array.isArray(data) ? data : (data as { dealerships?: unknown })?.dealerships;
  if (!Array.isArray(list) || !list.length) return { ok: false, errors: ['expected a non-empty list of dealerships (or { "dealerships": [...] })'] };
  const errors: string[] = [];
  list.forEach((d: Record<string, unknown>, i) => {
    const at = `dealerships[${i}]`;
    if (!Number.isInteger(d?.id)) errors.push(`${at}.id must be a whole number`);
    for (const key of ['slug', 'name']) if (typeof d?.[key] !== 'string' || !d[key]) errors.push(`${at}.${key} must be text`);
    if (d?.kinds !== undefined && !(Array.isArray(d.kinds) && d.kinds.every((k) => KINDS.includes(k))))
      errors.push(`${at}.kinds must list only ${KINDS.join(', ')}`);
    if (d?.carTypes !== undefined && !(Array.isArray(d.carTypes) && d.carTypes.every((t) => CAR_TYPES.includes(t))))
      errors.push(`${at}.carTypes must list only ${CAR_TYPES.join(', ')}`);
    if (d?.makes !== undefined && !(Array.isArray(d.makes) && d.makes.every((m) => typeof m === 'string')))
      errors.push(`${at}.makes must be a list of make names`);
    const locations = d?.locations;
    if (!Array.isArray(locations) || !locations.length) {
      errors.push(`${at}.locations must list at least one location`);
      return;
    }
    locations.forEach((loc: Record<string, unknown>, j) => {
      if (!Number.isInteger(loc?.id)) errors.push(`${at}.locations[${j}].id must be a whole number`);
      for (const key of ['name', 'slug', 'city', 'state', 'postcode', 'street', 'phone']) {
        if (typeof loc?.[key] !== 'string') errors.push(`${at}.locations[${j}].${key} must be text`);
      }
    });
  });
  return errors.length ? { ok: false, errors } : { ok: true, dealerships: list as InventoryDealership[] };
}

export interface BuiltInventory {
  cars: Car[];
  json: string;
  summary: string;
}

function countBy(cars: Car[], key: (car: Car) => string): string {
  const counts = new Map<string, number>();
  for (const car of cars) counts.set(key(car), (counts.get(key(car)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}

export function buildInventory(options: GenerateInventoryOptions): BuiltInventory {
  const cars = generateInventory(options);
  const summary = [
    `${cars.length} cars for ${options.dealerships.length} dealerships (seed ${options.seed ?? 1})`,
    `types: ${countBy(cars, (c) => c.car_type)}`,
    `kinds: ${countBy(cars, (c) => c.item_type ?? 'car')}`,
    `status: ${countBy(cars, (c) => c.status)}`,
  ].join('\n');
  return { cars, json: JSON.stringify(cars), summary };
}
