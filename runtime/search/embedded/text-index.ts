// Inverted index over the searchable attributes: vocabulary -> (doc ids, best attribute per doc),
// and typo-tolerant, prefix-aware lookup of a query word in the vocabulary.
import { ABSENT_CODE, MISSING, type IndexedValues } from './field-store.js';
import { wordsOfValue } from './tokenize.js';
import { allowedTypos, typoDistance } from './typo-distance.js';

export interface TermMatch {
  term: number;
  typos: number;
  /** True when the whole word matched without typo (exactness rule). */
  exact: boolean;
}

export interface TypoSettings {
  enabled: boolean;
  oneTypo: number;
  twoTypos: number;
}

const MATCH_CACHE_LIMIT = 2000;
export const NO_MATCH = 255;

/** Best match of one query word per document; `touched` lists the docs to reset afterwards. */
export class WordScratch {
  readonly typo: Uint8Array;
  readonly attribute: Uint8Array;
  readonly exact: Uint8Array;
  touched: number[] = [];
  constructor(size: number) {
    this.typo = new Uint8Array(size).fill(NO_MATCH);
    this.attribute = new Uint8Array(size).fill(NO_MATCH);
    this.exact = new Uint8Array(size);
  }
  reset(): void {
    for (const doc of this.touched) {
      this.typo[doc] = NO_MATCH;
      this.attribute[doc] = NO_MATCH;
      this.exact[doc] = 0;
    }
    this.touched = [];
  }
}

export class TextIndex {
  readonly terms: string[] = [];
  /** Postings (CSR): docs of term t are termDocs[termStart[t] .. termStart[t+1]), with the index of
   * the first searchable attribute holding the term in termAttributes at the same position. */
  readonly termStart: Uint32Array;
  readonly termDocs: Uint32Array;
  readonly termAttributes: Uint8Array;
  readonly documentCount: number;
  private readonly scratch: WordScratch[] = [];
  private readonly matchCache = new Map<string, TermMatch[]>();

  constructor(
    values: IndexedValues,
    readonly attributes: readonly string[],
    private readonly typo: TypoSettings,
  ) {
    const termIds = new Map<string, number>();
    // Each attribute's distinct values are split into words once (terms numbered as a per-document pass would).
    const dictionaries = attributes.map((a) => values.dictionary(a));
    const termsOfValue: (Uint32Array | undefined)[][] = attributes.map(() => []);
    const termsOf = (a: number, code: number): Uint32Array => {
      const value = dictionaries[a].valueOf(code);
      if (value === MISSING) return new Uint32Array(0);
      return Uint32Array.from(wordsOfValue(value), (word) => {
        let term = termIds.get(word);
        if (term === undefined) {
          term = this.terms.length;
          termIds.set(word, term);
          this.terms.push(word);
        }
        return term;
      });
    };
    // Two passes: count each term's documents, then lay out the postings (CSR). `seenBy` marks a term already
    // posted for the current document (its first attribute is the one kept).
    const size = values.size;
    const seenBy: number[] = [];
    const counts: number[] = [];
    const walk = (post: (term: number, id: number, attribute: number) => void) => {
      for (let id = 0; id < size; id++) {
        for (let a = 0; a < attributes.length; a++) {
          const code = dictionaries[a].codes[id];
          if (code === ABSENT_CODE) continue;
          let terms = termsOfValue[a][code];
          if (terms === undefined) termsOfValue[a][code] = terms = termsOf(a, code);
          for (let i = 0; i < terms.length; i++) {
            const term = terms[i];
            if (seenBy[term] === id) continue;
            seenBy[term] = id;
            post(term, id, a);
          }
        }
      }
    };
    walk((term) => {
      counts[term] = (counts[term] ?? 0) + 1;
    });
    this.documentCount = size;
    this.termStart = new Uint32Array(this.terms.length + 1);
    for (let t = 0; t < this.terms.length; t++) this.termStart[t + 1] = this.termStart[t] + counts[t];
    this.termDocs = new Uint32Array(this.termStart[this.terms.length]);
    this.termAttributes = new Uint8Array(this.termDocs.length);
    const fill = this.termStart.slice(0, this.terms.length);
    seenBy.fill(-1);
    walk((term, id, a) => {
      const at = fill[term]++;
      this.termDocs[at] = id;
      this.termAttributes[at] = a;
    });
  }

  /** Per-document buffers for query word `slot`, reused across queries to spare the garbage collector. */
  wordScratch(slot: number): WordScratch {
    while (this.scratch.length <= slot) this.scratch.push(new WordScratch(this.documentCount));
    return this.scratch[slot];
  }

  /** Vocabulary terms a query word matches, with their typo counts. Cached: vocabularies are small. */
  matchWord(word: string, prefix: boolean): TermMatch[] {
    const cacheKey = `${prefix ? 'p' : 'w'}:${word}`;
    const cached = this.matchCache.get(cacheKey);
    if (cached) return cached;
    const maxTypos = this.typo.enabled ? allowedTypos(word, this.typo.oneTypo, this.typo.twoTypos) : 0;
    const matches: TermMatch[] = [];
    for (let t = 0; t < this.terms.length; t++) {
      const term = this.terms[t];
      if (term === word) matches.push({ term: t, typos: 0, exact: true });
      else if (prefix && term.startsWith(word)) matches.push({ term: t, typos: 0, exact: false });
      else if (maxTypos > 0) {
        const typos = typoDistance(word, term, maxTypos, prefix);
        if (typos <= maxTypos) matches.push({ term: t, typos, exact: false });
      }
    }
    if (this.matchCache.size >= MATCH_CACHE_LIMIT) this.matchCache.clear();
    this.matchCache.set(cacheKey, matches);
    return matches;
  }
}
