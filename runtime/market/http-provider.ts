// Market data from a hosted service that answers GET {baseUrl}{car path}/autogauge (docs/requirements/vehicle-browsing.md#calls).
import type { PriceComparisonData } from '../domain/vehicle/price-comparison';
import type { MarketDataProvider } from './types';

export interface HttpMarketProviderOptions {
  /** e.g. https://api.example.com ; the car's path (/cars/{slug}) and /autogauge are appended. */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

const NUMBER_FIELDS = ['fill', 'listing_price', 'market_range_min', 'market_range_max', 'confidence'] as const;

/** The answer checked field by field; null when a number is missing (docs/requirements/vehicle-browsing.md#states: missing fields hide the card). */
function parsePriceComparison(body: unknown): PriceComparisonData | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of NUMBER_FIELDS) {
    const value = typeof b[field] === 'string' ? Number(b[field]) : b[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    out[field] = value;
  }
  if (typeof b.description === 'string' && b.description.trim()) out.description = b.description;
  return out as unknown as PriceComparisonData;
}

export function httpMarketProvider(options: HttpMarketProviderOptions): MarketDataProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async priceComparison(car) {
      const path = car.path && car.path.startsWith('/') ? car.path : `/cars/${encodeURIComponent(car.slug)}`;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 8000);
      try {
        const response = await fetchImpl(`${base}${path}/autogauge`, {
          headers: { accept: 'application/json', ...options.headers },
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`market data service answered ${response.status}`);
        return parsePriceComparison(await response.json());
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
