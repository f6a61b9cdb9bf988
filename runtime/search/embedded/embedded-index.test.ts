// An index changed by additions, replacements and deletions answers exactly as one built from its final documents,
// with whole documents in memory or on disk (slots of deleted documents stay empty; the rows on disk stay put).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Document, IndexSettings, SearchParams } from '../types.js';
import { DiskDocumentStore, ExternalDocumentStore } from './document-store.js';
import { EmbeddedIndex } from './embedded-index.js';

const SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'make'],
  filterableAttributes: ['make', 'year', 'tags', 'status'],
  sortableAttributes: ['price', 'year'],
};

const QUERIES: SearchParams[] = [
  { q: '', facets: ['make', 'year', 'tags', 'status'], limit: 50 },
  { q: '', filter: 'make = Toyota OR year > 2019', sort: ['price:asc'], facets: ['make'], limit: 50 },
  { q: '', filter: 'NOT status = sold', sort: ['year:desc', 'price:asc'], limit: 50 },
  { q: 'hilux', facets: ['status'], limit: 50 },
  { q: 'mazd', filter: 'tags EXISTS', limit: 50 },
  { q: '', filter: 'status IS NULL', facets: ['tags'], limit: 50 },
];

const MAKES = ['Toyota', 'Mazda', 'Ford', 'toyota '];
const MODELS = ['Hilux', 'CX-5', 'Ranger', 'Corolla'];

const documentOf = fc.record(
  {
    id: fc.integer({ min: 1, max: 12 }),
    make: fc.constantFrom(...MAKES),
    name: fc.constantFrom(...MODELS),
    year: fc.integer({ min: 2015, max: 2024 }),
    price: fc.integer({ min: 1000, max: 60_000 }),
    status: fc.constantFrom('available', 'sold', null),
    tags: fc.subarray(['new', 'offer', 'runout']),
    extra: fc.string({ maxLength: 4 }),
  },
  { requiredKeys: ['id', 'make', 'name'] },
);

type Change = { add: Document[] } | { remove: number[] };
const changeOf: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ add: fc.array(documentOf, { minLength: 1, maxLength: 6 }) }),
  fc.record({ remove: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }) }),
);

function answers(index: EmbeddedIndex) {
  return QUERIES.map((params) => {
    const { processingTimeMs: _time, ...rest } = index.search({ ...params });
    return rest;
  });
}

describe('EmbeddedIndex after changes', () => {
  for (const documents of ['memory', 'disk', 'external'] as const) {
    it(`answers as an index built from the final documents (${documents})`, () => {
      fc.assert(
        fc.property(fc.array(changeOf, { minLength: 1, maxLength: 8 }), (changes) => {
          // What the index should hold: by id, in order of first addition (a re-added id after a delete goes last).
          // With external documents, this map is also the owner's store the index reads hits from.
          const expected = new Map<number, Document>();
          const store =
            documents === 'disk'
              ? new DiskDocumentStore()
              : documents === 'external'
                ? new ExternalDocumentStore('id', (id) => expected.get(id as number))
                : undefined;
          const changed = new EmbeddedIndex('cars', SETTINGS, 'id', store);
          for (const change of changes) {
            if ('add' in change) {
              for (const doc of change.add) expected.set(doc.id as number, doc);
              changed.addDocuments(change.add);
            } else {
              for (const id of change.remove) expected.delete(id);
              changed.deleteDocuments(change.remove);
            }
            // Columns rebuilt between changes, as searches interleave; the filter leaves bitsets of its values behind.
            changed.search({ q: '', filter: 'make = Toyota OR status = sold', limit: 1 });
          }
          const rebuilt = new EmbeddedIndex('cars', SETTINGS, 'id');
          rebuilt.addDocuments([...expected.values()]);
          expect(changed.documentCount).toBe(expected.size);
          expect(answers(changed)).toEqual(answers(rebuilt));
          changed.close();
        }),
        { numRuns: 60 },
      );
    });
  }

  it('returns the right whole documents from disk after a deletion', () => {
    const index = new EmbeddedIndex('cars', SETTINGS, 'id', new DiskDocumentStore());
    index.addDocuments([
      { id: 1, make: 'Toyota', name: 'Hilux', price: 30_000, colour: 'White' },
      { id: 2, make: 'Mazda', name: 'CX-5', price: 20_000, colour: 'Red' },
      { id: 3, make: 'Ford', name: 'Ranger', price: 40_000, colour: 'Blue' },
    ]);
    index.deleteDocuments([1]);
    const { hits } = index.search({ q: '', sort: ['price:asc'] });
    expect(hits).toEqual([
      { id: 2, make: 'Mazda', name: 'CX-5', price: 20_000, colour: 'Red' },
      { id: 3, make: 'Ford', name: 'Ranger', price: 40_000, colour: 'Blue' },
    ]);
    index.close();
  });
});
