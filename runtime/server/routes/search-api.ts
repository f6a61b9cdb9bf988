// POST /api/search: Meilisearch's multi-search shape ({ queries: [{ indexUid, q, filter, facets, sort, ... }] }),
// answered within the requesting site's scope. Bad requests get a 4xx with the reason; nothing outside the site's
// stock can be reached, whatever the filter or index asked for.
import express, { type Request, type Response, type Router } from 'express';
import type { MultiSearchQuery } from '../../search/types';
import { SearchError, type SearchErrorCode } from '../../search/search-error';
import { scopeOf, type CarCatalogue } from '../../inventory/car-catalogue';
import { directSearchConfig, issueTenantToken, siteSearchesDirectly, type DirectSearchConfig } from '../../search/meilisearch/tenant-tokens';
import { jsonBody } from '../json-body';
import { featuredListQuery, SearchHelperError } from '../../domain/search/search-helpers';
import { mergeSimilarCars, similarCarsQueries } from '../../domain/vehicle/similar-cars-query';
import { resolvedSettings } from '../../domain/settings';

const MAX_QUERIES = 10;
const MAX_PAGE_SIZE = 100;
const ALLOWED_KEYS = new Set([
  'indexUid',
  'q',
  'filter',
  'facets',
  'sort',
  'page',
  'hitsPerPage',
  'offset',
  'limit',
  'attributesToRetrieve',
  'attributesToHighlight',
]);

class BadRequest extends Error {}

/** Seconds a browser is asked to wait before searching again while the engine is unavailable. */
const SEARCH_RETRY_AFTER_SECONDS = 5;

// No engine, or it is down, failing or too slow: a temporary answer the page can show and try again, never a 500. The
// engine's own reason (with its address) is for the log, not for shoppers.
function searchUnavailable(res: Response, error?: SearchError) {
  if (error) console.error(`search: ${error.message}`);
  res.set('retry-after', String(SEARCH_RETRY_AFTER_SECONDS));
  return res.status(503).json({ message: 'Search is not available right now. Please try again in a moment.', code: 'search_engine_unavailable' });
}

/** A search engine error as an answer (4xx with the reason, or the temporary 503); anything else is thrown on. */
function sendSearchError(res: Response, error: unknown) {
  if (!(error instanceof SearchError)) throw error;
  if (error.code === 'search_engine_unavailable') return searchUnavailable(res, error);
  return res.status(error.httpStatus).json({ message: error.message, code: error.code });
}

/** How Meilisearch (deserr) names the kind of a JSON value in its "Invalid value type" messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? (value < 0 ? 'a negative integer' : 'a positive integer') : 'a number';
  return 'an object';
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

const wrongType = (code: SearchErrorCode, at: string, expected: string, value: unknown) =>
  new SearchError(code, `Invalid value type at \`${at}\`: expected ${expected}, but found ${kindOf(value)}: \`${shown(value)}\``);

/** Per parameter: the Meilisearch error code and the JSON type it must have (checked before any search runs). */
const PARAMETER_SHAPES: Record<string, { code: SearchErrorCode; kind: 'string' | 'strings' | 'count' }> = {
  indexUid: { code: 'invalid_index_uid', kind: 'string' },
  q: { code: 'invalid_search_q', kind: 'string' },
  facets: { code: 'invalid_search_facets', kind: 'strings' },
  sort: { code: 'invalid_search_sort', kind: 'strings' },
  attributesToRetrieve: { code: 'invalid_search_attributes_to_retrieve', kind: 'strings' },
  attributesToHighlight: { code: 'invalid_search_attributes_to_highlight', kind: 'strings' },
  page: { code: 'invalid_search_page', kind: 'count' },
  hitsPerPage: { code: 'invalid_search_hits_per_page', kind: 'count' },
  offset: { code: 'invalid_search_offset', kind: 'count' },
  limit: { code: 'invalid_search_limit', kind: 'count' },
};

/** Meilisearch's answer to a parameter of the wrong type: 400 with its invalid_search_* code and message. */
function checkParameterShapes(query: Record<string, unknown>, at: string): void {
  for (const [key, shape] of Object.entries(PARAMETER_SHAPES)) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    const path = `${at}.${key}`;
    if (shape.kind === 'string' && typeof value !== 'string') throw wrongType(shape.code, path, 'a string', value);
    if (shape.kind === 'count' && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0))
      throw wrongType(shape.code, path, 'a positive integer', value);
    if (shape.kind === 'strings') {
      if (!Array.isArray(value)) throw wrongType(shape.code, path, 'an array', value);
      value.forEach((item, i) => {
        if (typeof item !== 'string') throw wrongType(shape.code, `${path}[${i}]`, 'a string', item);
      });
    }
  }
  const filter = query.filter;
  if (filter !== undefined && filter !== null && typeof filter !== 'string' && !Array.isArray(filter)) {
    throw new SearchError('invalid_search_filter', `Invalid syntax for the filter parameter: \`expected String, Array, found: ${shown(filter)}\`.`);
  }
}

function parseQueries(body: unknown, defaultIndex: string): MultiSearchQuery[] {
  const queries = (body as { queries?: unknown })?.queries;
  if (!Array.isArray(queries) || queries.length === 0) throw new BadRequest('body must be {"queries": [...]} with at least one query');
  if (queries.length > MAX_QUERIES) throw new BadRequest(`at most ${MAX_QUERIES} queries per request`);
  return queries.map((q, i) => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) throw new BadRequest(`queries[${i}] must be an object`);
    for (const key of Object.keys(q)) if (!ALLOWED_KEYS.has(key)) throw new BadRequest(`queries[${i}].${key} is not a search parameter`);
    checkParameterShapes(q as Record<string, unknown>, `.queries[${i}]`);
    const query = { indexUid: defaultIndex, ...(q as Record<string, unknown>) } as MultiSearchQuery;
    for (const key of ['hitsPerPage', 'limit'] as const) {
      const v = query[key];
      if (v !== undefined && (typeof v !== 'number' || v < 0 || v > MAX_PAGE_SIZE))
        throw new BadRequest(`queries[${i}].${key} must be a number from 0 to ${MAX_PAGE_SIZE}`);
    }
    if (query.q != null && typeof query.q !== 'string') throw new BadRequest(`queries[${i}].q must be text`);
    return query;
  });
}

/** `onSearch`: told how long each answered search took (the /metrics search latency). */
export function searchApi(
  catalogue: () => CarCatalogue | undefined,
  { onSearch, direct = directSearchConfig() }: { onSearch?: (tenant: string, seconds: number) => void; direct?: DirectSearchConfig | null } = {},
): Router {
  const router = express.Router();
  // GET /api/search/token: a short-lived tenant token for searching Meilisearch directly from the browser, or 404
  // when this server has no public search host (browsers then search through POST /api/search).
  router.get('/api/search/token', async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const cat = catalogue();
    if (!direct || !cat) return res.status(404).json({ message: 'Direct search is not configured on this server.', code: 'direct_search_off' });
    if (!siteSearchesDirectly(req.tenant!.settings, direct))
      return res.status(404).json({ message: 'Direct search is not turned on for this site; search through POST /api/search.', code: 'direct_search_off' });
    res.json(await issueTenantToken(direct, cat.indexUid, scopeOf(req.tenant!)));
  });
  router.post('/api/search', jsonBody({ limit: '32kb' }), async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const cat = catalogue();
    if (!cat) return searchUnavailable(res);
    try {
      const queries = parseQueries(req.body, cat.indexUid);
      const started = performance.now();
      const answer = await cat.multiSearch(req.tenant!, queries);
      onSearch?.(req.tenant!.slug, (performance.now() - started) / 1000);
      res.json(answer);
    } catch (error) {
      if (error instanceof BadRequest) return res.status(400).json({ message: error.message, code: 'invalid_request' });
      return sendSearchError(res, error);
    }
  });

  // The featured-list search helper (docs/requirements/vehicle-browsing.md#calls): {search_filters, limit} -> {hits: [cars]} in the featured order,
  // within the site's scope like every search.
  router.post('/api/search/featured-list', jsonBody({ limit: '8kb' }), async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const cat = catalogue();
    if (!cat) return searchUnavailable(res);
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return res.status(400).json({ message: 'body must be {"search_filters": [...], "limit": n}', code: 'invalid_request' });
    try {
      const query = featuredListQuery(body, cat.indexUid);
      const { results } = await cat.multiSearch(req.tenant!, [query]);
      res.json({ hits: results[0]?.hits ?? [] });
    } catch (error) {
      if (error instanceof SearchHelperError) return res.status(400).json({ message: error.message, code: 'invalid_request' });
      return sendSearchError(res, error);
    }
  });

  // The similar-cars id list by slug (docs/requirements/vehicle-browsing.md#calls): the ids the similar cars carousel shows for this site's car, from
  // the same queries (in stock only, most to least alike) and the site's similar-cars settings.
  router.get('/api/cars/:slug/similar-ids', async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const cat = catalogue();
    if (!cat) return searchUnavailable(res);
    const car = cat.bySlugFor(req.tenant!, String(req.params.slug));
    if (!car) return res.status(404).json({ message: `No vehicle "${String(req.params.slug).slice(0, 100)}" on this site.`, code: 'not_found' });
    const settings = resolvedSettings(req.tenant!.settings).vehicle.similarCars;
    let results: Awaited<ReturnType<CarCatalogue['multiSearch']>>['results'];
    try {
      ({ results } = await cat.multiSearch(
        req.tenant!,
        similarCarsQueries(car, settings).map((q) => ({ ...q, indexUid: cat.indexUid })),
      ));
    } catch (error) {
      return sendSearchError(res, error);
    }
    res.json({
      ids: mergeSimilarCars(
        results.map((r) => ({ hits: r.hits as { id: number }[] })),
        car,
        settings,
      ).map((c) => c.id),
    });
  });
  return router;
}
