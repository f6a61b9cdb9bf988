// Market price data for the price comparison card (docs/requirements/vehicle-browsing.md#data, #states, #calls: GET {api base}{car path}/autogauge),
// behind one interface (DESIGN.md principle 5): an HTTP adapter for a real service and a local provider.
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { PriceComparisonData } from '../domain/vehicle/price-comparison';

export interface MarketDataProvider {
  /** Market data for one car of a site, or null when there is none (the card then stays hidden). */
  priceComparison(car: Car, tenant: TenantDocument): Promise<PriceComparisonData | null>;
}
