// New cars for a saved search (beyond the seeds): the saved search page's own main query (same state, settings and
// list scope as the page), narrowed to cars created after the shopper last looked.
import { matchPath } from 'react-router';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { listScopeFilter, parseSearchState, searchQueries } from '../../domain/search';
import { resolvedSettings } from '../../domain/settings';
import { listScopeOf } from '../../page-data/search';
import { totalHitsOf } from '../../search/types';
import type { CarCatalogue } from '../../inventory/car-catalogue';

export async function newCarsSince(catalogue: CarCatalogue, tenant: TenantDocument, path: string, sinceMs: number, nowMs = Date.now()): Promise<number | null> {
  const url = new URL(path, 'http://site.invalid');
  const match = matchPath('/search/:make?/:model?', url.pathname);
  if (!match) return null;
  const state = parseSearchState(url, { make: match.params.make, model: match.params.model });
  const request = searchQueries(state, resolvedSettings(tenant.settings).search, {
    nowMs,
    fixedFilter: listScopeFilter(listScopeOf(tenant, url.pathname)),
  });
  const [main] = request.queries;
  if (!main) return 0;
  const filter = [...((main.filter as unknown[]) ?? []), `created_at_timestamp > ${Math.floor(sinceMs / 1000)}`];
  const { results } = await catalogue.multiSearch(tenant, [{ ...main, filter: filter as never, hitsPerPage: 0, page: 1, facets: [] }], nowMs);
  const [result] = results;
  return result ? totalHitsOf(result) : 0;
}
