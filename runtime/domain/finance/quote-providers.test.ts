import { describe, expect, it } from 'vitest';
import { localQuoteProvider, pageQuote, quoteWanted } from './quote-providers';
import { youxQuoteRequest } from './youx-quote';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const car = { price: 45990, year: 2021, vin: 'JTMBFREV10D012345', nvic: 'ABC123', youxQuote: null };
const youx = withSettingsDefaults('finance', { provider: 'youx', calculator: { interest: { default: 8.5, locked: true } } });

/** A fetch that records its calls and answers each with `answer`. */
function recordingFetch(answer: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('the quote a car page is rendered with', () => {
  it('is wanted only where the quoting service is one of the site lenders, the price is above 0 and the car has no quote', () => {
    expect(quoteWanted(car, youx)).toBe(true);
    expect(quoteWanted(car, withSettingsDefaults('finance', { provider: 'manual' }))).toBe(false);
    expect(quoteWanted(car, withSettingsDefaults('finance', { provider: 'manual', lenders: ['manual', 'youx'] }))).toBe(true);
    expect(quoteWanted({ ...car, price: 0 }, youx)).toBe(false);
    expect(quoteWanted({ ...car, youxQuote: { weeklyRepaymentAmount: 120 } }, youx)).toBe(false);
  });

  it("on the site's own quote route, is the local provider's answer, as that route gives it", async () => {
    const { calls, fetch } = recordingFetch({ weeklyRepaymentAmount: 1 });
    const expected = await localQuoteProvider(youx).quote(youxQuoteRequest(car, youx));
    expect(expected?.weeklyRepaymentAmount).toBeGreaterThan(0);
    expect(await pageQuote(car, youx, fetch)).toEqual(expected);
    expect(calls).toEqual([]);
  });

  it('at another address, is posted there with the quote body', async () => {
    const answer = { weeklyRepaymentAmount: 131, comparisonRate: 9.12, advertisedRate: 8.99 };
    const { calls, fetch } = recordingFetch(answer);
    const settings = { ...youx, quote: { ...youx.quote, url: 'https://quotes.example.com/quote' } };
    expect(await pageQuote(car, settings, fetch)).toEqual(answer);
    expect(calls).toEqual([{ url: 'https://quotes.example.com/quote', body: youxQuoteRequest(car, settings) }]);
  });

  it('is null, asking nobody, where none is wanted', async () => {
    const { calls, fetch } = recordingFetch({ weeklyRepaymentAmount: 131 });
    const elsewhere = { quote: { url: 'https://quotes.example.com/quote' } };
    expect(await pageQuote(car, withSettingsDefaults('finance', { provider: 'taurus', ...elsewhere }), fetch)).toBeNull();
    expect(await pageQuote({ ...car, price: 0 }, { ...youx, quote: { ...youx.quote, ...elsewhere.quote } }, fetch)).toBeNull();
    expect(calls).toEqual([]);
  });
});
