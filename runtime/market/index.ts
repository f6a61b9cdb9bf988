// The market data provider for this server: the hosted service when MARKET_API_URL is set, otherwise the local one.
import { httpMarketProvider } from './http-provider';
import { localMarketProvider, type ComparableSearch } from './local-provider';
import type { MarketDataProvider } from './types';

export * from './types';

export function createMarketProvider(catalogue: () => ComparableSearch | undefined, env: Record<string, string | undefined> = process.env): MarketDataProvider {
  const baseUrl = env.MARKET_API_URL;
  return baseUrl
    ? httpMarketProvider({ baseUrl, headers: env.MARKET_API_KEY ? { authorization: `Bearer ${env.MARKET_API_KEY}` } : undefined })
    : localMarketProvider(catalogue);
}
