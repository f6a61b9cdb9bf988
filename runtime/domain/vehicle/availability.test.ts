import { describe, expect, it } from 'vitest';
import { isAvailable, soldNotice } from './availability';

describe('availability (docs/requirements/vehicle-browsing.md#states)', () => {
  it('counts in_stock and coming_soon as available', () => {
    expect(isAvailable({ status: 'in_stock' })).toBe(true);
    expect(isAvailable({ status: 'coming_soon' })).toBe(true);
  });
  it('treats sold, unknown and missing statuses as unavailable', () => {
    expect(isAvailable({ status: 'sold' })).toBe(false);
    expect(isAvailable({ status: 'archived' })).toBe(false);
    expect(isAvailable({})).toBe(false);
  });
  it('shows the SOLD notice with Find Me Something Similar only for unavailable cars', () => {
    expect(soldNotice({ status: 'sold' })).toEqual({ text: 'SOLD', action: 'Find Me Something Similar' });
    expect(soldNotice({ status: 'in_stock' })).toBeNull();
  });
});
