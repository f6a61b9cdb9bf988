// The first `needed` matching ids in sort order, without sorting the whole result set:
// walk the first key's presorted groups, sort only inside a group by the remaining keys.
import { hasBit, type Bitset } from './bitset.js';
import { compareBySortKeys, NO_RANK, type SortKey } from './sort-column.js';
import { idOfKey, smallestKeys } from './packed-ranking.js';

function takeGroup(ids: ArrayLike<number>, from: number, to: number, matches: Bitset, keys: readonly SortKey[], out: number[]): void {
  const group: number[] = [];
  for (let i = from; i < to; i++) {
    const id = ids[i];
    if (id !== undefined && hasBit(matches, id)) group.push(id);
  }
  if (group.length > 1 && keys.length > 1) group.sort((a, b) => compareBySortKeys(keys, a, b, 1) || a - b);
  for (const id of group) out.push(id);
}

export function firstSortedIds(matches: Bitset, keys: readonly SortKey[], needed: number): number[] {
  const out: number[] = [];
  if (needed <= 0) return out;
  const first = keys[0];
  if (!first) return out;
  const { column, descending } = first;
  const groups = column.groupStart.length - 1;
  for (let g = 0; g < groups && out.length < needed; g++) {
    const group = descending ? groups - 1 - g : g;
    takeGroup(column.order, column.groupStart[group] ?? 0, column.groupStart[group + 1] ?? 0, matches, keys, out);
  }
  if (out.length < needed) takeGroup(column.missing, 0, column.missing.length, matches, keys, out);
  return out.length > needed ? out.slice(0, needed) : out;
}

/** First `needed` matching ids in internal (insertion) order: placeholder search without sort. */
export function firstIds(matches: Bitset, needed: number): number[] {
  const out: number[] = [];
  for (const [w, bits] of matches.entries()) {
    if (out.length >= needed) break;
    let word = bits;
    while (word !== 0 && out.length < needed) {
      const low = word & -word;
      out.push((w << 5) + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
  return out;
}

const MAX_EXACT = 2 ** 52;

/** The first `needed` of a short list of matching ids, in the order firstSortedIds gives (missing values last, ties
 *  by the next keys, then by id). Each id's ranks and the id are packed into one exact number when they fit, so the
 *  page is a selection over plain numbers rather than a sort with a comparator. */
export function firstSortedOf(ids: Uint32Array, keys: readonly SortKey[], needed: number, maxExact = MAX_EXACT): number[] {
  if (needed <= 0) return [];
  const size = keys[0]?.column.rank.length ?? 0;
  // Per key, `groups` ranks plus one for a missing value (last in both directions); the id last.
  const radices = keys.map((k) => k.column.groupStart.length);
  let span = size + 1;
  for (const radix of radices) span *= radix;
  if (span > maxExact) {
    // A stable sort of ascending ids: ties stay in id order.
    const sorted = Array.from(ids).sort((a, b) => compareBySortKeys(keys, a, b));
    return sorted.length > needed ? sorted.slice(0, needed) : sorted;
  }
  const packed = new Float64Array(ids.length);
  for (const [i, id] of ids.entries()) {
    let key = 0;
    for (const [k, { column, descending }] of keys.entries()) {
      const groups = (radices[k] ?? 1) - 1;
      const r = column.rank[id] ?? NO_RANK;
      key = key * (groups + 1) + (r === NO_RANK ? groups : descending ? groups - 1 - r : r);
    }
    packed[i] = key * (size + 1) + id;
  }
  return Array.from(smallestKeys(packed, needed), (key) => idOfKey(key, size));
}
