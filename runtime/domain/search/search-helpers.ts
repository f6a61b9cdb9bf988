// Search helpers of docs/requirements/vehicle-browsing.md#calls answered on the server:
//   - the featured-list search helper: {search_filters, limit} -> a list of cars (home page and landing page lists),
//     ordered like the search page's 'Featured' sort (custom rank descending);
//   - the similar-cars id list by slug: the ids the similar cars carousel would show for a car.
// search_filters are a site's search filters: 'attribute:value' items (docs/requirements/dealer-services.md#calls: colons become equals), given as a
// list or as one comma-separated text; several values of one attribute mean any of them.
import { RANGE_ATTRIBUTES, REFINEMENT_ATTRIBUTES } from './search-state';
import { quoteFilterValue } from './filters';

const FEATURED_LIST_DEFAULT_LIMIT = 8;
const FEATURED_LIST_MAX_LIMIT = 50;
export const FEATURED_LIST_SORT: [string, ...string[]] = ['custom_rank:desc'];
const MAX_FILTER_ITEMS = 30;

const FILTERABLE = new Set<string>([...REFINEMENT_ATTRIBUTES, ...RANGE_ATTRIBUTES, 'dealership_slug', 'location_slug', 'make_slug', 'body_slug', 'stocknum']);

export class SearchHelperError extends Error {}

/** Meilisearch filter clauses (AND of ORs) from a site's search filters; throws SearchHelperError with the reason. */
export function searchFiltersToClauses(input: unknown): (string | string[])[] {
  if (input === undefined || input === null || input === '') return [];
  const items = typeof input === 'string' ? input.split(',') : Array.isArray(input) ? input : null;
  if (!items) throw new SearchHelperError('search_filters must be a list of "attribute:value" texts');
  if (items.length > MAX_FILTER_ITEMS) throw new SearchHelperError(`search_filters may have at most ${MAX_FILTER_ITEMS} items`);
  const byAttribute = new Map<string, string[]>();
  items.forEach((raw, i) => {
    if (typeof raw !== 'string') throw new SearchHelperError(`search_filters[${i}] must be an "attribute:value" text`);
    const item = raw.trim();
    if (!item) return;
    const at = item.search(/[:=]/);
    if (at <= 0) throw new SearchHelperError(`search_filters[${i}] "${item.slice(0, 80)}" must be "attribute:value"`);
    const attribute = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (!FILTERABLE.has(attribute)) throw new SearchHelperError(`search_filters[${i}]: "${attribute.slice(0, 40)}" is not a filterable attribute`);
    if (!value) throw new SearchHelperError(`search_filters[${i}]: ${attribute} has no value`);
    let clause: string;
    if ((RANGE_ATTRIBUTES as readonly string[]).includes(attribute)) {
      // 'price:10000:30000' is a range (docs/requirements/vehicle-browsing.md#validation 'min:max'); 'year:2020' one value
      const [min, max] = value.split(':').map((v) => (v === '' ? null : Number(v)));
      if ([min, max].some((v) => v !== null && v !== undefined && !Number.isFinite(v)))
        throw new SearchHelperError(`search_filters[${i}]: ${attribute} must be a number or "min:max"`);
      clause =
        max === undefined
          ? `${attribute} = ${min}`
          : [min !== null ? `${attribute} >= ${min}` : '', max !== null ? `${attribute} <= ${max}` : ''].filter(Boolean).join(' AND ');
      if (!clause) return;
    } else clause = `${attribute} = ${quoteFilterValue(value)}`;
    byAttribute.set(attribute, [...(byAttribute.get(attribute) ?? []), clause]);
  });
  return [...byAttribute.values()].map((clauses) => (clauses.length === 1 ? (clauses[0] ?? clauses) : clauses));
}

/** The limit asked for, or the default; throws when it is not a whole number from 1 to the maximum. */
export function featuredListLimit(input: unknown): number {
  if (input === undefined || input === null || input === '') return FEATURED_LIST_DEFAULT_LIMIT;
  const n = typeof input === 'string' ? Number(input) : input;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > FEATURED_LIST_MAX_LIMIT)
    throw new SearchHelperError(`limit must be a whole number from 1 to ${FEATURED_LIST_MAX_LIMIT}`);
  return n;
}

/** The one search query of the featured-list helper. */
export function featuredListQuery(body: { search_filters?: unknown; limit?: unknown }, indexUid: string) {
  return { indexUid, q: '', filter: searchFiltersToClauses(body.search_filters), sort: FEATURED_LIST_SORT, limit: featuredListLimit(body.limit) };
}
