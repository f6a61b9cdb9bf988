import { describe, expect, it } from 'vitest';
import { vehicleFinanceFigure } from './vehicle-finance';

const car = { make: 'Mazda', year: 2023, price: 32990, status: 'in_stock' };
const now = new Date('2026-01-10T00:00:00Z');

describe('vehicleFinanceFigure', () => {
  it('is null without a provider', () => {
    expect(vehicleFinanceFigure({ ...car, youxQuote: { weeklyRepaymentAmount: 120, comparisonRate: 9, advertisedRate: 8 } }, {}, null, now)).toBeNull();
  });

  it("uses the lender's own weekly figure, rounded up to whole dollars", () => {
    const f = vehicleFinanceFigure(
      { ...car, finance_lenders: { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 146.2, paymentMonth: 633 } } },
      { provider: 'manual' },
      null,
      now,
    );
    expect(f).toMatchObject({ amount: 147, period: 'wk', text: 'Only $147 /wk*', source: 'lender' });
  });

  it('falls back to a quote when the car has no figures for the lender', () => {
    const f = vehicleFinanceFigure(car, { provider: 'manual' }, { weeklyRepaymentAmount: 161, comparisonRate: 10.4, advertisedRate: 10 }, now);
    expect(f).toMatchObject({ amount: 161, text: 'Only $161 /wk*', source: 'quote' });
  });

  it('follows the display rules: sold cars, Suzuki and prices at or below 500 show nothing', () => {
    const quote = { weeklyRepaymentAmount: 161, comparisonRate: 10.4, advertisedRate: 10 };
    expect(vehicleFinanceFigure({ ...car, status: 'sold' }, { provider: 'manual' }, quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, make: 'Suzuki' }, { provider: 'manual' }, quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, price: 500 }, { provider: 'manual' }, quote, now)).toBeNull();
  });

  it('shows a monthly figure for a lender that only gives monthly payments', () => {
    const f = vehicleFinanceFigure(
      { ...car, make: 'Nissan', finance_lenders: { 'Nissan Finance': { interestRate: 6.99, comparisonRate: 7.85, paymentMonth: 612.4 } } },
      { provider: 'nissan-finance' },
      null,
      now,
    );
    expect(f?.text).toBe('Only $613 /mo*');
  });
});
