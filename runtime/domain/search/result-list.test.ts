import { describe, expect, it } from 'vitest';
import { collapseSoldRuns } from './sold-runs';
import { interleavePromos, isPromoLive, promoPositions, type PromoNode } from './promo-cards';
import { resultCount } from './result-count';
import { emptyResults } from './empty-results';
import { assembleResultList } from './result-list';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

type Car = { id: number; status: string; sold?: boolean };
const car = (id: number, status = 'in_stock'): Car => ({ id, status });
const cars = (n: number) => Array.from({ length: n }, (_, i) => car(i + 1));
const NOW = Date.parse('2025-07-10T00:00:00+10:00');

describe('sold handling (docs/requirements/vehicle-browsing.md#states)', () => {
  const hits = [car(1), car(2, 'sold'), car(3, 'sold'), car(4, 'sold'), car(5), { id: 6, status: 'in_stock', sold: true }, car(7, 'sold')];
  it('consecutive sold cars collapse to the first of each run', () => {
    expect(collapseSoldRuns(hits, true).map((c) => c.id)).toEqual([1, 2, 5, 6]);
  });
  it('all show when every hit is sold, or when the setting is off', () => {
    const allSold = [car(1, 'sold'), car(2, 'sold')];
    expect(collapseSoldRuns(allSold, true).map((c) => c.id)).toEqual([1, 2]);
    expect(collapseSoldRuns(hits, false)).toHaveLength(7);
  });
});

describe('promo cards (docs/requirements/vehicle-browsing.md#screens)', () => {
  const promo = (name: string, extra: Partial<PromoNode<string>> = {}): PromoNode<string> => ({ node: name, ...extra });
  const gridPositions = (items: ReturnType<typeof interleavePromos<Car, string>>) =>
    items.flatMap((item, i) => (item.kind === 'promo' ? [[item.promo.node, i + 1]] : []));

  it('positions 8 and 17 by default', () => {
    const grid = interleavePromos(cars(21), [promo('a'), promo('b')], [8, 17], NOW);
    expect(grid).toHaveLength(23);
    expect(gridPositions(grid)).toEqual([
      ['a', 8],
      ['b', 17],
    ]);
  });
  it('a promo position of its own wins (9 on some sites)', () => {
    expect(gridPositions(interleavePromos(cars(21), [promo('a', { position: 9 })], [8, 17], NOW))).toEqual([['a', 9]]);
  });
  it('shown only between start and expiry, and not when display is false', () => {
    expect(isPromoLive({ start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T00:00:00+10:00' }, NOW)).toBe(true);
    expect(isPromoLive({ start: '2025-07-11T00:00:00+10:00' }, NOW)).toBe(false);
    expect(isPromoLive({ expiry: '2025-07-09T23:59:59+10:00' }, NOW)).toBe(false);
    expect(isPromoLive({ expiry: NOW }, NOW)).toBe(true);
    expect(isPromoLive({ display: false }, NOW)).toBe(false);
    const grid = interleavePromos(cars(21), [promo('old', { expiry: NOW - 1 }), promo('b')], [8, 17], NOW);
    expect(gridPositions(grid)).toEqual([['b', 17]]);
  });
  it('strictDisplay: dropped past the end of a short page; otherwise appended', () => {
    expect(gridPositions(interleavePromos(cars(5), [promo('loose')], [8], NOW))).toEqual([['loose', 6]]);
    expect(gridPositions(interleavePromos(cars(5), [promo('strict', { strictDisplay: true })], [8], NOW))).toEqual([]);
    expect(interleavePromos([], [promo('a')], [8], NOW)).toEqual([]);
  });
  it('randomised first position stays within 3 of the base', () => {
    expect(promoPositions([8, 17], false, () => 0)).toEqual([8, 17]);
    expect(promoPositions([8, 17], true, () => 0)).toEqual([5, 17]);
    expect(promoPositions([8, 17], true, () => 0.5)).toEqual([8, 17]);
    expect(promoPositions([8, 17], true, () => 0.9999)).toEqual([11, 17]);
    expect(promoPositions([2], true, () => 0)).toEqual([1]);
  });
});

describe('count rule (docs/requirements/vehicle-browsing.md#constants)', () => {
  const facets = { car_type: { new: 900, used: 1500, demo: 120 } };
  it('up to 1999 the hit count is used', () => {
    expect(resultCount(1999, facets)).toBe(1999);
  });
  it('above 1999 the count is summed across the car_type facet values', () => {
    expect(resultCount(2000, facets)).toBe(2520);
  });
  it('a configured stock count is used instead', () => {
    expect(resultCount(2000, facets, { configuredStockCount: 3100 })).toBe(3100);
    expect(resultCount(150, facets, { configuredStockCount: 3100 })).toBe(150);
  });
});

describe('empty results (docs/requirements/vehicle-browsing.md#errors)', () => {
  it('search and offers texts', () => {
    expect(emptyResults('search', withSettingsDefaults('search').searchPath)).toEqual({
      title: 'No Results Available',
      text: 'No results found for your search at this time. Please try adjusting the filters for more results.',
      clearFiltersLabel: 'Clear Filters',
      clearFiltersHref: '/search/new-used-and-demo-cars',
    });
    expect(emptyResults('offers', withSettingsDefaults('search').searchPath)).toMatchObject({
      text: 'There appears to be no offers currently available that meet the conditions of your search',
      clearFiltersLabel: 'Clear Filters',
      clearFiltersHref: '/special-offers',
    });
  });
});

describe('assembleResultList', () => {
  it('collapses sold runs, interleaves promos and applies the count rule', () => {
    const hits = [car(1, 'sold'), car(2, 'sold'), ...cars(10).map((c) => ({ ...c, id: c.id + 2 }))];
    const list = assembleResultList({ hits, count: 2500, facets: { car_type: { used: 2400 } } }, withSettingsDefaults('search', { collapseSoldRuns: true }), {
      promos: [{ node: 'promo' }],
      nowMs: NOW,
    });
    expect(list.items).toHaveLength(12);
    expect(list.items[7]).toMatchObject({ kind: 'promo', position: 8 });
    expect(list.count).toBe(2400);
    expect(list.empty).toBeNull();
  });
  it('empty list gives the empty card', () => {
    const list = assembleResultList({ hits: [], count: 0 }, withSettingsDefaults('search'), { nowMs: NOW, promos: [{ node: 'x' }] });
    expect(list.items).toEqual([]);
    expect(list.empty?.title).toBe('No Results Available');
  });
});

describe('promo position setting (9 on some sites)', () => {
  it('uses the configured positions', () => {
    const list = assembleResultList({ hits: cars(21), count: 21 }, withSettingsDefaults('search', { promoPositions: [9] }), {
      nowMs: NOW,
      promos: [{ node: 'p' }],
    });
    expect(list.items.findIndex((i) => i.kind === 'promo')).toBe(8);
  });
  it('randomises the first position with the injected random function', () => {
    const list = assembleResultList({ hits: cars(21), count: 21 }, withSettingsDefaults('search', { randomiseFirstPromoPosition: true }), {
      nowMs: NOW,
      promos: [{ node: 'p' }],
      random: () => 0.99,
    });
    expect(list.items.findIndex((i) => i.kind === 'promo')).toBe(10); // 8 + 3 -> 11th card
  });
});
