import { describe, expect, it, vi } from 'vitest';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';
import {
  FINANCE_CALCULATOR_EVENT_ID,
  calculate,
  calculatorBounds,
  clampCalculatorInput,
  defaultCalculatorInputs,
  defaultLoanAmount,
  formatFee,
  onceTracker,
} from './calculator';

describe('calculator defaults (docs/requirements/dealer-services.md#constants)', () => {
  it('30000 over 5 years at 10%, weekly, no deposit or residual', () => {
    expect(defaultCalculatorInputs(withSettingsDefaults('finance'))).toEqual({
      amount: 30000,
      deposit: 0,
      residual: 0,
      termYears: 5,
      interestRate: 10,
      frequency: 'weekly',
    });
  });

  it('car-price mode uses the car price, or 30000 when the car has no price', () => {
    const s = { calculator: { amount: { defaultMode: 'car-price' as const } } };
    expect(defaultLoanAmount(withSettingsDefaults('finance', s), { price: 45990 })).toBe(45990);
    expect(defaultLoanAmount(withSettingsDefaults('finance', s), { price: 0 })).toBe(30000);
    expect(defaultLoanAmount(withSettingsDefaults('finance', s), {})).toBe(30000);
    expect(defaultLoanAmount(withSettingsDefaults('finance'), { price: 45990 })).toBe(30000);
  });
});

describe('calculate', () => {
  it("default: 'Only $147 /wk*', total $38,220, comparison rate 10.00%", () => {
    const r = calculate(defaultCalculatorInputs(withSettingsDefaults('finance')), withSettingsDefaults('finance'));
    expect(r).toMatchObject({
      amountFinanced: 30000,
      repayment: 147,
      repaymentText: '$147',
      repaymentLabel: 'wk',
      total: 38220,
      totalText: '$38,220',
      comparisonRateText: '10.00%',
      display: 'Only $147 /wk*',
    });
    expect(r.comparisonRate).toBeCloseTo(10, 9);
  });

  it('fortnightly $294 /fn and monthly $638 /mo', () => {
    const base = defaultCalculatorInputs(withSettingsDefaults('finance'));
    expect(calculate({ ...base, frequency: 'fortnightly' }, withSettingsDefaults('finance')).display).toBe('Only $294 /fn*');
    expect(calculate({ ...base, frequency: 'monthly' }, withSettingsDefaults('finance')).display).toBe('Only $638 /mo*');
  });

  it('rounds down when the site says so', () => {
    expect(
      calculate(defaultCalculatorInputs(withSettingsDefaults('finance')), withSettingsDefaults('finance', { calculator: { rounding: 'down' } })).repayment,
    ).toBe(146);
  });

  it('deposit and residual reduce the repayment', () => {
    const r = calculate(
      { ...defaultCalculatorInputs(withSettingsDefaults('finance')), frequency: 'monthly', deposit: 3000, residual: 9000 },
      withSettingsDefaults('finance'),
    );
    // P = 27,000, balloon 9,000, 10% monthly over 60: 457.45 -> 458
    expect(r.amountFinanced).toBe(27000);
    expect(r.repayment).toBe(458);
    expect(r.total).toBe(458 * 60 + 9000);
  });

  it("at or below $25 shows 'Enquire for Finance' and a blank total", () => {
    const r = calculate({ amount: 6500, deposit: 0, residual: 0, termYears: 5, interestRate: 0, frequency: 'weekly' }, withSettingsDefaults('finance'));
    expect(r).toMatchObject({ repayment: null, repaymentText: 'Enquire for Finance', total: null, totalText: '', display: 'Enquire for Finance' });
  });

  it('the fee-showing brand example: $395, $6, $8 a month, $912.25', () => {
    const settings = {
      calculator: {
        showFees: true,
        establishmentFee: 395,
        monthlyFee: 8,
        otherFees: [
          { label: 'Security registration', amount: 6, government: true },
          { label: 'Dealer agency fee', amount: 912.25 },
        ],
      },
    };
    const r = calculate(defaultCalculatorInputs(withSettingsDefaults('finance', settings)), withSettingsDefaults('finance', settings));
    expect(r.fees.shown).toBe(true);
    expect(r.fees.upfront.map((f) => f.text)).toEqual(['$395', '$6', '$912.25']);
    expect(r.fees.upfrontTotal).toBe(1313.25);
    expect(r.fees.monthly).toBe(8);
    expect(r.amountFinanced).toBe(31313.25);
    // 31,313.25 at 10% weekly over 260 = 153.16, plus $8 x 12 / 52 = 155.00 -> 156
    expect(r.repayment).toBe(156);
    expect(r.total).toBe(40560);
    expect(r.comparisonRate).toBeGreaterThan(10.5);
  });

  it('formats fees with cents only when there are cents', () => {
    expect(formatFee(912.25)).toBe('$912.25');
    expect(formatFee(1360.5)).toBe('$1,360.50');
    expect(formatFee(1300)).toBe('$1,300');
  });
});

describe('bounds and clamping (docs/requirements/dealer-services.md#validation)', () => {
  const bounds = calculatorBounds(withSettingsDefaults('finance'));

  it('default bounds', () => {
    expect(bounds.amount).toEqual({ min: 1000, max: 100000, step: 500 });
    expect(bounds.price).toMatchObject({ min: 1000, max: 250000, step: 500 });
    expect(bounds.term).toEqual({ min: 1, max: 7, step: 0.5 });
    expect(bounds.interest).toEqual({ min: 0.5, max: 15, step: 0.5 });
    expect(bounds.deposit).toEqual({ min: 0, max: 250000, step: 0.5 });
    expect(bounds.residual).toEqual({ min: 0, max: 250000, step: 0.5 });
  });

  it('amount max is 1.05 x price over 100000 in price-multiple mode', () => {
    const s = { calculator: { amount: { maxMode: 'price-multiple' as const } } };
    expect(calculatorBounds(withSettingsDefaults('finance', s), { price: 120000 }).amount.max).toBeCloseTo(126000, 6);
    expect(calculatorBounds(withSettingsDefaults('finance', s), { price: 100000 }).amount.max).toBe(100000);
  });

  it("price out of range: 'Cannot be less than $1,000 or more than $250,000' at or beyond bounds", () => {
    const message = 'Cannot be less than $1,000 or more than $250,000';
    expect(clampCalculatorInput('price', 250000, bounds.price)).toEqual({ value: 250000, message });
    expect(clampCalculatorInput('price', 300000, bounds.price)).toEqual({ value: 300000, message });
    expect(clampCalculatorInput('price', 1000, bounds.price)).toEqual({ value: 1000, message });
    expect(clampCalculatorInput('price', 30000, bounds.price)).toEqual({ value: 30000, message: null });
    expect(clampCalculatorInput('price', -5, bounds.price)).toEqual({ value: 0, message });
    const min5000 = calculatorBounds(withSettingsDefaults('finance', { calculator: { amount: { min: 5000 } } })).price;
    expect(clampCalculatorInput('price', 4000, min5000).message).toBe('Cannot be less than $5,000 or more than $250,000');
  });

  it('other inputs are clamped to min and max', () => {
    expect(clampCalculatorInput('interest', 20, bounds.interest).value).toBe(15);
    expect(clampCalculatorInput('interest', 0, bounds.interest).value).toBe(0.5);
    expect(clampCalculatorInput('term', 9, bounds.term).value).toBe(7);
    expect(clampCalculatorInput('deposit', -1, bounds.deposit).value).toBe(0);
    expect(clampCalculatorInput('residual', 300000, bounds.residual).value).toBe(250000);
    expect(clampCalculatorInput('amount', 150000, bounds.amount)).toEqual({ value: 100000, message: null });
    expect(clampCalculatorInput('amount', Number.NaN, bounds.amount).value).toBe(1000);
  });

  it('a locked interest rate stays at the default; term increments snap', () => {
    const locked = calculatorBounds(withSettingsDefaults('finance', { calculator: { interest: { locked: true, default: 8.5 } } })).interest;
    expect(clampCalculatorInput('interest', 12, locked).value).toBe(8.5);
    const stepped = calculatorBounds(withSettingsDefaults('finance', { calculator: { term: { increments: [7, 3, 5] } } })).term;
    expect(stepped.options).toEqual([3, 5, 7]);
    expect(clampCalculatorInput('term', 4.2, stepped).value).toBe(5);
  });
});

describe('event 26 fires once (docs/requirements/dealer-services.md#states)', () => {
  it('on the first change of term, amount or interest only', () => {
    const fire = vi.fn();
    const tracker = onceTracker(fire);
    expect(tracker.changed('deposit')).toBe(false);
    expect(fire).not.toHaveBeenCalled();
    expect(tracker.changed('interest')).toBe(true);
    expect(tracker.changed('term')).toBe(false);
    expect(tracker.changed('amount')).toBe(false);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(fire).toHaveBeenCalledWith(26);
    expect(FINANCE_CALCULATOR_EVENT_ID).toBe(26);
    expect(tracker.fired).toBe(true);
  });
});
