// The models a site shows, with From prices: the catalogue's list price, or else the lowest new price in the site's
// own visible stock (searched through the site's scope, so a price is never from another dealer's car).
import type { TenantDocument } from '../../schemas/generated/tenant';
import { modelFromPrice, type Model } from '../domain/models';
import { quoteFilterValue } from '../domain/search/filters';
import type { CarCatalogue } from '../inventory/car-catalogue';
import type { CatalogueModel } from './catalogue';
import { modelsForTenant } from './scope';

/** Stock prices are kept this long per site: the stock's visibility changes by the day, not by the second. */
const PRICE_CACHE_MS = 60_000;
const cache = new WeakMap<object, { at: number; prices: Map<string, number | null> }>();

const keyOf = (m: CatalogueModel) => `${m.make}|${m.stockModel}`;

type StockSearch = Pick<CarCatalogue, 'multiSearch' | 'indexUid'>;

/** Lowest new price (> 0) in the site's visible stock for each model, null where it has none. */
async function lowestNewPrices(
  tenant: TenantDocument,
  stock: StockSearch,
  models: readonly CatalogueModel[],
  nowMs: number,
): Promise<Map<string, number | null>> {
  const prices = new Map<string, number | null>();
  if (!models.length) return prices;
  const queries = models.map((m) => ({
    indexUid: stock.indexUid,
    q: '',
    filter: ['car_type = "new"', 'price > 0', `make = ${quoteFilterValue(m.make)}`, `model = ${quoteFilterValue(m.stockModel)}`],
    sort: ['price:asc'],
    limit: 1,
    attributesToRetrieve: ['price'],
  }));
  const { results } = await stock.multiSearch(tenant, queries, nowMs);
  models.forEach((m, i) => {
    const price = (results[i]?.hits[0] as { price?: unknown } | undefined)?.price;
    prices.set(keyOf(m), typeof price === 'number' ? price : null);
  });
  return prices;
}

/**
 * The site's models with From prices filled in. Without a stock service (tests, editor previews) the catalogue
 * prices stand alone.
 */
export async function siteModels(tenant: TenantDocument, stock: StockSearch | undefined, nowMs = Date.now()): Promise<Model[]> {
  const entries = modelsForTenant(tenant);
  const unpriced = entries.filter((e) => e.model.from_price === null && e.model.status !== 'coming_soon');
  let prices = new Map<string, number | null>();
  if (stock && unpriced.length) {
    const hit = cache.get(tenant);
    if (hit && nowMs - hit.at < PRICE_CACHE_MS) prices = hit.prices;
    else {
      prices = await lowestNewPrices(tenant, stock, unpriced, nowMs);
      cache.set(tenant, { at: nowMs, prices });
    }
  }
  return entries.map((e) => ({ ...e.model, from_price: modelFromPrice(e.model.from_price, prices.get(keyOf(e))) }));
}
