// Finance quotes behind one interface (DESIGN.md principle 5): a local provider that works
// offline from the repayment and comparison-rate rules, and an HTTP adapter.
import { comparisonRate } from './comparison-rate';
import { repaymentFor } from './repayment';
import type { ResolvedFinanceSettings } from './settings';
import { lenderEstablishmentFee, siteLenders } from './site-lenders';
import { QUOTE_PROVIDER } from './vehicle-finance';
import { parseFinanceQuote, shouldRequestQuote, youxQuoteRequest, type FinanceQuote, type QuoteCar, type YouxQuoteRequest } from './youx-quote';

export interface FinanceQuoteProvider {
  /** A quote, or null when none is available (docs/requirements/dealer-services.md#calls: failures are ignored silently). */
  quote(request: YouxQuoteRequest): Promise<FinanceQuote | null>;
}

/** Quotes from the site's calculator settings (default rate 10%, fees included), weekly, rounded as set. */
export function localQuoteProvider(financeSettings: ResolvedFinanceSettings): FinanceQuoteProvider {
  const { calculator: c } = financeSettings;
  const establishment = lenderEstablishmentFee(financeSettings) ?? c.establishmentFee;
  const fees = establishment + c.otherFees.reduce((sum, fee) => sum + fee.amount, 0);
  const creditFees = establishment + c.otherFees.filter((fee) => !fee.government).reduce((sum, fee) => sum + fee.amount, 0);
  return {
    async quote(request) {
      if (!(request.purchasePrice > 0) || !(request.loanTerm > 0)) return null;
      const result = repaymentFor(
        { principal: request.purchasePrice + fees, annualRatePercent: c.interest.default, termYears: request.loanTerm, frequency: 'weekly' },
        { rounding: c.rounding, minimumRepayment: c.minimumRepayment, monthlyFee: c.monthlyFee },
      );
      if (result.repayment === null) return null;
      return {
        weeklyRepaymentAmount: result.repayment,
        comparisonRate:
          Math.round(comparisonRate({ annualRatePercent: c.interest.default, upfrontFees: creditFees, feesFinanced: true, monthlyFee: c.monthlyFee }) * 100) /
          100,
        advertisedRate: c.interest.default,
      };
    },
  };
}

export interface HttpQuoteProviderOptions {
  /** Where the request is posted (settings.quote.url, default '/api/youx/quote'). */
  url: string;
  fetch?: typeof globalThis.fetch;
  /** Give up after this long (ms); a slow quote is as good as none. */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** POSTs the request as JSON; any failure (network, status, body, timeout) resolves to null. */
export function httpQuoteProvider(options: HttpQuoteProviderOptions): FinanceQuoteProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return {
    async quote(request) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 8000);
      try {
        const response = await fetchImpl(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
          body: JSON.stringify(request),
          signal: controller.signal,
        });
        if (!response.ok) return null;
        return parseFinanceQuote(await response.json());
      } catch {
        return null; // docs/requirements/dealer-services.md#calls: failure ignored silently
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Whether a car's page asks for a quote (docs/requirements/dealer-services.md#states, #calls): only where the quoting
 * service is one of the lenders the site shows (settings.finance.lenders, else its provider), the price is above 0 and
 * the car has no quote yet.
 */
export function quoteWanted(car: QuoteCar, financeSettings: ResolvedFinanceSettings): boolean {
  return shouldRequestQuote(car) && siteLenders(financeSettings).includes(QUOTE_PROVIDER);
}

/**
 * The quote a car's page is rendered with, asked for on the server so that the page's first HTML has the finance
 * figure and no script has to fetch it. An address on this site is its own quote route, answered by the local
 * provider as that route answers; another address is posted to. Null when none is wanted or none came.
 */
export function pageQuote(car: QuoteCar, financeSettings: ResolvedFinanceSettings, fetchImpl?: typeof globalThis.fetch): Promise<FinanceQuote | null> {
  if (!quoteWanted(car, financeSettings)) return Promise.resolve(null);
  const { url } = financeSettings.quote;
  const provider = url.startsWith('/') ? localQuoteProvider(financeSettings) : httpQuoteProvider({ url, fetch: fetchImpl });
  return provider.quote(youxQuoteRequest(car, financeSettings));
}
