// A local stand-in for a Meilisearch server, for tests only: node:http on 127.0.0.1 (port 0) speaking the part of
// Meilisearch's REST API that MeilisearchEngine and tools/search-index.ts use, with the documented shapes (202 +
// summarized task, GET /tasks/{uid} enqueued -> processing -> succeeded/failed, error bodies {message, code, type,
// link} with Meilisearch's status per code, Bearer keys answered 401/403). Searches are answered by the embedded
// engine, so results are real; what it cannot prove is that Meilisearch itself ranks, filters and facets the same
// (only runtime/search/conformance.test.ts against a real server with MEILISEARCH_HOST proves that).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EmbeddedSearchEngine } from '../runtime/search/embedded/embedded-engine.js';
import { filterParts } from '../runtime/domain/search/filter-text.js';
import { SearchError } from '../runtime/search/search-error.js';
import type { Document, IndexSettings, SearchParams } from '../runtime/search/types.js';

export interface MeilisearchStubOptions {
  /** When set, every route but /health needs `Authorization: Bearer <masterKey>` (or the search key for searches). */
  masterKey?: string;
  /** A key allowed to search only (like Meilisearch's "Default Search API Key"). */
  searchKey?: string;
  /** The search key's uid: tenant tokens signed with the search key and naming this uid are accepted for searches. */
  searchKeyUid?: string;
  /** Polls of GET /tasks/{uid} that still see the task unfinished (it then processes). Default 1. */
  pollsBeforeDone?: number;
  /** Tasks nobody polls still finish after this long, as on a real server. Default 25 ms. */
  autoProcessMs?: number;
  /** A request this returns true for has its connection dropped without an answer (a restart or a network fault). */
  dropConnection?: (request: StubRequest) => boolean;
}

interface StubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface MeilisearchStub {
  url: string;
  /** Every request received, in order (for asserting batches, polling and headers). */
  requests: StubRequest[];
  close(): Promise<void>;
}

type TaskStatus = 'enqueued' | 'processing' | 'succeeded' | 'failed';
type TaskType = 'indexCreation' | 'indexDeletion' | 'settingsUpdate' | 'documentAdditionOrUpdate' | 'indexSwap' | 'documentDeletion';

interface ErrorBody {
  message: string;
  code: string;
  type: string;
  link: string;
}

interface Task {
  uid: number;
  indexUid: string;
  status: TaskStatus;
  type: TaskType;
  details: Record<string, unknown>;
  error: ErrorBody | null;
  enqueuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  polls: number;
  run: () => Record<string, unknown> | undefined;
}

interface StubIndex {
  uid: string;
  primaryKey: string | null;
  createdAt: string;
  updatedAt: string;
  settings: StubSettings;
  docs: Map<string, Document>;
  engine?: EmbeddedSearchEngine;
}

interface StubSettings {
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  rankingRules: string[];
  typoTolerance: { enabled: boolean; minWordSizeForTypos: { oneTypo: number; twoTypos: number } };
  faceting: { maxValuesPerFacet: number; sortFacetValuesBy: Record<string, 'alpha' | 'count'> };
  pagination: { maxTotalHits: number };
}

// Meilisearch's status per error code (crates/meilisearch-types/src/error.rs).
const STATUS: Record<string, number> = {
  index_not_found: 404,
  task_not_found: 404,
  index_already_exists: 409,
  invalid_api_key: 403,
  missing_authorization_header: 401,
  missing_content_type: 415,
  invalid_content_type: 415,
};
const AUTH_CODES = new Set(['invalid_api_key', 'missing_authorization_header']);

class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = STATUS[code] ?? 400,
  ) {
    super(message);
  }
}

function errorBody(code: string, message: string): ErrorBody {
  return { message, code, type: AUTH_CODES.has(code) ? 'auth' : 'invalid_request', link: `https://docs.meilisearch.com/errors#${code}` };
}

function defaultSettings(): StubSettings {
  return {
    searchableAttributes: ['*'],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
    faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
    pagination: { maxTotalHits: 1000 },
  };
}

const SETTINGS_FIELDS = [
  'displayedAttributes',
  'searchableAttributes',
  'filterableAttributes',
  'sortableAttributes',
  'rankingRules',
  'stopWords',
  'nonSeparatorTokens',
  'separatorTokens',
  'dictionary',
  'synonyms',
  'distinctAttribute',
  'proximityPrecision',
  'typoTolerance',
  'faceting',
  'pagination',
  'embedders',
  'searchCutoffMs',
  'localizedAttributes',
  'facetSearch',
  'prefixSearch',
];
const NESTED_SETTINGS_FIELDS: Record<string, string[]> = {
  typoTolerance: ['enabled', 'minWordSizeForTypos', 'disableOnWords', 'disableOnAttributes', 'disableOnNumbers'],
  faceting: ['maxValuesPerFacet', 'sortFacetValuesBy'],
  pagination: ['maxTotalHits'],
};
const SEARCH_FIELDS = [
  'q',
  'vector',
  'media',
  'hybrid',
  'offset',
  'limit',
  'page',
  'hitsPerPage',
  'attributesToRetrieve',
  'retrieveVectors',
  'attributesToCrop',
  'cropLength',
  'attributesToHighlight',
  'showMatchesPosition',
  'showRankingScore',
  'showRankingScoreDetails',
  'filter',
  'sort',
  'distinct',
  'facets',
  'highlightPreTag',
  'highlightPostTag',
  'cropMarker',
  'matchingStrategy',
  'attributesToSearchOn',
  'rankingScoreThreshold',
  'locales',
];
const MULTI_SEARCH_QUERY_FIELDS = ['indexUid', 'federationOptions', ...SEARCH_FIELDS];

const list = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

function rejectUnknownFields(body: Record<string, unknown>, allowed: readonly string[], where = ''): void {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) throw new ApiError('bad_request', `Unknown field \`${key}\`${where}: expected one of ${list(allowed)}`);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Types of the search parameters the adapter sends, as Meilisearch's deserializer checks them. */
function checkSearchBody(body: Record<string, unknown>, where = ''): void {
  const fail = (field: string, code: string, expected: string) => {
    const found = JSON.stringify(body[field]);
    throw new ApiError(code, `Invalid value type at \`${where}.${field}\`: expected ${expected}, but found: \`${found}\``);
  };
  const q = body.q;
  if (q !== undefined && q !== null && typeof q !== 'string') fail('q', 'invalid_search_q', 'a string');
  const f = body.filter;
  if (
    f !== undefined &&
    f !== null &&
    typeof f !== 'string' &&
    !(Array.isArray(f) && f.every((x) => typeof x === 'string' || (Array.isArray(x) && x.every((y) => typeof y === 'string'))))
  ) {
    fail('filter', 'invalid_search_filter', 'a string or an array of strings or arrays of strings');
  }
  for (const field of ['facets', 'sort', 'attributesToRetrieve', 'attributesToHighlight']) {
    const v = body[field];
    if (v !== undefined && v !== null && !(Array.isArray(v) && v.every((x) => typeof x === 'string'))) {
      fail(field, `invalid_search_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, 'an array of strings');
    }
  }
  for (const field of ['offset', 'limit', 'page', 'hitsPerPage']) {
    const v = body[field];
    if (v !== undefined && v !== null && !(Number.isInteger(v) && (v as number) >= 0)) {
      fail(field, `invalid_search_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, 'a positive integer');
    }
  }
}

function checkIndexUid(uid: unknown): string {
  if (typeof uid !== 'string' || !/^[A-Za-z0-9_-]{1,400}$/.test(uid)) {
    throw new ApiError(
      'invalid_index_uid',
      `\`${String(uid)}\` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_), and can not be more than 512 bytes.`,
    );
  }
  return uid;
}

function isValidDocumentId(v: unknown): boolean {
  return (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'string' && /^[A-Za-z0-9_-]{1,511}$/.test(v));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type SearchRules = Record<string, { filter?: unknown } | null> | string[];

/** A tenant token's search rules when its signature, issuer key uid and expiry hold; otherwise undefined. */
function tenantTokenRules(token: string, searchKey: string, searchKeyUid: string): SearchRules | undefined {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  try {
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    const hash = ({ HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' } as Record<string, string>)[alg ?? ''];
    if (!hash) return undefined;
    const expected = createHmac(hash, searchKey).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { apiKeyUid?: string; exp?: number; searchRules?: SearchRules };
    if (claims.apiKeyUid !== searchKeyUid || !claims.searchRules) return undefined;
    if (claims.exp !== undefined && claims.exp * 1000 <= Date.now()) return undefined;
    return claims.searchRules;
  } catch {
    return undefined;
  }
}

/** A search under a tenant token: only indexes its rules name, with their filter ANDed to the query's. */
function withRules(rules: SearchRules | undefined, uid: string, params: Record<string, unknown>): Record<string, unknown> {
  if (!rules) return params;
  const allowed = Array.isArray(rules) ? (rules.includes(uid) || rules.includes('*') ? {} : undefined) : (rules[uid] ?? rules['*']);
  if (allowed === undefined) throw new ApiError('invalid_api_key', 'The provided API key is invalid.');
  const filter = allowed?.filter;
  if (filter === undefined || filter === null) return params;
  return { ...params, filter: [...filterParts(filter as string | string[]), ...filterParts(params.filter as string | string[] | undefined)] };
}

export async function startMeilisearchStub(options: MeilisearchStubOptions = {}): Promise<MeilisearchStub> {
  const indexes = new Map<string, StubIndex>();
  const tasks: Task[] = [];
  const requests: StubRequest[] = [];
  const pollsBeforeDone = options.pollsBeforeDone ?? 1;
  const autoProcessMs = options.autoProcessMs ?? 25;
  const timers = new Set<NodeJS.Timeout>();
  const now = () => new Date().toISOString();

  function existing(uid: string): StubIndex {
    const index = indexes.get(uid);
    if (!index) throw new ApiError('index_not_found', `Index \`${uid}\` not found.`);
    return index;
  }

  function newIndex(uid: string, primaryKey: string | null): StubIndex {
    const index: StubIndex = { uid, primaryKey, createdAt: now(), updatedAt: now(), settings: defaultSettings(), docs: new Map() };
    indexes.set(uid, index);
    return index;
  }

  /** The embedded engine holding this index's settings and documents, rebuilt after each write. */
  async function engineOf(index: StubIndex): Promise<EmbeddedSearchEngine> {
    if (index.engine) return index.engine;
    const engine = new EmbeddedSearchEngine();
    const s = index.settings;
    const settings: IndexSettings = {
      searchableAttributes: s.searchableAttributes,
      filterableAttributes: s.filterableAttributes,
      sortableAttributes: s.sortableAttributes,
      rankingRules: s.rankingRules,
      typoTolerance: s.typoTolerance,
      faceting: s.faceting,
      pagination: s.pagination,
    };
    await engine.createIndex(index.uid, settings);
    await engine.addDocuments(index.uid, [...index.docs.values()], index.primaryKey ?? 'id');
    index.engine = engine;
    return engine;
  }

  function enqueue(indexUid: string, type: TaskType, details: Record<string, unknown>, run: Task['run']): Record<string, unknown> {
    const task: Task = {
      uid: tasks.length,
      indexUid,
      status: 'enqueued',
      type,
      details,
      error: null,
      enqueuedAt: now(),
      startedAt: null,
      finishedAt: null,
      polls: 0,
      run,
    };
    tasks.push(task);
    const timer = setTimeout(() => {
      timers.delete(timer);
      processUpTo(task.uid);
    }, autoProcessMs);
    timers.add(timer);
    return { taskUid: task.uid, indexUid, status: task.status, type, enqueuedAt: task.enqueuedAt };
  }

  /** Tasks run one at a time, in the order they were enqueued. */
  function processUpTo(uid: number): void {
    for (const task of tasks) {
      if (task.uid > uid) break;
      if (task.status !== 'enqueued' && task.status !== 'processing') continue;
      task.startedAt ??= now();
      try {
        const extra = task.run();
        if (extra) Object.assign(task.details, extra);
        task.status = 'succeeded';
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        task.status = 'failed';
        task.error = errorBody(error.code, error.message);
      }
      task.finishedAt = now();
    }
  }

  function taskView(task: Task): Record<string, unknown> {
    const finished = task.finishedAt !== null;
    return {
      uid: task.uid,
      batchUid: finished ? task.uid : null,
      indexUid: task.indexUid || null,
      status: task.status,
      type: task.type,
      canceledBy: null,
      details: task.details,
      error: task.error,
      duration: finished ? 'PT0.001S' : null,
      enqueuedAt: task.enqueuedAt,
      startedAt: task.startedAt,
      finishedAt: task.finishedAt,
    };
  }

  function addDocuments(uid: string, body: unknown, primaryKeyParam: string | undefined, partial: boolean): Record<string, unknown> {
    const docs = Array.isArray(body) ? body : [body];
    if (!docs.every(isObject))
      throw new ApiError(
        'malformed_payload',
        "The `json` payload provided is malformed. `Couldn't serialize document value: invalid type: expected an object`.",
      );
    return enqueue(uid, 'documentAdditionOrUpdate', { receivedDocuments: docs.length, indexedDocuments: null }, () => {
      const index = indexes.get(uid) ?? newIndex(uid, null);
      if (index.primaryKey && primaryKeyParam && primaryKeyParam !== index.primaryKey) {
        throw new ApiError('index_primary_key_already_exists', `Index \`${uid}\`: Index already has a primary key: \`${index.primaryKey}\`.`);
      }
      let key = index.primaryKey ?? primaryKeyParam;
      if (!key) {
        const candidates = Object.keys(docs[0] ?? {}).filter((k) => k.toLowerCase().endsWith('id'));
        const [only, ...more] = candidates;
        if (only === undefined || more.length) {
          throw new ApiError(
            candidates.length ? 'index_primary_key_multiple_candidates_found' : 'index_primary_key_no_candidate_found',
            candidates.length
              ? `Index \`${uid}\`: The primary key inference failed as the engine found ${candidates.length} fields ending with \`id\` in their names: ${list(candidates)}. Please specify the primary key manually using the \`primaryKey\` query parameter.`
              : `Index \`${uid}\`: The primary key inference failed as the engine did not find any field ending with \`id\` in its name. Please specify the primary key manually using the \`primaryKey\` query parameter.`,
          );
        }
        key = only;
      }
      for (const doc of docs) {
        const id = (doc as Document)[key];
        if (id === undefined) throw new ApiError('missing_document_id', `Document doesn't have a \`${key}\` attribute: \`${JSON.stringify(doc)}\`.`);
        if (!isValidDocumentId(id))
          throw new ApiError(
            'invalid_document_id',
            `Document identifier \`${JSON.stringify(id)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_), and can not be more than 511 bytes.`,
          );
      }
      index.primaryKey = key;
      for (const doc of docs as Document[]) {
        const id = String(doc[key]);
        const before = index.docs.get(id);
        index.docs.set(id, partial && before ? { ...before, ...doc } : doc);
      }
      index.updatedAt = now();
      index.engine = undefined;
      return { indexedDocuments: docs.length };
    });
  }

  function updateSettings(uid: string, body: unknown): Record<string, unknown> {
    if (!isObject(body)) throw new ApiError('bad_request', 'Invalid value type: expected an object, but found an array.');
    rejectUnknownFields(body, SETTINGS_FIELDS);
    for (const [field, nested] of Object.entries(NESTED_SETTINGS_FIELDS)) {
      const value = body[field];
      if (isObject(value)) rejectUnknownFields(value, nested, ` inside \`.${field}\``);
    }
    for (const field of ['searchableAttributes', 'filterableAttributes', 'sortableAttributes', 'rankingRules']) {
      const v = body[field];
      if (v !== undefined && v !== null && !(Array.isArray(v) && v.every((x) => typeof x === 'string'))) {
        throw new ApiError(
          `invalid_settings_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
          `Invalid value type at \`.${field}\`: expected an array, but found: \`${JSON.stringify(v)}\``,
        );
      }
    }
    return enqueue(uid, 'settingsUpdate', { ...body }, () => {
      const index = indexes.get(uid) ?? newIndex(uid, null);
      const s = index.settings as unknown as Record<string, unknown>;
      const defaults = defaultSettings() as unknown as Record<string, unknown>;
      for (const [field, value] of Object.entries(body)) {
        if (!(field in defaults)) continue; // accepted, but nothing here uses it
        if (value === null) s[field] = defaults[field];
        else if (isObject(value) && isObject(s[field])) s[field] = { ...(s[field] as object), ...value };
        else s[field] = value;
      }
      index.updatedAt = now();
      index.engine = undefined;
    });
  }

  async function search(uid: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const index = existing(uid);
    try {
      return (await (await engineOf(index)).search(uid, body as SearchParams)) as unknown as Record<string, unknown>;
    } catch (error) {
      if (error instanceof SearchError) throw new ApiError(error.code, error.message, error.httpStatus);
      throw error;
    }
  }

  /**
   * Checks the Authorization header; for a tenant token (a JWT signed with the search key, as Meilisearch accepts),
   * returns its search rules, which every search of the request must then obey.
   */
  function authorize(req: IncomingMessage, path: string): SearchRules | undefined {
    if (!options.masterKey || path === '/health') return undefined;
    const header = req.headers.authorization;
    if (header === undefined)
      throw new ApiError('missing_authorization_header', 'The Authorization header is missing. It must use the bearer authorization method.');
    const [scheme, token = ''] = header.split(' ', 2);
    if (scheme !== 'Bearer')
      throw new ApiError('missing_authorization_header', 'The Authorization header is missing. It must use the bearer authorization method.');
    if (token === options.masterKey) return undefined;
    const isSearch = req.method === 'POST' && (path === '/multi-search' || /^\/indexes\/[^/]+\/search$/.test(path));
    if (isSearch && options.searchKey && token === options.searchKey) return undefined;
    if (isSearch && options.searchKey && options.searchKeyUid) {
      const rules = tenantTokenRules(token, options.searchKey, options.searchKeyUid);
      if (rules) return rules;
    }
    throw new ApiError('invalid_api_key', 'The provided API key is invalid.');
  }

  async function route(req: IncomingMessage, path: string, query: URLSearchParams, rawBody: string): Promise<[number, unknown]> {
    const rules = authorize(req, path);
    let body: unknown;
    if (rawBody !== '') {
      const type = req.headers['content-type'];
      if (!type)
        throw new ApiError(
          'missing_content_type',
          'A Content-Type header is missing. Accepted values for the Content-Type header are: `application/json`, `application/x-ndjson`, `text/csv`',
        );
      if (!type.startsWith('application/json'))
        throw new ApiError(
          'invalid_content_type',
          `The Content-Type \`${type}\` is invalid. Accepted values for the Content-Type header are: \`application/json\``,
        );
      try {
        body = JSON.parse(rawBody);
      } catch (error) {
        throw new ApiError('malformed_payload', `The json payload provided is malformed. \`${(error as Error).message}\`.`);
      }
    }
    const method = req.method ?? 'GET';
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);

    if (method === 'GET' && path === '/health') return [200, { status: 'available' }];
    if (segments[0] === 'tasks' && segments.length === 2 && method === 'GET') {
      const task = tasks[Number(segments[1])];
      if (!task || !/^\d+$/.test(segments[1] ?? '')) throw new ApiError('task_not_found', `Task \`${segments[1]}\` not found.`);
      task.polls += 1;
      if (task.polls >= pollsBeforeDone) processUpTo(task.uid);
      else if (task.status === 'enqueued') {
        task.status = 'processing';
        task.startedAt = now();
      }
      return [200, taskView(task)];
    }
    if (path === '/multi-search' && method === 'POST') {
      if (!isObject(body)) throw new ApiError('bad_request', 'Invalid value type: expected an object.');
      rejectUnknownFields(body, ['queries', 'federation']);
      if (!Array.isArray(body.queries)) throw new ApiError('bad_request', 'Missing field `queries`');
      const results = [];
      for (const [i, query] of (body.queries as unknown[]).entries()) {
        try {
          if (!isObject(query)) throw new ApiError('bad_request', 'Invalid value type: expected an object.');
          rejectUnknownFields(query, MULTI_SEARCH_QUERY_FIELDS);
          if (query.indexUid === undefined) throw new ApiError('missing_index_uid', 'Missing field `indexUid`');
          checkSearchBody(query);
          const { indexUid, ...params } = query;
          const uid = checkIndexUid(indexUid);
          results.push({ indexUid, ...(await search(uid, withRules(rules, uid, params))) });
        } catch (error) {
          if (error instanceof ApiError) throw new ApiError(error.code, `Inside \`.queries[${i}]\`: ${error.message}`, error.status);
          throw error;
        }
      }
      return [200, { results }];
    }
    if (path === '/swap-indexes' && method === 'POST') {
      // Meilisearch swaps each pair's documents and settings in one task: searches see the old or the new index, never
      // neither. Both indexes must exist (without `rename`), and an index may appear in one pair only.
      if (!Array.isArray(body)) throw new ApiError('bad_request', 'Invalid value type: expected an array.');
      const pairs = body.map((entry) => {
        if (!isObject(entry) || !Array.isArray(entry.indexes) || entry.indexes.length !== 2)
          throw new ApiError('invalid_swap_indexes', 'Two indexes must be given in each swap.');
        if (entry.rename === true) throw new ApiError('bad_request', 'The stub does not implement rename.');
        return [checkIndexUid(entry.indexes[0]), checkIndexUid(entry.indexes[1])] as const;
      });
      const named = pairs.flat();
      if (new Set(named).size !== named.length) throw new ApiError('invalid_swap_duplicate_index_found', 'Indexes must be declared only once during a swap.');
      return [
        202,
        enqueue('', 'indexSwap', { swaps: body }, () => {
          const missing = named.filter((uid) => !indexes.has(uid));
          if (missing.length) throw new ApiError('index_not_found', `Indexes ${missing.map((m) => `\`${m}\``).join(', ')} not found.`);
          for (const [a, b] of pairs) {
            const first = indexes.get(a)!;
            const second = indexes.get(b)!;
            indexes.set(a, { ...second, uid: a, engine: undefined, updatedAt: now() });
            indexes.set(b, { ...first, uid: b, engine: undefined, updatedAt: now() });
          }
        }),
      ];
    }
    if (segments[0] !== 'indexes') throw new ApiError('not_found', 'Not found', 404);
    if (segments.length === 1 && method === 'POST') {
      if (!isObject(body)) throw new ApiError('bad_request', 'Invalid value type: expected an object.');
      rejectUnknownFields(body, ['uid', 'primaryKey']);
      if (body.uid === undefined) throw new ApiError('missing_index_uid', 'Missing field `uid`');
      const uid = checkIndexUid(body.uid);
      const primaryKey = typeof body.primaryKey === 'string' ? body.primaryKey : null;
      return [
        202,
        enqueue(uid, 'indexCreation', { primaryKey }, () => {
          if (indexes.has(uid)) throw new ApiError('index_already_exists', `Index \`${uid}\` already exists.`);
          newIndex(uid, primaryKey);
        }),
      ];
    }
    const uid = checkIndexUid(segments[1]);
    if (segments.length === 2 && method === 'GET') {
      const index = existing(uid);
      return [200, { uid, primaryKey: index.primaryKey, createdAt: index.createdAt, updatedAt: index.updatedAt }];
    }
    if (segments.length === 2 && method === 'DELETE') {
      return [
        202,
        enqueue(uid, 'indexDeletion', { deletedDocuments: 0 }, () => {
          const index = existing(uid);
          indexes.delete(uid);
          return { deletedDocuments: index.docs.size };
        }),
      ];
    }
    if (segments[2] === 'settings' && segments.length === 3) {
      if (method === 'GET') return [200, existing(uid).settings];
      if (method === 'PATCH') return [202, updateSettings(uid, body)];
    }
    if (segments[2] === 'documents' && segments.length === 3 && (method === 'POST' || method === 'PUT')) {
      return [202, addDocuments(uid, body, query.get('primaryKey') ?? undefined, method === 'PUT')];
    }
    if (segments[2] === 'documents' && segments[3] === 'delete-batch' && segments.length === 4 && method === 'POST') {
      if (!Array.isArray(body) || !body.every(isValidDocumentId))
        throw new ApiError('invalid_document_ids', 'Invalid value type: expected an array of document ids.');
      const ids = (body as Array<string | number>).map(String);
      return [
        202,
        enqueue(uid, 'documentDeletion', { providedIds: ids.length, deletedDocuments: null }, () => {
          const index = existing(uid);
          let deleted = 0;
          for (const id of ids) if (index.docs.delete(id)) deleted++;
          index.updatedAt = now();
          index.engine = undefined;
          return { deletedDocuments: deleted };
        }),
      ];
    }
    if (segments[2] === 'search' && segments.length === 3 && method === 'POST') {
      const params = isObject(body) ? body : {};
      rejectUnknownFields(params, SEARCH_FIELDS);
      checkSearchBody(params);
      return [200, await search(uid, withRules(rules, uid, params))];
    }
    throw new ApiError('not_found', 'Not found', 404);
  }

  const server = createServer((req, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    // Browsers search it directly (tenant tokens): Meilisearch answers any origin, and preflights.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'authorization, content-type, x-meilisearch-client',
        'access-control-max-age': '86400',
      });
      res.end();
      return;
    }
    void (async () => {
      const rawBody = await readBody(req);
      let parsed: unknown = rawBody;
      try {
        parsed = rawBody === '' ? undefined : JSON.parse(rawBody);
      } catch {
        /* logged raw */
      }
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        body: parsed,
      };
      requests.push(request);
      if (options.dropConnection?.(request)) return void req.socket.destroy();
      let status: number;
      let payload: unknown;
      try {
        [status, payload] = await route(req, url.pathname, url.searchParams, rawBody);
      } catch (error) {
        const e = error instanceof ApiError ? error : new ApiError('internal', `Internal error: ${(error as Error).message}`, 500);
        status = e.status;
        payload = errorBody(e.code, e.message);
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
