import { describe, expect, it } from 'vitest';
import { DEFAULT_SOLD_VISIBLE_DAYS, isVisibleInSearch, searchVisibilityFilter, soldPastVisibility, soldVisibleSince } from './search-visibility';

const NOW_MS = Date.UTC(2026, 0, 10, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const DAY = 86_400;
const shown = { show_on_dealer_website: true };

describe('search visibility (docs/requirements/vehicle-browsing.md#states)', () => {
  it('sold cars stay visible 3 days by default', () => {
    expect(DEFAULT_SOLD_VISIBLE_DAYS).toBe(3);
    expect(soldVisibleSince(NOW_MS)).toBe(NOW_S - 3 * DAY);
  });

  it('shows in_stock and coming_soon cars on the website, not other statuses or hidden cars', () => {
    expect(isVisibleInSearch({ ...shown, status: 'in_stock' }, NOW_MS)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: 'coming_soon' }, NOW_MS)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: 'reserved' }, NOW_MS)).toBe(false);
    expect(isVisibleInSearch({ status: 'in_stock', show_on_dealer_website: false }, NOW_MS)).toBe(false);
    expect(isVisibleInSearch({ status: 'in_stock' }, NOW_MS)).toBe(false);
  });

  it('shows a sold car until the window closes, in the filter, in memory and for the vehicle page alike', () => {
    const edge = { ...shown, status: 'sold', sold_date_timestamp: NOW_S - 3 * DAY };
    const past = { ...shown, status: 'sold', sold_date_timestamp: NOW_S - 3 * DAY - 1 };
    expect(isVisibleInSearch(edge, NOW_MS)).toBe(true);
    expect(soldPastVisibility(edge, NOW_MS)).toBe(false);
    expect(isVisibleInSearch(past, NOW_MS)).toBe(false);
    expect(soldPastVisibility(past, NOW_MS)).toBe(true);
    expect(searchVisibilityFilter(NOW_MS)).toBe(
      `(status IN ["in_stock", "coming_soon"] OR (status = "sold" AND sold_date_timestamp >= ${NOW_S - 3 * DAY})) AND show_on_dealer_website = true`,
    );
  });

  it('follows the site setting of days, and a sold car without a date is past it', () => {
    const fiveDaysAgo = { ...shown, status: 'sold', sold_date_timestamp: NOW_S - 5 * DAY };
    expect(isVisibleInSearch(fiveDaysAgo, NOW_MS, 3)).toBe(false);
    expect(isVisibleInSearch(fiveDaysAgo, NOW_MS, 7)).toBe(true);
    expect(soldPastVisibility({ status: 'sold' }, NOW_MS)).toBe(true);
    expect(soldPastVisibility({ status: 'in_stock' }, NOW_MS)).toBe(false);
  });
});
