// Fast path for ranking text matches: every ranking rule's value packed into one exact float
// (rule order = digit order, doc id last so keys are unique), then a selection of only the
// first `needed` keys instead of sorting every candidate with a comparator.
import { NO_RANK, type SortKey } from './sort-column.js';
import type { TextCandidates } from './text-search.js';

interface Field {
  /** Value per candidate index; smaller ranks first. */
  value(c: number): number;
  /** Exclusive upper bound of value(). */
  radix: number;
}

const MAX_EXACT = 2 ** 52;

/** A candidate's entry in one of its per-candidate arrays (all as long as the candidates). */
const of = (values: ArrayLike<number>, i: number): number => values[i] ?? 0;

function sortFields(keys: readonly SortKey[], ids: readonly number[]): Field[] {
  return keys.map(({ column, descending }) => {
    const groups = column.groupStart.length - 1;
    // Missing values last in both directions: rank `groups`.
    return {
      radix: groups + 1,
      value: (c: number) => {
        const id = ids[c];
        const r = id === undefined ? NO_RANK : (column.rank[id] ?? NO_RANK);
        if (r === NO_RANK) return groups;
        return descending ? groups - 1 - r : r;
      },
    };
  });
}

/** Packed keys per candidate, or undefined when the rules need more than 52 bits (use the comparator). */
export function packedKeys(
  c: TextCandidates,
  rankingRules: readonly string[],
  sortKeys: readonly SortKey[],
  maxWords: number,
  attributeCount: number,
  size: number,
): Float64Array | undefined {
  const fields: Field[] = [];
  for (const rule of rankingRules) {
    if (rule === 'words') fields.push({ radix: maxWords + 1, value: (i) => maxWords - of(c.words, i) });
    else if (rule === 'typo') fields.push({ radix: 2 * maxWords + 1, value: (i) => of(c.typos, i) });
    else if (rule === 'attribute') fields.push({ radix: attributeCount + 1, value: (i) => Math.min(of(c.attribute, i), attributeCount) });
    else if (rule === 'exactness') fields.push({ radix: maxWords + 1, value: (i) => maxWords - of(c.exact, i) });
    else if (rule === 'sort') fields.push(...sortFields(sortKeys, c.ids));
  }
  fields.push({ radix: size + 1, value: (i) => of(c.ids, i) });
  let span = 1;
  for (const f of fields) span *= f.radix;
  if (span > MAX_EXACT) return undefined;
  const keys = new Float64Array(c.ids.length);
  for (let i = 0; i < keys.length; i++) {
    let key = 0;
    for (const f of fields) key = key * f.radix + f.value(i);
    keys[i] = key;
  }
  return keys;
}

/** Moves the k smallest keys to the front (Hoare quickselect), in place. */
function selectSmallest(keys: Float64Array, k: number): void {
  // Past either end reads NaN, which compares false and so stops the scans below.
  const at = (i: number): number => keys[i] ?? Number.NaN;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const pivot = at((lo + hi) >>> 1);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (at(i) < pivot) i++;
      while (at(j) > pivot) j--;
      if (i <= j) {
        const t = at(i);
        keys[i] = at(j);
        keys[j] = t;
        i++;
        j--;
      }
    }
    if (k - 1 <= j) hi = j;
    else if (k - 1 >= i) lo = i;
    else return;
  }
}

/** The `needed` smallest keys in ascending order. */
export function smallestKeys(keys: Float64Array, needed: number): Float64Array {
  if (needed <= 0) return new Float64Array(0);
  if (needed < keys.length) {
    selectSmallest(keys, needed);
    return keys.slice(0, needed).sort();
  }
  return keys.sort();
}

/** The doc id stored in the last digit of a packed key. */
export function idOfKey(key: number, size: number): number {
  return key % (size + 1);
}
