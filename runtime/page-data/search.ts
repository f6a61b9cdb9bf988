// /search/:make?/:model? and /special-offers bind the search once: the state from the URL and route, and the first
// page of results (docs/requirements/vehicle-browsing.md#calls: server-rendered, custom rank descending), which the car-search block hydrates with.
import { matchPath } from 'react-router';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { walkBlocks, type BlockNode } from '../document/blocks';
import { makeSearchSlug, modelSlug } from '../domain/make-names';
import { makeModelName } from '../domain/vehicle/vehicle-title';
import { modelCatalogue } from '../models';
import {
  carTypesOfSegment,
  listScopeFilter,
  parseSearchState,
  promoPositions,
  searchKey,
  searchQueries,
  searchResultsFrom,
  serializeSearchState,
  type ListScope,
  type SearchResults,
  type SearchState,
} from '../domain/search';
import { resolvedSettings } from '../domain/settings';
import type { PageDataSource } from '../renderer/types';
import { sameSecondMemo } from './same-second-memo';

/** "data": "search": what every block of a search page reads with usePageData<SearchPageData>(). */
export interface SearchPageData {
  state: SearchState;
  /** Path and canonical query of the search these results answer (the browser cache key). */
  key: string;
  results: SearchResults<Car> | null;
  /** Set when the search failed; the page then shows the message instead of results. */
  error?: string;
  /** The server's clock for promo start / expiry on the first render (the browser must not read its own then). */
  nowMs: number;
  /** Promo grid positions for this visit (docs/requirements/vehicle-browsing.md#screens: the first one may be randomised within 3 of its base). */
  promoPositions: number[];
  /** The make and model of a /search/{make}/{model} page as shoppers read them ('Mazda BT-50'). */
  routeName?: string;
}

export const SEARCH_FAILED_MESSAGE = 'Sorry, we could not load the cars right now. Please try again.';

/** The list scope of the page's car-search block (its offers variant narrows every query). */
export function listScopeOf(tenant: TenantDocument, pathname: string): ListScope {
  for (const [route, page] of Object.entries(tenant.pages)) {
    if (route === '*' || !matchPath(route, pathname)) continue;
    for (const { block } of walkBlocks((page.blocks ?? []) as unknown as BlockNode[])) {
      if (block.type === 'car-search') return (block.props ?? {}) as ListScope;
    }
  }
  return {};
}

/**
 * The make and model of '/search/mazda/bt-50' as shoppers read them, 'Mazda BT-50': spelt as the catalogue or the stock
 * spells them (BT-50, D-MAX, C-Class), found by their address slugs; an unknown slug falls back to its words. Type and
 * plain search pages have none.
 */
export function searchRouteName(route: SearchState['route'], stockMakeModels: readonly string[] = []): string | undefined {
  const segment = route.make;
  if (!segment || carTypesOfSegment(segment)) return undefined;
  const known = [
    ...modelCatalogue().map((m) => [m.make, m.stockModel]),
    ...stockMakeModels.map((mm): [string, string | undefined] => {
      const [make = '', model] = mm.split(':');
      return [make, model];
    }),
  ];
  const ofMake = known.filter(([make]) => makeSearchSlug(make) === segment);
  const words = (s: string) =>
    s
      .split('-')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ');
  const make = ofMake[0]?.[0] ?? words(segment);
  if (!route.model) return makeModelName(make);
  const model = ofMake.find(([m, model]) => model && modelSlug(m, model) === route.model)?.[1];
  return model ? makeModelName(make, model) : `${makeModelName(make)} ${words(route.model)}`;
}

/** '/search/mazda/bt-50' is titled 'Mazda BT-50 for Sale'; type and plain search pages keep the page title. */
export function searchPageTitle(route: SearchState['route'], stockMakeModels: readonly string[] = []): string | undefined {
  const name = searchRouteName(route, stockMakeModels);
  return name ? `${name} for Sale` : undefined;
}

const search: PageDataSource = async ({ tenant, params, url, now, services }) => {
  const settings = resolvedSettings(tenant.settings).search;
  const state = parseSearchState(url, { make: params.make, model: params.model });
  const nowMs = now.getTime();
  const data: SearchPageData = {
    state,
    key: searchKey(url.pathname, serializeSearchState(state)),
    results: null,
    nowMs,
    promoPositions: promoPositions(settings.promoPositions, settings.randomiseFirstPromoPosition),
  };
  const request = searchQueries(state, settings, { nowMs, fixedFilter: listScopeFilter(listScopeOf(tenant, url.pathname)) });
  try {
    if (!services.catalogue) throw new Error('no car catalogue on this server');
    const catalogue = services.catalogue;
    data.results = await sameSecondMemo(tenant, JSON.stringify(request), catalogue, nowMs, async () => {
      const { results } = await catalogue.multiSearch(tenant, request.queries, nowMs);
      return searchResultsFrom(results, request) as SearchResults<Car>;
    });
  } catch (error) {
    console.error(`search page data failed (tenant ${tenant.slug}, ${url.pathname}${url.search})`, error);
    data.error = SEARCH_FAILED_MESSAGE;
  }
  const routeName = searchRouteName(state.route, Object.keys(data.results?.facets.make_model ?? {}));
  if (routeName) data.routeName = routeName;
  return { data, ...(routeName ? { meta: { title: `${routeName} for Sale` } } : {}) };
};

export default search;
