// Loan repayment with a balloon (shared/FINANCE.md) and the seed's display rules.
import type { RoundingMode } from './settings';

export type RepaymentFrequency = 'weekly' | 'fortnightly' | 'monthly' | 'yearly';

// docs/requirements/dealer-services.md#states, #constants: weekly 52, fortnightly 26, monthly 12; labels wk, fn, mo, yr
export const PERIODS_PER_YEAR: Record<RepaymentFrequency, number> = {
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
  yearly: 1,
};

export const FREQUENCY_LABELS: Record<RepaymentFrequency, string> = {
  weekly: 'wk',
  fortnightly: 'fn',
  monthly: 'mo',
  yearly: 'yr',
};

export const ENQUIRE_FOR_FINANCE = 'Enquire for Finance'; // docs/requirements/dealer-services.md#validation, #errors

export interface LoanTerms {
  /** Amount financed in dollars (price less deposit, plus financed fees). */
  principal: number;
  /** Nominal annual rate in percent (10 means 10% p.a.). */
  annualRatePercent: number;
  termYears: number;
  frequency: RepaymentFrequency;
  /** Balloon (residual) due with the last repayment, in dollars. */
  balloon?: number;
}

/** Number of repayments: periods a year x years, whole repayments only. */
export function repaymentCount(termYears: number, frequency: RepaymentFrequency): number {
  return Math.round(PERIODS_PER_YEAR[frequency] * termYears);
}

/** Exact (unrounded) repayment per period; FINANCE.md formula, i = a / k. */
export function exactRepayment(loan: LoanTerms): number {
  const n = repaymentCount(loan.termYears, loan.frequency);
  if (n <= 0) return 0;
  const balloon = loan.balloon ?? 0;
  const i = loan.annualRatePercent / 100 / PERIODS_PER_YEAR[loan.frequency];
  if (i === 0) return (loan.principal - balloon) / n;
  const growth = Math.pow(1 + i, n);
  return ((loan.principal - balloon / growth) * i) / (1 - 1 / growth);
}

// Float noise (e.g. 500.0000000001) must not add a dollar.
const CENT_TOLERANCE = 1e-7;

/** Whole dollars: up to the next dollar, or down for the lender that rounds down (docs/requirements/dealer-services.md#constants). */
export function roundRepayment(value: number, rounding: RoundingMode = 'up'): number {
  return rounding === 'down' ? Math.floor(value + CENT_TOLERANCE) : Math.ceil(value - CENT_TOLERANCE);
}

/** Monthly fee charged with each repayment of another frequency (12 monthly fees a year spread evenly). */
export function feePerRepayment(monthlyFee: number, frequency: RepaymentFrequency): number {
  return (monthlyFee * 12) / PERIODS_PER_YEAR[frequency];
}

export interface RepaymentOptions {
  rounding?: RoundingMode;
  /** At or below this the repayment is not shown (docs/requirements/dealer-services.md#validation: $25). */
  minimumRepayment?: number;
  /** Account fee per month, paid with the repayments. */
  monthlyFee?: number;
  /** Fees paid outside the loan (added to the total payable only). */
  upfrontFees?: number;
}

export interface RepaymentResult {
  /** Rounded repayment including any account fee, or null when 'Enquire for Finance' is shown. */
  repayment: number | null;
  /** Unrounded loan repayment, without account fees. */
  exact: number;
  periods: number;
  label: string;
  /** Repayments x periods + balloon + fees outside the loan; null (blank) with 'Enquire for Finance'. */
  totalPayable: number | null;
  /** 'Enquire for Finance' when the repayment is at or below the minimum. */
  message: string | null;
}

/** Repayment, total payable and the seed's $25 rule for one loan. */
export function repaymentFor(loan: LoanTerms, options: RepaymentOptions = {}): RepaymentResult {
  const periods = repaymentCount(loan.termYears, loan.frequency);
  const exact = exactRepayment(loan);
  const fee = feePerRepayment(options.monthlyFee ?? 0, loan.frequency);
  const repayment = roundRepayment(exact + fee, options.rounding ?? 'up');
  const label = FREQUENCY_LABELS[loan.frequency];
  // docs/requirements/dealer-services.md#validation: at or below $25 shows 'Enquire for Finance' and blanks the total
  if (!(repayment > (options.minimumRepayment ?? 25))) {
    return { repayment: null, exact, periods, label, totalPayable: null, message: ENQUIRE_FOR_FINANCE };
  }
  const totalPayable = repayment * periods + (loan.balloon ?? 0) + (options.upfrontFees ?? 0);
  return { repayment, exact, periods, label, totalPayable, message: null };
}
