// A saved search's own page query (same state, settings and list scope as its search page), so that what the account
// page counts as new and what an alert mail announces are the cars the search page shows.
import { matchPath } from 'react-router';
import type { Car } from '../../../schemas/generated/car';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { listScopeFilter, parseSearchState, searchQueries } from '../../domain/search';
import { resolvedSettings } from '../../domain/settings';
import { CarCatalogue } from '../../inventory/car-catalogue';
import { listScopeOf } from '../../page-data/search';
import { EmbeddedSearchEngine } from '../../search';
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

export type ChangedCarsMatcher = (path: string) => Promise<number[]>;

/**
 * Which of a period's changed cars each saved search page shows, in its order. A search can only gain cars that changed,
 * so the page's own query (savedSearchQuery, as the account page's count) runs over a small index of just those cars
 * rather than over the whole stock: a few hundred distinct pages cost milliseconds each instead of a scan of every car.
 * The small index is the same engine and the same search documents, so a car matches here exactly when it would on
 * the page.
 */
export async function changedCarsMatcher(
  catalogue: Pick<CarCatalogue, 'carById'>,
  tenant: TenantDocument,
  carIds: readonly number[],
  nowMs: number,
): Promise<ChangedCarsMatcher> {
  const cars = [...new Set(carIds)].flatMap((id) => {
    const car: Car | undefined = catalogue.carById(id);
    return car ? [car] : [];
  });
  if (!cars.length) return async () => [];
  const changed = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  return async (path) => {
    const main = savedSearchQuery(tenant, path, nowMs)?.main;
    if (!main) return [];
    const { results } = await changed.multiSearch(tenant, [{ ...main, hitsPerPage: cars.length, page: 1, facets: [], attributesToRetrieve: ['id'] }], nowMs);
    return (results[0]?.hits ?? []).map((h) => Number((h as { id: unknown }).id));
  };
}
