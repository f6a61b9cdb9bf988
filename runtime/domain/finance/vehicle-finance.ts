// The finance figure of a vehicle page ('Only $X /wk*', seed 001 §9): the site's lender's figures for the car,
// or a finance quote when the car carries none for that lender. The same figure decides whether the calculator
// blocks show (seed 000 §5: a provider is configured and the figure is above 0).
import { formatMoney } from '../format';
import { financeEligibility, type FinanceCar } from './display-rules';
import { financeInfoForLender } from './lenders';
import { resolveFinanceSettings, type FinanceSettings, type LenderId } from './settings';
import { offerEndText, siteLenders, type CarFinanceLenders } from './site-lenders';
import { financeInfoFromQuote, parseFinanceQuote, type FinanceQuote } from './youx-quote';

/** The provider whose figures come from a finance quote (POST settings.quote.url) rather than the feed's lender data. */
export const QUOTE_PROVIDER = 'youx';

export interface VehicleFinanceCar extends FinanceCar {
  finance_lenders?: CarFinanceLenders;
  youxQuote?: unknown;
}

export interface VehicleFinanceFigure {
  amount: number;
  period: 'wk' | 'mo';
  /** 'Only $147 /wk*' */
  text: string;
  source: 'lender' | 'quote';
  /** The lender whose figure this is (the first of the site's lenders whose rules pass). */
  lender: LenderId;
  /** seed 001 §9: 'Offer ends 31/12/2026' on Angle finance; null for other lenders or without a date. */
  offerEndText: string | null;
  interestRate: number | null;
  comparisonRate: number | null;
}

/**
 * The figure of the first of the site's lenders (settings.finance.lenders, else its provider) whose finance shows for
 * the car, or null when none does (seed 001 §5 rules). For the quoting provider, `quote` is a quote fetched in the
 * browser; the car's own youxQuote is used first.
 */
export function vehicleFinanceFigure(
  car: VehicleFinanceCar,
  financeSettings: FinanceSettings,
  quote?: FinanceQuote | null,
  now: Date = new Date(),
): VehicleFinanceFigure | null {
  const settings = resolveFinanceSettings(financeSettings);
  for (const lender of siteLenders(settings)) {
    const figure = lenderFigure(car, settings, lender, quote ?? null, now);
    if (figure) return figure;
  }
  return null;
}

function lenderFigure(
  car: VehicleFinanceCar,
  financeSettings: FinanceSettings,
  lender: LenderId,
  quote: FinanceQuote | null,
  now: Date,
): VehicleFinanceFigure | null {
  // A quote stands in for lender figures only for the quoting service; every other lender follows its own rule:
  // no lender data, no finance (seed 001 §5).
  const usesQuote = lender === QUOTE_PROVIDER;
  const lenderInfo = usesQuote ? undefined : financeInfoForLender(car.finance_lenders ?? null, lender);
  const info = usesQuote ? financeInfoFromQuote(parseFinanceQuote(car.youxQuote) ?? quote) : lenderInfo;
  if (!info || !financeEligibility(car, info, financeSettings, now, lender).show) return null;
  const weekly = info.paymentWeek ?? 0;
  const monthly = 'paymentMonth' in info ? (info.paymentMonth ?? 0) : 0;
  const [amount, period] = weekly > 0 ? [Math.ceil(weekly), 'wk' as const] : [Math.ceil(monthly), 'mo' as const];
  if (!(amount > 0)) return null;
  return {
    amount,
    period,
    text: `Only ${formatMoney(amount)} /${period}*`,
    source: lenderInfo ? 'lender' : 'quote',
    lender,
    offerEndText: offerEndText(lender, lenderInfo),
    interestRate: info.interestRate ?? null,
    comparisonRate: info.comparisonRate ?? null,
  };
}
