// The demo stock made in slices (so a large stock is never held whole) is the very stock one call per dealership makes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenants/load';
import { atLeast } from '../../test-support/at-least';
import { repoRoot } from '../../test-support/tenants';
import { demoCarMaker, demoInventoryBatches, stockLocations } from './demo-inventory';

const NOW = Date.UTC(2026, 5, 1);
const tenants = ['big-sky-cars', 'harbourside-mazda'].map((slug) => {
  const loaded = loadTenant(join(repoRoot, 'tenants', `${slug}.json`), join(repoRoot, 'tenants/templates'));
  if (!loaded.ok) throw new Error(`${slug} does not load`);
  return loaded.doc;
});

describe('demoInventoryBatches', () => {
  it('gives the same cars, in the same order, whatever the batch size', () => {
    const whole = [...demoInventoryBatches(tenants, { total: 700, now: NOW }, 100_000)];
    const sliced = [...demoInventoryBatches(tenants, { total: 700, now: NOW }, 64)];
    expect(whole.length).toBe(2); // one batch per dealership
    expect(sliced.every((batch) => batch.length <= 64)).toBe(true);
    expect(JSON.stringify(sliced.flat())).toBe(JSON.stringify(whole.flat()));
    expect(new Set(sliced.flat().map((car) => car.id)).size).toBe(700);
  }, 30_000);
});

describe('demoCarMaker', () => {
  it('makes again, by id, the very car the batches gave; no car for an id outside the stock', () => {
    const cars = atLeast(351, [...demoInventoryBatches(tenants, { total: 700, now: NOW })].flat(), 'the demo stock');
    const make = demoCarMaker(tenants, { total: 700 });
    for (const car of [cars[0], cars[1], cars[350], cars.at(-1)!]) expect(JSON.stringify(make(car.id, NOW))).toBe(JSON.stringify(car));
    const last = cars.filter((c) => c.dealership_id === cars[0].dealership_id).at(-1)!;
    expect(make(last.id + 1, NOW)).toBeUndefined();
    expect(make(1, NOW)).toBeUndefined();
    expect(make(0.5, NOW)).toBeUndefined();
  }, 30_000);
});

describe('where demo cars sit', () => {
  it("every car of a dealership with a parts or service counter sits at a sales yard, with that yard's phone", () => {
    const group = loadTenant(join(repoRoot, 'tenants', 'southern-cross-motor-group.json'), join(repoRoot, 'tenants/templates'));
    if (!group.ok) throw new Error('southern-cross-motor-group does not load');
    const sales = new Map(
      [...group.doc.dealerships, ...tenants.flatMap((t) => t.dealerships)]
        .flatMap((d) => d.locations)
        .filter((l) => (l.location_type ?? 'sales') === 'sales')
        .map((l) => [l.id, l.contact_detail.phone]),
    );
    const cars = [...demoInventoryBatches([group.doc, ...tenants], { total: 1200, now: NOW })].flat();
    // Kia (Liverpool yard and Parts) and Toyota (Parramatta yard and Service Centre) are among them.
    expect(cars.some((c) => c.dealership_slug === 'southern-cross-kia')).toBe(true);
    const elsewhere = cars.filter((c) => !sales.has(c.location_id as number) || c.location?.phone !== sales.get(c.location_id as number));
    expect(elsewhere.map((c) => `${c.id} at ${c.location?.name}`)).toEqual([]);
  }, 60_000);
  it('a dealership without a sales yard keeps its cars at its other locations', () => {
    expect(stockLocations([{ id: 1, location_type: 'service' }])).toEqual([{ id: 1, location_type: 'service' }]);
    expect(stockLocations([{ id: 1, location_type: 'parts' }, { id: 2 }, { id: 3, location_type: 'Sales' }]).map((l) => l.id)).toEqual([2, 3]);
  });
});
