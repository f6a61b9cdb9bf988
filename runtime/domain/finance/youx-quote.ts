// Youx finance quote: when to ask and what to send (docs/requirements/dealer-services.md#states, #calls, #constants).
import type { ResolvedFinanceSettings } from './settings';

/** The car fields the quote reads. */
export interface QuoteCar {
  price?: number | null;
  year?: number | null;
  vin?: string | null;
  nvic?: string | null;
  youxQuote?: unknown;
}

/** Body of POST /api/youx/quote (docs/requirements/dealer-services.md#calls). */
export interface YouxQuoteRequest {
  selfAssessedCreditScore: string;
  purchasePrice: number;
  loanTerm: number;
  year: number | null;
  vin: string | null;
  nvic: string | null;
  whoIsHelping: string;
}

/** Answer of a quote (docs/requirements/dealer-services.md#data Youx quote). */
export interface FinanceQuote {
  weeklyRepaymentAmount: number;
  comparisonRate: number | null;
  advertisedRate: number | null;
}

/** docs/requirements/dealer-services.md#states: a quote is requested only when price is above 0 and no quote exists yet. */
export function shouldRequestQuote(car: QuoteCar): boolean {
  return (car.price ?? 0) > 0 && car.youxQuote == null;
}

/** docs/requirements/dealer-services.md#calls: { selfAssessedCreditScore: 'GREAT', purchasePrice, loanTerm: 5, year, vin, nvic, whoIsHelping: '' }. */
export function youxQuoteRequest(car: QuoteCar, financeSettings: ResolvedFinanceSettings): YouxQuoteRequest {
  const { quote } = financeSettings;
  return {
    selfAssessedCreditScore: quote.creditScore,
    purchasePrice: car.price ?? 0,
    loanTerm: quote.loanTermYears,
    year: car.year ?? null,
    vin: car.vin ?? null,
    nvic: car.nvic ?? null,
    whoIsHelping: '',
  };
}

/** A quote answer checked field by field; null when it is not a usable quote. */
export function parseFinanceQuote(body: unknown): FinanceQuote | null {
  if (typeof body !== 'object' || body === null) return null;
  const { weeklyRepaymentAmount, comparisonRate, advertisedRate } = body as Record<string, unknown>;
  const rate = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const weekly = rate(weeklyRepaymentAmount);
  if (weekly === null) return null;
  return { weeklyRepaymentAmount: weekly, comparisonRate: rate(comparisonRate), advertisedRate: rate(advertisedRate) };
}

/** A quote as lender figures, so financeEligibility can judge a Youx site like any other lender. */
export function financeInfoFromQuote(quote: FinanceQuote | null | undefined) {
  if (!quote) return undefined;
  return {
    interestRate: quote.advertisedRate,
    comparisonRate: quote.comparisonRate,
    paymentWeek: quote.weeklyRepaymentAmount,
  };
}
