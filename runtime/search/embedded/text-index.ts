// Inverted index over the searchable attributes: vocabulary -> (doc ids, best attribute per doc),
// and typo-tolerant, prefix-aware lookup of a query word in the vocabulary.
import { MISSING, type IndexedValues } from './field-store.js';
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
    const docLists: number[][] = [];
    const attrLists: number[][] = [];
    for (let id = 0; id < values.size; id++) {
      const seen = new Set<number>();
      for (let a = 0; a < attributes.length; a++) {
        const value = values.valueAt(id, attributes[a]);
        if (value === MISSING) continue;
        for (const word of wordsOfValue(value)) {
          let term = termIds.get(word);
          if (term === undefined) {
            term = this.terms.length;
            termIds.set(word, term);
            this.terms.push(word);
            docLists.push([]);
            attrLists.push([]);
          }
          if (seen.has(term)) continue;
          seen.add(term);
          docLists[term].push(id);
          attrLists[term].push(a);
        }
      }
    }
    this.documentCount = values.size;
    this.termStart = new Uint32Array(this.terms.length + 1);
    for (let t = 0; t < this.terms.length; t++) this.termStart[t + 1] = this.termStart[t] + docLists[t].length;
    this.termDocs = new Uint32Array(this.termStart[this.terms.length]);
    this.termAttributes = new Uint8Array(this.termDocs.length);
    for (let t = 0; t < this.terms.length; t++) {
      this.termDocs.set(docLists[t], this.termStart[t]);
      this.termAttributes.set(attrLists[t], this.termStart[t]);
    }
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
