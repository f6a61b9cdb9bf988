// Search state <-> URL (docs/requirements/vehicle-browsing.md#screens: "Query text, page, sortBy and refinement values are kept in
// the URL search parameters"; docs/requirements/vehicle-browsing.md#states: route state updates only when parameters actually changed).
import { isSortId, type SortId } from './sort-options';

/** Attributes refined with a min:max range (docs/requirements/vehicle-browsing.md#screens: price, km, year and subscription_price). */
export const RANGE_ATTRIBUTES = ['price', 'km', 'year', 'subscription_price'] as const;
export type RangeAttribute = (typeof RANGE_ATTRIBUTES)[number];

/** Facet attributes that may be refined from the URL (docs/requirements/vehicle-browsing.md#data "Search facets"). */
export const REFINEMENT_ATTRIBUTES = [
  'badge',
  'series',
  'status',
  'car_type',
  'categories',
  'city',
  'colour',
  'dealership_name',
  'filtered_features',
  'item_type',
  'location_name',
  'make',
  'make_model',
  'model',
  'price_range',
  'seats',
  'body',
  'drive',
  'fuel',
  'transmission',
  'state',
  'tag',
  'weekly_price_range',
  'certified',
  // index field names of the body, fuel, transmission and drive facets (car fields, docs/requirements/vehicle-browsing.md#data)
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'simple_drive',
] as const;

export interface SearchRoute {
  /** First path segment of /search/{segment}: a make, body, dealership or location slug, or a type slug. */
  make?: string;
  /** Second path segment of /search/{make}/{model}. */
  model?: string;
}

export interface SearchState {
  query: string;
  /** 1-based. */
  page: number;
  /** null means the site's default sort. */
  sortBy: SortId | null;
  /** attribute -> chosen values (OR within an attribute, AND across attributes). */
  refinements: Record<string, string[]>;
  /** attribute -> 'min:max' (either side may be empty). */
  ranges: Partial<Record<RangeAttribute, string>>;
  route: SearchRoute;
}

export const EMPTY_SEARCH_STATE: SearchState = { query: '', page: 1, sortBy: null, refinements: {}, ranges: {}, route: {} };

const isRefinementAttribute = (key: string) => (REFINEMENT_ATTRIBUTES as readonly string[]).includes(key);
const isRangeAttribute = (key: string): key is RangeAttribute => (RANGE_ATTRIBUTES as readonly string[]).includes(key);
const RANGE_VALUE = /^-?\d*(\.\d+)?:-?\d*(\.\d+)?$/;

function toParams(url: string | URL | URLSearchParams): URLSearchParams {
  if (url instanceof URLSearchParams) return url;
  if (url instanceof URL) return url.searchParams;
  const q = url.indexOf('?');
  return new URLSearchParams(q >= 0 ? url.slice(q + 1).split('#')[0] : url.includes('=') ? url : '');
}

/**
 * Public facet names whose shopper-facing values (SUV, Automatic, Petrol, AWD) live in the car's simple_* field: a link
 * written with the public name (`?transmission=Automatic`, a hero's `body=SUV`) refines the same field the search
 * page's facet lists do. The car's own `fuel` and `drive` hold longer descriptions, which no facet list offers.
 */
const URL_ATTRIBUTE_ALIASES: Readonly<Record<string, string>> = {
  body: 'simple_body',
  transmission: 'simple_transmission',
  fuel: 'simple_fuel',
  drive: 'simple_drive',
};

/** Reads the state from a URL (or its search params) and the /search/:make?/:model? route params. Unknown keys are ignored. */

export function parseSearchState(url: string | URL | URLSearchParams, routeParams: SearchRoute = {}): SearchState {
  const params = new URLSearchParams(toParams(url)); // a copy: the caller's URL is left alone
  for (const [alias, attribute] of Object.entries(URL_ATTRIBUTE_ALIASES)) {
    for (const value of params.getAll(alias)) params.append(attribute, value);
    params.delete(alias);
  }
  const refinements: Record<string, string[]> = {};
  const ranges: SearchState['ranges'] = {};
  for (const key of new Set(params.keys())) {
    if (isRangeAttribute(key)) {
      const value = params.get(key) ?? '';
      if (RANGE_VALUE.test(value) && value !== ':') ranges[key] = value;
    } else if (isRefinementAttribute(key)) {
      const values = [...new Set(params.getAll(key).filter((v) => v !== ''))];
      if (values.length) refinements[key] = values.sort();
    }
  }
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sortBy = params.get('sortBy');
  const route: SearchRoute = {};
  if (routeParams.make) route.make = routeParams.make.toLowerCase();
  if (routeParams.make && routeParams.model) route.model = routeParams.model.toLowerCase();
  return {
    query: (params.get('q') ?? '').trim(),
    page: Number.isFinite(page) && page > 1 ? page : 1,
    sortBy: isSortId(sortBy) ? sortBy : null,
    refinements,
    ranges,
    route,
  };
}

/**
 * Query string (without '?') in a stable order: q, page, sortBy, then attributes alphabetically with
 * their values sorted, so a shared URL reproduces the same results. Page 1 and empty parts are left out.
 * The route part stays in the path and is not serialised here.
 */
export function serializeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.query.trim()) params.append('q', state.query.trim());
  if (state.page > 1) params.append('page', String(state.page));
  if (state.sortBy) params.append('sortBy', state.sortBy);
  const entries: [string, string[]][] = [
    ...Object.entries(state.refinements).map(([k, v]): [string, string[]] => [k, [...new Set(v)].sort()]),
    ...Object.entries(state.ranges).map(([k, v]): [string, string[]] => [k, v ? [v] : []]),
  ];
  for (const [key, values] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const value of values) if (value !== '') params.append(key, value);
  }
  return params.toString();
}

/** docs/requirements/vehicle-browsing.md#states: the route state updates only when parameters actually changed (order of values does not count). */
export function searchStateChanged(a: SearchState, b: SearchState): boolean {
  return (
    serializeSearchState(a) !== serializeSearchState(b) || (a.route.make ?? '') !== (b.route.make ?? '') || (a.route.model ?? '') !== (b.route.model ?? '')
  );
}

// docs/requirements/vehicle-browsing.md#screens, #states: changing the query or a filter resets the page.

export function withQuery(state: SearchState, query: string): SearchState {
  return query.trim() === state.query ? state : { ...state, query: query.trim(), page: 1 };
}

/** Adds the value when absent, removes it when present. */
export function toggleRefinement(state: SearchState, attribute: string, value: string): SearchState {
  const current = state.refinements[attribute] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value].sort();
  const refinements = { ...state.refinements, [attribute]: next };
  if (!next.length) delete refinements[attribute];
  return { ...state, refinements, page: 1 };
}

/** Replaces an attribute's values (a select with an 'All' option passes []). */
export function setRefinement(state: SearchState, attribute: string, values: string[]): SearchState {
  const refinements = { ...state.refinements, [attribute]: [...new Set(values)].sort() };
  if (!values.length) delete refinements[attribute];
  return { ...state, refinements, page: 1 };
}

/** Sets a 'min:max' range; null clears it. */
export function setRange(state: SearchState, attribute: RangeAttribute, value: string | null): SearchState {
  const ranges = { ...state.ranges };
  if (value) ranges[attribute] = value;
  else delete ranges[attribute];
  return { ...state, ranges, page: 1 };
}

export function withSort(state: SearchState, sortBy: SortId | null): SearchState {
  return { ...state, sortBy, page: 1 };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** 'Clear Filters' (docs/requirements/vehicle-browsing.md#errors): drops query text, refinements and ranges; keeps the route and sort. */
export function clearFilters(state: SearchState): SearchState {
  return { ...state, query: '', refinements: {}, ranges: {}, page: 1 };
}

/** True when the state has any filter the user can clear. */
export function hasActiveFilters(state: SearchState): boolean {
  return state.query !== '' || Object.keys(state.refinements).length > 0 || Object.keys(state.ranges).length > 0;
}
