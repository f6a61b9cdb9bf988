// The hit count shown on the search page (docs/requirements/vehicle-browsing.md#constants; docs/requirements/dealer-services.md#constants).
import { HIT_COUNT_TRUST_LIMIT } from './constants';

/**
 * Our reading of "When the hit count exceeds 1999 the count is summed across facets; a configured stock
 * count is used instead": above 1999 the engine's count is an estimate capped by its hit limit, so the
 * page sums the value counts of one facet every car has exactly one value of (car_type by default); a
 * site with a configured stock count shows that number instead of the sum. Up to 1999 the count is used as is.
 */
export function resultCount(
  count: number,
  facets: Record<string, Record<string, number>> | undefined,
  { configuredStockCount = null, countFacet = 'car_type' }: { configuredStockCount?: number | null; countFacet?: string } = {},
): number {
  if (count <= HIT_COUNT_TRUST_LIMIT) return count;
  if (typeof configuredStockCount === 'number') return configuredStockCount;
  const values = facets?.[countFacet];
  if (!values) return count;
  return Object.values(values).reduce((sum, n) => sum + n, 0);
}
