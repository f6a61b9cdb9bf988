import { describe, expect, it } from 'vitest';
import {
  ENQUIRE_FOR_FINANCE,
  FREQUENCY_LABELS,
  PERIODS_PER_YEAR,
  exactRepayment,
  feePerRepayment,
  repaymentFor,
  roundRepayment,
  type RepaymentFrequency,
} from './repayment';

// Independent check: find the level repayment that runs the balance down to the balloon,
// period by period, by bisection (no closed form).
function repaymentBySimulation(principal: number, ratePercent: number, years: number, k: number, balloon = 0) {
  const n = Math.round(years * k);
  const i = ratePercent / 100 / k;
  const endBalance = (payment: number) => {
    let balance = principal;
    for (let j = 0; j < n; j++) balance = balance * (1 + i) - payment;
    return balance - balloon;
  };
  let lo = 0;
  let hi = principal;
  for (let step = 0; step < 200; step++) {
    const mid = (lo + hi) / 2;
    if (endBalance(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('repayment periods and labels (docs/requirements/dealer-services.md#states)', () => {
  it('weekly 52, fortnightly 26, monthly 12; labels wk, fn, mo, yr', () => {
    expect(PERIODS_PER_YEAR).toMatchObject({ weekly: 52, fortnightly: 26, monthly: 12 });
    expect(FREQUENCY_LABELS).toEqual({ weekly: 'wk', fortnightly: 'fn', monthly: 'mo', yearly: 'yr' });
  });
});

describe('worked example: $30,000 over 5 years at 10% p.a.', () => {
  const cases: [RepaymentFrequency, number, number, number][] = [
    // frequency, k, exact repayment, rounded-up repayment
    ['monthly', 12, 637.41, 638],
    ['fortnightly', 26, 293.68, 294],
    ['weekly', 52, 146.73, 147],
  ];
  for (const [frequency, k, exact, rounded] of cases) {
    it(`${frequency}: $${rounded} /${FREQUENCY_LABELS[frequency]}`, () => {
      const loan = { principal: 30000, annualRatePercent: 10, termYears: 5, frequency };
      const value = exactRepayment(loan);
      expect(value).toBeCloseTo(exact, 2);
      expect(value).toBeCloseTo(repaymentBySimulation(30000, 10, 5, k), 6);
      const result = repaymentFor(loan);
      expect(result.repayment).toBe(rounded);
      expect(result.periods).toBe(5 * k);
      expect(result.totalPayable).toBe(rounded * 5 * k);
    });
  }

  it('with a $9,000 balloon (30.0% final payment) monthly: $521.19 -> $522, total adds the balloon', () => {
    const loan = { principal: 30000, annualRatePercent: 10, termYears: 5, frequency: 'monthly' as const, balloon: 9000 };
    expect(exactRepayment(loan)).toBeCloseTo(521.19, 2);
    expect(exactRepayment(loan)).toBeCloseTo(repaymentBySimulation(30000, 10, 5, 12, 9000), 6);
    expect(repaymentFor(loan).totalPayable).toBe(522 * 60 + 9000);
  });

  it('at 0% the repayment is (P - B) / n', () => {
    expect(exactRepayment({ principal: 30000, annualRatePercent: 0, termYears: 5, frequency: 'monthly', balloon: 6000 })).toBe(400);
  });
});

describe('rounding and the $25 rule', () => {
  it('rounds up to the next dollar by default, down when the lender rounds down', () => {
    expect(roundRepayment(146.01)).toBe(147);
    expect(roundRepayment(146.99, 'down')).toBe(146);
    expect(roundRepayment(500.00000000001)).toBe(500);
    expect(repaymentFor({ principal: 30000, annualRatePercent: 10, termYears: 5, frequency: 'weekly' }, { rounding: 'down' }).repayment).toBe(146);
  });

  it("a repayment at or below $25 shows 'Enquire for Finance' and a blank total", () => {
    // $6,500 over 5 years at 0%: exactly $25 a week
    const at25 = repaymentFor({ principal: 6500, annualRatePercent: 0, termYears: 5, frequency: 'weekly' });
    expect(at25).toMatchObject({ repayment: null, totalPayable: null, message: ENQUIRE_FOR_FINANCE });
    expect(ENQUIRE_FOR_FINANCE).toBe('Enquire for Finance');
    const above = repaymentFor({ principal: 6552, annualRatePercent: 0, termYears: 5, frequency: 'weekly' });
    expect(above).toMatchObject({ repayment: 26, totalPayable: 26 * 260, message: null });
  });

  it('adds the monthly account fee to each repayment and fees outside the loan to the total', () => {
    expect(feePerRepayment(8, 'monthly')).toBe(8);
    expect(feePerRepayment(8, 'weekly')).toBeCloseTo(96 / 52, 10);
    const r = repaymentFor({ principal: 30000, annualRatePercent: 10, termYears: 5, frequency: 'monthly' }, { monthlyFee: 8, upfrontFees: 395 });
    expect(r.repayment).toBe(646); // 637.41 + 8 = 645.41 -> 646
    expect(r.totalPayable).toBe(646 * 60 + 395);
  });
});
