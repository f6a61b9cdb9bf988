// The finance figure of a vehicle page ('Only $X /wk*', seed 001 §9): the site's lender's figures for the car,
// or a finance quote when the car carries none for that lender. The same figure decides whether the calculator
// blocks show (seed 000 §5: a provider is configured and the figure is above 0).
import { formatMoney } from '../format';
import { financeEligibility, type FinanceCar } from './display-rules';
import { financeInfoForLender } from './lenders';
import { resolveFinanceSettings, type FinanceSettings } from './settings';
import { financeInfoFromQuote, parseFinanceQuote, type FinanceQuote } from './youx-quote';

export interface VehicleFinanceCar extends FinanceCar {
  finance_lenders?: Record<string, { interestRate?: number | null; comparisonRate?: number | null; paymentWeek?: number | null; paymentMonth?: number | null }> | null;
  youxQuote?: unknown;
}

export interface VehicleFinanceFigure {
  amount: number;
  period: 'wk' | 'mo';
  /** 'Only $147 /wk*' */
  text: string;
  source: 'lender' | 'quote';
  interestRate: number | null;
  comparisonRate: number | null;
}

/**
 * The figure for the site's provider, or null when finance does not show for this car (seed 001 §5 rules).
 * `quote` is a quote fetched in the browser; the car's own youxQuote is used first.
 */
export function vehicleFinanceFigure(
  car: VehicleFinanceCar,
  financeSettings: FinanceSettings,
  quote?: FinanceQuote | null,
  now: Date = new Date(),
): VehicleFinanceFigure | null {
  const settings = resolveFinanceSettings(financeSettings);
  if (settings.hidden || settings.provider === 'none') return null;
  const lender = settings.provider;
  const lenderInfo = lender === 'youx' ? undefined : financeInfoForLender(car.finance_lenders ?? null, lender);
  const carQuote = parseFinanceQuote(car.youxQuote);
  const info = lenderInfo ?? financeInfoFromQuote(carQuote ?? quote ?? null);
  if (!financeEligibility(car, info, financeSettings, now, lender).show || !info) return null;
  const weekly = info.paymentWeek ?? 0;
  const monthly = 'paymentMonth' in info ? (info.paymentMonth ?? 0) : 0;
  const [amount, period] = weekly > 0 ? [Math.ceil(weekly), 'wk' as const] : [Math.ceil(monthly), 'mo' as const];
  if (!(amount > 0)) return null;
  return {
    amount,
    period,
    text: `Only ${formatMoney(amount)} /${period}*`,
    source: lenderInfo ? 'lender' : 'quote',
    interestRate: info.interestRate ?? null,
    comparisonRate: info.comparisonRate ?? null,
  };
}
