// The demo stock made in slices (so a large stock is never held whole) is the very stock one call per dealership makes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenants/load';
import { repoRoot } from '../tenants/test-helpers';
import { demoCarMaker, demoInventoryBatches } from './demo-inventory';

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
    const cars = [...demoInventoryBatches(tenants, { total: 700, now: NOW })].flat();
    const make = demoCarMaker(tenants, { total: 700 });
    for (const car of [cars[0], cars[1], cars[350], cars.at(-1)!]) expect(JSON.stringify(make(car.id, NOW))).toBe(JSON.stringify(car));
    const last = cars.filter((c) => c.dealership_id === cars[0].dealership_id).at(-1)!;
    expect(make(last.id + 1, NOW)).toBeUndefined();
    expect(make(1, NOW)).toBeUndefined();
    expect(make(0.5, NOW)).toBeUndefined();
  }, 30_000);
});
