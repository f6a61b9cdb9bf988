import { describe, expect, it } from 'vitest';
import { idOfKey, packedKeys, smallestKeys } from './packed-ranking.js';
import { valuesOfDocuments } from './field-store.js';
import { buildSortColumn } from './sort-column.js';
import { rankTextCandidates, type TextCandidates } from './text-search.js';

const RULES = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'];

function candidates(rows: [id: number, words: number, typos: number, attribute: number, exact: number][]): TextCandidates {
  return {
    wordCount: 3,
    ids: rows.map((r) => r[0]),
    words: Uint8Array.from(rows, (r) => r[1]),
    typos: Uint8Array.from(rows, (r) => r[2]),
    attribute: Uint8Array.from(rows, (r) => r[3]),
    exact: Uint8Array.from(rows, (r) => r[4]),
  };
}

const docs = valuesOfDocuments([{ price: 30 }, { price: 10 }, {}, { price: 20 }, { price: 10 }, { price: 40 }]);
const priceAsc = [{ column: buildSortColumn('price', docs), descending: false }];
const priceDesc = [{ column: buildSortColumn('price', docs), descending: true }];

function packedOrder(c: TextCandidates, keys: typeof priceAsc, needed: number): number[] {
  const packed = packedKeys(c, RULES, keys, c.wordCount, 3, docs.size)!;
  return Array.from(smallestKeys(packed, needed), (k) => idOfKey(k, docs.size));
}

describe('packed ranking', () => {
  const c = candidates([
    [5, 2, 0, 0, 2],
    [0, 3, 1, 0, 2],
    [1, 2, 0, 0, 2],
    [2, 2, 0, 0, 2],
    [3, 3, 1, 1, 3],
    [4, 2, 0, 0, 1],
  ]);

  it('orders by words, typo, attribute, sort, exactness, then id, like the comparator', () => {
    for (const keys of [priceAsc, priceDesc, []]) {
      expect(packedOrder(candidates([...zip(c)]), keys, 6)).toEqual(rankTextCandidates(c, RULES, keys));
    }
    // words 3 first (0 before 3: attribute 0 < 1); then words 2 by price asc (1:10, 4:10 less exact, 5:40), missing price (2) last
    expect(packedOrder(candidates([...zip(c)]), priceAsc, 6)).toEqual([0, 3, 1, 4, 5, 2]);
  });

  it('selects only the first `needed` in order', () => {
    expect(packedOrder(candidates([...zip(c)]), priceDesc, 3)).toEqual([0, 3, 5]);
  });

  it('gives up (comparator path) when keys would not fit 52 bits', () => {
    expect(packedKeys(c, RULES, priceAsc, 3, 3, 2 ** 45)).toBeUndefined();
  });
});

function* zip(c: TextCandidates): Generator<[number, number, number, number, number]> {
  for (const [i, id] of c.ids.entries()) yield [id, c.words[i] ?? 0, c.typos[i] ?? 0, c.attribute[i] ?? 0, c.exact[i] ?? 0];
}
