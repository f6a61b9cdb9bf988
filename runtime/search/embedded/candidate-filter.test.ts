// The candidate plan (a selective conjunct's documents, each tested) must answer exactly as the bitset plan: the same
// ids for every filter, and the same hits, order, totals, facets and pages for every search.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Document, IndexSettings, SearchParams } from '../types.js';
import { buildAttributeColumn, type AttributeColumn } from './attribute-column.js';
import { bitsToIds, idsToBits } from './bitset.js';
import { selectiveFilterIds } from './candidate-filter.js';
import { EmbeddedIndex } from './embedded-index.js';
import { evaluateFilter, type FilterContext } from './filter-eval.js';
import { parseFilter } from './filter-parser.js';
import { valuesOfDocuments } from './field-store.js';
import { buildSortColumn } from './sort-column.js';
import { firstSortedIds, firstSortedOf } from './sorted-page.js';

const FILTERABLE = ['dealer', 'make', 'price', 'status', 'sold', 'tags', 'shown', 'spec.doors'];
const SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'make'],
  filterableAttributes: FILTERABLE,
  sortableAttributes: ['price', 'make', 'sold'],
};

// Values that meet the columns' corner cases: case and spaces, numbers as text, -0, null, [], several values.
const documentOf = fc.record(
  {
    dealer: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.subarray([1, 2, 3, 4, 5, 6], { maxLength: 3 }), fc.constant('3')),
    make: fc.oneof(fc.constantFrom('Toyota', 'toyota ', 'Mazda', 'Ford', '', null), fc.subarray(['Toyota', 'Mazda', 'Kia'])),
    name: fc.constantFrom('Hilux SR5', 'CX-5 Touring', 'Ranger XLT', 'Corolla', 'Mazda3'),
    price: fc.oneof(
      fc.integer({ min: -2, max: 12 }),
      fc.constantFrom(-0, 2.5, '7', 'cheap', null),
      fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 3 }),
    ),
    status: fc.constantFrom('in_stock', 'coming_soon', 'sold', null),
    sold: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.constant(null)),
    tags: fc.subarray(['offer', 'runout', 'new']),
    shown: fc.boolean(),
    spec: fc.record({ doors: fc.integer({ min: 2, max: 5 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: ['name'] },
);

const documentsOf = fc.array(documentOf, { minLength: 1, maxLength: 40 }).map((docs) => docs.map((doc, i) => ({ id: i + 1, ...doc }) as Document));

const filterValueOf = fc.constantFrom(
  '1',
  '2',
  '3',
  '3.0',
  '7',
  '-0',
  'toyota',
  '"Toyota "',
  'Mazda',
  'kia',
  'sold',
  'in_stock',
  'true',
  'false',
  'offer',
  '""',
);
const numberOf = fc.constantFrom('-1', '0', '2.5', '3', '7', '10', 'x');
const attributeOf = fc.constantFrom(...FILTERABLE);

const leafOf: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(attributeOf, fc.constantFrom('=', '!='), filterValueOf).map(([a, op, v]) => `${a} ${op} ${v}`),
  fc.tuple(attributeOf, fc.constantFrom('>', '>=', '<', '<='), numberOf).map(([a, op, n]) => `${a} ${op} ${n}`),
  fc.tuple(attributeOf, numberOf, numberOf).map(([a, from, to]) => `${a} ${from} TO ${to}`),
  fc
    .tuple(attributeOf, fc.boolean(), fc.array(filterValueOf, { minLength: 1, maxLength: 3 }))
    .map(([a, not, vs]) => `${a} ${not ? 'NOT IN' : 'IN'} [${vs.join(', ')}]`),
  fc.tuple(attributeOf, fc.constantFrom('EXISTS', 'NOT EXISTS', 'IS NULL', 'IS NOT NULL', 'IS EMPTY', 'IS NOT EMPTY')).map(([a, op]) => `${a} ${op}`),
);

const treeOf: fc.Arbitrary<string> = fc.letrec<{ tree: string }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafOf,
    fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `(${a} AND ${b})`),
    fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `(${a} OR ${b})`),
    tie('tree').map((a) => `NOT (${a})`),
  ),
})).tree;

/** A conjunct the candidate plan can start from: an equality or IN, as a site's scope has. */
const seedOf = fc.oneof(
  fc.integer({ min: 1, max: 7 }).map((d) => `dealer = ${d}`),
  fc.subarray(['1', '2', '3', '5', '9'], { minLength: 1 }).map((ds) => `dealer IN [${ds.join(', ')}]`),
  fc.constantFrom('make = toyota', 'make IN [Mazda, "Toyota "]', 'status = sold', 'price = 7', 'tags = offer'),
);

/** Filters with a seed, in the shapes searches send: one string, or the scope and the request's parts as an array. */
const seededFilterOf: fc.Arbitrary<string | string[]> = fc.oneof(
  seedOf,
  fc.tuple(seedOf, treeOf).map(([seed, tree]) => `${seed} AND ${tree}`),
  fc.tuple(treeOf, seedOf, treeOf).map(([a, seed, b]) => `${a} AND (${seed} AND ${b})`),
  fc.tuple(seedOf, treeOf, fc.option(treeOf, { nil: undefined })).map(([seed, a, b]) => [`${seed} AND ${a}`, ...(b ? [b] : [])]),
);

function contextOf(docs: readonly Document[]): FilterContext {
  const values = valuesOfDocuments(docs);
  const columns = new Map<string, AttributeColumn>();
  const column = (name: string) => {
    let c = columns.get(name);
    if (!c) columns.set(name, (c = buildAttributeColumn(name, values)));
    return c;
  };
  return { size: docs.length, universe: idsToBits(Array.from(docs.keys()), docs.length), column };
}

describe('selectiveFilterIds', () => {
  it('gives the ids the bitset plan gives, for every filter with an equality or IN conjunct', () => {
    fc.assert(
      fc.property(documentsOf, seededFilterOf, (docs, filter) => {
        const ctx = contextOf(docs);
        const node = parseFilter(filter);
        const ids = selectiveFilterIds(ctx, node, Infinity);
        expect(ids).toBeDefined();
        expect(Array.from(ids ?? [])).toEqual(Array.from(bitsToIds(evaluateFilter(ctx, node))));
      }),
      { numRuns: 400 },
    );
  });

  it('leaves a filter to the bitsets when it has no equality or IN conjunct, or its conjunct matches too many', () => {
    const docs: Document[] = [1, 1, 1, 2, 3].map((dealer, i) => ({ id: i + 1, dealer, price: i }));
    const ctx = contextOf(docs);
    expect(selectiveFilterIds(ctx, parseFilter('price > 1 OR dealer = 2'), Infinity)).toBeUndefined();
    expect(selectiveFilterIds(ctx, parseFilter('price > 1 AND NOT dealer = 2'), Infinity)).toBeUndefined();
    expect(selectiveFilterIds(ctx, parseFilter('dealer = 1 AND price > 0'), 2)).toBeUndefined();
    // The smallest seed is taken: dealer 3 holds one car (slot 4), within the limit, though dealers 1 and 3 hold four.
    expect(Array.from(selectiveFilterIds(ctx, parseFilter('dealer IN [3, 1] AND dealer = 3 AND price >= 0'), 1) ?? [])).toEqual([4]);
    expect(Array.from(selectiveFilterIds(ctx, parseFilter(['dealer IN [1, 3]', 'price >= 1']), 4) ?? [])).toEqual([1, 2, 4]);
  });
});

describe('firstSortedOf', () => {
  it('pages a list of ids in the order firstSortedIds walks them, packed or compared', () => {
    const sortable = ['price', 'make', 'sold', 'dealer'];
    const keysOf = fc.array(fc.record({ attribute: fc.constantFrom(...sortable), descending: fc.boolean() }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(documentsOf, keysOf, fc.integer({ min: 0, max: 45 }), fc.infiniteStream(fc.boolean()), (docs, sortKeys, needed, picks) => {
        const values = valuesOfDocuments(docs);
        const keys = sortKeys.map(({ attribute, descending }) => ({ column: buildSortColumn(attribute, values), descending }));
        const ids = Uint32Array.from(Array.from(docs.keys()).filter(() => picks.next().value));
        const walked = firstSortedIds(idsToBits(ids, docs.length), keys, needed);
        expect(firstSortedOf(ids, keys, needed)).toEqual(walked);
        // No room to pack: a sort with the comparator.
        expect(firstSortedOf(ids, keys, needed, 0)).toEqual(walked);
      }),
      { numRuns: 300 },
    );
  });
});

const paramsOf: fc.Arbitrary<SearchParams> = fc
  .record(
    {
      q: fc.constantFrom('', '', 'mazda', 'toyta hilux', 'cx', 'ranger '),
      filter: seededFilterOf,
      sort: fc.constantFrom(undefined, ['price:asc'], ['price:desc', 'make:asc'], ['make:desc'], ['sold:asc', 'price:desc']),
      facets: fc.option(fc.subarray(FILTERABLE, { minLength: 1 }), { nil: undefined }),
      paging: fc.oneof(
        fc.record({ page: fc.integer({ min: 0, max: 4 }), hitsPerPage: fc.integer({ min: 0, max: 7 }) }),
        fc.record({ offset: fc.integer({ min: 0, max: 12 }), limit: fc.integer({ min: 0, max: 9 }) }),
      ),
    },
    { requiredKeys: ['q', 'filter', 'paging'] },
  )
  .map(({ paging, ...params }) => ({ ...params, ...paging }) as SearchParams);

function answer(index: EmbeddedIndex, params: SearchParams) {
  const { processingTimeMs: _time, ...rest } = index.search({ ...params });
  return rest;
}

describe('EmbeddedIndex: the candidate plan and the bitset plan', () => {
  it('answer every search alike: hits, order, totals, facets and pages', () => {
    fc.assert(
      fc.property(
        documentsOf,
        fc.subarray(
          Array.from({ length: 40 }, (_, i) => i + 1),
          { maxLength: 8 },
        ),
        fc.array(paramsOf, { minLength: 1, maxLength: 5 }),
        (docs, deleted, searches) => {
          const bitsets = new EmbeddedIndex('cars', { ...SETTINGS, faceting: { maxValuesPerFacet: 3 } }, 'id', undefined, 'bitsets');
          const candidates = new EmbeddedIndex('cars', { ...SETTINGS, faceting: { maxValuesPerFacet: 3 } }, 'id', undefined, 'candidates');
          for (const index of [bitsets, candidates]) {
            index.addDocuments(docs);
            // Deleted documents leave empty slots, which neither plan may return.
            index.deleteDocuments(deleted);
          }
          for (const params of searches) expect(answer(candidates, params)).toEqual(answer(bitsets, params));
        },
      ),
      { numRuns: 250 },
    );
  });

  it('answers a site of a few cars among many by its own cars', () => {
    const docs: Document[] = Array.from({ length: 640 }, (_, i) => ({
      id: i + 1,
      name: i % 2 ? 'Hilux SR5' : 'Corolla',
      make: 'Toyota',
      dealer: (i % 64) + 1,
      price: 1000 + ((i * 37) % 500),
      status: i % 5 === 0 ? 'sold' : 'in_stock',
    }));
    const index = new EmbeddedIndex('cars', SETTINGS, 'id');
    index.addDocuments(docs);
    const result = index.search({ filter: 'dealer = 3 AND NOT status = sold', sort: ['price:desc'], facets: ['status'], limit: 3 });
    const expected = docs.filter((d) => d.dealer === 3 && d.status !== 'sold').sort((a, b) => (b.price as number) - (a.price as number));
    expect(result.hits.map((h) => h.id)).toEqual(expected.slice(0, 3).map((d) => d.id));
    expect(result).toMatchObject({ estimatedTotalHits: expected.length, facetDistribution: { status: { in_stock: expected.length } } });
  });
});
