// The demo stock made in slices (so a large stock is never held whole) is the very stock one call per dealership makes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../tenants/load';
import { repoRoot } from '../tenants/test-helpers';
import { demoInventoryBatches } from './demo-inventory';

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
