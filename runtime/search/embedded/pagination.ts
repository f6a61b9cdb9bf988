// Meilisearch's two pagination styles. page/hitsPerPage (either given) -> exhaustive
// totalHits/totalPages; otherwise offset/limit -> estimatedTotalHits. Both stop at maxTotalHits.
import { SearchError } from '../search-error.js';
import { MEILISEARCH_DEFAULTS, type SearchParams } from '../types.js';

export type Pagination =
  | { style: 'page'; page: number; hitsPerPage: number; from: number; count: number }
  | { style: 'offset'; offset: number; limit: number; from: number; count: number };

function nonNegativeInteger(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new SearchError('invalid_search_params', `Invalid value in parameter \`${name}\`: expected a positive integer, but found \`${String(value)}\`.`);
  }
  return value;
}

export function resolvePagination(params: SearchParams, maxTotalHits: number): Pagination {
  const page = nonNegativeInteger(params.page, 'page');
  const hitsPerPage = nonNegativeInteger(params.hitsPerPage, 'hitsPerPage');
  if (page !== undefined || hitsPerPage !== undefined) {
    const p = page ?? 1;
    const perPage = hitsPerPage ?? MEILISEARCH_DEFAULTS.hitsPerPage;
    // page 0 answers totals with no hits, as Meilisearch does.
    const from = p === 0 ? 0 : (p - 1) * perPage;
    const count = p === 0 ? 0 : Math.max(0, Math.min(perPage, maxTotalHits - from));
    return { style: 'page', page: p, hitsPerPage: perPage, from, count };
  }
  const offset = nonNegativeInteger(params.offset, 'offset') ?? 0;
  const limit = nonNegativeInteger(params.limit, 'limit') ?? MEILISEARCH_DEFAULTS.limit;
  const count = Math.max(0, Math.min(limit, maxTotalHits - offset));
  return { style: 'offset', offset, limit, from: offset, count };
}

/** The pagination fields of the response for a result set of `candidates` documents. */
export function paginationFields(p: Pagination, candidates: number, maxTotalHits: number): Record<string, number> {
  const total = Math.min(candidates, maxTotalHits);
  if (p.style === 'page') {
    const totalPages = p.hitsPerPage === 0 ? 0 : Math.ceil(total / p.hitsPerPage);
    return { hitsPerPage: p.hitsPerPage, page: p.page, totalPages, totalHits: total };
  }
  return { offset: p.offset, limit: p.limit, estimatedTotalHits: total };
}
