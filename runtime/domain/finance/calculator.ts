// Finance calculator state: defaults, and the figures shown for a set of inputs
// (docs/requirements/dealer-services.md#screens finance calculator, #states, #validation, #constants).
import { formatMoney, formatNumber } from '../format';
import type { CalculatorCar } from './bounds';
import { comparisonRate, formatRate, STANDARD_EXAMPLE } from './comparison-rate';
import { repaymentFor, ENQUIRE_FOR_FINANCE, type RepaymentFrequency } from './repayment';
import type { ResolvedFinanceSettings } from './settings';
import { lenderEstablishmentFee, lenderInterestRange } from './site-lenders';

export { calculatorBounds, clampCalculatorInput, financeQuickPicks } from './bounds';
export type { CalculatorCar, FieldBounds } from './bounds';
export { onceTracker, FINANCE_CALCULATOR_EVENT_ID } from './calculator-event';

export interface CalculatorInputs {
  /** Loan amount / purchase price in dollars. */
  amount: number;
  /** Deposit or trade-in in dollars. */
  deposit: number;
  /** Residual (balloon) in dollars. */
  residual: number;
  termYears: number;
  /** Annual interest rate in percent. */
  interestRate: number;
  frequency: RepaymentFrequency;
}

/** docs/requirements/dealer-services.md#constants: 30000, or the car price in car-price mode (30000 when the car has no price). */
export function defaultLoanAmount(financeSettings: ResolvedFinanceSettings, car?: CalculatorCar): number {
  const { amount } = financeSettings.calculator;
  const price = car?.price ?? 0;
  return amount.defaultMode === 'car-price' && price > 0 ? price : amount.default;
}

function clampToRange(value: number, range: { min: number; max: number } | null): number {
  return range ? Math.min(range.max, Math.max(range.min, value)) : value;
}

/** The calculator's starting inputs for a site and car. */
export function defaultCalculatorInputs(financeSettings: ResolvedFinanceSettings, car?: CalculatorCar): CalculatorInputs {
  const { calculator: c } = financeSettings;
  return {
    amount: defaultLoanAmount(financeSettings, car),
    deposit: c.deposit.default,
    residual: c.residual.default,
    termYears: c.term.default,
    // a lender's interest range (docs/requirements/dealer-services.md#validation) keeps the default inside it
    interestRate: clampToRange(c.interest.default, c.interest.locked ? null : lenderInterestRange(financeSettings)),
    frequency: c.frequency,
  };
}

export interface FeeLine {
  label: string;
  amount: number;
  /** '$912.25' (cents kept for fees). */
  text: string;
}

interface CalculatorFees {
  /** Fees added to the amount financed (establishment and other fees). */
  upfront: FeeLine[];
  /** Account fee per month, paid with the repayments; 0 when none. */
  monthly: number;
  upfrontTotal: number;
  /** Whether the site shows fee lines (settings.calculator.showFees). */
  shown: boolean;
}

export interface CalculatorResult {
  amountFinanced: number;
  /** Whole dollars, or null when 'Enquire for Finance' shows. */
  repayment: number | null;
  repaymentText: string;
  repaymentLabel: string;
  /** Total payable, or null (blank) when 'Enquire for Finance' shows. */
  total: number | null;
  totalText: string;
  fees: CalculatorFees;
  /** Comparison rate of the standard example ($30,000 over 5 years, monthly) in percent. */
  comparisonRate: number;
  comparisonRateText: string;
  /** 'Only $147 /wk*', or 'Enquire for Finance'. */
  display: string;
}

/** '$912.25', or '$395' for whole dollars. */
export function formatFee(amount: number): string {
  return Number.isInteger(amount) ? formatMoney(amount) : `$${formatNumber(amount, 2)}`;
}

const ESTABLISHMENT_FEE_LABEL = 'Establishment fee';

/** docs/requirements/dealer-services.md#constants: the establishment fee, or the lender's fee the site picked (1300 or 1360.5 for Angle). */
function establishmentFee(financeSettings: ResolvedFinanceSettings): number {
  return lenderEstablishmentFee(financeSettings) ?? financeSettings.calculator.establishmentFee;
}

function calculatorFees(financeSettings: ResolvedFinanceSettings): CalculatorFees {
  const { calculator: c } = financeSettings;
  const establishment = establishmentFee(financeSettings);
  const lines = [
    ...(establishment > 0 ? [{ label: ESTABLISHMENT_FEE_LABEL, amount: establishment }] : []),
    ...c.otherFees.map((fee) => ({ label: fee.label, amount: fee.amount })),
  ];
  const upfront = lines.map((line) => ({ ...line, text: formatFee(line.amount) }));
  return {
    upfront,
    monthly: c.monthlyFee,
    upfrontTotal: upfront.reduce((sum, line) => sum + line.amount, 0),
    shown: c.showFees,
  };
}

/** Repayment, total, fees and comparison rate for the calculator's inputs. */
export function calculate(inputs: CalculatorInputs, financeSettings: ResolvedFinanceSettings): CalculatorResult {
  const settings = financeSettings;
  const c = settings.calculator;
  const fees = calculatorFees(settings);
  // Fees are financed: added to the price less deposit (shared/FINANCE.md: P).
  const amountFinanced = Math.max(0, inputs.amount - inputs.deposit) + fees.upfrontTotal;
  const result = repaymentFor(
    {
      principal: amountFinanced,
      annualRatePercent: inputs.interestRate,
      termYears: inputs.termYears,
      frequency: inputs.frequency,
      balloon: inputs.residual,
    },
    { rounding: c.rounding, minimumRepayment: c.minimumRepayment, monthlyFee: c.monthlyFee },
  );
  // Government charges are not credit fees (reg 100), so they stay out of the comparison rate.
  const creditFees = establishmentFee(settings) + c.otherFees.filter((fee) => !fee.government).reduce((sum, fee) => sum + fee.amount, 0);
  const rate = comparisonRate({
    annualRatePercent: inputs.interestRate,
    amount: STANDARD_EXAMPLE.amount,
    termYears: STANDARD_EXAMPLE.termYears,
    frequency: 'monthly',
    upfrontFees: creditFees,
    feesFinanced: true,
    monthlyFee: c.monthlyFee,
  });
  const repaymentText = result.repayment === null ? ENQUIRE_FOR_FINANCE : formatMoney(result.repayment);
  return {
    amountFinanced,
    repayment: result.repayment,
    repaymentText,
    repaymentLabel: result.label,
    total: result.totalPayable,
    totalText: result.totalPayable === null ? '' : formatMoney(result.totalPayable),
    fees,
    comparisonRate: rate,
    comparisonRateText: formatRate(rate),
    // docs/requirements/dealer-services.md#constants: weekly price shown as 'Only $X /wk*'
    display: result.repayment === null ? ENQUIRE_FOR_FINANCE : `Only ${repaymentText} /${result.label}*`,
  };
}

export type FeeListPlace = 'calculator' | 'finance-card';

/**
 * docs/requirements/dealer-services.md#constants (one brand shows fees: establishment $395, security registration $6, monthly account admin $8, dealer
 * agency fee $912.25): the site's fee lines where settings.calculator.feeListPlacement puts them, none when showFees
 * is off. Establishment fee first, then the other fees in the site's order, then the monthly account fee.
 */
export function feeList(financeSettings: ResolvedFinanceSettings, place: FeeListPlace): FeeLine[] {
  const { calculator: c } = financeSettings;
  if (!c.showFees) return [];
  const placed = c.feeListPlacement === 'calculator-and-finance-card' || c.feeListPlacement === place;
  if (!placed) return [];
  const fees = calculatorFees(financeSettings);
  const monthly = c.monthlyFee > 0 ? [{ label: c.monthlyFeeLabel, amount: c.monthlyFee, text: formatFee(c.monthlyFee) }] : [];
  // the order of docs/requirements/dealer-services.md#constants: the lender's fees (establishment, then government charges), the monthly fee, then the
  // dealer's own fees: "establishment $395, security registration $6, monthly account admin $8, dealer agency fee $912.25".
  const isDealerFee = (line: { label: string }) => c.otherFees.some((fee) => fee.label === line.label && !fee.government);
  const lenderFees = fees.upfront.filter((line) => !isDealerFee(line));
  const dealerFees = fees.upfront.filter(isDealerFee);
  return [...lenderFees, ...monthly, ...dealerFees];
}
