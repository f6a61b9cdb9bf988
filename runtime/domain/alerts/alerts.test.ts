import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AlertSchedule,
  alertMailKey,
  capCars,
  duePeriod,
  foldStockChanges,
  newMatches,
  planAlertMails,
  type StockChange,
  type StockSnapshot,
  watchEvents,
} from '.';

const SYDNEY: AlertSchedule = { timeZone: 'Australia/Sydney', window: { start: '08:00', end: '20:00' }, weeklyDay: 'monday' };
// Monday 30 November 2026, 09:15 in Sydney (AEDT, UTC+11).
const MON_0915 = Date.parse('2026-11-29T22:15:00Z');
const HOUR = 3_600_000;
const on = (price: number | null, state: StockSnapshot['state'] = 'available'): StockSnapshot => ({ price, state });

describe('alert periods', () => {
  it('daily: the site’s local day, once, inside the send window only', () => {
    expect(duePeriod('daily', MON_0915, SYDNEY, null)).toBe('daily:2026-11-30');
    expect(duePeriod('daily', MON_0915 + HOUR, SYDNEY, 'daily:2026-11-30')).toBeNull();
    expect(duePeriod('daily', MON_0915 - 2 * HOUR, SYDNEY, null)).toBeNull(); // 07:15, before the window
    expect(duePeriod('daily', MON_0915 + 11 * HOUR, SYDNEY, null)).toBeNull(); // 20:15, after it
    expect(duePeriod('daily', MON_0915 + 24 * HOUR, SYDNEY, 'daily:2026-11-30')).toBe('daily:2026-12-01');
  });

  it('weekly: only on the weekly day; instant: each minute; off: never', () => {
    expect(duePeriod('weekly', MON_0915, SYDNEY, null)).toBe('weekly:2026-11-30');
    expect(duePeriod('weekly', MON_0915 + 24 * HOUR, SYDNEY, null)).toBeNull();
    expect(duePeriod('instant', MON_0915, SYDNEY, null)).toBe('instant:2026-11-30T09:15');
    expect(duePeriod('instant', MON_0915 + 60_000, SYDNEY, 'instant:2026-11-30T09:15')).toBe('instant:2026-11-30T09:16');
    expect(duePeriod('off', MON_0915, SYDNEY, null)).toBeNull();
  });

  it('a daily alert is due at most once in any local day, whenever the job runs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 48 * 60 }), { minLength: 1, maxLength: 60 }), (minutes) => {
        let last: string | null = null;
        const sent: string[] = [];
        for (const m of [...minutes].sort((a, b) => a - b)) {
          const p = duePeriod('daily', MON_0915 + m * 60_000, SYDNEY, last);
          if (p) sent.push((last = p));
        }
        expect(new Set(sent).size).toBe(sent.length);
        expect(sent.length).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('keys a mail by shopper, alert and period', () => {
    expect(alertMailKey('acc-1', 'search:s1', 'daily:2026-11-30')).toBe('alert:acc-1:search:s1:daily:2026-11-30');
    expect(alertMailKey('acc-1', 'search:s1', 'daily:2026-11-30')).not.toBe(alertMailKey('acc-2', 'search:s1', 'daily:2026-11-30'));
  });
});

describe('folding stock changes', () => {
  it('a burst of changes to a car is one net change from its first state to its last', () => {
    const changes: StockChange[] = [
      { seq: 1, carId: 7, before: on(30_000), after: on(29_000) },
      { seq: 2, carId: 7, before: on(29_000), after: on(28_000) },
      { seq: 3, carId: 8, before: null, after: on(10_000) },
      { seq: 4, carId: 9, before: null, after: on(5_000) },
      { seq: 5, carId: 9, before: on(5_000), after: null },
    ];
    expect(foldStockChanges(changes)).toEqual([
      { carId: 7, before: on(30_000), after: on(28_000) },
      { carId: 8, before: null, after: on(10_000) },
    ]);
  });

  it('folding is the same as applying the changes one by one', () => {
    const snap = fc.option(
      fc.record({
        price: fc.option(fc.integer({ min: 0, max: 100_000 })),
        state: fc.constantFrom('available', 'reserved', 'sold') as fc.Arbitrary<StockSnapshot['state']>,
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ carId: fc.integer({ min: 1, max: 5 }), after: snap }), { maxLength: 40 }), (steps) => {
        const state = new Map<number, StockSnapshot | null>();
        const first = new Map<number, StockSnapshot | null>();
        const changes = steps.map((s, i) => {
          const before = state.has(s.carId) ? state.get(s.carId)! : null;
          if (!first.has(s.carId)) first.set(s.carId, before);
          state.set(s.carId, s.after);
          return { seq: i + 1, carId: s.carId, before, after: s.after };
        });
        const net = foldStockChanges(changes);
        for (const n of net) {
          expect(n.before).toEqual(first.get(n.carId));
          expect(n.after).toEqual(state.get(n.carId));
        }
        expect(net.length).toBe([...first.keys()].filter((id) => first.get(id) !== null || state.get(id) !== null).length);
      }),
    );
  });
});

describe('saved-search matches', () => {
  it('never announces a car twice, nor one announced before', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 })), fc.array(fc.integer({ min: 1, max: 30 })), (matching, before) => {
        const announced = new Set(before);
        const fresh = newMatches(matching, announced);
        expect(new Set(fresh).size).toBe(fresh.length);
        for (const id of fresh) expect(announced.has(id)).toBe(false);
        expect(new Set(fresh)).toEqual(new Set(matching.filter((id) => !announced.has(id))));
      }),
    );
  });

  it('caps the cars of a mail and counts the rest', () => {
    expect(capCars([1, 2, 3, 4, 5, 6, 7, 8], 6)).toEqual({ shown: [1, 2, 3, 4, 5, 6], more: 2 });
    expect(capCars([1, 2], 6)).toEqual({ shown: [1, 2], more: 0 });
  });
});

describe('watchlist events', () => {
  it('a price drop with old and new price, a reservation, a sale (removed or marked sold); a rise is nothing', () => {
    const net = [
      { carId: 1, before: on(30_000), after: on(27_500) },
      { carId: 2, before: on(20_000), after: on(20_000, 'reserved') },
      { carId: 3, before: on(15_000), after: null },
      { carId: 4, before: on(15_000), after: on(14_000, 'sold') },
      { carId: 5, before: on(10_000), after: on(11_000) },
      { carId: 6, before: on(10_000), after: on(9_000) },
    ];
    expect(watchEvents([1, 2, 3, 4, 5], net)).toEqual([
      { kind: 'price-drop', carId: 1, oldPrice: 30_000, newPrice: 27_500 },
      { kind: 'reserved', carId: 2 },
      { kind: 'sold', carId: 3 },
      { kind: 'sold', carId: 4 },
    ]);
  });
});

describe('one period of a site', () => {
  const changes: StockChange[] = Array.from({ length: 10_000 }, (_, i) => ({
    seq: i + 1,
    carId: 1000 + (i % 2500),
    before: i < 2500 ? null : on(20_000 - i),
    after: on(20_000 - i - 1),
  }));
  const base = { now: MON_0915, schedule: SYDNEY, maxCarsPerMail: 6, changes };

  it('10,000 matching changes make one mail per shopper and alert, with at most the cap of cars', () => {
    const plan = planAlertMails({
      ...base,
      searches: [
        { shopperId: 'ann', alertId: 'search:a', frequency: 'daily', lastPeriod: null, cursor: 0, path: '/search', announced: new Set([1000]) },
        { shopperId: 'bob', alertId: 'search:b', frequency: 'daily', lastPeriod: 'daily:2026-11-30', cursor: 0, path: '/search', announced: new Set() },
      ],
      watchlists: [{ shopperId: 'ann', alertId: 'watchlist', frequency: 'daily', lastPeriod: null, cursor: 2500, carIds: [1001, 1002] }],
      matching: (_path, ids) => ids,
    });
    expect(plan.mails.map((m) => [m.key, m.kind])).toEqual([
      ['alert:ann:search:a:daily:2026-11-30', 'search'],
      ['alert:ann:watchlist:daily:2026-11-30', 'watchlist'],
    ]);
    const [search, watch] = plan.mails;
    expect(search?.kind === 'search' && [search.carIds, search.more, search.announce.length, search.cursor]).toEqual([
      [1001, 1002, 1003, 1004, 1005, 1006],
      2493,
      2499,
      10_000,
    ]);
    expect(watch?.kind === 'watchlist' && watch.events.map((e) => e.kind)).toEqual(['price-drop', 'price-drop']);
  });

  it('a due alert with nothing new moves its cursor and mails nothing; one not due keeps its changes', () => {
    const plan = planAlertMails({
      ...base,
      searches: [
        { shopperId: 'cy', alertId: 'search:c', frequency: 'daily', lastPeriod: null, cursor: 0, path: '/search/kia', announced: new Set() },
        { shopperId: 'di', alertId: 'search:d', frequency: 'weekly', lastPeriod: null, cursor: 0, path: '/search', announced: new Set() },
      ],
      watchlists: [],
      matching: (path, ids) => (path === '/search/kia' ? [] : ids),
    });
    expect(plan.mails).toHaveLength(1);
    expect(plan.mails[0]?.shopperId).toBe('di');
    expect(plan.advanced).toEqual([{ shopperId: 'cy', alertId: 'search:c', cursor: 10_000 }]);
    const later = planAlertMails({
      ...base,
      now: MON_0915 + 24 * HOUR,
      searches: [{ shopperId: 'di', alertId: 'search:d', frequency: 'weekly', lastPeriod: null, cursor: 0, path: '/search', announced: new Set() }],
      watchlists: [],
      matching: (_p, ids) => ids,
    });
    expect(later.mails).toEqual([]);
  });
});
