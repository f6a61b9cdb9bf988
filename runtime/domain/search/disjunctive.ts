// Disjunctive faceting, as Meilisearch front ends do it: values are OR-ed within an attribute and
// AND-ed across attributes, and each refined attribute's counts come from a query without its own
// refinement, so choosing "Toyota" still shows how many Mazdas there are.
import { equalsFilter, filterParts } from './filter-text.js';
import type { Document, MultiSearchQuery, MultiSearchResult, SearchEngine, SearchParams, SearchResponse } from '../../search/types.js';

export type Refinements = Record<string, (string | number | boolean)[]>;

function refinementParts(refinements: Refinements, except?: string): string[][] {
  return Object.entries(refinements)
    .filter(([attribute, values]) => attribute !== except && values.length > 0)
    .map(([attribute, values]) => values.map((v) => equalsFilter(attribute, v)));
}

function refinedAttributes(refinements: Refinements): string[] {
  return Object.keys(refinements).filter((a) => (refinements[a]?.length ?? 0) > 0);
}

/** The main query (all refinements) first, then one facet-only query per refined attribute. */
export function buildDisjunctiveQueries(indexUid: string, base: SearchParams, refinements: Refinements): [MultiSearchQuery, ...MultiSearchQuery[]] {
  const baseParts = filterParts(base.filter);
  const main: MultiSearchQuery = { ...base, indexUid, filter: [...baseParts, ...refinementParts(refinements)] };
  const perFacet = refinedAttributes(refinements).map((attribute): MultiSearchQuery => {
    const { page, hitsPerPage, offset, limit, sort, ...rest } = base;
    const usesPages = page !== undefined || hitsPerPage !== undefined;
    return {
      ...rest,
      indexUid,
      filter: [...baseParts, ...refinementParts(refinements, attribute)],
      facets: [attribute],
      ...(usesPages ? { hitsPerPage: 0 } : { limit: 0 }),
    };
  });
  return [main, ...perFacet];
}

/** The main response with each refined attribute's distribution taken from its own query. */
export function mergeDisjunctiveResults<T>(results: MultiSearchResult<T>[], refinements: Refinements): SearchResponse<T> {
  const [main, ...perFacet] = results;
  if (!main) throw new Error('A disjunctive search has no answer to its main query');
  const { indexUid: _ignored, ...response } = main;
  const attributes = refinedAttributes(refinements);
  const facetDistribution = { ...(response.facetDistribution ?? {}) };
  attributes.forEach((attribute, i) => {
    const counts = perFacet[i]?.facetDistribution?.[attribute];
    if (counts) facetDistribution[attribute] = counts;
  });
  const facetStats = { ...(response.facetStats ?? {}) };
  attributes.forEach((attribute, i) => {
    const stats = perFacet[i]?.facetStats?.[attribute];
    if (stats) facetStats[attribute] = stats;
  });
  return { ...response, facetDistribution, facetStats } as SearchResponse<T>;
}

export async function disjunctiveSearch<T = Document>(
  engine: SearchEngine,
  indexUid: string,
  base: SearchParams,
  refinements: Refinements,
): Promise<SearchResponse<T>> {
  const { results } = await engine.multiSearch<T>({ queries: buildDisjunctiveQueries(indexUid, base, refinements) });
  return mergeDisjunctiveResults(results, refinements);
}
