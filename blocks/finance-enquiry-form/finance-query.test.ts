import { describe, expect, it } from 'vitest';
import { financeQuery, messageWithBudget } from './finance-query';

describe('finance link query (docs/requirements/dealer-services.md#screens)', () => {
  it('reads the parameters the finance link sends', () => {
    const q = new URLSearchParams('preferredDealership=big-sky-cars&vehiclePriceBudget=28990&car_id=12&car_type=used&vin=6t1bf3fk30x012345');
    expect(financeQuery(q, ['big-sky-cars'])).toEqual({
      preferredDealership: 'big-sky-cars',
      vehiclePriceBudget: 28990,
      carType: 'used',
      vin: '6T1BF3FK30X012345',
    });
  });

  it('ignores a dealership of another site, a budget that is not a positive number and odd values', () => {
    const q = new URLSearchParams('preferredDealership=elsewhere&vehiclePriceBudget=abc&car_type=rocket&vin=<script>');
    expect(financeQuery(q, ['big-sky-cars'])).toEqual({ preferredDealership: null, vehiclePriceBudget: null, carType: null, vin: null });
    expect(financeQuery(new URLSearchParams('vehiclePriceBudget=0'), []).vehiclePriceBudget).toBeNull();
  });

  it('puts the budget and VIN after the message', () => {
    expect(messageWithBudget('Hi there', 30000, 'ABC12345')).toBe('Hi there\n\nVehicle price budget: $30,000\nVIN: ABC12345');
    expect(messageWithBudget('', 5000)).toBe('Vehicle price budget: $5,000');
    expect(messageWithBudget('Only text', '')).toBe('Only text');
  });
});
