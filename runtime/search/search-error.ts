// Errors are values a caller can act on: Meilisearch's error codes and message shapes,
// so an API can answer 4xx with the same reason whichever engine runs.

export type SearchErrorCode =
  | 'invalid_search_filter'
  | 'invalid_search_sort'
  | 'invalid_search_facets'
  | 'invalid_search_params'
  | 'invalid_search_q'
  | 'invalid_search_page'
  | 'invalid_search_hits_per_page'
  | 'invalid_search_offset'
  | 'invalid_search_limit'
  | 'invalid_search_attributes_to_retrieve'
  | 'invalid_search_attributes_to_highlight'
  | 'invalid_index_uid'
  | 'index_not_found'
  | 'index_already_exists'
  | 'missing_document_id'
  | 'index_not_accessible'
  | 'search_engine_unavailable';

export class SearchError extends Error {
  readonly code: SearchErrorCode;
  readonly httpStatus: number;
  constructor(code: SearchErrorCode, message: string, httpStatus = 400) {
    super(message);
    this.name = 'SearchError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

/** Meilisearch's list format: "`a`, `b`". */
export function listAttributes(names: readonly string[]): string {
  return names.map((n) => `\`${n}\``).join(', ');
}
