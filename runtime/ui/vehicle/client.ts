// Browser helpers the vehicle page blocks share: the page's vehicle, the tracking hook and the finance quote.
import { useEffect, useState } from 'react';
import { parseFinanceQuote, quoteWanted, youxQuoteRequest, type ResolvedFinanceSettings, type FinanceQuote } from '../../domain/finance';
import type { VehiclePageData } from '../../page-data/types';
import { usePageData } from '../../renderer/site-context';

export const useVehicle = () => usePageData<VehiclePageData>();

/** POST JSON; resolves to the parsed answer, throws an Error with the server's message otherwise. */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(json?.message ?? `The server answered ${response.status}`);
  return json as T;
}

// One request per car for every block that wants the quote (sidebar and calculator).
const quotes = new Map<string, Promise<FinanceQuote | null>>();

interface QuoteCar {
  id: number | string;
  price?: number | null;
  year?: number | null;
  vin?: string | null;
  nvic?: string | null;
  youxQuote?: unknown;
}

/**
 * docs/requirements/dealer-services.md#states, #calls: a quote is requested (POST settings.quote.url, default /api/youx/quote) only where
 * quoteWanted says so; failures are ignored silently (null). The server asks first for the page it renders (pageQuote),
 * so blocks ask here only when the page came without a figure.
 */
export function useFinanceQuote(car: QuoteCar | undefined, finance: ResolvedFinanceSettings, wanted = true): FinanceQuote | null {
  const [quote, setQuote] = useState<FinanceQuote | null>(() => parseFinanceQuote(car?.youxQuote));
  useEffect(() => {
    if (!car || !wanted || !quoteWanted(car, finance)) return;
    const key = String(car.id);
    let pending = quotes.get(key);
    if (!pending) {
      pending = postJson<unknown>(finance.quote.url, youxQuoteRequest(car, finance)).then(parseFinanceQuote, () => null);
      quotes.set(key, pending);
    }
    let live = true;
    pending.then((q) => live && q && setQuote(q));
    return () => {
      live = false;
    };
  }, [car, finance, wanted]);
  return quote;
}
