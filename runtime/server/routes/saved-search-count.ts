// New cars for a saved search (beyond the seeds): the saved search page's own main query (same state, settings and
// list scope as the page), narrowed to cars created after the shopper last looked.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { savedSearchQuery } from '../../accounts/alerts/search-match';
import { totalHitsOf } from '../../search/types';
import type { CarCatalogue } from '../../inventory/car-catalogue';

export async function newCarsSince(catalogue: CarCatalogue, tenant: TenantDocument, path: string, sinceMs: number, nowMs = Date.now()): Promise<number | null> {
  const query = savedSearchQuery(tenant, path, nowMs);
  if (!query) return null;
  const { main } = query;
  if (!main) return 0;
  const filter = [...((main.filter as unknown[]) ?? []), `created_at_timestamp > ${Math.floor(sinceMs / 1000)}`];
  const { results } = await catalogue.multiSearch(tenant, [{ ...main, filter: filter as never, hitsPerPage: 0, page: 1, facets: [] }], nowMs);
  const [result] = results;
  return result ? totalHitsOf(result) : 0;
}
