// Full-text matching and Meilisearch-like ranking of the matches.
// Matching strategy "last" (Meilisearch's default): documents must match the first query word;
// those matching more of the leading query words rank first ("words"), then fewer typos ("typo"),
// then the earliest searchable attribute ("attribute"), then the sort parameter ("sort"), then whole-word
// matches ("exactness"), then insertion order. Proximity is not computed (every candidate ties on it).
import { hasBit, type Bitset } from './bitset.js';
import { NO_MATCH, type TextIndex, type WordScratch } from './text-index.js';
import { tokenize } from './tokenize.js';
import { compareBySortKeys, type SortKey } from './sort-column.js';

const MAX_QUERY_WORDS = 10; // Meilisearch considers at most 10 query words

export interface TextCandidates {
  /** Number of query words considered. */
  wordCount: number;
  ids: number[];
  /** Per candidate (same index as ids): leading query words matched. */
  words: Uint8Array;
  typos: Uint8Array;
  attribute: Uint8Array;
  exact: Uint8Array;
}

export function queryWords(q: string): { words: string[]; lastIsPrefix: boolean } {
  const words = tokenize(q).slice(0, MAX_QUERY_WORDS);
  // A query ending with a space means the last word is finished: no prefix match on it.
  const lastIsPrefix = !/[^\p{L}\p{N}]$/u.test(q);
  return { words, lastIsPrefix };
}

export function findTextCandidates(index: TextIndex, q: string, filter: Bitset): TextCandidates {
  const { words, lastIsPrefix } = queryWords(q);
  const n = words.length;
  const scratch: WordScratch[] = [];
  const firstWordDocs: number[] = [];
  for (const [w, word] of words.entries()) {
    const s = index.wordScratch(w);
    scratch.push(s);
    for (const match of index.matchWord(word, lastIsPrefix && w === n - 1)) {
      // The term's postings (indexed, not iterated: this loop runs for every matching document of every query).
      for (let j = index.termStart[match.term] ?? 0, end = index.termStart[match.term + 1] ?? 0; j < end; j++) {
        const doc = index.termDocs[j];
        if (doc === undefined) break;
        const typo = s.typo[doc] ?? NO_MATCH;
        if (typo === NO_MATCH) {
          if (w === 0 && !hasBit(filter, doc)) continue;
          s.touched.push(doc);
          if (w === 0) firstWordDocs.push(doc);
        }
        if (match.typos < typo) s.typo[doc] = match.typos;
        const attribute = index.termAttributes[j] ?? NO_MATCH;
        if (attribute < (s.attribute[doc] ?? NO_MATCH)) s.attribute[doc] = attribute;
        if (match.exact) s.exact[doc] = 1;
      }
    }
  }
  const count = firstWordDocs.length;
  const result: TextCandidates = {
    wordCount: n,
    ids: firstWordDocs,
    words: new Uint8Array(count),
    typos: new Uint8Array(count),
    attribute: new Uint8Array(count),
    exact: new Uint8Array(count),
  };
  for (const [c, doc] of firstWordDocs.entries()) {
    // The leading query words the document matches: stop at the first it does not.
    let k = 0;
    let typos = 0;
    let attr = NO_MATCH;
    let exact = 0;
    for (const s of scratch) {
      const typo = s.typo[doc] ?? NO_MATCH;
      if (typo === NO_MATCH) break;
      typos += typo;
      attr = Math.min(attr, s.attribute[doc] ?? NO_MATCH);
      exact += s.exact[doc] ?? 0;
      k++;
    }
    result.words[c] = k;
    result.typos[c] = typos;
    result.attribute[c] = attr;
    result.exact[c] = exact;
  }
  for (const s of scratch) s.reset();
  return result;
}

type RuleCompare = (a: number, b: number) => number;

/** Candidate ids in ranking-rule order. */
export function rankTextCandidates(c: TextCandidates, rankingRules: readonly string[], sortKeys: readonly SortKey[]): number[] {
  // Candidate indexes are always inside the per-candidate arrays.
  const of = (values: ArrayLike<number>, i: number): number => values[i] ?? 0;
  const comparators: RuleCompare[] = [];
  for (const rule of rankingRules) {
    if (rule === 'words') comparators.push((a, b) => of(c.words, b) - of(c.words, a));
    else if (rule === 'typo') comparators.push((a, b) => of(c.typos, a) - of(c.typos, b));
    else if (rule === 'attribute') comparators.push((a, b) => of(c.attribute, a) - of(c.attribute, b));
    else if (rule === 'exactness') comparators.push((a, b) => of(c.exact, b) - of(c.exact, a));
    else if (rule === 'sort' && sortKeys.length > 0) comparators.push((a, b) => compareBySortKeys(sortKeys, of(c.ids, a), of(c.ids, b)));
  }
  const order = Array.from({ length: c.ids.length }, (_, i) => i);
  order.sort((a, b) => {
    for (const cmp of comparators) {
      const d = cmp(a, b);
      if (d !== 0) return d;
    }
    return of(c.ids, a) - of(c.ids, b);
  });
  return order.map((i) => of(c.ids, i));
}
