// SearchEngine on a real Meilisearch server through the official client. Writes wait for their
// task, so "added" means searchable, as with the embedded engine.
import { Meilisearch, MeilisearchApiError, type Task } from 'meilisearch';
import { SearchError, type SearchErrorCode } from '../search-error.js';
import type { Document, IndexSettings, MultiSearchQuery, MultiSearchResult, SearchEngine, SearchParams, SearchResponse } from '../types.js';

const BATCH_SIZE = 10_000;
const TASK_TIMEOUT_MS = 120_000;

const KNOWN_CODES = new Set<SearchErrorCode>([
  'invalid_search_filter', 'invalid_search_sort', 'invalid_search_facets', 'index_not_found', 'index_already_exists', 'missing_document_id',
]);

function toSearchError(error: unknown): unknown {
  if (error instanceof MeilisearchApiError) {
    const code = error.cause?.code as SearchErrorCode | undefined;
    return new SearchError(code && KNOWN_CODES.has(code) ? code : 'invalid_search_params', error.cause?.message ?? error.message, error.response.status);
  }
  if (error instanceof Error && error.name.startsWith('Meilisearch')) {
    return new SearchError('search_engine_unavailable', `Search engine unavailable: ${error.message}`, 503);
  }
  return error;
}

function checkTask(task: Task): void {
  if (task.status === 'failed' && task.error) {
    const code = task.error.code as SearchErrorCode;
    throw new SearchError(KNOWN_CODES.has(code) ? code : 'invalid_search_params', task.error.message);
  }
}

/** Meilisearch keeps unknown keys out of a search body; send only what it knows. */
function searchBody(params: SearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && k !== 'q') body[k] = v;
  return body;
}

export class MeilisearchEngine implements SearchEngine {
  private readonly client: Meilisearch;

  constructor(host: string, apiKey?: string) {
    this.client = new Meilisearch({ host, apiKey });
  }

  async createIndex(uid: string, settings: IndexSettings): Promise<void> {
    try {
      checkTask(await this.client.createIndex(uid, { primaryKey: 'id' }).waitTask({ timeout: TASK_TIMEOUT_MS }));
      checkTask(await this.client.index(uid).updateSettings(settings).waitTask({ timeout: TASK_TIMEOUT_MS }));
    } catch (error) {
      throw toSearchError(error);
    }
  }

  async addDocuments(uid: string, docs: Document[], primaryKey = 'id'): Promise<void> {
    try {
      const index = this.client.index(uid);
      for (let i = 0; i < docs.length; i += BATCH_SIZE) {
        checkTask(await index.addDocuments(docs.slice(i, i + BATCH_SIZE), { primaryKey }).waitTask({ timeout: TASK_TIMEOUT_MS }));
      }
    } catch (error) {
      throw toSearchError(error);
    }
  }

  async deleteIndex(uid: string): Promise<void> {
    try {
      checkTask(await this.client.deleteIndex(uid).waitTask({ timeout: TASK_TIMEOUT_MS }));
    } catch (error) {
      throw toSearchError(error);
    }
  }

  async search<T = Document>(uid: string, params: SearchParams): Promise<SearchResponse<T>> {
    try {
      const response = await this.client.index(uid).search(params.q ?? '', searchBody(params));
      return response as unknown as SearchResponse<T>;
    } catch (error) {
      throw toSearchError(error);
    }
  }

  async multiSearch<T = Document>(request: { queries: MultiSearchQuery[] }): Promise<{ results: MultiSearchResult<T>[] }> {
    try {
      const queries = request.queries.map((q) => ({ ...searchBody(q), q: q.q ?? '', indexUid: q.indexUid }));
      const response = await this.client.multiSearch({ queries } as never);
      return response as unknown as { results: MultiSearchResult<T>[] };
    } catch (error) {
      throw toSearchError(error);
    }
  }
}
