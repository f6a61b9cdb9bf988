import { describe, expect, it } from 'vitest';
import { createSearchEngine } from '../index.js';
import { EmbeddedSearchEngine } from '../embedded/embedded-engine.js';
import { MeilisearchEngine } from './meilisearch-engine.js';

describe('createSearchEngine', () => {
  it('runs embedded when MEILISEARCH_HOST is not set (npm start needs no other service)', () => {
    expect(createSearchEngine({})).toBeInstanceOf(EmbeddedSearchEngine);
    expect(createSearchEngine({ MEILISEARCH_HOST: '  ' })).toBeInstanceOf(EmbeddedSearchEngine);
  });

  it('uses Meilisearch when MEILISEARCH_HOST is set', () => {
    expect(createSearchEngine({ MEILISEARCH_HOST: 'http://127.0.0.1:4199', MEILISEARCH_KEY: 'k' })).toBeInstanceOf(MeilisearchEngine);
  });
});

describe('MeilisearchEngine errors', () => {
  it('reports an unreachable server as a 503 SearchError, not a crash', async () => {
    // Port 4198 in the range reserved for tests; nothing listens there.
    const engine = new MeilisearchEngine('http://127.0.0.1:4198');
    await expect(engine.search('cars', {})).rejects.toMatchObject({ code: 'search_engine_unavailable', httpStatus: 503 });
  });
});
