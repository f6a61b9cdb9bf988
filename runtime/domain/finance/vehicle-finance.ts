// The finance figure of a car ('Only $X /wk*', docs/requirements/dealer-services.md#constants) wherever finance shows: search cards, similar cars,
// watchlist, compare, the vehicle sidebar and the calculator's starting state. The site's lender (or a quote) decides
// whether finance shows and gives the loan (rate, term, deposit, balloon); the figure is the calculator's repayment for
// that loan on the car's price, so the card, the sidebar and the calculator can never disagree. The same figure
// decides whether the calculator blocks show (docs/requirements/vehicle-browsing.md#validation: a provider is configured and the figure is above 0).
import { formatMoney } from '../format';
import { calculate, type CalculatorInputs } from './calculator';
import { financeEligibility, type FinanceCar } from './display-rules';
import { financeInfoForLender } from './lenders';
import type { LenderId, ResolvedFinanceSettings } from './settings';
import { offerEndText, siteLenders, type CarFinanceLenders, type CarLenderInfo } from './site-lenders';
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
  /** docs/requirements/dealer-services.md#constants: 'Offer ends 31/12/2026' on Angle finance; null for other lenders or without a date. */
  offerEndText: string | null;
  interestRate: number | null;
  comparisonRate: number | null;
  /** The loan the figure repays: the calculator on the car's page starts from it. */
  loan: CalculatorInputs;
}

/**
 * The figure of the first of the site's lenders (settings.finance.lenders, else its provider) whose finance shows for
 * the car, or null when none does (docs/requirements/dealer-services.md#validation rules). For the quoting provider, `quote` is a quote fetched in the
 * browser; the car's own youxQuote is used first.
 */
export function vehicleFinanceFigure(
  car: VehicleFinanceCar,
  financeSettings: ResolvedFinanceSettings,
  quote?: FinanceQuote | null,
  now: Date = new Date(),
): VehicleFinanceFigure | null {
  const settings = financeSettings;
  for (const lender of siteLenders(settings)) {
    const figure = lenderFigure(car, settings, lender, quote ?? null, now);
    if (figure) return figure;
  }
  return null;
}

function lenderFigure(
  car: VehicleFinanceCar,
  financeSettings: ResolvedFinanceSettings,
  lender: LenderId,
  quote: FinanceQuote | null,
  now: Date,
): VehicleFinanceFigure | null {
  // A quote stands in for lender figures only for the quoting service; every other lender follows its own rule:
  // no lender data, no finance (docs/requirements/dealer-services.md#validation).
  const usesQuote = lender === QUOTE_PROVIDER;
  const lenderInfo = usesQuote ? undefined : financeInfoForLender(car.finance_lenders ?? null, lender);
  const info = usesQuote ? financeInfoFromQuote(parseFinanceQuote(car.youxQuote) ?? quote) : lenderInfo;
  if (!info || !financeEligibility(car, info, financeSettings, now, lender).show) return null;
  const weekly = info.paymentWeek ?? 0;
  const monthly = 'paymentMonth' in info ? (info.paymentMonth ?? 0) : 0;
  if (!(weekly > 0) && !(monthly > 0)) return null;
  const period = weekly > 0 ? ('wk' as const) : ('mo' as const);
  const loan = figureLoan(car, financeSettings, usesQuote ? null : (lenderInfo ?? null), info.interestRate ?? null, period);
  const amount = calculate(loan, financeSettings).repayment;
  // at or below the minimum repayment the calculator says 'Enquire for Finance': no figure to advertise
  if (amount === null) return null;
  return {
    amount,
    period,
    text: `Only ${formatMoney(amount)} /${period}*`,
    source: lenderInfo ? 'lender' : 'quote',
    lender,
    offerEndText: offerEndText(lender, lenderInfo),
    interestRate: info.interestRate ?? null,
    comparisonRate: info.comparisonRate ?? null,
    loan,
  };
}

const positive = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);
const nonNegative = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/**
 * The loan behind a car's figure: the car's price, and the lender's rate, term, deposit and balloon where its data
 * gives them (a quote: its advertised rate over the quoted term), else the site's calculator defaults. A site whose
 * interest rate is locked keeps its own rate.
 */
function figureLoan(
  car: VehicleFinanceCar,
  financeSettings: ResolvedFinanceSettings,
  lenderInfo: CarLenderInfo | null,
  rate: number | null,
  period: 'wk' | 'mo',
): CalculatorInputs {
  const settings = financeSettings;
  const c = settings.calculator;
  const months = positive(lenderInfo?.termMonths);
  const termYears = lenderInfo ? (positive(lenderInfo.termYears) ?? (months ? months / 12 : null)) : settings.quote.loanTermYears;
  return {
    amount: car.price ?? 0,
    deposit: nonNegative(lenderInfo?.deposit) ?? c.deposit.default,
    residual: nonNegative(lenderInfo?.balloon) ?? c.residual.default,
    termYears: termYears ?? c.term.default,
    interestRate: c.interest.locked ? c.interest.default : (nonNegative(rate) ?? c.interest.default),
    frequency: period === 'wk' ? 'weekly' : 'monthly',
  };
}

/** A car list's repayment line ('$162 per week', docs/requirements/vehicle-browsing.md#screens). */
export interface CardFinanceFigure {
  amount: number;
  /** '$162' */
  text: string;
  suffix: 'per week';
}

/**
 * The weekly figure of a car in a list (search cards, similar cars, watchlist, compare, carousels): the car page's own
 * figure, so a card never shows finance its page does not. Lists speak of weeks only: a lender that gives monthly
 * figures shows none there.
 */
export function cardFinanceFigure(car: VehicleFinanceCar, financeSettings: ResolvedFinanceSettings, now: Date = new Date()): CardFinanceFigure | null {
  const figure = vehicleFinanceFigure(car, financeSettings, null, now);
  if (!figure || figure.period !== 'wk') return null;
  return { amount: figure.amount, text: formatMoney(figure.amount), suffix: 'per week' };
}
