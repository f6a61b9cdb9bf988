// A filter that is an AND with a selective equality or IN (a site's dealership ids in a platform of thousands of
// sites) is answered from that conjunct's posting lists: its few documents are each tested against the other
// conjuncts through the columns' per-document values. The bitset plan costs a pass over every document of the index
// per conjunct, whatever the site's size; this one costs what the site holds. Both give the same ids.
import { hasBit } from './bitset.js';
import { DOC_CODE_MULTI, type AttributeColumn } from './attribute-column.js';
import { filterKeysOf, parseNumber } from './facet-value.js';
import type { FilterNode } from './filter-ast.js';
import type { FilterContext } from './filter-eval.js';

type DocTest = (id: number) => boolean;

/** The value codes a filter value matches (its lower-cased text and, when numeric, its canonical number). */
function codesOf(column: AttributeColumn, values: readonly string[]): number[] {
  const codes: number[] = [];
  for (const value of values)
    for (const key of filterKeysOf(value)) {
      const code = column.codeOf.get(key);
      if (code !== undefined && !codes.includes(code)) codes.push(code);
    }
  return codes;
}

/** True when the document holds a code `accepts` takes (one value, or any of several). */
function anyCode(column: AttributeColumn, id: number, accepts: (code: number) => boolean): boolean {
  const code = column.docCodes[id] ?? -1;
  if (code >= 0) return accepts(code);
  if (code !== DOC_CODE_MULTI) return false;
  for (const c of column.multiCodes.get(id) ?? []) if (accepts(c)) return true;
  return false;
}

function equalityTest(column: AttributeColumn, values: readonly string[]): DocTest {
  const codes = new Set(codesOf(column, values));
  const accepts = (code: number) => codes.has(code);
  return (id) => anyCode(column, id, accepts);
}

/** As the range column answers: a document matches when one of its values' codes is a number within the bounds. */
function rangeTest(column: AttributeColumn, min: number, minStrict: boolean, max: number, maxStrict: boolean): DocTest {
  const numbers = column.codeNumbers;
  const accepts = (code: number) => {
    const v = numbers[code] ?? Number.NaN;
    return (minStrict ? v > min : v >= min) && (maxStrict ? v < max : v <= max);
  };
  return (id) => anyCode(column, id, accepts);
}

const never: DocTest = () => false;

function compareTest(ctx: FilterContext, node: Extract<FilterNode, { kind: 'compare' }>): DocTest {
  const column = ctx.column(node.attribute.name);
  if (node.op === '=') return equalityTest(column, [node.value]);
  if (node.op === '!=') {
    const equal = equalityTest(column, [node.value]);
    return (id) => !equal(id);
  }
  const n = parseNumber(node.value);
  if (n === undefined) return never;
  switch (node.op) {
    case '>':
      return rangeTest(column, n, true, Infinity, false);
    case '>=':
      return rangeTest(column, n, false, Infinity, false);
    case '<':
      return rangeTest(column, -Infinity, false, n, true);
    case '<=':
      return rangeTest(column, -Infinity, false, n, false);
  }
}

/** The filter as a test of one live document, with its columns and value codes looked up once. */
function documentTest(ctx: FilterContext, node: FilterNode): DocTest {
  switch (node.kind) {
    case 'all':
      return () => true;
    case 'and': {
      const tests = node.children.map((c) => documentTest(ctx, c));
      return (id) => tests.every((test) => test(id));
    }
    case 'or': {
      const tests = node.children.map((c) => documentTest(ctx, c));
      return (id) => tests.some((test) => test(id));
    }
    case 'not': {
      const test = documentTest(ctx, node.child);
      return (id) => !test(id);
    }
    case 'compare':
      return compareTest(ctx, node);
    case 'between': {
      const from = parseNumber(node.from);
      const to = parseNumber(node.to);
      if (from === undefined || to === undefined) return never;
      return rangeTest(ctx.column(node.attribute.name), from, false, to, false);
    }
    case 'in':
      return equalityTest(ctx.column(node.attribute.name), node.values);
    case 'exists': {
      const bits = ctx.column(node.attribute.name).exists;
      return (id) => hasBit(bits, id);
    }
    case 'isNull': {
      const bits = ctx.column(node.attribute.name).isNull;
      return (id) => hasBit(bits, id);
    }
    case 'isEmpty': {
      const bits = ctx.column(node.attribute.name).isEmpty;
      return (id) => hasBit(bits, id);
    }
  }
}

/** The conjuncts of a filter, nested ANDs flattened (a tenant scope arrives as one AND inside the request's). */
function conjunctsOf(node: FilterNode, out: FilterNode[] = []): FilterNode[] {
  if (node.kind === 'and') for (const child of node.children) conjunctsOf(child, out);
  else out.push(node);
  return out;
}

interface Seed {
  conjunct: FilterNode;
  column: AttributeColumn;
  codes: number[];
  count: number;
}

/** The attribute and values of an equality or IN conjunct, the kinds a seed can be. */
function equalityOf(node: FilterNode): { attribute: string; values: readonly string[] } | undefined {
  if (node.kind === 'in') return { attribute: node.attribute.name, values: node.values };
  if (node.kind === 'compare' && node.op === '=') return { attribute: node.attribute.name, values: [node.value] };
  return undefined;
}

/** The equality or IN conjunct whose posting lists hold the fewest ids. */
function smallestSeed(ctx: FilterContext, conjuncts: readonly FilterNode[]): Seed | undefined {
  let best: Seed | undefined;
  for (const conjunct of conjuncts) {
    const equality = equalityOf(conjunct);
    if (!equality) continue;
    const column = ctx.column(equality.attribute);
    const codes = codesOf(column, equality.values);
    let count = 0;
    for (const code of codes) count += (column.postingStart[code + 1] ?? 0) - (column.postingStart[code] ?? 0);
    if (!best || count < best.count) best = { conjunct, column, codes, count };
  }
  return best;
}

/** The seed's ids, ascending and once each (a document holding several of its values is in several lists). */
function seedIds({ column, codes }: Seed): Uint32Array {
  const lists = codes.map((code) => column.postingIds.subarray(column.postingStart[code] ?? 0, column.postingStart[code + 1] ?? 0));
  const [only] = lists;
  if (lists.length === 1 && only) return only;
  const all = new Uint32Array(lists.reduce((n, list) => n + list.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let unique = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[unique++] = all[i] ?? 0;
  return all.subarray(0, unique);
}

/**
 * The ids (ascending) matching `node` when it is an AND with an equality or IN conjunct matching at most
 * `maxCandidates` documents; undefined otherwise (the bitset plan answers).
 */
export function selectiveFilterIds(ctx: FilterContext, node: FilterNode, maxCandidates: number): Uint32Array | undefined {
  const conjuncts = conjunctsOf(node);
  const seed = smallestSeed(ctx, conjuncts);
  if (!seed || seed.count > maxCandidates) return undefined;
  const rest = documentTest(ctx, { kind: 'and', children: conjuncts.filter((c) => c !== seed.conjunct) });
  const out: number[] = [];
  // Posting lists hold live documents only (columns are built again after a deletion): no check against the universe.
  for (const id of seedIds(seed)) if (rest(id)) out.push(id);
  return Uint32Array.from(out);
}
