// POST /api/search: Meilisearch's multi-search shape ({ queries: [{ indexUid, q, filter, facets, sort, ... }] }),
// answered within the requesting site's scope. Bad requests get a 4xx with the reason; nothing outside the site's
// stock can be reached, whatever the filter or index asked for.
import express, { type Request, type Response, type Router } from 'express';
import { SearchError } from '../../search/search-error';
import type { MultiSearchQuery } from '../../search/types';
import type { CarCatalogue } from '../car-catalogue';

const MAX_QUERIES = 10;
const MAX_PAGE_SIZE = 100;
const ALLOWED_KEYS = new Set(['indexUid', 'q', 'filter', 'facets', 'sort', 'page', 'hitsPerPage', 'offset', 'limit', 'attributesToRetrieve', 'attributesToHighlight']);

export class BadRequest extends Error {}

export function parseQueries(body: unknown, defaultIndex: string): MultiSearchQuery[] {
  const queries = (body as { queries?: unknown })?.queries;
  if (!Array.isArray(queries) || queries.length === 0) throw new BadRequest('body must be {"queries": [...]} with at least one query');
  if (queries.length > MAX_QUERIES) throw new BadRequest(`at most ${MAX_QUERIES} queries per request`);
  return queries.map((q, i) => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) throw new BadRequest(`queries[${i}] must be an object`);
    for (const key of Object.keys(q)) if (!ALLOWED_KEYS.has(key)) throw new BadRequest(`queries[${i}].${key} is not a search parameter`);
    const query = { indexUid: defaultIndex, ...(q as Record<string, unknown>) } as MultiSearchQuery;
    for (const key of ['hitsPerPage', 'limit'] as const) {
      const v = query[key];
      if (v !== undefined && (typeof v !== 'number' || v < 0 || v > MAX_PAGE_SIZE)) throw new BadRequest(`queries[${i}].${key} must be a number from 0 to ${MAX_PAGE_SIZE}`);
    }
    if (query.q != null && typeof query.q !== 'string') throw new BadRequest(`queries[${i}].q must be text`);
    return query;
  });
}

export function searchApi(catalogue: () => CarCatalogue | undefined): Router {
  const router = express.Router();
  router.post('/api/search', express.json({ limit: '32kb' }), async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const cat = catalogue();
    if (!cat) return res.status(503).json({ message: 'Search is not available right now.', code: 'search_engine_unavailable' });
    try {
      const queries = parseQueries(req.body, cat.indexUid);
      res.json(await cat.multiSearch(req.tenant!, queries));
    } catch (error) {
      if (error instanceof BadRequest) return res.status(400).json({ message: error.message, code: 'invalid_request' });
      if (error instanceof SearchError) return res.status(error.httpStatus).json({ message: error.message, code: error.code });
      throw error;
    }
  });
  return router;
}
