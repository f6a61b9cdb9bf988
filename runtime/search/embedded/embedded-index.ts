// One in-process index: documents, columns for filtering/faceting/sorting, a text index,
// and the search pipeline (filter -> text match -> rank -> page -> facets).
import { SearchError } from '../search-error.js';
import { MEILISEARCH_DEFAULTS, type Document, type FacetOrder, type IndexSettings, type SearchParams, type SearchResponse } from '../types.js';
import { buildAttributeColumn, type AttributeColumn } from './attribute-column.js';
import { bitsToIds, emptyBitset, idsToBits, setBit, type Bitset } from './bitset.js';
import { computeFacets } from './facet-counter.js';
import { evaluateFilter, type FilterContext } from './filter-eval.js';
import { parseFilter } from './filter-parser.js';
import { paginationFields, resolvePagination } from './pagination.js';
import { checkFilterAttributes, parseSort, resolveFacets } from './request-checks.js';
import { buildSortColumn, type SortColumn, type SortKey } from './sort-column.js';
import { firstIds, firstSortedIds, firstSortedOf } from './sorted-page.js';
import { selectiveFilterIds } from './candidate-filter.js';
import { idOfKey, packedKeys, smallestKeys } from './packed-ranking.js';
import { TextIndex } from './text-index.js';
import { ExternalDocumentStore, MemoryDocumentStore, type DocumentStore } from './document-store.js';
import { FieldStore, type StoredField } from './field-store.js';
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
  return new Set([primaryKey, ...all.map((a) => a.split('.')[0] ?? a)]);
}

/** How a filter is evaluated: 'auto' picks per search; tests force either plan to compare their answers. */
type FilterPlan = 'auto' | 'bitsets' | 'candidates';

/** 'auto' evaluates a filter from a selective conjunct's documents when they are at most 1 in SELECTIVE_SHARE of the
 *  index (candidate-filter.ts). Testing a document costs a few column reads out of cache, a bitset a pass over the
 *  whole index per conjunct: at 200,000 cars, 1,280 candidates took 0.29 ms against 0.39 ms, 2,560 about even and
 *  5,120 1.1 ms against 0.6 ms (docs/performance.md#a-sites-search-at-10000-sites). */
const SELECTIVE_SHARE = 128;

export class EmbeddedIndex {
  /** What the columns are built from: the indexed fields of each slot (whole documents are in `store`). */
  private values = new FieldStore();
  private readonly fields: Set<string> | undefined;
  private readonly store: DocumentStore;
  private dirty = false;
  /** Primary key -> slot. A deleted document's slot stays empty (slots never move, so the store's rows stay put).
   *  After loadStored it is made when first needed (a change to the documents): a start that only searches never is. */
  private keySlots: Map<string, number> | undefined = new Map();
  private columns = new Map<string, AttributeColumn>();
  private sortColumns = new Map<string, SortColumn>();
  private text: TextIndex | undefined;
  /** The live slots. */
  private universe: Bitset = emptyBitset(0);

  constructor(
    readonly uid: string,
    readonly settings: IndexSettings,
    readonly primaryKey = 'id',
    store?: DocumentStore,
    private readonly filterPlan: FilterPlan = 'auto',
  ) {
    this.fields = indexedFields(settings, primaryKey);
    // Without a list of indexed fields the columns need whole documents anyway: keep them in memory.
    this.store = this.fields && store ? store : new MemoryDocumentStore();
    if (!(this.fields && store)) store?.close();
    this.rebuild();
  }

  /** Frees the on-disk documents (the index is dropped). */
  close(): void {
    this.store.close();
  }

  get documentCount(): number {
    return this.keySlots?.size ?? this.values.size;
  }

  private get idToSlot(): Map<string, number> {
    if (!this.keySlots) {
      // Every slot of a stored load holds a document (storedFields refuses an index with empty slots).
      const keys = this.values.dictionary(this.primaryKey);
      this.keySlots = new Map();
      for (let slot = 0; slot < keys.codes.length; slot++) this.keySlots.set(String(keys.valueOf(keys.codes[slot]!)), slot);
    }
    return this.keySlots;
  }

  /** Adds or replaces (same primary key) documents; the columns are rebuilt before the next search. */
  addDocuments(docs: readonly Document[]): void {
    for (const doc of docs) {
      const key = doc[this.primaryKey];
      if (typeof key !== 'string' && typeof key !== 'number') {
        throw new SearchError('missing_document_id', `Document doesn't have a \`${this.primaryKey}\` attribute: \`${JSON.stringify(doc).slice(0, 200)}\`.`);
      }
      let slot = this.idToSlot.get(String(key));
      if (slot === undefined) {
        slot = this.values.size;
        this.idToSlot.set(String(key), slot);
      }
      this.values.set(slot, doc, this.fields);
      this.store.put(slot, doc);
    }
    // Columns are rebuilt once before the next search, not per batch: a large stock arrives in many batches.
    this.dirty = true;
  }

  /** The indexed fields of every slot as stored, for loadStored in a later process; undefined when they cannot be read
   *  back as they are (a deleted slot, an undefined value, which JSON does not keep). */
  storedFields(): StoredField[] | undefined {
    if (this.documentCount !== this.values.size) return undefined;
    const fields = this.values.stored();
    return fields.some((f) => f.values.includes(undefined)) ? undefined : fields;
  }

  /** Fills an empty index with fields `storedFields` gave (the whole documents stay with their owner, read by key):
   *  no document is encoded again, and the columns are built before the next search. */
  loadStored(size: number, fields: readonly StoredField[]): void {
    if (this.values.size > 0 || !(this.store instanceof ExternalDocumentStore))
      throw new Error('stored fields go into an empty index whose owner keeps the documents');
    this.values = FieldStore.fromStored(size, fields);
    const keys = this.values.dictionary(this.primaryKey);
    this.store.putKeys(Array.from(keys.codes, (code) => keys.valueOf(code) as string | number));
    this.keySlots = undefined;
    this.dirty = true;
  }

  /** Removes documents by primary key (unknown ids are ignored); the columns are rebuilt before the next search. */
  deleteDocuments(ids: ReadonlyArray<string | number>): void {
    for (const id of ids) {
      const slot = this.idToSlot.get(String(id));
      if (slot === undefined) continue;
      this.idToSlot.delete(String(id));
      this.values.clear(slot);
      this.store.delete(slot);
      this.dirty = true;
    }
  }

  private searchableAttributes(): string[] {
    const configured = this.settings.searchableAttributes;
    if (configured.length > 0 && !configured.includes('*')) return configured;
    return this.values.fieldNames();
  }

  /** Forgets the columns and text index of the old documents: each is built again when a search first needs it (or
   *  by buildAll), so a start does not wait for the columns of 35 attributes when its first searches use a few. */
  private rebuild(): void {
    this.dirty = false;
    this.columns = new Map();
    this.sortColumns = new Map();
    this.text = undefined;
    this.universe = emptyBitset(this.values.size);
    if (this.keySlots) for (const slot of this.keySlots.values()) setBit(this.universe, slot);
    else for (let slot = 0; slot < this.values.size; slot++) setBit(this.universe, slot);
  }

  private column(attribute: string): AttributeColumn {
    let column = this.columns.get(attribute);
    if (!column) this.columns.set(attribute, (column = buildAttributeColumn(attribute, this.values)));
    return column;
  }

  private sortColumn(attribute: string): SortColumn {
    let column = this.sortColumns.get(attribute);
    if (!column) this.sortColumns.set(attribute, (column = buildSortColumn(attribute, this.values)));
    return column;
  }

  private textIndex(): TextIndex {
    const typo = this.settings.typoTolerance;
    this.text ??= new TextIndex(this.values, this.searchableAttributes(), {
      enabled: typo?.enabled ?? true,
      oneTypo: typo?.minWordSizeForTypos?.oneTypo ?? MEILISEARCH_DEFAULTS.oneTypo,
      twoTypos: typo?.minWordSizeForTypos?.twoTypos ?? MEILISEARCH_DEFAULTS.twoTypos,
    });
    return this.text;
  }

  /** Builds one column (or the text index) a search would otherwise build when it first needs it; false when none is
   *  left. One at a time, so searches are answered in between. */
  buildNext(): boolean {
    if (this.dirty) this.rebuild();
    const column = this.settings.filterableAttributes.find((a) => !this.columns.has(a));
    if (column) return (this.column(column), true);
    const sort = this.settings.sortableAttributes.find((a) => !this.sortColumns.has(a));
    if (sort) return (this.sortColumn(sort), true);
    if (this.text) return false;
    this.textIndex();
    return true;
  }

  private filterContext(): FilterContext {
    return { size: this.values.size, universe: this.universe, column: (name) => this.column(name) };
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
      column: this.sortColumn(r.attribute),
      descending: r.descending,
    }));
    const pagination = resolvePagination(params, maxTotalHits);
    const needed = pagination.from + pagination.count;

    const context = this.filterContext();
    // -1: no conjunct holds fewer documents, so the bitsets always answer.
    const maxCandidates = { auto: this.values.size / SELECTIVE_SHARE, bitsets: -1, candidates: Infinity }[this.filterPlan];
    // The matching ids of a selective filter, found without a pass over the whole index; else the bitset plan answers.
    const selected = selectiveFilterIds(context, filterNode, maxCandidates);
    const q = params.q ?? '';
    let pageIds: number[];
    let matchingIds: Uint32Array;
    if (queryWords(q).words.length === 0) {
      // Placeholder search: every filtered document, in sort order or insertion order.
      if (selected) {
        matchingIds = selected;
        pageIds = sortKeys.length > 0 ? firstSortedOf(selected, sortKeys, needed) : Array.from(selected.subarray(0, needed));
      } else {
        const matches = evaluateFilter(context, filterNode);
        matchingIds = bitsToIds(matches);
        pageIds = sortKeys.length > 0 ? firstSortedIds(matches, sortKeys, needed) : firstIds(matches, needed);
      }
    } else {
      const text = this.textIndex();
      const matches = selected ? idsToBits(selected, this.values.size) : evaluateFilter(context, filterNode);
      const candidates = findTextCandidates(text, q, matches);
      const size = this.values.size;
      const keys = packedKeys(candidates, rankingRules, sortKeys, candidates.wordCount, text.attributes.length, size);
      pageIds = keys
        ? Array.from(smallestKeys(keys, needed), (key) => idOfKey(key, size))
        : rankTextCandidates(candidates, rankingRules, sortKeys).slice(0, needed);
      matchingIds = Uint32Array.from(candidates.ids).sort();
    }
    const hitIds = pageIds.slice(pagination.from);
    const retrieve = params.attributesToRetrieve;
    // Attributes the index holds come from memory; anything else from the document store.
    const fromIndex = !(this.store instanceof MemoryDocumentStore) && retrieve && !retrieve.includes('*') && retrieve.every((a) => this.fields!.has(a));
    const hitDocs = fromIndex ? hitIds.map((id) => this.values.document(id)) : this.store.getMany(hitIds);
    const hits = hitDocs.map((doc) => project(doc, retrieve) as T);

    const response: Record<string, unknown> = { hits, query: q, processingTimeMs: 0 };
    if (facets.length > 0) {
      const { facetDistribution, facetStats } = computeFacets(
        facets.map((f) => this.column(f)),
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
