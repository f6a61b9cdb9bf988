// The first `needed` matching ids in sort order, without sorting the whole result set:
// walk the first key's presorted groups, sort only inside a group by the remaining keys.
import { hasBit, type Bitset } from './bitset.js';
import { compareBySortKeys, type SortKey } from './sort-column.js';

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

/** The first `needed` of a short list of matching ids, in the order firstSortedIds gives (missing values last, ties
 *  by the next keys, then by id). */
export function firstSortedOf(ids: Uint32Array, keys: readonly SortKey[], needed: number): number[] {
  if (needed <= 0) return [];
  const sorted = Array.from(ids).sort((a, b) => compareBySortKeys(keys, a, b) || a - b);
  return sorted.length > needed ? sorted.slice(0, needed) : sorted;
}
