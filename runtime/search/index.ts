// Picks the search engine: Meilisearch when MEILISEARCH_HOST is set, the embedded engine otherwise
// (DESIGN principle 5: `npm start` needs no other service).
import { EmbeddedSearchEngine } from './embedded/embedded-engine.js';
import { MeilisearchEngine } from './meilisearch/meilisearch-engine.js';
import type { SearchEngine } from './types.js';

export function createSearchEngine(env: Record<string, string | undefined> = process.env): SearchEngine {
  const host = env.MEILISEARCH_HOST?.trim();
  // A shopper's search gives up after MEILISEARCH_SEARCH_TIMEOUT_MS (default 5 s): a slow engine answers "try again".
  const searchTimeoutMs = Number(env.MEILISEARCH_SEARCH_TIMEOUT_MS) > 0 ? Number(env.MEILISEARCH_SEARCH_TIMEOUT_MS) : undefined;
  if (host) return new MeilisearchEngine(host, env.MEILISEARCH_KEY?.trim() || undefined, { searchTimeoutMs });
  // The server's stock: whole documents on disk unless SEARCH_DOCUMENTS=memory.
  return new EmbeddedSearchEngine({ documents: env.SEARCH_DOCUMENTS === 'memory' ? 'memory' : 'disk' });
}

export { EmbeddedSearchEngine } from './embedded/embedded-engine.js';
export type { StoredField } from './embedded/field-store.js';
export type * from './types.js';
export { totalHitsOf } from './types.js';
export { scopedSearch, scopedMultiSearch, type TenantScope } from './tenant-scope.js';
export { CAR_INDEX_SETTINGS, CAR_INDEX_UID } from './car-index-settings.js';
