// react-router's path functions as the browser build uses them (matchRoutes, matchPath, resolvePath and the path
// helpers), ported from react-router 7's own code so a route matches, ranks and resolves exactly as it does on the
// server. Differences by design: no basename (the site is at '/'), no warnings, no lazy routes. matching.test.ts
// checks them against react-router itself on every demo site's route table.
import type { Location, Params, Path, PathMatch, PathPattern, RouteMatch, RouteObject, To } from 'react-router';

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  if (search && search !== '?') pathname += search.charAt(0) === '?' ? search : `?${search}`;
  if (hash && hash !== '#') pathname += hash.charAt(0) === '#' ? hash : `#${hash}`;
  return pathname;
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  if (!path) return parsed;
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

const removeDoubleSlashes = (path: string) => path.replace(/[\\/]{2,}/g, '/');
export const joinPaths = (paths: string[]) => removeDoubleSlashes(paths.join('/'));

function removeTrailingSlash(path: string, minLength = 0): string {
  let end = path.length;
  while (end > minLength && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}

const normalizePathname = (pathname: string) => removeTrailingSlash(pathname).replace(/^\/*/, '/');
const normalizeSearch = (search: string) => (!search || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`);
const normalizeHash = (hash: string) => (!hash || hash === '#' ? '' : hash.startsWith('#') ? hash : `#${hash}`);

// --- matching -------------------------------------------------------------------------------------------------------

interface CompiledParam {
  paramName: string;
  isOptional?: boolean;
}

export function compilePath(path: string, caseSensitive = false, end = true): [RegExp, CompiledParam[]] {
  const params: CompiledParam[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (match: string, paramName: string, isOptional: string | undefined, index: number, str: string) => {
      params.push({ paramName, isOptional: isOptional != null });
      if (isOptional) {
        const nextChar = str.charAt(index + match.length);
        return nextChar && nextChar !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
      }
      return '/([^\\/]+)';
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`;
  if (path.endsWith('*')) {
    params.push({ paramName: '*' });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  return [new RegExp(source, caseSensitive ? undefined : 'i'), params];
}

function matchCompiled(pattern: PathPattern, pathname: string, matcher: RegExp, compiledParams: CompiledParam[]): PathMatch | null {
  const match = pathname.match(matcher);
  if (!match) return null;
  const matchedPathname = match[0];
  let pathnameBase = removeTrailingSlash(matchedPathname, 1);
  const captureGroups = match.slice(1);
  const params: Record<string, string | undefined> = {};
  compiledParams.forEach(({ paramName, isOptional }, index) => {
    const value = captureGroups[index];
    if (paramName === '*') pathnameBase = removeTrailingSlash(matchedPathname.slice(0, matchedPathname.length - (value || '').length), 1);
    params[paramName] = isOptional && !value ? undefined : (value || '').replace(/%2F/g, '/');
  });
  return { params, pathname: matchedPathname, pathnameBase, pattern } as PathMatch;
}

// Patterns come from the site's pages and settings, asked about on every request: each compiled once (bounded).
const compiledPatterns = new Map<string, [RegExp, CompiledParam[]]>();
const MAX_COMPILED_PATTERNS = 2000;

export function matchPath(pattern: PathPattern | string, pathname: string): PathMatch | null {
  const full: PathPattern = typeof pattern === 'string' ? { path: pattern, caseSensitive: false, end: true } : pattern;
  const key = `${full.caseSensitive ? 1 : 0}${full.end === false ? 0 : 1}${full.path}`;
  let compiled = compiledPatterns.get(key);
  if (!compiled) {
    if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear();
    compiledPatterns.set(key, (compiled = compilePath(full.path, full.caseSensitive, full.end)));
  }
  return matchCompiled(full, pathname, compiled[0], compiled[1]);
}

interface RouteMeta {
  relativePath: string;
  caseSensitive: boolean;
  childrenIndex: number;
  route: RouteObject;
  matcher: RegExp;
  params: CompiledParam[];
}

interface Branch {
  score: number;
  routesMeta: RouteMeta[];
}

/** '/a/:b?/c?' as every path it stands for, as react-router explodes it. */
function explodeOptionalSegments(path: string): string[] {
  const [first, ...rest] = path.split('/');
  const isOptional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return isOptional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result = restExploded.map((subpath) => (subpath === '' ? required : [required, subpath].join('/')));
  if (isOptional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

const SPLAT = (segment: string) => segment === '*';

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length + (segments.some(SPLAT) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) if (!SPLAT(segment)) score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1] - b[b.length - 1] : 0;
}

function flattenRoutes(
  routes: RouteObject[],
  branches: Branch[] = [],
  parents: Omit<RouteMeta, 'matcher' | 'params'>[] = [],
  parentPath = '',
  parentOptional = false,
) {
  const flatten = (route: RouteObject, index: number, hasOptional: boolean, relativePath = route.path || '') => {
    const meta = { relativePath, caseSensitive: route.caseSensitive === true, childrenIndex: index, route };
    if (meta.relativePath.startsWith('/')) {
      if (!meta.relativePath.startsWith(parentPath) && hasOptional) return;
      if (!meta.relativePath.startsWith(parentPath))
        throw new Error(`Absolute route path "${meta.relativePath}" nested under path "${parentPath}" is not valid.`);
      meta.relativePath = meta.relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, meta.relativePath]);
    const metas = parents.concat(meta);
    if (route.children && route.children.length > 0) flattenRoutes(route.children, branches, metas, path, hasOptional);
    if (route.path == null && !route.index) return;
    branches.push({
      score: computeScore(path, route.index),
      routesMeta: metas.map((m, i) => {
        const [matcher, params] = compilePath(m.relativePath, m.caseSensitive, i === metas.length - 1);
        return { ...m, matcher, params };
      }),
    });
  };
  routes.forEach((route, index) => {
    if (route.path === '' || !route.path?.includes('?')) flatten(route, index, parentOptional);
    else for (const exploded of explodeOptionalSegments(route.path)) flatten(route, index, true, exploded);
  });
  return branches;
}

export function decodePath(value: string): string {
  try {
    return value
      .split('/')
      .map((v) => decodeURIComponent(v).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return value;
  }
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const matchedParams: Params = {};
  let matchedPathname = '/';
  const matches: RouteMatch[] = [];
  for (const meta of branch.routesMeta) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const end = meta === branch.routesMeta[branch.routesMeta.length - 1];
    const match = matchCompiled({ path: meta.relativePath, caseSensitive: meta.caseSensitive, end }, remaining, meta.matcher, meta.params);
    if (!match) return null;
    Object.assign(matchedParams, match.params);
    matches.push({
      params: matchedParams,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: normalizePathname(joinPaths([matchedPathname, match.pathnameBase])),
      route: meta.route,
    } as RouteMatch);
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

// A route table's ranked branches, computed once per table (the site's routes are made once per page load).
const rankedBranches = new WeakMap<RouteObject[], Branch[]>();

export function matchRoutes(routes: RouteObject[], locationArg: Partial<Location> | string): RouteMatch[] | null {
  const location = typeof locationArg === 'string' ? parsePath(locationArg) : locationArg;
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    branches.sort((a, b) =>
      a.score !== b.score
        ? b.score - a.score
        : compareIndexes(
            a.routesMeta.map((m) => m.childrenIndex),
            b.routesMeta.map((m) => m.childrenIndex),
          ),
    );
    rankedBranches.set(routes, branches);
  }
  const decoded = decodePath(location.pathname || '/');
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}

// --- resolving ------------------------------------------------------------------------------------------------------

function resolvePathname(relativePath: string, fromPathname: string): string {
  const segments = removeTrailingSlash(fromPathname).split('/');
  for (const segment of relativePath.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

export function resolvePath(to: To, fromPathname = '/'): Path {
  const { pathname: toPathname, search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  let pathname = fromPathname;
  if (toPathname) {
    const clean = removeDoubleSlashes(toPathname);
    pathname = clean.startsWith('/') || clean.startsWith('\\') ? resolvePathname(clean.slice(1), '/') : resolvePathname(clean, fromPathname);
  }
  return { pathname, search: normalizeSearch(search), hash: normalizeHash(hash) };
}

/** The pathnames relative links resolve from: each path-contributing match's base, the last one's full pathname. */
export function routePathnames(matches: RouteMatch[]): string[] {
  const contributing = matches.filter((match, index) => index === 0 || (match.route.path && match.route.path.length > 0));
  return contributing.map((match, i) => (i === contributing.length - 1 ? match.pathname : match.pathnameBase));
}

/** Where a link or navigate(to) goes from a route (react-router's resolveTo; `relative: 'path'` resolves from the URL). */
export function resolveTo(toArg: To, pathnames: string[], locationPathname: string, isPathRelative = false): Path {
  const to = typeof toArg === 'string' ? parsePath(toArg) : { ...toArg };
  const isEmptyPath = toArg === '' || to.pathname === '';
  const toPathname = isEmptyPath ? '/' : to.pathname;
  let from: string;
  if (toPathname == null) from = locationPathname;
  else {
    let index = pathnames.length - 1;
    if (!isPathRelative && toPathname.startsWith('..')) {
      const segments = toPathname.split('/');
      while (segments[0] === '..') {
        segments.shift();
        index -= 1;
      }
      to.pathname = segments.join('/');
    }
    from = index >= 0 ? pathnames[index] : '/';
  }
  const path = resolvePath(to, from);
  const explicitTrailingSlash = toPathname && toPathname !== '/' && toPathname.endsWith('/');
  const currentTrailingSlash = (isEmptyPath || toPathname === '.') && locationPathname.endsWith('/');
  if (!path.pathname.endsWith('/') && (explicitTrailingSlash || currentTrailingSlash)) path.pathname += '/';
  return path;
}
