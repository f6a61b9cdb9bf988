// One in-process index: documents, columns for filtering/faceting/sorting, a text index,
// and the search pipeline (filter -> text match -> rank -> page -> facets).
import { SearchError } from '../search-error.js';
import { MEILISEARCH_DEFAULTS, type Document, type FacetOrder, type IndexSettings, type SearchParams, type SearchResponse } from '../types.js';
import { buildAttributeColumn, type AttributeColumn } from './attribute-column.js';
import { bitsToIds, fullBitset, type Bitset } from './bitset.js';
import { computeFacets } from './facet-counter.js';
import { evaluateFilter, type FilterContext } from './filter-eval.js';
import { parseFilter } from './filter-parser.js';
import { paginationFields, resolvePagination } from './pagination.js';
import { checkFilterAttributes, parseSort, resolveFacets } from './request-checks.js';
import { buildSortColumn, type SortColumn, type SortKey } from './sort-column.js';
import { firstIds, firstSortedIds } from './sorted-page.js';
import { idOfKey, packedKeys, smallestKeys } from './packed-ranking.js';
import { TextIndex } from './text-index.js';
import { MemoryDocumentStore, type DocumentStore } from './document-store.js';
import { findTextCandidates, queryWords, rankTextCandidates } from './text-search.js';

function project(doc: Document, attributes: readonly string[] | undefined): Document {
  if (!attributes || attributes.includes('*')) return { ...doc };
  const out: Document = {};
  for (const a of attributes) if (a in doc) out[a] = doc[a];
  return out;
}

/** Top-level fields the columns and text index read; undefined when a '*' setting needs every field. */
function indexedFields(settings: IndexSettings, primaryKey: string): Set<string> | undefined {
  const all = [...settings.searchableAttributes, ...settings.filterableAttributes, ...settings.sortableAttributes];
  if (settings.searchableAttributes.length === 0 || all.includes('*')) return undefined;
  return new Set([primaryKey, ...all.map((a) => a.split('.')[0])]);
}

export class EmbeddedIndex {
  /** What the columns are built from: the indexed fields of each document (whole documents are in `store`). */
  private docs: Document[] = [];
  private readonly fields: Set<string> | undefined;
  private readonly store: DocumentStore;
  private dirty = false;
  private readonly idToSlot = new Map<string, number>();
  private columns = new Map<string, AttributeColumn>();
  private sortColumns = new Map<string, SortColumn>();
  private text: TextIndex | undefined;
  private universe: Bitset = fullBitset(0);

  constructor(
    readonly uid: string,
    readonly settings: IndexSettings,
    readonly primaryKey = 'id',
    store?: DocumentStore,
  ) {
    this.fields = indexedFields(settings, primaryKey);
    // Without a list of indexed fields the columns need whole documents anyway: keep them in memory.
    this.store = this.fields && store ? store : new MemoryDocumentStore();
    if (!(this.fields && store)) store?.close();
    this.rebuild();
  }

  private indexedPart(doc: Document): Document {
    if (!this.fields || this.store instanceof MemoryDocumentStore) return doc;
    const out: Document = {};
    for (const key of this.fields) if (key in doc) out[key] = doc[key];
    return out;
  }

  /** Frees the on-disk documents (the index is dropped). */
  close(): void {
    this.store.close();
  }

  get documentCount(): number {
    return this.docs.length;
  }

  /** Adds or replaces (same primary key) documents, then rebuilds the columns once. */
  addDocuments(docs: readonly Document[]): void {
    for (const doc of docs) {
      const key = doc[this.primaryKey];
      if (typeof key !== 'string' && typeof key !== 'number') {
        throw new SearchError('missing_document_id', `Document doesn't have a \`${this.primaryKey}\` attribute: \`${JSON.stringify(doc).slice(0, 200)}\`.`);
      }
      let slot = this.idToSlot.get(String(key));
      if (slot === undefined) {
        slot = this.docs.length;
        this.idToSlot.set(String(key), slot);
        this.docs.push(this.indexedPart(doc));
      } else {
        this.docs[slot] = this.indexedPart(doc);
      }
      this.store.put(slot, doc);
    }
    // Columns are rebuilt once before the next search, not per batch: a large stock arrives in many batches.
    this.dirty = true;
  }

  /** Removes documents by primary key (unknown ids are ignored), then rebuilds the columns once. */
  deleteDocuments(ids: ReadonlyArray<string | number>): void {
    const gone = new Set(ids.map(String));
    const kept = this.docs.filter((doc) => !gone.has(String(doc[this.primaryKey])));
    if (kept.length === this.docs.length) return;
    this.docs = kept;
    this.idToSlot.clear();
    kept.forEach((doc, slot) => this.idToSlot.set(String(doc[this.primaryKey]), slot));
    this.rebuild();
  }

  private searchableAttributes(): string[] {
    const configured = this.settings.searchableAttributes;
    if (configured.length > 0 && !configured.includes('*')) return configured;
    const seen = new Set<string>();
    for (const doc of this.docs) for (const k of Object.keys(doc)) seen.add(k);
    return [...seen];
  }

  private rebuild(): void {
    this.dirty = false;
    this.columns = new Map(this.settings.filterableAttributes.map((a) => [a, buildAttributeColumn(a, this.docs)]));
    this.sortColumns = new Map(this.settings.sortableAttributes.map((a) => [a, buildSortColumn(a, this.docs)]));
    const typo = this.settings.typoTolerance;
    this.text = new TextIndex(this.docs, this.searchableAttributes(), {
      enabled: typo?.enabled ?? true,
      oneTypo: typo?.minWordSizeForTypos?.oneTypo ?? MEILISEARCH_DEFAULTS.oneTypo,
      twoTypos: typo?.minWordSizeForTypos?.twoTypos ?? MEILISEARCH_DEFAULTS.twoTypos,
    });
    this.universe = fullBitset(this.docs.length);
  }

  private filterContext(): FilterContext {
    return { size: this.docs.length, universe: this.universe, column: (name) => this.columns.get(name)! };
  }

  private facetOrder(attribute: string): FacetOrder {
    const orders = this.settings.faceting?.sortFacetValuesBy ?? {};
    return orders[attribute] ?? orders['*'] ?? 'alpha';
  }

  search<T = Document>(params: SearchParams): SearchResponse<T> {
    const started = performance.now();
    if (this.dirty) this.rebuild();
    const s = this.settings;
    const rankingRules = s.rankingRules ?? [...MEILISEARCH_DEFAULTS.rankingRules];
    const maxTotalHits = s.pagination?.maxTotalHits ?? MEILISEARCH_DEFAULTS.maxTotalHits;
    const filterNode = parseFilter(params.filter);
    checkFilterAttributes(filterNode, s.filterableAttributes);
    const facets = resolveFacets(params.facets, s.filterableAttributes);
    const sortKeys: SortKey[] = parseSort(params.sort, s.sortableAttributes, rankingRules).map((r) => ({
      column: this.sortColumns.get(r.attribute)!,
      descending: r.descending,
    }));
    const pagination = resolvePagination(params, maxTotalHits);
    const needed = pagination.from + pagination.count;

    const matches = evaluateFilter(this.filterContext(), filterNode);
    const q = params.q ?? '';
    let pageIds: number[];
    let matchingIds: Uint32Array;
    if (queryWords(q).words.length === 0) {
      // Placeholder search: every filtered document, in sort order or insertion order.
      matchingIds = bitsToIds(matches);
      pageIds = sortKeys.length > 0 ? firstSortedIds(matches, sortKeys, needed) : firstIds(matches, needed);
    } else {
      const candidates = findTextCandidates(this.text!, q, matches);
      const size = this.docs.length;
      const keys = packedKeys(candidates, rankingRules, sortKeys, candidates.wordCount, this.text!.attributes.length, size);
      pageIds = keys
        ? Array.from(smallestKeys(keys, needed), (key) => idOfKey(key, size))
        : rankTextCandidates(candidates, rankingRules, sortKeys).slice(0, needed);
      matchingIds = Uint32Array.from(candidates.ids).sort();
    }
    const hitIds = pageIds.slice(pagination.from);
    const retrieve = params.attributesToRetrieve;
    // Attributes the index holds come from memory; anything else from the document store.
    const fromIndex = this.store instanceof MemoryDocumentStore || (retrieve && !retrieve.includes('*') && retrieve.every((a) => this.fields!.has(a)));
    const hitDocs = fromIndex ? hitIds.map((id) => this.docs[id]) : this.store.getMany(hitIds);
    const hits = hitDocs.map((doc) => project(doc, retrieve) as T);

    const response: Record<string, unknown> = { hits, query: q, processingTimeMs: 0 };
    if (facets.length > 0) {
      const { facetDistribution, facetStats } = computeFacets(
        facets.map((f) => this.columns.get(f)!),
        matchingIds,
        { maxValuesPerFacet: s.faceting?.maxValuesPerFacet ?? MEILISEARCH_DEFAULTS.maxValuesPerFacet, orderOf: (a) => this.facetOrder(a) },
      );
      response.facetDistribution = facetDistribution;
      response.facetStats = facetStats;
    }
    Object.assign(response, paginationFields(pagination, matchingIds.length, maxTotalHits));
    response.processingTimeMs = Math.round(performance.now() - started);
    return response as unknown as SearchResponse<T>;
  }
}
