// Offline market data: comparable cars (same make and model) in the site's own stock, via the catalogue's
// scoped search, estimated by the domain rule localMarketEstimate.
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { localMarketEstimate, type LocalEstimateOptions } from '../domain/vehicle/local-market-estimate';
import { priceDisplay } from '../domain/vehicle/price-display';
import type { SearchParams } from '../search/types';
import type { MarketDataProvider } from './types';
import { resolvedSettings } from '../domain/settings';

/** What the local provider needs of the catalogue (CarCatalogue.search). */
export interface ComparableSearch {
  search(tenant: TenantDocument, params: SearchParams): Promise<{ hits: unknown[] }>;
}

const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The search for comparable cars: same make and model, priced, any status the site shows. */
function comparableQuery(car: Pick<Car, 'make' | 'model'>, limit = 100): SearchParams {
  return {
    q: '',
    filter: [`make = ${quoted(car.make)}`, `model = ${quoted(car.model)}`, 'price > 0'],
    limit,
    attributesToRetrieve: ['id', 'make', 'model', 'year', 'km', 'price', 'car_type'],
  };
}

export function localMarketProvider(catalogue: () => ComparableSearch | undefined, options: LocalEstimateOptions = {}): MarketDataProvider {
  return {
    async priceComparison(car, tenant) {
      const search = catalogue();
      if (!search) return null;
      const { hits } = await search.search(tenant, comparableQuery(car));
      // The listing price is the one the page shows (an offer price when there is one).
      const shown = priceDisplay(car, { ...resolvedSettings(tenant.settings).vehicle.price, subscriptionsEnabled: false });
      const listed = shown.kind === 'price' ? { ...car, price: shown.amount } : car;
      return localMarketEstimate(listed, hits as Car[], options);
    },
  };
}
