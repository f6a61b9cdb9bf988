import { describe, expect, it } from 'vitest';
import { COMPARISON_PERIODS_PER_YEAR, STANDARD_EXAMPLE, comparisonRate, formatRate } from './comparison-rate';

// Independent check: bisection on the reg 100 equation written as a plain sum over j,
// with the repayment found by simulating the balance (no closed forms shared with the code).
function bruteForceComparisonRate(opts: {
  amount: number;
  ratePercent: number;
  k: number;
  years: number;
  nReg: number;
  fee: number;
  monthlyFee: number;
}): number {
  const t = Math.round(opts.k * opts.years);
  const i = opts.ratePercent / 100 / opts.k;
  const balanceAfter = (payment: number) => {
    let balance = opts.amount;
    for (let j = 0; j < t; j++) balance = balance * (1 + i) - payment;
    return balance;
  };
  let lo = 0;
  let hi = opts.amount;
  for (let s = 0; s < 200; s++) {
    const mid = (lo + hi) / 2;
    if (balanceAfter(mid) > 0) lo = mid;
    else hi = mid;
  }
  const repayment = (lo + hi) / 2;
  const perRepaymentFee = (opts.monthlyFee * 12) / opts.k;
  const npv = (r: number) => {
    let outgoing = opts.fee; // C_0
    for (let j = 1; j <= t; j++) outgoing += (repayment + perRepaymentFee) / Math.pow(1 + r, j);
    return opts.amount - outgoing; // A_0 - sum(R_j + C_j) v^j
  };
  let a = 0;
  let b = 0.1;
  for (let s = 0; s < 200; s++) {
    const mid = (a + b) / 2;
    if (npv(mid) < 0)
      a = mid; // outgoing too large: rate must rise
    else b = mid;
  }
  return opts.nReg * ((a + b) / 2) * 100;
}

describe('comparison rate (reg 100)', () => {
  it('uses n = 12 / 26.09 / 52.18 and the $30,000 5-year standard example', () => {
    expect(COMPARISON_PERIODS_PER_YEAR).toMatchObject({ monthly: 12, fortnightly: 26.09, weekly: 52.18 });
    expect(STANDARD_EXAMPLE).toEqual({ amount: 30000, termYears: 5 });
  });

  it('monthly with no fees equals the interest rate', () => {
    expect(comparisonRate({ annualRatePercent: 10 })).toBeCloseTo(10, 9);
    expect(comparisonRate({ annualRatePercent: 8.38, amount: 45000, termYears: 7 })).toBeCloseTo(8.38, 9);
    expect(comparisonRate({ annualRatePercent: 0 })).toBeCloseTo(0, 9);
  });

  it('weekly with no fees is 52.18 / 52 of the rate (10% -> 10.0346%)', () => {
    expect(comparisonRate({ annualRatePercent: 10, frequency: 'weekly' })).toBeCloseTo((10 * 52.18) / 52, 9);
    expect(comparisonRate({ annualRatePercent: 10, frequency: 'fortnightly' })).toBeCloseTo((10 * 26.09) / 26, 9);
  });

  it('$395 establishment fee and $8 monthly fee on $30,000 at 10% monthly: 11.12%', () => {
    const rate = comparisonRate({ annualRatePercent: 10, upfrontFees: 395, monthlyFee: 8 });
    const expected = bruteForceComparisonRate({ amount: 30000, ratePercent: 10, k: 12, years: 5, nReg: 12, fee: 395, monthlyFee: 8 });
    expect(rate).toBeCloseTo(expected, 6);
    expect(formatRate(rate)).toBe('11.12%');
  });

  it('the same fees weekly: 11.17%', () => {
    const rate = comparisonRate({ annualRatePercent: 10, frequency: 'weekly', upfrontFees: 395, monthlyFee: 8 });
    const expected = bruteForceComparisonRate({ amount: 30000, ratePercent: 10, k: 52, years: 5, nReg: 52.18, fee: 395, monthlyFee: 8 });
    expect(rate).toBeCloseTo(expected, 6);
    expect(formatRate(rate)).toBe('11.17%');
  });

  it('a financed $1,300 fee: credit $31,300 at j = 0, the fee charged at j = 0', () => {
    const financed = comparisonRate({ annualRatePercent: 9.5, upfrontFees: 1300, feesFinanced: true });
    const expected = bruteForceComparisonRate({ amount: 31300, ratePercent: 9.5, k: 12, years: 5, nReg: 12, fee: 1300, monthlyFee: 0 });
    expect(financed).toBeCloseTo(expected, 6);
    // financing the fee spreads it over a larger loan, so it costs less than paying it from the $30,000
    expect(financed).toBeLessThan(comparisonRate({ annualRatePercent: 9.5, upfrontFees: 1300 }));
    expect(financed).toBeGreaterThan(9.5);
  });

  it('a balloon with no fees still equals the rate monthly', () => {
    expect(comparisonRate({ annualRatePercent: 10, balloon: 9000 })).toBeCloseTo(10, 9);
  });
});
