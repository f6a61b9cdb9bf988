// The model directory search (docs/requirements/vehicle-browsing.md#screens: filters manufacturer.name, model.name and model.body; #constants: 21 hits per
// page). The state lives in the URL (/models?make=mazda&body=suv&model=cx&page=2); the same filtering runs on the
// server for the first render and for POST /api/models.
import { slugify } from '../search/filters';
import type { Model } from './model';

/** docs/requirements/vehicle-browsing.md#constants: directory search 21 hits per page. */
export const DIRECTORY_PAGE_SIZE = 21;
/** docs/requirements/vehicle-browsing.md#constants: the directory keeps a cache of 10 answers. */
export const DIRECTORY_CACHE_SIZE = 10;
/** Longest model name text accepted from a URL or request. */
const MODEL_QUERY_MAX = 60;

export interface DirectoryState {
  /** Manufacturer slug ('' for any), e.g. 'mercedes-benz'. */
  make: string;
  /** Text the model name must contain ('' for any). */
  model: string;
  /** Body slug ('' for any), e.g. 'cab-chassis'. */
  body: string;
  page: number;
}

export const EMPTY_DIRECTORY_STATE: DirectoryState = { make: '', model: '', body: '', page: 1 };

export interface FacetOption {
  /** The slug that goes into the URL. */
  value: string;
  label: string;
  count: number;
}

export interface DirectoryResults {
  hits: Model[];
  totalHits: number;
  page: number;
  totalPages: number;
  hitsPerPage: number;
  facets: { make: FacetOption[]; body: FacetOption[] };
}

const slugParam = (v: unknown) => (typeof v === 'string' ? slugify(v).slice(0, 60) : '');

/** Reads the state from a query string, URLSearchParams or a request body; bad values become 'any'. */
export function parseDirectoryState(input: string | URLSearchParams | Record<string, unknown> | null | undefined): DirectoryState {
  const get: (k: string) => unknown =
    typeof input === 'string'
      ? (
          (p) => (k: string) =>
            p.get(k)
        )(new URLSearchParams(input))
      : input instanceof URLSearchParams
        ? (k) => input.get(k)
        : (k) => (input ?? {})[k];
  const model = get('model');
  const page = Number(get('page'));
  return {
    make: slugParam(get('make')),
    model: typeof model === 'string' ? model.trim().replace(/\s+/g, ' ').slice(0, MODEL_QUERY_MAX) : '',
    body: slugParam(get('body')),
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The canonical query string (no '?'), keys in a fixed order and page 1 left out: the URL and cache key. */
export function serializeDirectoryState(state: DirectoryState): string {
  const params = new URLSearchParams();
  if (state.make) params.set('make', state.make);
  if (state.model) params.set('model', state.model);
  if (state.body) params.set('body', state.body);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

export const hasDirectoryFilters = (state: DirectoryState): boolean => Boolean(state.make || state.model || state.body);

/** A new filter value starts again at page 1. */
export function withDirectoryFilter(state: DirectoryState, key: 'make' | 'model' | 'body', value: string): DirectoryState {
  return { ...state, [key]: key === 'model' ? value.trim().replace(/\s+/g, ' ').slice(0, MODEL_QUERY_MAX) : slugify(value), page: 1 };
}

/** Letters and digits only, lower case: 'cx5' finds 'CX-5', 'mazda 3' finds 'Mazda3'. */
const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

const matchesMake = (m: Model, make: string) => !make || slugify(m.manufacturer_name) === make;
const matchesBody = (m: Model, body: string) => !body || m.body.some((b) => slugify(b) === body);
function matchesName(m: Model, text: string): boolean {
  if (!text) return true;
  const wanted = compact(text);
  return compact(m.name).includes(wanted) || compact(`${m.manufacturer_name} ${m.name}`).includes(wanted);
}

function countBy(models: Model[], keys: (m: Model) => string[]): FacetOption[] {
  const counts = new Map<string, FacetOption>();
  for (const m of models) {
    for (const label of new Set(keys(m))) {
      const value = slugify(label);
      const entry = counts.get(value) ?? { value, label, count: 0 };
      entry.count += 1;
      counts.set(value, entry);
    }
  }
  return [...counts.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * One page of the models that match; each facet counts the models matching the other filters (so choosing a make
 * still lists every body that make comes as, and the reverse).
 */
export function searchDirectory(models: readonly Model[], state: DirectoryState, hitsPerPage = DIRECTORY_PAGE_SIZE): DirectoryResults {
  const named = models.filter((m) => matchesName(m, state.model));
  const matching = named.filter((m) => matchesMake(m, state.make) && matchesBody(m, state.body));
  const totalPages = Math.max(1, Math.ceil(matching.length / hitsPerPage));
  const page = Math.min(state.page, totalPages);
  return {
    hits: matching.slice((page - 1) * hitsPerPage, page * hitsPerPage),
    totalHits: matching.length,
    page,
    totalPages,
    hitsPerPage,
    facets: {
      make: countBy(
        named.filter((m) => matchesBody(m, state.body)),
        (m) => [m.manufacturer_name],
      ),
      body: countBy(
        named.filter((m) => matchesMake(m, state.make)),
        (m) => m.body,
      ),
    },
  };
}
