// The finance figure of a vehicle page ('Only $X /wk*', seed 001 §9): the site's lender's figures for the car,
// or a finance quote when the car carries none for that lender. The same figure decides whether the calculator
// blocks show (seed 000 §5: a provider is configured and the figure is above 0).
import { formatMoney } from '../format';
import { financeEligibility, type FinanceCar } from './display-rules';
import { financeInfoForLender } from './lenders';
import { resolveFinanceSettings, type FinanceSettings } from './settings';
import { financeInfoFromQuote, parseFinanceQuote, type FinanceQuote } from './youx-quote';

/** The provider whose figures come from a finance quote (POST settings.quote.url) rather than the feed's lender data. */
export const QUOTE_PROVIDER = 'youx';

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
 * On a quoting provider's site, `quote` is a quote fetched in the browser; the car's own youxQuote is used first.
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
  // A quote stands in for lender figures only on sites whose provider is the quoting service; every other provider
  // follows its own rule: no lender data, no finance (seed 001 §5).
  const usesQuote = lender === QUOTE_PROVIDER;
  const lenderInfo = usesQuote ? undefined : financeInfoForLender(car.finance_lenders ?? null, lender);
  const info = usesQuote ? financeInfoFromQuote(parseFinanceQuote(car.youxQuote) ?? quote ?? null) : lenderInfo;
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
