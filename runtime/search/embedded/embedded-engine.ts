// The default SearchEngine: every index lives in process memory. No service to run.
import { SearchError } from '../search-error.js';
import type { Document, IndexSettings, MultiSearchQuery, MultiSearchResult, SearchEngine, SearchParams, SearchResponse } from '../types.js';
import { EmbeddedIndex } from './embedded-index.js';
import { DiskDocumentStore, ExternalDocumentStore } from './document-store.js';
import type { StoredField } from './field-store.js';

export interface EmbeddedEngineOptions {
  /** 'disk': whole documents in a temporary SQLite file, only the indexed fields in memory (the server's stock). */
  documents?: 'memory' | 'disk';
}

export class EmbeddedSearchEngine implements SearchEngine {
  private readonly indexes = new Map<string, EmbeddedIndex>();
  private documentSource: ((key: string | number) => Document | undefined) | undefined;

  constructor(private readonly options: EmbeddedEngineOptions = {}) {}

  /**
   * With documents on disk, indexes made from now on read a hit's whole document by primary key from `load` (the
   * owner's own store, e.g. the car catalogue's) instead of keeping a second copy: indexing writes half as much.
   */
  readDocumentsFrom(load: (key: string | number) => Document | undefined): void {
    if (this.options.documents === 'disk') this.documentSource = load;
  }

  private newIndex(uid: string, settings: IndexSettings, primaryKey = 'id'): EmbeddedIndex {
    const store =
      this.options.documents !== 'disk'
        ? undefined
        : this.documentSource
          ? new ExternalDocumentStore(primaryKey, this.documentSource)
          : new DiskDocumentStore();
    return new EmbeddedIndex(uid, settings, primaryKey, store);
  }

  private index(uid: string): EmbeddedIndex {
    const index = this.indexes.get(uid);
    if (!index) throw new SearchError('index_not_found', `Index \`${uid}\` not found.`, 404);
    return index;
  }

  async createIndex(uid: string, settings: IndexSettings): Promise<void> {
    if (this.indexes.has(uid)) throw new SearchError('index_already_exists', `Index \`${uid}\` already exists.`, 409);
    this.indexes.set(uid, this.newIndex(uid, settings));
  }

  async addDocuments(uid: string, docs: Document[], primaryKey = 'id'): Promise<void> {
    const index = this.index(uid);
    if (index.primaryKey !== primaryKey && index.documentCount === 0) {
      // The first batch may name the primary key, as with Meilisearch.
      const replacement = this.newIndex(uid, index.settings, primaryKey);
      index.close();
      this.indexes.set(uid, replacement);
      replacement.addDocuments(docs);
      return;
    }
    index.addDocuments(docs);
  }

  /** See EmbeddedIndex.buildNext (false for an index that does not exist). */
  buildNext(uid: string): boolean {
    return this.indexes.get(uid)?.buildNext() ?? false;
  }

  /** See EmbeddedIndex.storedFields. */
  storedFields(uid: string): StoredField[] | undefined {
    return this.index(uid).storedFields();
  }

  /** A live index `uid` made from stored fields (see EmbeddedIndex.loadStored), replacing any index of that name. */
  loadStored(uid: string, settings: IndexSettings, size: number, fields: readonly StoredField[], primaryKey = 'id'): void {
    const index = this.newIndex(uid, settings, primaryKey);
    index.loadStored(size, fields);
    this.indexes.get(uid)?.close();
    this.indexes.set(uid, index);
  }

  async deleteDocuments(uid: string, ids: Array<string | number>): Promise<void> {
    this.index(uid).deleteDocuments(ids);
  }

  async deleteIndex(uid: string): Promise<void> {
    this.index(uid).close();
    this.indexes.delete(uid);
  }

  async swapIndexes(pairs: Array<[string, string]>): Promise<void> {
    for (const uid of pairs.flat()) this.index(uid);
    // An index's own uid is only a label (nothing reads it), so swapping the map entries swaps the indexes.
    for (const [a, b] of pairs) {
      const first = this.index(a);
      this.indexes.set(a, this.index(b));
      this.indexes.set(b, first);
    }
  }

  async search<T = Document>(uid: string, params: SearchParams): Promise<SearchResponse<T>> {
    return this.index(uid).search<T>(params);
  }

  async multiSearch<T = Document>(request: { queries: MultiSearchQuery[] }): Promise<{ results: MultiSearchResult<T>[] }> {
    const results = request.queries.map((query, i) => {
      const { indexUid, ...params } = query;
      try {
        return { indexUid, ...this.index(indexUid).search<T>(params) } as MultiSearchResult<T>;
      } catch (error) {
        // Meilisearch names the failing query: "Inside `.queries[1]`: ..."
        if (error instanceof SearchError) throw new SearchError(error.code, `Inside \`.queries[${i}]\`: ${error.message}`, error.httpStatus);
        throw error;
      }
    });
    return { results };
  }
}
