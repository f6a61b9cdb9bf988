// Columnar storage of one filterable attribute: posting lists per value for equality,
// a sorted numeric column for ranges, and per-document value codes for counting facets.
import { emptyBitset, setBit, type Bitset } from './bitset.js';
import { facetKeyOf } from './facet-value.js';
import { ABSENT_CODE, MISSING as MISSING_FIELD, type IndexedValues } from './field-store.js';

const MISSING = -1;
const MULTI = -2;

export interface AttributeColumn {
  readonly name: string;
  /** Facet key -> value code. */
  readonly codeOf: Map<string, number>;
  /** Postings of all codes in one array (CSR): ids of code c are postingIds[postingStart[c] .. postingStart[c+1]). */
  readonly postingStart: Uint32Array;
  readonly postingIds: Uint32Array;
  /** Per code: the first original spelling seen, shown in facetDistribution. */
  readonly codeLabels: string[];
  /** Per code: its numeric value when the key came from a number, else NaN (ordering facet values). */
  readonly codeNumbers: Float64Array;
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
  /** Bitsets of the values many docs hold, made when first filtered on (see filter-eval's equalitySet). */
  readonly denseBits: Map<number, Bitset>;
}

/** What one distinct field value gives every slot holding it. */
interface ValueEntry {
  missing: boolean;
  isNull: boolean;
  isEmpty: boolean;
  /** A value code, MISSING (nothing filterable) or MULTI (`codes`). */
  code: number;
  codes?: Int32Array;
  /** Its one number, or NaN (none, or several: `numbers`). */
  number: number;
  numbers?: Float64Array;
}

/** Adds one to a counter in an array of counters (a slot not there yet counts from 0). */
function bump(counts: number[] | Uint32Array, i: number): number {
  const n = counts[i] ?? 0;
  counts[i] = n + 1;
  return n;
}

function isEmptyValue(value: unknown): boolean {
  if (value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return value !== null && typeof value === 'object' && Object.keys(value).length === 0;
}

export function buildAttributeColumn(name: string, values: IndexedValues): AttributeColumn {
  const size = values.size;
  // Postings per code are counted in the first pass and laid out (CSR) in the second: no array per value, which
  // at 200k documents meant hundreds of thousands of small arrays for columns such as id, km or price.
  const postingCounts: number[] = [];
  const codeLabels: string[] = [];
  const numbersOfCodes: number[] = [];
  const codeOf = new Map<string, number>();
  const codeKeys: string[] = [];
  const docCodes = new Int32Array(size).fill(MISSING);
  const multiCodes = new Map<number, Int32Array>();
  let docNumbers = new Float64Array(0); // allocated on the first number: most columns hold none
  const multiNumbers = new Map<number, Float64Array>();
  const exists = emptyBitset(size);
  const isNull = emptyBitset(size);
  const isEmpty = emptyBitset(size);

  const codeFor = (key: string, scalar: unknown): number => {
    let code = codeOf.get(key);
    if (code === undefined) {
      code = codeKeys.length;
      codeOf.set(key, code);
      codeKeys.push(key);
      postingCounts.push(0);
      codeLabels.push(typeof scalar === 'string' ? scalar.trim() : key);
      numbersOfCodes.push(NaN);
    }
    if (typeof scalar === 'number' && Number.isNaN(numbersOfCodes[code] ?? Number.NaN)) numbersOfCodes[code] = scalar;
    return code;
  };

  // What each distinct value of the field contributes, worked out the first time a slot holds it (in slot order, so
  // value codes and labels come out as a per-slot pass would make them).
  const dictionary = values.dictionary(name);
  const entries: (ValueEntry | undefined)[] = [];
  const entryOf = (valueCode: number): ValueEntry => {
    const raw = dictionary.valueOf(valueCode);
    const entry: ValueEntry = { missing: raw === MISSING_FIELD, isNull: raw === null, isEmpty: isEmptyValue(raw), code: MISSING, number: NaN };
    if (entry.missing) return entry;
    if (!Array.isArray(raw)) {
      const key = facetKeyOf(raw);
      if (key === undefined) return entry;
      entry.code = codeFor(key, raw);
      if (typeof raw === 'number') entry.number = raw;
      return entry;
    }
    const codes: number[] = [];
    const numbers: number[] = [];
    for (const scalar of raw) {
      const key = facetKeyOf(scalar);
      if (key === undefined) continue;
      const code = codeFor(key, scalar);
      if (codes.includes(code)) continue;
      codes.push(code);
      if (typeof scalar === 'number') numbers.push(scalar);
    }
    const [onlyCode] = codes;
    if (codes.length === 1 && onlyCode !== undefined) entry.code = onlyCode;
    else if (codes.length > 1) {
      entry.code = MULTI;
      entry.codes = Int32Array.from(codes);
    }
    const [onlyNumber] = numbers;
    if (numbers.length === 1 && onlyNumber !== undefined) entry.number = onlyNumber;
    else if (numbers.length > 1) entry.numbers = Float64Array.from(numbers);
    return entry;
  };

  const valueCodes = dictionary.codes;
  for (let id = 0; id < size; id++) {
    const valueCode = valueCodes[id];
    if (valueCode === undefined || valueCode === ABSENT_CODE) continue;
    let entry = entries[valueCode];
    if (entry === undefined) entries[valueCode] = entry = entryOf(valueCode);
    if (entry.missing) continue;
    setBit(exists, id);
    if (entry.isNull) setBit(isNull, id);
    if (entry.isEmpty) setBit(isEmpty, id);
    const code = entry.code;
    if (code >= 0) bump(postingCounts, code);
    else if (code === MULTI && entry.codes) {
      multiCodes.set(id, entry.codes);
      for (const c of entry.codes) bump(postingCounts, c);
    }
    docCodes[id] = code;
    if (!Number.isNaN(entry.number)) {
      if (docNumbers.length === 0) docNumbers = new Float64Array(size).fill(NaN);
      docNumbers[id] = entry.number;
    } else if (entry.numbers) multiNumbers.set(id, entry.numbers);
  }

  const codeCount = postingCounts.length;
  const postingStart = new Uint32Array(codeCount + 1);
  for (const [c, count] of postingCounts.entries()) postingStart[c + 1] = (postingStart[c] ?? 0) + count;
  const postingIds = new Uint32Array(postingStart[codeCount] ?? 0);
  // Filled in id order, so each posting list is sorted by id.
  const fill = postingStart.slice(0, codeCount);
  for (const [id, code] of docCodes.entries()) {
    if (code >= 0) postingIds[bump(fill, code)] = id;
    else if (code === MULTI) for (const c of multiCodes.get(id) ?? []) postingIds[bump(fill, c)] = id;
  }

  // Range column from the numeric codes in value order: each posting list is already in id order.
  const codeNumbers = Float64Array.from(numbersOfCodes);
  const numericCodes: number[] = [];
  for (const [c, n] of codeNumbers.entries()) if (!Number.isNaN(n)) numericCodes.push(c);
  const numberOf = (c: number): number => codeNumbers[c] ?? Number.NaN;
  numericCodes.sort((a, b) => numberOf(a) - numberOf(b));
  // Code c's postings: postingIds[start(c) .. start(c + 1)).
  const start = (c: number): number => postingStart[c] ?? 0;
  let numericCount = 0;
  for (const c of numericCodes) numericCount += start(c + 1) - start(c);
  const sortedNumbers = new Float64Array(numericCount);
  const sortedNumberIds = new Uint32Array(numericCount);
  let at = 0;
  for (const c of numericCodes) {
    const value = numberOf(c);
    for (const id of postingIds.subarray(start(c), start(c + 1))) {
      sortedNumbers[at] = value;
      sortedNumberIds[at] = id;
      at++;
    }
  }

  const alphaOrder = Int32Array.from(codeKeys.keys()).sort((a, b) => alphaCompareCodes(codeNumbers, codeKeys, a, b));
  return {
    name,
    codeOf,
    postingStart,
    postingIds,
    codeLabels,
    codeNumbers,
    docCodes,
    multiCodes,
    codeKeys,
    alphaOrder,
    docNumbers,
    multiNumbers,
    sortedNumbers,
    sortedNumberIds,
    exists,
    isNull,
    isEmpty,
    denseBits: new Map(),
  };
}

/** Alphabetical as Meilisearch lists facet values: numbers first in numeric order, then strings. */
export function alphaCompareCodes(codeNumbers: Float64Array, codeKeys: readonly string[], a: number, b: number): number {
  const na = codeNumbers[a] ?? Number.NaN;
  const nb = codeNumbers[b] ?? Number.NaN;
  // NaN marks a code whose value is not a number
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  const ka = codeKeys[a] ?? '';
  const kb = codeKeys[b] ?? '';
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

export const DOC_CODE_MULTI = MULTI;

/** First index in a sorted array whose value is >= x (or > x when strict). */
export function lowerBound(sorted: Float64Array, x: number, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid] ?? Number.NaN;
    if (strict ? v <= x : v < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
