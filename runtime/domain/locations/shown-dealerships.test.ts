import { describe, expect, it } from 'vitest';
import { dealershipShown, shownDealerships } from './shown-dealerships';

const group = [{ id: 301 }, { id: 302 }, { id: 306 }];

describe('hidden and shown dealerships', () => {
  it('shows every dealership by default', () => {
    expect(shownDealerships(group, undefined).map((d) => d.id)).toEqual([301, 302, 306]);
    expect(dealershipShown(306, { hiddenDealershipIds: [], shownDealershipIds: [] })).toBe(true);
  });
  it('leaves hidden dealerships out', () => {
    expect(shownDealerships(group, { hiddenDealershipIds: [306] }).map((d) => d.id)).toEqual([301, 302]);
  });
  it('keeps only the shown dealerships when the site names some, and hidden wins over shown', () => {
    expect(shownDealerships(group, { shownDealershipIds: [302, 306] }).map((d) => d.id)).toEqual([302, 306]);
    expect(shownDealerships(group, { shownDealershipIds: [302, 306], hiddenDealershipIds: [306] }).map((d) => d.id)).toEqual([302]);
    // A location without a dealership is not one of the shown dealerships.
    expect(dealershipShown(undefined, { shownDealershipIds: [302] })).toBe(false);
  });
});
