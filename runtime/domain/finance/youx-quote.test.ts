import { describe, expect, it } from 'vitest';
import { financeInfoFromQuote, parseFinanceQuote, shouldRequestQuote, youxQuoteRequest } from './youx-quote';
import { financeEligibility } from './display-rules';
import { httpQuoteProvider, localQuoteProvider } from './quote-providers';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const car = { price: 45990, year: 2021, vin: 'JTMBFREV10D012345', nvic: 'ABC123', youxQuote: null };
const defaults = withSettingsDefaults('finance');

describe('youx quote request (docs/requirements/dealer-services.md#states, #calls)', () => {
  it('only when the price is above 0 and no quote exists', () => {
    expect(shouldRequestQuote(car)).toBe(true);
    expect(shouldRequestQuote({ ...car, price: 0 })).toBe(false);
    expect(shouldRequestQuote({ ...car, price: null })).toBe(false);
    expect(shouldRequestQuote({ ...car, youxQuote: { weeklyRepaymentAmount: 120 } })).toBe(false);
  });

  it('body: GREAT credit, 5-year term, empty whoIsHelping', () => {
    expect(youxQuoteRequest(car, defaults)).toEqual({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 45990,
      loanTerm: 5,
      year: 2021,
      vin: 'JTMBFREV10D012345',
      nvic: 'ABC123',
      whoIsHelping: '',
    });
    expect(youxQuoteRequest({ price: 1000 }, defaults)).toMatchObject({ year: null, vin: null, nvic: null });
  });

  it('parses answers and refuses bodies without a weekly amount', () => {
    expect(parseFinanceQuote({ weeklyRepaymentAmount: 99, comparisonRate: 8.38, advertisedRate: 7.99 })).toEqual({
      weeklyRepaymentAmount: 99,
      comparisonRate: 8.38,
      advertisedRate: 7.99,
    });
    expect(parseFinanceQuote({ weeklyRepaymentAmount: '99' })).toBeNull();
    expect(parseFinanceQuote(null)).toBeNull();
  });
});

describe('local quote provider', () => {
  it('$45,990 over 5 years at the default 10%: $225 a week, comparison rate 10%', async () => {
    const quote = await localQuoteProvider(defaults).quote(youxQuoteRequest(car, defaults));
    expect(quote).toEqual({ weeklyRepaymentAmount: 225, comparisonRate: 10, advertisedRate: 10 });
  });
  it('no quote for a car without a price', async () => {
    expect(await localQuoteProvider(defaults).quote(youxQuoteRequest({ price: 0 }, defaults))).toBeNull();
  });
});

describe('http quote provider', () => {
  const answer = { weeklyRepaymentAmount: 131, comparisonRate: 9.12, advertisedRate: 8.99 };

  it('POSTs the JSON body to the configured URL and returns the quote', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    const provider = httpQuoteProvider({ url: '/api/youx/quote', fetch });
    expect(await provider.quote(youxQuoteRequest(car, defaults))).toEqual(answer);
    const [call] = calls;
    expect(call?.url).toBe('/api/youx/quote');
    expect(call?.init.method).toBe('POST');
    expect(JSON.parse(String(call?.init.body))).toEqual(youxQuoteRequest(car, defaults));
  });

  it('resolves to null on network errors, bad statuses, bad bodies and timeouts', async () => {
    const failing = [
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => new Response('oops', { status: 500 }),
      async () => new Response('not json', { status: 200 }),
      async (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    ];
    for (const fetch of failing) {
      const provider = httpQuoteProvider({ url: '/q', fetch: fetch as unknown as typeof globalThis.fetch, timeoutMs: 20 });
      await expect(provider.quote(youxQuoteRequest(car, defaults))).resolves.toBeNull();
    }
  });
});

describe('a quote as lender figures', () => {
  it('maps advertisedRate, comparisonRate and the weekly amount', () => {
    const info = financeInfoFromQuote({ weeklyRepaymentAmount: 131, comparisonRate: 9.12, advertisedRate: 8.99 });
    expect(info).toEqual({ interestRate: 8.99, comparisonRate: 9.12, paymentWeek: 131 });
    const now = new Date('2025-06-15');
    expect(financeEligibility({ ...car, status: 'in_stock', make: 'Kia' }, info, withSettingsDefaults('finance', { provider: 'youx' }), now).show).toBe(true);
    expect(
      financeEligibility({ ...car, status: 'in_stock', make: 'Kia' }, financeInfoFromQuote(null), withSettingsDefaults('finance', { provider: 'youx' }), now)
        .reason,
    ).toBe('lender-data-missing');
    expect(
      financeEligibility(
        { ...car, status: 'in_stock', make: 'Kia' },
        financeInfoFromQuote({ weeklyRepaymentAmount: 131, comparisonRate: null, advertisedRate: 8.99 }),
        withSettingsDefaults('finance', { provider: 'youx' }),
        now,
      ).reason,
    ).toBe('comparison-rate-missing');
  });
});
