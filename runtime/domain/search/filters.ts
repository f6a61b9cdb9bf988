// Meilisearch filter expressions for the search page: visibility, the site's default filter, the
// /search/{segment} route, refinements and ranges (docs/requirements/vehicle-browsing.md#states, #validation,
// #constants; docs/requirements/dealer-services.md#states, #calls).
import { isVisibleInSearch, searchVisibilityFilter } from '../search-visibility';
import type { DefaultFilter } from './settings';
import type { SearchRoute } from './search-state';

/** Filter in Meilisearch array form: outer items AND, inner arrays OR. */
export type FilterClause = string | string[];

/** Quoted Meilisearch filter value. */
export function quoteFilterValue(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** URL slug of a name: 'Mercedes-Benz' -> 'mercedes-benz', 'Cab Chassis' -> 'cab-chassis'. Indexers use it for the *_slug fields. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** docs/requirements/vehicle-browsing.md#states / docs/requirements/dealer-services.md#states visibility as a filter:
 * the one rule in domain/search-visibility.ts. */
export function visibilityFilter(nowMs: number, soldVisibleDays: number): string {
  return searchVisibilityFilter(nowMs, soldVisibleDays);
}

export { isVisibleInSearch };

/** docs/requirements/vehicle-browsing.md#constants: a dealer's default filter (used only, in stock only, excluded makes and stock numbers). */
export function defaultFilterClauses(filter: DefaultFilter): FilterClause[] {
  const clauses: FilterClause[] = [];
  if (filter.usedOnly) clauses.push('car_type = "used"');
  if (filter.inStockOnly) clauses.push('status = "in_stock"');
  if (filter.excludedMakes.length) clauses.push(`make NOT IN [${filter.excludedMakes.map(quoteFilterValue).join(', ')}]`);
  if (filter.excludedStocknums.length) {
    clauses.push(`stocknum NOT IN [${filter.excludedStocknums.map(quoteFilterValue).join(', ')}]`);
  }
  return clauses;
}

/** The all-types search path segment (docs/requirements/dealer-services.md#screens default search path). */
const ALL_TYPES_SEGMENT = 'new-used-and-demo-cars';

/**
 * /search/{type}-cars segments (docs/requirements/dealer-services.md#screens: used-cars, new-and-demo-cars, {type}-cars): the car types
 * they name, or null when the segment is not a type segment.
 */
export function carTypesOfSegment(segment: string): string[] | null {
  if (segment === ALL_TYPES_SEGMENT) return [];
  const match = /^((?:new|used|demo)(?:-and-(?:new|used|demo))*)-cars$/.exec(segment);
  return match?.[1] ? match[1].split('-and-') : null;
}

/**
 * Index fields a /search/{segment} may name (docs/requirements/vehicle-browsing.md#screens make,
 * docs/requirements/dealer-services.md#screens body tiles, dealership and
 * location slugs). The index must store these slug fields (slugify of the name) as filterable attributes.
 */
export const ROUTE_SLUG_FIELDS = ['make_slug', 'body_slug', 'dealership_slug', 'location_slug'] as const;

export function routeFilterClauses(route: SearchRoute): FilterClause[] {
  if (!route.make) return [];
  const types = carTypesOfSegment(route.make);
  if (types) return types.length ? [types.map((t) => `car_type = ${quoteFilterValue(t)}`)] : [];
  const clauses: FilterClause[] = [ROUTE_SLUG_FIELDS.map((field) => `${field} = ${quoteFilterValue(route.make!)}`)];
  if (route.model) clauses.push(`model_slug = ${quoteFilterValue(route.model)}`);
  return clauses;
}

/** One OR group per refined attribute. */
export function refinementFilterClauses(refinements: Record<string, string[]>): FilterClause[] {
  return Object.keys(refinements)
    .sort()
    .filter((attribute) => refinements[attribute]?.length)
    .map((attribute) => (refinements[attribute] ?? []).map((value) => `${attribute} = ${quoteFilterValue(value)}`));
}

/** docs/requirements/vehicle-browsing.md#validation: range values are sent as 'min:max' -> 'price 10000 TO 20000'; an open side becomes >= or <=. */
export function rangeFilterClause(attribute: string, value: string): string | null {
  const [rawMin = '', rawMax = ''] = value.split(':');
  const min = rawMin === '' ? null : Number(rawMin);
  const max = rawMax === '' ? null : Number(rawMax);
  if ((min !== null && !Number.isFinite(min)) || (max !== null && !Number.isFinite(max))) return null;
  if (min !== null && max !== null) return `${attribute} ${Math.min(min, max)} TO ${Math.max(min, max)}`;
  if (min !== null) return `${attribute} >= ${min}`;
  if (max !== null) return `${attribute} <= ${max}`;
  return null;
}
