// Inverted index over the searchable attributes: vocabulary -> (doc ids, best attribute per doc),
// and typo-tolerant, prefix-aware lookup of a query word in the vocabulary.
import { valueAtPath } from './facet-value.js';
import { wordsOfValue } from './tokenize.js';
import { allowedTypos, typoDistance } from './typo-distance.js';

export interface TermPostings {
  docs: Uint32Array;
  /** Per entry in docs: index of the first searchable attribute holding the term. */
  attributes: Uint8Array;
}

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

export class TextIndex {
  readonly terms: string[] = [];
  readonly postings: TermPostings[] = [];
  private readonly matchCache = new Map<string, TermMatch[]>();

  constructor(docs: readonly Record<string, unknown>[], readonly attributes: readonly string[], private readonly typo: TypoSettings) {
    const termIds = new Map<string, number>();
    const docLists: number[][] = [];
    const attrLists: number[][] = [];
    for (let id = 0; id < docs.length; id++) {
      const seen = new Set<number>();
      for (let a = 0; a < attributes.length; a++) {
        for (const word of wordsOfValue(valueAtPath(docs[id], attributes[a]))) {
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
    for (let t = 0; t < this.terms.length; t++) {
      this.postings.push({ docs: Uint32Array.from(docLists[t]), attributes: Uint8Array.from(attrLists[t]) });
    }
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
