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

  it("a Youx site shows the quote's weekly repayment", () => {
    const f = vehicleFinanceFigure(car, { provider: 'youx' }, { weeklyRepaymentAmount: 161, comparisonRate: 10.4, advertisedRate: 10 }, now);
    expect(f).toMatchObject({ amount: 161, text: 'Only $161 /wk*', source: 'quote' });
  });

  it('other providers never fall back to a quote: no lender data, no finance', () => {
    const quote = { weeklyRepaymentAmount: 126, comparisonRate: 10.4, advertisedRate: 10 };
    expect(vehicleFinanceFigure(car, { provider: 'manual' }, quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, youxQuote: quote }, { provider: 'taurus' }, null, now)).toBeNull();
  });

  it('follows the display rules: sold cars, Suzuki and prices at or below 500 show nothing', () => {
    const quote = { weeklyRepaymentAmount: 161, comparisonRate: 10.4, advertisedRate: 10 };
    expect(vehicleFinanceFigure({ ...car, status: 'sold' }, { provider: 'youx' }, quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, make: 'Suzuki' }, { provider: 'youx' }, quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, price: 500 }, { provider: 'youx' }, quote, now)).toBeNull();
    // seed: 'Only $262 /wk*' must not show on a $400 car
    expect(vehicleFinanceFigure({ ...car, price: 400 }, { provider: 'youx' }, { ...quote, weeklyRepaymentAmount: 262 }, now)).toBeNull();
    const manualInfo = { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 146.2 } };
    expect(vehicleFinanceFigure({ ...car, price: 500, finance_lenders: manualInfo }, { provider: 'manual' }, null, now)).toBeNull();
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
