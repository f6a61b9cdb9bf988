// Presorted order of one sortable attribute, so a sorted page only walks as far as it needs.
// Meilisearch order: numbers, then strings (case-insensitive), and documents without a value last
// whatever the direction.
import type { IndexedValues } from './field-store.js';

export const NO_RANK = 0xffffffff;

export interface SortColumn {
  readonly name: string;
  /** Dense rank per doc (equal values share a rank); NO_RANK when the doc has no sortable value. */
  readonly rank: Uint32Array;
  /** Doc ids with a value, sorted by (rank, id). */
  readonly order: Uint32Array;
  /** order index where each rank group starts; groupStart[rankCount] === order.length. */
  readonly groupStart: Uint32Array;
  /** Doc ids without a value, ascending. */
  readonly missing: Uint32Array;
}

type SortValue = { kind: 0; n: number } | { kind: 1; s: string };

function sortValueOf(raw: unknown): SortValue | undefined {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (typeof v === 'number' && Number.isFinite(v)) return { kind: 0, n: v };
  if (typeof v === 'string') return { kind: 1, s: v.toLowerCase() };
  if (typeof v === 'boolean') return { kind: 1, s: v ? 'true' : 'false' };
  return undefined;
}

function compareSortValues(a: SortValue, b: SortValue): number {
  if (a.kind !== b.kind) return a.kind - b.kind;
  if (a.kind === 0) return a.n - (b as { n: number }).n;
  const bs = (b as { s: string }).s;
  return a.s < bs ? -1 : a.s > bs ? 1 : 0;
}

export function buildSortColumn(name: string, values: IndexedValues): SortColumn {
  const size = values.size;
  const withValue: { id: number; v: SortValue }[] = [];
  const missing: number[] = [];
  for (let id = 0; id < size; id++) {
    const v = sortValueOf(values.valueAt(id, name));
    if (v) withValue.push({ id, v });
    else missing.push(id);
  }
  withValue.sort((a, b) => compareSortValues(a.v, b.v) || a.id - b.id);
  const rank = new Uint32Array(size).fill(NO_RANK);
  const order = new Uint32Array(withValue.length);
  const starts: number[] = [];
  let current = -1;
  for (let i = 0; i < withValue.length; i++) {
    if (i === 0 || compareSortValues(withValue[i - 1].v, withValue[i].v) !== 0) {
      current++;
      starts.push(i);
    }
    rank[withValue[i].id] = current;
    order[i] = withValue[i].id;
  }
  starts.push(withValue.length);
  return { name, rank, order, groupStart: Uint32Array.from(starts), missing: Uint32Array.from(missing) };
}

export interface SortKey {
  column: SortColumn;
  descending: boolean;
}

/** Compares two docs by the sort keys; missing values sort last in both directions. */
export function compareBySortKeys(keys: readonly SortKey[], a: number, b: number, fromKey = 0): number {
  for (let k = fromKey; k < keys.length; k++) {
    const { column, descending } = keys[k];
    const ra = column.rank[a];
    const rb = column.rank[b];
    if (ra === rb) continue;
    if (ra === NO_RANK) return 1;
    if (rb === NO_RANK) return -1;
    return descending ? rb - ra : ra - rb;
  }
  return 0;
}
