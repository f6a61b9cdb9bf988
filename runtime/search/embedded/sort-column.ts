// Presorted order of one sortable attribute, so a sorted page only walks as far as it needs.
// Meilisearch order: numbers, then strings (case-insensitive), and documents without a value last
// whatever the direction.
import { ABSENT_CODE, type IndexedValues } from './field-store.js';

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
  // The distinct values are sorted, not the slots: each slot then takes its value's rank, and slots are laid out by
  // rank in id order (a counting sort), the order a sort by (value, id) gives.
  const dictionary = values.dictionary(name);
  const valueCodes = dictionary.codes;
  const sortValues: (SortValue | undefined | null)[] = [];
  const present: number[] = [];
  for (let id = 0; id < size; id++) {
    const code = valueCodes[id];
    if (code === undefined || code === ABSENT_CODE || sortValues[code] !== undefined) continue;
    const v = sortValueOf(dictionary.valueOf(code));
    sortValues[code] = v ?? null;
    if (v) present.push(code);
  }
  // Each present code's value, read once: the codes are sorted and ranked by it.
  const byValue = present.map((code) => ({ code, value: sortValues[code] as SortValue }));
  byValue.sort((a, b) => compareSortValues(a.value, b.value));
  const rankOfCode = new Uint32Array(sortValues.length).fill(NO_RANK);
  let ranks = 0;
  let previous: SortValue | undefined;
  for (const { code, value } of byValue) {
    if (previous === undefined || compareSortValues(previous, value) !== 0) ranks++;
    rankOfCode[code] = ranks - 1;
    previous = value;
  }
  const rank = new Uint32Array(size).fill(NO_RANK);
  const groupStart = new Uint32Array(ranks + 1);
  const missing: number[] = [];
  for (let id = 0; id < size; id++) {
    const code = valueCodes[id];
    const r = code === undefined || code === ABSENT_CODE ? NO_RANK : (rankOfCode[code] ?? NO_RANK);
    rank[id] = r;
    if (r === NO_RANK) missing.push(id);
    else groupStart[r + 1] = (groupStart[r + 1] ?? 0) + 1;
  }
  for (let r = 0; r < ranks; r++) groupStart[r + 1] = (groupStart[r + 1] ?? 0) + (groupStart[r] ?? 0);
  const order = new Uint32Array(groupStart[ranks] ?? 0);
  const fill = groupStart.slice(0, ranks);
  for (const [id, r] of rank.entries()) {
    if (r === NO_RANK) continue;
    const at = fill[r] ?? 0;
    order[at] = id;
    fill[r] = at + 1;
  }
  return { name, rank, order, groupStart, missing: Uint32Array.from(missing) };
}

export interface SortKey {
  column: SortColumn;
  descending: boolean;
}

/** Compares two docs by the sort keys; missing values sort last in both directions. */
export function compareBySortKeys(keys: readonly SortKey[], a: number, b: number, fromKey = 0): number {
  for (let k = fromKey; k < keys.length; k++) {
    const key = keys[k];
    if (!key) break;
    const { column, descending } = key;
    const ra = column.rank[a] ?? NO_RANK;
    const rb = column.rank[b] ?? NO_RANK;
    if (ra === rb) continue;
    if (ra === NO_RANK) return 1;
    if (rb === NO_RANK) return -1;
    return descending ? rb - ra : ra - rb;
  }
  return 0;
}
