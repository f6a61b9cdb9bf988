// Australian comparison rate, National Consumer Credit Protection Regulations 2010 reg 100
// (shared/FINANCE.md): rate = n x r x 100%, r solving
//   sum A_j / (1+r)^j = sum (R_j + C_j) / (1+r)^j,  j = 0..t.
import { exactRepayment, feePerRepayment, repaymentCount, type RepaymentFrequency } from './repayment';

// reg 100: 52.18 repayments a year for weekly and 26.09 for fortnightly, not 52 and 26.
export const COMPARISON_PERIODS_PER_YEAR: Record<RepaymentFrequency, number> = {
  weekly: 52.18,
  fortnightly: 26.09,
  monthly: 12,
  yearly: 1,
};

// docs/requirements/dealer-services.md#constants: standard example, a 5-year secured consumer fixed rate loan of $30,000.
export const STANDARD_EXAMPLE = { amount: 30000, termYears: 5 } as const;

export interface ComparisonRateInput {
  /** Nominal annual interest rate in percent. */
  annualRatePercent: number;
  /** Credit provided at j = 0 (default: the standard example's $30,000). */
  amount?: number;
  termYears?: number;
  frequency?: RepaymentFrequency;
  /** Establishment (and other non-government up-front) fees, C_0. */
  upfrontFees?: number;
  /** true: up-front fees are added to the loan, so repayments carry them (default false: paid at j = 0). */
  feesFinanced?: boolean;
  /** Account fee per month; charged with each repayment (C_j, j >= 1). */
  monthlyFee?: number;
  /** Balloon paid with the last repayment. */
  balloon?: number;
}

interface CashFlows {
  /** Net credit at j = 0: A_0 - C_0. */
  netAdvance: number;
  /** Level outgoing per repayment R + C_j for j = 1..t. */
  payment: number;
  balloon: number;
  t: number;
}

function cashFlows(input: ComparisonRateInput): CashFlows {
  const amount = input.amount ?? STANDARD_EXAMPLE.amount;
  const termYears = input.termYears ?? STANDARD_EXAMPLE.termYears;
  const frequency = input.frequency ?? 'monthly';
  const fees = input.upfrontFees ?? 0;
  const financed = input.feesFinanced ?? false;
  const balloon = input.balloon ?? 0;
  const principal = financed ? amount + fees : amount;
  const repayment = exactRepayment({ principal, annualRatePercent: input.annualRatePercent, termYears, frequency, balloon });
  return {
    // A financed fee is both credit provided and a fee charged at j = 0, so it nets out.
    netAdvance: principal - fees,
    payment: repayment + feePerRepayment(input.monthlyFee ?? 0, frequency),
    balloon,
    t: repaymentCount(termYears, frequency),
  };
}

/** Present value of the repayments at rate r per interval, and its derivative in r. */
function presentValue(flows: CashFlows, r: number): { value: number; slope: number } {
  const { payment, balloon, t } = flows;
  if (Math.abs(r) < 1e-12) {
    return { value: payment * t + balloon, slope: -(payment * t * (t + 1)) / 2 - balloon * t };
  }
  const discount = Math.pow(1 + r, -t);
  const annuity = (1 - discount) / r;
  const annuitySlope = ((t * discount * r) / (1 + r) - (1 - discount)) / (r * r);
  return {
    value: payment * annuity + balloon * discount,
    slope: payment * annuitySlope - (t * balloon * discount) / (1 + r),
  };
}

/** Rate per repayment interval r that equates the net advance with the repayments (Newton's method). */
function comparisonRatePerInterval(input: ComparisonRateInput): number {
  const flows = cashFlows(input);
  if (flows.t <= 0 || flows.netAdvance <= 0) return NaN;
  const frequency = input.frequency ?? 'monthly';
  let r = input.annualRatePercent / 100 / COMPARISON_PERIODS_PER_YEAR[frequency];
  for (let step = 0; step < 100; step++) {
    const { value, slope } = presentValue(flows, r);
    const next = r - (value - flows.netAdvance) / slope;
    if (!Number.isFinite(next) || next <= -1) return NaN;
    if (Math.abs(next - r) < 1e-15) return next;
    r = next;
  }
  return r;
}

/** Comparison rate in percent a year (n x r x 100). */
export function comparisonRate(input: ComparisonRateInput): number {
  const frequency = input.frequency ?? 'monthly';
  return COMPARISON_PERIODS_PER_YEAR[frequency] * comparisonRatePerInterval(input) * 100;
}

/** '8.38%': two decimals, as lenders publish comparison rates. */
export function formatRate(percent: number): string {
  return Number.isFinite(percent) ? `${percent.toFixed(2)}%` : '';
}
