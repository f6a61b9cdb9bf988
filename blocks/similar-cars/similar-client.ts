// Browser side of the similar cars carousel (docs/requirements/vehicle-browsing.md#calls): one multi-search through POST /api/search (or Meilisearch
// directly: runtime/ui/search-transport.ts) with the
// queries of similarCarsQueries, answered within the site's scope, merged into up to 6 cars unique by id.
import type { Car } from '../../schemas/generated/car';
import type { ResolvedVehicleSimilarCarsSettings } from '../../runtime/domain/settings';
import { mergeSimilarCars, similarCarsQueries, type SimilarSourceCar } from '../../runtime/domain/vehicle';

import { blockHydration } from '../../runtime/renderer/block-hydration';
import { SEARCH_ENDPOINT, searchFetch } from '../../runtime/ui/search-transport';

/**
 * docs/requirements/vehicle-browsing.md#constants: the search triggers 500 px before the section is visible. The block
 * hydrates as far ahead (its schema's x-hydrate-margin), so the figure is read from there.
 */
export const TRIGGER_MARGIN_PX = blockHydration('similar-cars').margin ?? 0;

export type FetchLike = (input: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/** The multi-search body for a car: {queries: [{indexUid, q, filter, limit, facets, attributesToHighlight}]}. */
export const similarCarsRequest = (car: SimilarSourceCar, settings: ResolvedVehicleSimilarCarsSettings) => ({ queries: similarCarsQueries(car, settings) });

export async function fetchSimilarCars(
  car: SimilarSourceCar,
  settings: ResolvedVehicleSimilarCarsSettings,
  { signal, fetchImpl = searchFetch }: { signal?: AbortSignal; fetchImpl?: FetchLike } = {},
): Promise<Car[]> {
  const response = await fetchImpl(SEARCH_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(similarCarsRequest(car, settings)),
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? `The search answered ${response.status}`);
  }
  const answer = (await response.json()) as { results?: { hits?: Car[] }[] };
  if (!Array.isArray(answer?.results)) throw new Error('The search answer has no results list');
  return mergeSimilarCars(
    answer.results.map((r) => ({ hits: Array.isArray(r?.hits) ? r.hits : [] })),
    car,
    settings,
  );
}
