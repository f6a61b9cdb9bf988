// Columnar storage of one filterable attribute: posting lists per value for equality,
// a sorted numeric column for ranges, and per-document value codes for counting facets.
import { emptyBitset, setBit, type Bitset } from './bitset.js';
import { facetKeyOf, hasPath, valueAtPath } from './facet-value.js';

const MISSING = -1;
const MULTI = -2;

export interface AttributeColumn {
  readonly name: string;
  /** Facet key -> value code. */
  readonly codeOf: Map<string, number>;
  /** Postings of all codes in one array (CSR): ids of code c are postingIds[postingStart[c] .. postingStart[c+1]). */
  readonly postingStart: Uint32Array;
  readonly postingIds: Uint32Array;
  /** Facet key -> the first original spelling seen, shown in facetDistribution. */
  readonly labels: Map<string, string>;
  /** Facet key -> numeric value, for keys that came from numbers (ordering facet values). */
  readonly numericKeys: Map<string, number>;
  /** Per doc: a value code (index into codeKeys), MISSING, or MULTI (see multiCodes). */
  readonly docCodes: Int32Array;
  readonly multiCodes: Map<number, Int32Array>;
  readonly codeKeys: string[];
  /** Value codes in Meilisearch's alphabetical facet order: numbers ascending, then strings. */
  readonly alphaOrder: Int32Array;
  /** Per doc: the single numeric value, or NaN (none or several: see multiNumbers); empty when no doc has one. */
  readonly docNumbers: Float64Array;
  readonly multiNumbers: Map<number, Float64Array>;
  /** All (value, doc) numeric pairs sorted by value, for range filters. */
  readonly sortedNumbers: Float64Array;
  readonly sortedNumberIds: Uint32Array;
  readonly exists: Bitset;
  readonly isNull: Bitset;
  readonly isEmpty: Bitset;
}

function scalarsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function isEmptyValue(value: unknown): boolean {
  if (value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return value !== null && typeof value === 'object' && Object.keys(value).length === 0;
}

export function buildAttributeColumn(name: string, docs: readonly Record<string, unknown>[]): AttributeColumn {
  const size = docs.length;
  const postingLists: number[][] = [];
  const labels = new Map<string, string>();
  const numericKeys = new Map<string, number>();
  const codeOf = new Map<string, number>();
  const codeKeys: string[] = [];
  const docCodes = new Int32Array(size).fill(MISSING);
  const multiCodes = new Map<number, Int32Array>();
  let docNumbers = new Float64Array(0); // allocated on the first number: most columns hold none
  const multiNumbers = new Map<number, Float64Array>();
  const numberPairs: { v: number; id: number }[] = [];
  const exists = emptyBitset(size);
  const isNull = emptyBitset(size);
  const isEmpty = emptyBitset(size);

  for (let id = 0; id < size; id++) {
    const doc = docs[id];
    if (!hasPath(doc, name)) continue;
    setBit(exists, id);
    const raw = valueAtPath(doc, name);
    if (raw === null) setBit(isNull, id);
    if (isEmptyValue(raw)) setBit(isEmpty, id);
    const codes: number[] = [];
    const numbers: number[] = [];
    for (const scalar of scalarsOf(raw)) {
      const key = facetKeyOf(scalar);
      if (key === undefined) continue;
      let code = codeOf.get(key);
      if (code === undefined) {
        code = codeKeys.length;
        codeOf.set(key, code);
        codeKeys.push(key);
        postingLists.push([]);
        labels.set(key, typeof scalar === 'string' ? scalar.trim() : key);
        if (typeof scalar === 'number') numericKeys.set(key, scalar);
      }
      if (codes.includes(code)) continue;
      codes.push(code);
      postingLists[code].push(id);
      if (typeof scalar === 'number') {
        numbers.push(scalar);
        numberPairs.push({ v: scalar, id });
      }
    }
    if (codes.length === 1) docCodes[id] = codes[0];
    else if (codes.length > 1) {
      docCodes[id] = MULTI;
      multiCodes.set(id, Int32Array.from(codes));
    }
    if (numbers.length === 1) {
      if (docNumbers.length === 0) docNumbers = new Float64Array(size).fill(NaN);
      docNumbers[id] = numbers[0];
    }
    else if (numbers.length > 1) multiNumbers.set(id, Float64Array.from(numbers));
  }

  numberPairs.sort((a, b) => a.v - b.v || a.id - b.id);
  const postingStart = new Uint32Array(postingLists.length + 1);
  for (let c = 0; c < postingLists.length; c++) postingStart[c + 1] = postingStart[c] + postingLists[c].length;
  const postingIds = new Uint32Array(postingStart[postingLists.length]);
  for (let c = 0; c < postingLists.length; c++) postingIds.set(postingLists[c], postingStart[c]);

  const alphaOrder = Int32Array.from(codeKeys.keys()).sort((a, b) => alphaCompareKeys(numericKeys, codeKeys[a], codeKeys[b]));
  return {
    name, codeOf, postingStart, postingIds, labels, numericKeys, docCodes, multiCodes, codeKeys, alphaOrder, docNumbers, multiNumbers,
    sortedNumbers: Float64Array.from(numberPairs, (p) => p.v),
    sortedNumberIds: Uint32Array.from(numberPairs, (p) => p.id),
    exists, isNull, isEmpty,
  };
}

/** Alphabetical as Meilisearch lists facet values: numbers first in numeric order, then strings. */
export function alphaCompareKeys(numericKeys: Map<string, number>, a: string, b: string): number {
  const na = numericKeys.get(a);
  const nb = numericKeys.get(b);
  if (na !== undefined && nb !== undefined) return na - nb;
  if (na !== undefined) return -1;
  if (nb !== undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export const DOC_CODE_MISSING = MISSING;
export const DOC_CODE_MULTI = MULTI;

/** First index in a sorted array whose value is >= x (or > x when strict). */
export function lowerBound(sorted: Float64Array, x: number, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strict ? sorted[mid] <= x : sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
