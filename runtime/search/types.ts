// Meilisearch-shaped search types. The product speaks Meilisearch's language;
// the embedded engine and the Meilisearch adapter both implement SearchEngine.

export type Document = Record<string, unknown>;

/** Meilisearch filter: a string expression, or an array (outer AND, inner OR), or both mixed. */
export type Filter = string | (string | string[])[];

export interface SearchParams {
  q?: string | null;
  filter?: Filter | null;
  facets?: string[];
  /** e.g. ["price:asc", "year:desc"] */
  sort?: string[];
  page?: number;
  hitsPerPage?: number;
  offset?: number;
  limit?: number;
  attributesToRetrieve?: string[];
  /** Accepted for compatibility; the embedded engine ignores it. */
  attributesToHighlight?: string[];
}

export type FacetDistribution = Record<string, Record<string, number>>;
export type FacetStats = Record<string, { min: number; max: number }>;

interface SearchResponseBase<T> {
  hits: T[];
  query: string;
  processingTimeMs: number;
  facetDistribution?: FacetDistribution;
  facetStats?: FacetStats;
}

/** Returned when `page` or `hitsPerPage` is given (exhaustive pagination). */
interface PagedSearchResponse<T> extends SearchResponseBase<T> {
  page: number;
  hitsPerPage: number;
  totalHits: number;
  totalPages: number;
}

/** Returned otherwise (offset/limit pagination). */
interface OffsetSearchResponse<T> extends SearchResponseBase<T> {
  offset: number;
  limit: number;
  estimatedTotalHits: number;
}

export type SearchResponse<T = Document> = PagedSearchResponse<T> | OffsetSearchResponse<T>;

export type MultiSearchQuery = SearchParams & { indexUid: string };
export type MultiSearchResult<T = Document> = SearchResponse<T> & { indexUid: string };

export type FacetOrder = 'alpha' | 'count';

interface TypoToleranceSettings {
  enabled?: boolean;
  minWordSizeForTypos?: { oneTypo?: number; twoTypos?: number };
}

export interface IndexSettings {
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  rankingRules?: string[];
  typoTolerance?: TypoToleranceSettings;
  /** Meilisearch default: maxValuesPerFacet 100, values sorted alphabetically. */
  faceting?: { maxValuesPerFacet?: number; sortFacetValuesBy?: Record<string, FacetOrder> };
  /** Meilisearch default maxTotalHits is 1000; set it higher for exact totals on big stock lists. */
  pagination?: { maxTotalHits?: number };
}

export interface SearchEngine {
  createIndex(uid: string, settings: IndexSettings): Promise<void>;
  addDocuments(uid: string, docs: Document[], primaryKey?: string): Promise<void>;
  /** Removes documents by primary key (ids not in the index are ignored), as Meilisearch's documents/delete-batch. */
  deleteDocuments(uid: string, ids: Array<string | number>): Promise<void>;
  deleteIndex(uid: string): Promise<void>;
  /** Swaps each pair's documents and settings at once (Meilisearch's swap-indexes); both indexes must exist. */
  swapIndexes(pairs: Array<[string, string]>): Promise<void>;
  search<T = Document>(uid: string, params: SearchParams): Promise<SearchResponse<T>>;
  multiSearch<T = Document>(request: { queries: MultiSearchQuery[] }): Promise<{ results: MultiSearchResult<T>[] }>;
}

/** Meilisearch defaults, used by the embedded engine and documented for the adapter. */
export const MEILISEARCH_DEFAULTS = {
  limit: 20,
  hitsPerPage: 20,
  maxValuesPerFacet: 100,
  maxTotalHits: 1000,
  oneTypo: 5,
  twoTypos: 9,
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
} as const;

function isPagedResponse<T>(r: SearchResponse<T>): r is PagedSearchResponse<T> {
  return 'totalHits' in r;
}

/** Total hits whatever pagination style the response uses. */
export function totalHitsOf(r: SearchResponse<unknown>): number {
  return isPagedResponse(r) ? r.totalHits : r.estimatedTotalHits;
}
