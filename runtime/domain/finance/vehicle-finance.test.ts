import { describe, expect, it } from 'vitest';
import { calculate } from './calculator';
import { cardFinanceFigure, vehicleFinanceFigure } from './vehicle-finance';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const car = { make: 'Mazda', year: 2023, price: 32990, status: 'in_stock' };
const now = new Date('2026-01-10T00:00:00Z');

describe('vehicleFinanceFigure', () => {
  it('is null without a provider', () => {
    expect(
      vehicleFinanceFigure(
        { ...car, youxQuote: { weeklyRepaymentAmount: 120, comparisonRate: 9, advertisedRate: 8 } },
        withSettingsDefaults('finance'),
        null,
        now,
      ),
    ).toBeNull();
  });

  it("is the calculator's weekly repayment for the lender's loan on the car's price, rounded up to whole dollars", () => {
    const lenders = { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 146.2, paymentMonth: 633, termYears: 5, deposit: 0, balloon: 0 } };
    const f = vehicleFinanceFigure({ ...car, finance_lenders: lenders }, withSettingsDefaults('finance', { provider: 'manual' }), null, now);
    // FINANCE.md: $32,990 at 10% p.a. over 260 weekly repayments = $161.37 -> $162
    expect(f).toMatchObject({ amount: 162, period: 'wk', text: 'Only $162 /wk*', source: 'lender' });
    expect(f?.loan).toEqual({ amount: 32990, deposit: 0, residual: 0, termYears: 5, interestRate: 10, frequency: 'weekly' });
    expect(calculate(f!.loan, withSettingsDefaults('finance', { provider: 'manual' })).display).toBe(f?.text);
  });

  it("the loan takes the lender's term, deposit and balloon, and the site's own rate where it is locked", () => {
    const lenders = { Angle: { interestRate: 7.99, comparisonRate: 8.38, paymentWeek: 100, termMonths: 60, deposit: 3299, balloon: 9897 } };
    const open = vehicleFinanceFigure({ ...car, finance_lenders: lenders }, withSettingsDefaults('finance', { provider: 'angle' }), null, now);
    expect(open?.loan).toMatchObject({ termYears: 5, deposit: 3299, residual: 9897, interestRate: 7.99 });
    const locked = { provider: 'angle' as const, calculator: { interest: { default: 8.5, locked: true } } };
    const f = vehicleFinanceFigure({ ...car, finance_lenders: lenders }, withSettingsDefaults('finance', locked), null, now);
    expect(f?.loan.interestRate).toBe(8.5);
    expect(f?.amount).toBe(calculate(f!.loan, withSettingsDefaults('finance', locked)).repayment);
  });

  it("a Youx site shows the weekly repayment at the quote's rate over the quoted term", () => {
    const f = vehicleFinanceFigure(
      car,
      withSettingsDefaults('finance', { provider: 'youx' }),
      { weeklyRepaymentAmount: 161, comparisonRate: 10.4, advertisedRate: 10 },
      now,
    );
    expect(f).toMatchObject({ amount: 162, text: 'Only $162 /wk*', source: 'quote' });
    expect(f?.loan).toMatchObject({ amount: 32990, termYears: 5, interestRate: 10, deposit: 0, residual: 0 });
  });

  it("no figure where the calculator would say 'Enquire for Finance'", () => {
    const lenders = { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 3 } };
    expect(
      vehicleFinanceFigure({ ...car, price: 600, finance_lenders: lenders }, withSettingsDefaults('finance', { provider: 'manual' }), null, now),
    ).toBeNull();
  });

  it('other providers never fall back to a quote: no lender data, no finance', () => {
    const quote = { weeklyRepaymentAmount: 126, comparisonRate: 10.4, advertisedRate: 10 };
    expect(vehicleFinanceFigure(car, withSettingsDefaults('finance', { provider: 'manual' }), quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, youxQuote: quote }, withSettingsDefaults('finance', { provider: 'taurus' }), null, now)).toBeNull();
  });

  it('follows the display rules: sold cars, Suzuki and prices at or below 500 show nothing', () => {
    const quote = { weeklyRepaymentAmount: 161, comparisonRate: 10.4, advertisedRate: 10 };
    expect(vehicleFinanceFigure({ ...car, status: 'sold' }, withSettingsDefaults('finance', { provider: 'youx' }), quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, make: 'Suzuki' }, withSettingsDefaults('finance', { provider: 'youx' }), quote, now)).toBeNull();
    expect(vehicleFinanceFigure({ ...car, price: 500 }, withSettingsDefaults('finance', { provider: 'youx' }), quote, now)).toBeNull();
    // seed: 'Only $262 /wk*' must not show on a $400 car
    expect(
      vehicleFinanceFigure({ ...car, price: 400 }, withSettingsDefaults('finance', { provider: 'youx' }), { ...quote, weeklyRepaymentAmount: 262 }, now),
    ).toBeNull();
    const manualInfo = { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 146.2 } };
    expect(
      vehicleFinanceFigure({ ...car, price: 500, finance_lenders: manualInfo }, withSettingsDefaults('finance', { provider: 'manual' }), null, now),
    ).toBeNull();
  });

  it('shows a monthly figure for a lender that only gives monthly payments', () => {
    const f = vehicleFinanceFigure(
      { ...car, make: 'Nissan', finance_lenders: { 'Nissan Finance': { interestRate: 6.99, comparisonRate: 7.85, paymentMonth: 612.4 } } },
      withSettingsDefaults('finance', { provider: 'nissan-finance' }),
      null,
      now,
    );
    // $32,990 at 6.99% over the site's default 5 years, monthly
    expect(f?.text).toBe('Only $654 /mo*');
    expect(f?.loan.frequency).toBe('monthly');
  });

  it('a list shows the weekly figure only: a monthly lender shows none on cards', () => {
    const nissan = { ...car, make: 'Nissan', finance_lenders: { 'Nissan Finance': { interestRate: 6.99, comparisonRate: 7.85, paymentMonth: 612.4 } } };
    expect(cardFinanceFigure(nissan, withSettingsDefaults('finance', { provider: 'nissan-finance' }), now)).toBeNull();
    const manual = { ...car, finance_lenders: { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 146.2 } } };
    expect(cardFinanceFigure(manual, withSettingsDefaults('finance', { provider: 'manual' }), now)).toEqual({ amount: 162, text: '$162', suffix: 'per week' });
  });

  it('no figure for a car of an excluded dealership', () => {
    const manual = { ...car, dealership_slug: 'group-trucks', finance_lenders: { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 146.2 } } };
    expect(vehicleFinanceFigure(manual, withSettingsDefaults('finance', { provider: 'manual', excludedDealerships: ['group-trucks'] }), null, now)).toBeNull();
    expect(
      vehicleFinanceFigure(manual, withSettingsDefaults('finance', { provider: 'manual', excludedDealerships: ['group-cars'] }), null, now),
    ).not.toBeNull();
  });
});
