// A saved search's own page query (same state, settings and list scope as its search page), so that what the account
// page counts as new and what an alert mail announces are the cars the search page shows.
import { matchPath } from 'react-router';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { listScopeFilter, parseSearchState, searchQueries } from '../../domain/search';
import { resolvedSettings } from '../../domain/settings';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import { listScopeOf } from '../../page-data/search';
import type { MultiSearchQuery } from '../../search/types';

/** The search page's main query for a saved path (none when the page would show no results), or null when the path
 *  is not a search page. */
export function savedSearchQuery(tenant: TenantDocument, path: string, nowMs: number): { main: MultiSearchQuery | undefined } | null {
  const url = new URL(path, 'http://site.invalid');
  const match = matchPath('/search/:make?/:model?', url.pathname);
  if (!match) return null;
  const state = parseSearchState(url, { make: match.params.make, model: match.params.model });
  const request = searchQueries(state, resolvedSettings(tenant.settings).search, { nowMs, fixedFilter: listScopeFilter(listScopeOf(tenant, url.pathname)) });
  return { main: request.queries[0] };
}

/** Of the given cars, those the saved search's page shows, in its order. */
export async function carsMatchingSearch(
  catalogue: CarCatalogue,
  tenant: TenantDocument,
  path: string,
  carIds: readonly number[],
  nowMs: number,
): Promise<number[]> {
  const main = savedSearchQuery(tenant, path, nowMs)?.main;
  if (!main || !carIds.length) return [];
  const filter = [...((main.filter as unknown[]) ?? []), `id IN [${carIds.map((id) => Math.trunc(id)).join(', ')}]`];
  const { results } = await catalogue.multiSearch(
    tenant,
    [{ ...main, filter: filter as never, hitsPerPage: carIds.length, page: 1, facets: [], attributesToRetrieve: ['id'] }],
    nowMs,
  );
  return (results[0]?.hits ?? []).map((h) => Number((h as { id: unknown }).id));
}
