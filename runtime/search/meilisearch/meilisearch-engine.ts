// SearchEngine on a real Meilisearch server through the official client. Writes wait for their
// task, so "added" means searchable, as with the embedded engine.
import { Meilisearch, MeilisearchApiError, type Task } from 'meilisearch';
import { SearchError, type SearchErrorCode } from '../search-error.js';
import type { Document, IndexSettings, MultiSearchQuery, MultiSearchResult, SearchEngine, SearchParams, SearchResponse } from '../types.js';

const BATCH_SIZE = 10_000;
const TASK_TIMEOUT_MS = 120_000;

export interface MeilisearchEngineOptions {
  /** A shopper's search gives up after this long (the client has no timeout of its own). Default 5 s. */
  searchTimeoutMs?: number;
  /** Any other request (index, settings, a batch of documents, a task poll). Default 60 s. */
  requestTimeoutMs?: number;
}

const KNOWN_CODES = new Set<SearchErrorCode>([
  'invalid_search_filter',
  'invalid_search_sort',
  'invalid_search_facets',
  'index_not_found',
  'index_already_exists',
  'missing_document_id',
]);
/** Meilisearch's HTTP status for the codes kept (crates/meilisearch-types/src/error.rs), for failed tasks. */
const STATUS_OF_CODE: Partial<Record<SearchErrorCode, number>> = { index_not_found: 404, index_already_exists: 409 };

/** The innermost reason of a failed request ("connect ECONNREFUSED 127.0.0.1:7700", "The operation was aborted due to timeout"). */
function rootCause(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function toSearchError(error: unknown, host: string): unknown {
  if (error instanceof SearchError) return error;
  if (error instanceof MeilisearchApiError) {
    const status = error.response.status;
    const code = error.cause?.code;
    const message = error.cause?.message ?? error.message;
    // A wrong or missing key is the operator's to fix, not the shopper's: the engine is unavailable to this server.
    if (status === 401 || status === 403) {
      return new SearchError(
        'search_engine_unavailable',
        `Meilisearch at ${host} refused the API key (${code ?? status}): ${message} Check MEILISEARCH_KEY.`,
        503,
      );
    }
    if (status >= 500)
      return new SearchError('search_engine_unavailable', `Search engine unavailable: Meilisearch at ${host} answered ${status}: ${message}`, 503);
    const known = code && KNOWN_CODES.has(code as SearchErrorCode) ? (code as SearchErrorCode) : 'invalid_search_params';
    return new SearchError(known, message, status);
  }
  if (error instanceof Error && error.name.startsWith('Meilisearch')) {
    const reason = error.name === 'MeilisearchRequestError' ? `cannot reach Meilisearch at ${host} (${rootCause(error)})` : error.message;
    return new SearchError('search_engine_unavailable', `Search engine unavailable: ${reason}`, 503);
  }
  return error;
}

function checkTask(task: Task): void {
  if (task.status === 'failed' && task.error) {
    const code = task.error.code as SearchErrorCode;
    const known = KNOWN_CODES.has(code) ? code : 'invalid_search_params';
    throw new SearchError(known, task.error.message, STATUS_OF_CODE[known] ?? 400);
  }
  if (task.status === 'canceled') {
    throw new SearchError('search_engine_unavailable', `Meilisearch task ${task.uid} (${task.type}) was canceled.`, 503);
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
  private readonly searchTimeoutMs: number;

  constructor(
    private readonly host: string,
    apiKey?: string,
    options: MeilisearchEngineOptions = {},
  ) {
    this.client = new Meilisearch({ host, apiKey, timeout: options.requestTimeoutMs ?? 60_000 });
    this.searchTimeoutMs = options.searchTimeoutMs ?? 5_000;
  }

  async createIndex(uid: string, settings: IndexSettings): Promise<void> {
    try {
      checkTask(await this.client.createIndex(uid, { primaryKey: 'id' }).waitTask({ timeout: TASK_TIMEOUT_MS }));
      checkTask(await this.client.index(uid).updateSettings(settings).waitTask({ timeout: TASK_TIMEOUT_MS }));
    } catch (error) {
      throw toSearchError(error, this.host);
    }
  }

  async addDocuments(uid: string, docs: Document[], primaryKey = 'id'): Promise<void> {
    try {
      const index = this.client.index(uid);
      for (let i = 0; i < docs.length; i += BATCH_SIZE) {
        checkTask(await index.addDocuments(docs.slice(i, i + BATCH_SIZE), { primaryKey }).waitTask({ timeout: TASK_TIMEOUT_MS }));
      }
    } catch (error) {
      throw toSearchError(error, this.host);
    }
  }

  async deleteDocuments(uid: string, ids: Array<string | number>): Promise<void> {
    if (!ids.length) return;
    try {
      checkTask(await this.client.index(uid).deleteDocuments(ids.map(String)).waitTask({ timeout: TASK_TIMEOUT_MS }));
    } catch (error) {
      throw toSearchError(error, this.host);
    }
  }

  async deleteIndex(uid: string): Promise<void> {
    try {
      checkTask(await this.client.deleteIndex(uid).waitTask({ timeout: TASK_TIMEOUT_MS }));
    } catch (error) {
      throw toSearchError(error, this.host);
    }
  }

  async swapIndexes(pairs: Array<[string, string]>): Promise<void> {
    try {
      checkTask(await this.client.swapIndexes(pairs.map((indexes) => ({ indexes, rename: false }))).waitTask({ timeout: TASK_TIMEOUT_MS }));
    } catch (error) {
      throw toSearchError(error, this.host);
    }
  }

  async search<T = Document>(uid: string, params: SearchParams): Promise<SearchResponse<T>> {
    try {
      const response = await this.client.index(uid).search(params.q ?? '', searchBody(params), { signal: AbortSignal.timeout(this.searchTimeoutMs) });
      return response as unknown as SearchResponse<T>;
    } catch (error) {
      throw toSearchError(error, this.host);
    }
  }

  async multiSearch<T = Document>(request: { queries: MultiSearchQuery[] }): Promise<{ results: MultiSearchResult<T>[] }> {
    try {
      const queries = request.queries.map((q) => ({ ...searchBody(q), q: q.q ?? '', indexUid: q.indexUid }));
      const response = await this.client.multiSearch({ queries } as never, { signal: AbortSignal.timeout(this.searchTimeoutMs) });
      return response as unknown as { results: MultiSearchResult<T>[] };
    } catch (error) {
      throw toSearchError(error, this.host);
    }
  }
}
