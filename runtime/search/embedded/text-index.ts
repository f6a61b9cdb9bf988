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
    const termsOf = (dictionary: ReturnType<IndexedValues['dictionary']>, code: number): Uint32Array => {
      const value = dictionary.valueOf(code);
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
        for (const [a, dictionary] of dictionaries.entries()) {
          const code = dictionary.codes[id];
          const cache = termsOfValue[a];
          if (code === undefined || code === ABSENT_CODE || !cache) continue;
          let terms = cache[code];
          if (terms === undefined) cache[code] = terms = termsOf(dictionary, code);
          for (const term of terms) {
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
    for (let t = 0; t < this.terms.length; t++) this.termStart[t + 1] = (this.termStart[t] ?? 0) + (counts[t] ?? 0);
    this.termDocs = new Uint32Array(this.termStart[this.terms.length] ?? 0);
    this.termAttributes = new Uint8Array(this.termDocs.length);
    const fill = this.termStart.slice(0, this.terms.length);
    seenBy.fill(-1);
    walk((term, id, a) => {
      const at = fill[term] ?? 0;
      fill[term] = at + 1;
      this.termDocs[at] = id;
      this.termAttributes[at] = a;
    });
  }

  /** Per-document buffers for query word `slot`, reused across queries to spare the garbage collector. */
  wordScratch(slot: number): WordScratch {
    let scratch = this.scratch[slot];
    while (!scratch) {
      this.scratch.push(new WordScratch(this.documentCount));
      scratch = this.scratch[slot];
    }
    return scratch;
  }

  /** Vocabulary terms a query word matches, with their typo counts. Cached: vocabularies are small. */
  matchWord(word: string, prefix: boolean): TermMatch[] {
    const cacheKey = `${prefix ? 'p' : 'w'}:${word}`;
    const cached = this.matchCache.get(cacheKey);
    if (cached) return cached;
    const maxTypos = this.typo.enabled ? allowedTypos(word, this.typo.oneTypo, this.typo.twoTypos) : 0;
    const matches: TermMatch[] = [];
    for (const [t, term] of this.terms.entries()) {
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
