// Evaluates a parsed filter to a bitset of matching documents, using the attribute columns.
import { andInPlace, emptyBitset, notInPlace, orInPlace, setBit, type Bitset } from './bitset.js';
import { lowerBound, type AttributeColumn } from './attribute-column.js';
import { filterKeysOf, parseNumber } from './facet-value.js';
import type { FilterNode } from './filter-ast.js';

export interface FilterContext {
  size: number;
  universe: Bitset;
  column(name: string): AttributeColumn;
}

/** A value held by at least 1 in 32 docs is kept as a bitset once filtered on (no larger than its posting list): a
 *  scope's dealership or car type then costs an OR of words instead of a bit set per car, every search. */
const DENSE_SHARE = 32;

/** The ids holding a value: its slice of the column's posting lists. */
const postings = (column: AttributeColumn, code: number): Uint32Array =>
  column.postingIds.subarray(column.postingStart[code] ?? 0, column.postingStart[code + 1] ?? 0);

function postingBits(column: AttributeColumn, code: number, size: number): Bitset | undefined {
  const ids = postings(column, code);
  if (ids.length * DENSE_SHARE < size) return undefined;
  let bits = column.denseBits.get(code);
  if (bits?.length !== (size + 31) >>> 5) {
    bits = emptyBitset(size);
    for (const id of ids) setBit(bits, id);
    column.denseBits.set(code, bits);
  }
  return bits;
}

function equalitySet(ctx: FilterContext, column: AttributeColumn, values: readonly string[]): Bitset {
  const out = emptyBitset(ctx.size);
  for (const value of values) {
    for (const key of filterKeysOf(value)) {
      const code = column.codeOf.get(key);
      if (code === undefined) continue;
      const bits = postingBits(column, code, ctx.size);
      if (bits) {
        orInPlace(out, bits);
        continue;
      }
      for (const id of postings(column, code)) setBit(out, id);
    }
  }
  return out;
}

/** Docs with a numeric value in [min, max] (bounds optionally exclusive). Comparisons apply to numbers only. */
function rangeSet(ctx: FilterContext, column: AttributeColumn, min: number, minStrict: boolean, max: number, maxStrict: boolean): Bitset {
  const out = emptyBitset(ctx.size);
  const from = lowerBound(column.sortedNumbers, min, minStrict);
  const to = lowerBound(column.sortedNumbers, max, !maxStrict);
  for (const id of column.sortedNumberIds.subarray(from, to)) setBit(out, id);
  return out;
}

function compareSet(ctx: FilterContext, node: Extract<FilterNode, { kind: 'compare' }>): Bitset {
  const column = ctx.column(node.attribute.name);
  if (node.op === '=') return equalitySet(ctx, column, [node.value]);
  if (node.op === '!=') return notInPlace(equalitySet(ctx, column, [node.value]), ctx.universe);
  const n = parseNumber(node.value);
  if (n === undefined) return emptyBitset(ctx.size);
  switch (node.op) {
    case '>':
      return rangeSet(ctx, column, n, true, Infinity, false);
    case '>=':
      return rangeSet(ctx, column, n, false, Infinity, false);
    case '<':
      return rangeSet(ctx, column, -Infinity, false, n, true);
    case '<=':
      return rangeSet(ctx, column, -Infinity, false, n, false);
  }
}

export function evaluateFilter(ctx: FilterContext, node: FilterNode): Bitset {
  switch (node.kind) {
    case 'all':
      return ctx.universe.slice();
    case 'and': {
      // An AND of nothing matches every document, an OR of nothing none (the parser never makes either).
      const [first, ...rest] = node.children;
      const out = first ? evaluateFilter(ctx, first) : ctx.universe.slice();
      for (const child of rest) andInPlace(out, evaluateFilter(ctx, child));
      return out;
    }
    case 'or': {
      const [first, ...rest] = node.children;
      const out = first ? evaluateFilter(ctx, first) : emptyBitset(ctx.size);
      for (const child of rest) orInPlace(out, evaluateFilter(ctx, child));
      return out;
    }
    case 'not':
      return notInPlace(evaluateFilter(ctx, node.child), ctx.universe);
    case 'compare':
      return compareSet(ctx, node);
    case 'between': {
      const from = parseNumber(node.from);
      const to = parseNumber(node.to);
      if (from === undefined || to === undefined) return emptyBitset(ctx.size);
      return rangeSet(ctx, ctx.column(node.attribute.name), from, false, to, false);
    }
    case 'in':
      return equalitySet(ctx, ctx.column(node.attribute.name), node.values);
    case 'exists':
      return ctx.column(node.attribute.name).exists.slice();
    case 'isNull':
      return ctx.column(node.attribute.name).isNull.slice();
    case 'isEmpty':
      return ctx.column(node.attribute.name).isEmpty.slice();
  }
}
