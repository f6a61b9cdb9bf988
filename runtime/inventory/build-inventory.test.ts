import { describe, expect, it } from 'vitest';
import { buildInventory, parseDealerships } from './build-inventory';
import { NOW, SAMPLE_DEALERSHIPS } from '../../test-support/inventory';

describe('parseDealerships', () => {
  it('accepts the sample dealerships, bare or wrapped', () => {
    expect(parseDealerships(SAMPLE_DEALERSHIPS)).toEqual({ ok: true, dealerships: SAMPLE_DEALERSHIPS });
    expect(parseDealerships({ dealerships: SAMPLE_DEALERSHIPS }).ok).toBe(true);
  });

  it('says which dealership and field is wrong', () => {
    const result = parseDealerships([
      {
        id: 'x',
        slug: 'a',
        name: 'A',
        kinds: ['boat'],
        locations: [{ id: 1, name: 'L', slug: 'l', city: 'C', state: 'QLD', postcode: 4000, street: 'S', phone: 'P' }],
      },
      { id: 2, slug: 'b', name: 'B', locations: [] },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        'dealerships[0].id must be a whole number',
        'dealerships[0].kinds must list only car, caravan, motorcycle',
        'dealerships[0].locations[0].postcode must be text',
        'dealerships[1].locations must list at least one location',
      ],
    });
    expect(parseDealerships([])).toEqual({ ok: false, errors: ['expected a non-empty list of dealerships (or { "dealerships": [...] })'] });
  });
});

describe('buildInventory', () => {
  it('returns the cars, their JSON and a summary', () => {
    const built = buildInventory({ count: 120, seed: 2, dealerships: SAMPLE_DEALERSHIPS, now: NOW });
    expect(built.cars).toHaveLength(120);
    expect(JSON.parse(built.json)).toEqual(built.cars);
    expect(built.summary.split('\n')[0]).toBe('120 cars for 4 dealerships (seed 2)');
  });
});
