// facetDistribution and facetStats over the filtered result set, by one scan of the matching ids.
// Meilisearch: counts per value, values sorted alphabetically by default (or by count),
// at most maxValuesPerFacet values; facetStats only for facets holding numbers.
import type { FacetDistribution, FacetOrder, FacetStats } from '../types.js';
import { DOC_CODE_MULTI, type AttributeColumn } from './attribute-column.js';

export interface FacetOptions {
  maxValuesPerFacet: number;
  orderOf(attribute: string): FacetOrder;
}

function countCodes(column: AttributeColumn, ids: Uint32Array): Int32Array {
  const counts = new Int32Array(column.codeKeys.length);
  const codes = column.docCodes;
  for (let i = 0; i < ids.length; i++) {
    const code = codes[ids[i]];
    if (code >= 0) counts[code]++;
    else if (code === DOC_CODE_MULTI) {
      const many = column.multiCodes.get(ids[i])!;
      for (let j = 0; j < many.length; j++) counts[many[j]]++;
    }
  }
  return counts;
}

/** Alphabetical as Meilisearch lists it: numbers first in numeric order, then strings. */
function alphaCompare(column: AttributeColumn, a: string, b: string): number {
  const na = column.numericKeys.get(a);
  const nb = column.numericKeys.get(b);
  if (na !== undefined && nb !== undefined) return na - nb;
  if (na !== undefined) return -1;
  if (nb !== undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function facetValues(column: AttributeColumn, ids: Uint32Array, options: FacetOptions): Record<string, number> {
  const counts = countCodes(column, ids);
  const present: number[] = [];
  for (let code = 0; code < counts.length; code++) if (counts[code] > 0) present.push(code);
  const keys = column.codeKeys;
  if (options.orderOf(column.name) === 'count') {
    present.sort((a, b) => counts[b] - counts[a] || alphaCompare(column, keys[a], keys[b]));
  } else {
    present.sort((a, b) => alphaCompare(column, keys[a], keys[b]));
  }
  const out: Record<string, number> = {};
  const limit = Math.min(present.length, options.maxValuesPerFacet);
  for (let i = 0; i < limit; i++) out[column.labels.get(keys[present[i]])!] = counts[present[i]];
  return out;
}

export function numericStats(column: AttributeColumn, ids: Uint32Array): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  const numbers = column.docNumbers;
  const hasMulti = column.multiNumbers.size > 0;
  for (let i = 0; i < ids.length; i++) {
    const v = numbers[ids[i]];
    if (v === v) {
      if (v < min) min = v;
      if (v > max) max = v;
    } else if (hasMulti) {
      const many = column.multiNumbers.get(ids[i]);
      if (many) for (const m of many) {
        if (m < min) min = m;
        if (m > max) max = m;
      }
    }
  }
  return min <= max ? { min, max } : undefined;
}

export function computeFacets(
  columns: AttributeColumn[], ids: Uint32Array, options: FacetOptions,
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
