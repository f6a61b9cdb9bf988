import { describe, expect, it } from 'vitest';
import { currentRefinements, facetItems, refinementLabel } from './refinement-labels';
import { parseSearchState } from './search-state';

describe('refinement labels (docs/requirements/vehicle-browsing.md#validation)', () => {
  it('car types in friendly words', () => {
    expect(refinementLabel('car_type', 'new')).toBe('New');
    expect(refinementLabel('car_type', 'used')).toBe('Used');
    expect(refinementLabel('car_type', 'demo')).toBe('Demo');
  });
  it('values with a colon show the text after the colon', () => {
    expect(refinementLabel('make_model', 'Toyota:Corolla')).toBe('Corolla');
    expect(refinementLabel('make', 'Toyota')).toBe('Toyota');
  });
  it("the certified facet hides 'false' when the site shows only certified", () => {
    const distribution = { true: 12, false: 40 };
    expect(facetItems('certified', distribution).map((i) => i.value)).toEqual(['true', 'false']);
    expect(facetItems('certified', distribution, { certifiedOnly: true })).toEqual([{ label: 'Certified', value: 'true', count: 12 }]);
    expect(facetItems('colour', { false: 1 }, { certifiedOnly: true })).toHaveLength(1);
  });
  it('current refinement chips', () => {
    const state = parseSearchState('?car_type=used&make_model=Kia:Cerato&price=10000:20000&km=:50000&year=2018:');
    expect(currentRefinements(state).map((c) => c.label)).toEqual([
      'Used',
      'Kilometres: up to 50,000 km',
      'Cerato',
      'Price: $10,000 - $20,000',
      'Year: from 2018',
    ]);
  });
});

describe('the Series filter in the site order', () => {
  const distribution = { Cruiser: 2, Sport: 4, City: 1, Duo: 3 };
  it('lists the ordered series first, in order and whatever their case, then the rest as they came', () => {
    const items = facetItems('series', distribution, { seriesOrder: ['duo', 'city', 'sport'] });
    expect(items.map((i) => i.value)).toEqual(['Duo', 'City', 'Sport', 'Cruiser']);
    expect(items.map((i) => i.count)).toEqual([3, 1, 4, 2]);
  });
  it('keeps the usual order without a site order, and orders no other filter', () => {
    expect(facetItems('series', distribution).map((i) => i.value)).toEqual(['Cruiser', 'Sport', 'City', 'Duo']);
    expect(facetItems('colour', distribution, { seriesOrder: ['duo'] }).map((i) => i.value)).toEqual(['Cruiser', 'Sport', 'City', 'Duo']);
  });
});
