// The conformance queries and their hand-worked answers on FIXTURE_CARS (see search-conformance-fixture.ts).
import { FIXTURE_NOW } from './search-conformance-fixture.js';
import type { FacetDistribution, FacetStats, SearchParams } from '../runtime/search/types.js';

export interface ConformanceCase {
  name: string;
  params: SearchParams;
  /** Hit ids in order (non-text queries, and text queries whose order is fixed by the ranking rules). */
  ids?: number[];
  /** Hit ids as a set, for text queries (engines may break relevance ties differently). */
  idSet?: number[];
  total?: number;
  facetDistribution?: FacetDistribution;
  facetStats?: FacetStats;
  /** Pagination fields expected in the response. */
  pagination?: Record<string, number>;
  error?: { code: string; message?: string };
}

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const filter = (name: string, f: SearchParams['filter'], ids: number[]): ConformanceCase => ({
  name,
  params: { filter: f, limit: 20 },
  ids,
  total: ids.length,
});

export const CONFORMANCE_CASES: ConformanceCase[] = [
  // Filters: every operator.
  filter('= on a string', 'make = Toyota', [1, 2, 3, 4, 5]),
  filter('= is case-insensitive and takes quotes', 'make = "toyota"', [1, 2, 3, 4, 5]),
  filter('!= includes docs without the value', 'make != Toyota', [6, 7, 8, 9, 10, 11, 12]),
  filter('>', 'price > 50000', [1, 8, 9]),
  filter('>=', 'price >= 52990', [1, 8, 9]),
  filter('<', 'price < 25000', [10, 12]),
  filter('<=', 'price <= 27990', [3, 10, 12]),
  filter('TO range is inclusive', 'year 2021 TO 2022', [1, 3, 10, 11]),
  filter('IN', 'colour IN [White, Silver]', [1, 2, 3, 7, 10, 11, 12]),
  filter('NOT IN', 'make NOT IN [Toyota, Mazda]', [8, 9, 10, 11, 12]),
  filter('NOT', 'NOT make = Toyota', [6, 7, 8, 9, 10, 11, 12]),
  filter('EXISTS', 'tag EXISTS', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  filter('NOT EXISTS', 'tag NOT EXISTS', [12]),
  filter('IS EMPTY on strings', 'tag IS EMPTY', [1, 3, 4, 8, 9, 10, 11]),
  filter('IS EMPTY on arrays', 'features IS EMPTY', [3, 6]),
  filter('IS NULL', 'features IS NULL', [10]),
  filter('IS NOT NULL', 'features IS NOT NULL', [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12]),
  filter('= on an array field matches any element', 'features = bluetooth', [1, 2, 4, 5, 11]),
  filter('= on booleans', 'certified = true', [1, 3, 8]),
  filter('quoted value with a space', 'tag = "Runout Sale"', [2]),
  filter('parentheses', '(make = Toyota OR make = Ford) AND body = Ute', [1, 2, 8]),
  filter('AND binds tighter than OR', 'make = Ford OR make = Toyota AND body = Ute', [1, 2, 8, 9]),
  filter('NOT binds tighter than AND', 'NOT (make = Toyota OR make = Mazda) AND price > 30000', [8, 9, 11]),
  filter('array form: outer AND, inner OR', [['make = Ford', 'make = Mazda'], 'body = Ute'], [7, 8]),
  filter('numbers compared as numbers', `sold_date_timestamp >= ${FIXTURE_NOW - 3 * 86_400}`, [6]),
  filter('no filter is every document', undefined, ALL),

  // Facets.
  {
    name: 'facetDistribution over the filtered set, facetStats for numbers only',
    params: { filter: 'body = Ute', facets: ['make', 'fuel', 'colour', 'price', 'km'], limit: 0 },
    total: 5,
    facetDistribution: {
      make: { Ford: 1, Mazda: 1, Mitsubishi: 1, Toyota: 2 },
      fuel: { Diesel: 5 },
      colour: { Orange: 1, Silver: 1, White: 3 },
      price: { 21990: 1, 34990: 1, 47990: 1, 52990: 1, 64990: 1 },
      km: { 15000: 1, 30000: 1, 45000: 1, 88000: 1, 120000: 1 },
    },
    facetStats: { price: { min: 21990, max: 64990 }, km: { min: 15000, max: 120000 } },
  },
  {
    name: 'facet values merge case-insensitively and sort alphabetically',
    params: { facets: ['colour'], limit: 0 },
    total: 12,
    facetDistribution: { colour: { Black: 1, Blue: 1, Grey: 1, Orange: 1, Red: 1, Silver: 2, White: 5 } },
    facetStats: {},
  },
  {
    name: 'boolean facets as "true"/"false", array facets per element',
    params: { facets: ['certified', 'features'], limit: 0 },
    total: 12,
    facetDistribution: { certified: { false: 9, true: 3 }, features: { bluetooth: 5, sunroof: 3, 'tow bar': 4 } },
    facetStats: {},
  },
  {
    name: 'numeric facet values and stats',
    params: { facets: ['year'], limit: 0 },
    total: 12,
    facetDistribution: { year: { 2018: 1, 2019: 1, 2020: 1, 2021: 2, 2022: 2, 2023: 2, 2024: 1, 2025: 2 } },
    facetStats: { year: { min: 2018, max: 2025 } },
  },

  // Sort.
  { name: 'sort price ascending', params: { sort: ['price:asc'], limit: 5 }, ids: [10, 12, 3, 6, 2], total: 12 },
  { name: 'sort price descending', params: { sort: ['price:desc'], limit: 3 }, ids: [9, 8, 1], total: 12 },
  { name: 'sort by two fields', params: { sort: ['year:desc', 'price:asc'], limit: 6 }, ids: [4, 9, 5, 7, 8, 3], total: 12 },
  { name: 'sort by a string then a number', params: { sort: ['make:asc', 'price:desc'], limit: 4 }, ids: [9, 8, 10, 11], total: 12 },
  { name: 'sort with a filter', params: { filter: 'body = SUV', sort: ['km:asc'], limit: 20 }, ids: [9, 5, 11, 6], total: 4 },

  // Pagination, both styles.
  {
    name: 'page/hitsPerPage',
    params: { filter: 'make = Toyota', page: 2, hitsPerPage: 2 },
    ids: [3, 4],
    pagination: { page: 2, hitsPerPage: 2, totalHits: 5, totalPages: 3 },
  },
  {
    name: 'page past the end',
    params: { filter: 'make = Toyota', page: 4, hitsPerPage: 2 },
    ids: [],
    pagination: { page: 4, hitsPerPage: 2, totalHits: 5, totalPages: 3 },
  },
  {
    name: 'hitsPerPage 0 counts only',
    params: { filter: 'make = Toyota', hitsPerPage: 0 },
    ids: [],
    pagination: { page: 1, hitsPerPage: 0, totalHits: 5, totalPages: 0 },
  },
  { name: 'offset/limit', params: { filter: 'make = Toyota', offset: 3, limit: 2 }, ids: [4, 5], pagination: { offset: 3, limit: 2, estimatedTotalHits: 5 } },

  // Text: prefixes, typos, ranking.
  { name: 'text: one word', params: { q: 'hilux' }, ids: [1, 2], total: 2 },
  { name: 'text: more matched words rank first', params: { q: 'hilux sr5' }, ids: [1, 2], total: 2 },
  { name: 'text: prefix on the last word', params: { q: 'hil' }, idSet: [1, 2], total: 2 },
  { name: 'text: one typo from 5 letters', params: { q: 'corola' }, idSet: [3, 4], total: 2 },
  { name: 'text: a swap is one typo', params: { q: 'rnager' }, ids: [8], total: 1 },
  { name: 'text: a typo on the first letter counts as two', params: { q: 'gorolla' }, ids: [], total: 0 },
  { name: 'text: short words need no typo', params: { q: 'zr' }, ids: [4], total: 1 },
  { name: 'text: unmatched trailing words drop (matching strategy last)', params: { q: 'toyota ute' }, idSet: [1, 2, 3, 4, 5], total: 5 },
  { name: 'text: words rule before insertion order', params: { q: '2021 hilux' }, ids: [1, 10], total: 2 },
  { name: 'text: sort breaks relevance ties', params: { q: 'hilux', sort: ['price:asc'] }, ids: [2, 1], total: 2 },
  { name: 'text with a filter', params: { q: 'corolla', filter: 'car_type = new' }, ids: [4], total: 1 },
  { name: 'text: stock number', params: { q: 'k1011' }, ids: [11], total: 1 },

  // Errors.
  {
    name: 'filter on a non-filterable attribute',
    params: { filter: 'name = x' },
    error: {
      code: 'invalid_search_filter',
      message:
        'Attribute `name` is not filterable. Available filterable attributes are: `id`, `make`, `model`, `year`, `km`, `price`, `colour`, `body`, `fuel`, `car_type`, `status`, `state`, `certified`, `tag`, `features`, `sold_date_timestamp`, `dealership_id`, `show_on_dealer_website`, `stocknum`.\n1:5 name = x',
    },
  },
  {
    name: 'sort on a non-sortable attribute',
    params: { sort: ['name:asc'] },
    error: { code: 'invalid_search_sort', message: 'Attribute `name` is not sortable. Available sortable attributes are: `price, year, km, make`.' },
  },
  { name: 'facet on a non-filterable attribute', params: { facets: ['name'] }, error: { code: 'invalid_search_facets' } },
  { name: 'filter syntax error', params: { filter: 'make = ' }, error: { code: 'invalid_search_filter' } },
  { name: 'unclosed parenthesis', params: { filter: '(make = Toyota' }, error: { code: 'invalid_search_filter' } },
];
