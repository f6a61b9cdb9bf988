// facetDistribution and facetStats over the filtered result set, by one scan of the matching ids.
// Meilisearch: counts per value, values sorted alphabetically by default (or by count),
// at most maxValuesPerFacet values; facetStats only for facets holding numbers.
import type { FacetDistribution, FacetOrder, FacetStats } from '../types.js';
import { alphaCompareCodes, DOC_CODE_MULTI, type AttributeColumn } from './attribute-column.js';

export interface FacetOptions {
  maxValuesPerFacet: number;
  orderOf(attribute: string): FacetOrder;
}

function countCodes(column: AttributeColumn, ids: Uint32Array, everyDocument: boolean): Int32Array {
  const counts = new Int32Array(column.codeKeys.length);
  const start = column.postingStart;
  if (everyDocument) {
    // Unfiltered: the counts are the posting list lengths.
    for (let c = 0; c < counts.length; c++) counts[c] = (start[c + 1] ?? 0) - (start[c] ?? 0);
    return counts;
  }
  const count = (code: number) => {
    counts[code] = (counts[code] ?? 0) + 1;
  };
  const codes = column.docCodes;
  for (const id of ids) {
    const code = codes[id];
    if (code === undefined) continue;
    if (code >= 0) count(code);
    else if (code === DOC_CODE_MULTI) for (const c of column.multiCodes.get(id) ?? []) count(c);
  }
  return counts;
}

function facetValues(column: AttributeColumn, ids: Uint32Array, options: FacetOptions): Record<string, number> {
  const counts = countCodes(column, ids, ids.length === column.docCodes.length);
  const keys = column.codeKeys;
  const countOf = (code: number): number => counts[code] ?? 0;
  const limit = options.maxValuesPerFacet;
  let chosen: number[];
  if (options.orderOf(column.name) === 'count') {
    const present: number[] = [];
    for (const [code, n] of counts.entries()) if (n > 0) present.push(code);
    present.sort((a, b) => countOf(b) - countOf(a) || alphaCompareCodes(column.codeNumbers, keys, a, b));
    chosen = present.slice(0, limit);
  } else {
    // Codes are presorted alphabetically: take the first `limit` present ones, no sort per query.
    chosen = [];
    for (const code of column.alphaOrder) {
      if (chosen.length >= limit) break;
      if (countOf(code) > 0) chosen.push(code);
    }
  }
  const out: Record<string, number> = {};
  for (const code of chosen) out[column.codeLabels[code] ?? ''] = countOf(code);
  return out;
}

function numericStats(column: AttributeColumn, ids: Uint32Array): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  const numbers = column.docNumbers;
  if (numbers.length === 0 && column.multiNumbers.size === 0) return undefined;
  const hasMulti = column.multiNumbers.size > 0;
  for (const id of ids) {
    const v = numbers[id] ?? Number.NaN;
    if (!Number.isNaN(v)) {
      if (v < min) min = v;
      if (v > max) max = v;
    } else if (hasMulti) {
      const many = column.multiNumbers.get(id);
      if (many)
        for (const m of many) {
          if (m < min) min = m;
          if (m > max) max = m;
        }
    }
  }
  return min <= max ? { min, max } : undefined;
}

export function computeFacets(
  columns: AttributeColumn[],
  ids: Uint32Array,
  options: FacetOptions,
): { facetDistribution: FacetDistribution; facetStats: FacetStats } {
  const facetDistribution: FacetDistribution = {};
  const facetStats: FacetStats = {};
  for (const column of columns) {
    facetDistribution[column.name] = facetValues(column, ids, options);
    if (column.sortedNumbers.length === 0) continue;
    const stats = numericStats(column, ids);
    if (stats) facetStats[column.name] = stats;
  }
  return { facetDistribution, facetStats };
}
