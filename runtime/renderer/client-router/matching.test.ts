// The browser build's path functions against react-router's own (Vitest resolves 'react-router' to the real package):
// every demo site's route table, with each page's paths written the ways shoppers and links write them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as reactRouter from 'react-router';
import type { RouteMatch, RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolveTenantFile } from '../../tenants/resolve';
import { pageRoutes } from '../routes';
import { createPath, matchPath, matchRoutes, parsePath, resolvePath, resolveTo } from './matching';

const root = join(import.meta.dirname, '../../..');
const demoSites = readdirSync(join(root, 'tenants'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ slug: file.replace(/\.json$/, ''), doc: resolveTenantFile(join(root, 'tenants', file), join(root, 'tenants/templates')) }));

/** The site's route table as the browser builds it: the layout route with a child per page. */
const routeTable = (pages: Record<string, unknown>): RouteObject[] => [{ id: 'root', path: '/', children: pageRoutes({ pages } as never) as RouteObject[] }];

const summary = (matches: RouteMatch[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

/** Paths a page pattern stands for: params filled in, optional segments left out, and the usual variations. */
function pathsFor(pattern: string): string[] {
  if (pattern === '*') return ['/no-such-page', '/a/b/c', '/cars', '/cars/', '/search/a/b/c'];
  const filled = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? 'Mazda' : 'x-2023-ABC') : segment))
    .join('/');
  const withoutOptional = pattern
    .split('/')
    .filter((segment) => !segment.endsWith('?'))
    .join('/');
  const base = [filled, withoutOptional || '/'];
  return base.flatMap((path) => [
    path,
    `${path}/`,
    `${path}//`,
    path.toUpperCase(),
    `${path}/extra`,
    `/${path}`,
    `${path}%20x`,
    `${path}/%E2%9C%93`,
    `${path}/a%2Fb`,
  ]);
}

describe('matchRoutes on the demo sites', () => {
  for (const { slug, doc } of demoSites) {
    it(`${slug}: every page's paths match the same route with the same params as react-router`, () => {
      const routes = routeTable(doc.pages);
      const paths = Object.keys(doc.pages).flatMap(pathsFor);
      expect(paths.length).toBeGreaterThan(100);
      for (const path of paths)
        expect({ path, matches: summary(matchRoutes(routes, path)) }).toEqual({ path, matches: summary(reactRouter.matchRoutes(routes, path)) });
    }, 120_000); // react-router's development build ranks the table again for each of some 1,000 paths
  }

  it('ranks a named page above a one-word pattern, and a search with make and model to its own page', () => {
    const routes = routeTable(demoSites.find((site) => site.slug === 'harbourside-mazda')!.doc.pages);
    expect(matchRoutes(routes, '/fleet')?.at(-1)?.route.id).toBe('/fleet');
    expect(matchRoutes(routes, '/cx-5')?.at(-1)?.route.id).toBe('/:model');
    expect(matchRoutes(routes, '/cx-5')?.at(-1)?.params).toEqual({ model: 'cx-5' });
    expect(matchRoutes(routes, '/search/mazda/cx-5/')?.at(-1)?.params).toEqual({ make: 'mazda', model: 'cx-5' });
    expect(matchRoutes(routes, '/search')?.at(-1)?.params).toEqual({ make: undefined, model: undefined });
    expect(matchRoutes(routes, '/')?.at(-1)?.route.id).toBe('/');
    expect(matchRoutes(routes, '/cars/a/b/c')?.at(-1)?.route.id).toBe('*');
  });
});

describe('matchRoutes on patterns the demo sites do not use yet', () => {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'index', index: true },
        { id: 'docs', path: 'docs/*' },
        { id: 'docs-exact', path: 'docs/intro' },
        { id: 'case', path: 'Case', caseSensitive: true },
        { id: 'optional-static', path: 'shop/new?/:id' },
        {
          id: 'nested',
          path: 'a/:b',
          children: [
            { id: 'nested-index', index: true },
            { id: 'nested-child', path: ':c' },
            { id: 'nested-splat', path: '*' },
          ],
        },
        { id: 'absolute', path: '/abs/:x' },
        { id: 'dup', path: 'dup' },
        { id: 'dup-second', path: 'dup' },
        { id: 'splat', path: '*' },
      ],
    },
  ];
  const paths = [
    '/',
    '/docs',
    '/docs/',
    '/docs/intro',
    '/docs/a/b',
    '/Case',
    '/case',
    '/shop/new/1',
    '/shop/1',
    '/a/1',
    '/a/1/',
    '/a/1/2',
    '/a/1/2/3',
    '/abs/y',
    '/dup',
    '/x/y',
  ];
  it('match as react-router matches them', () => {
    for (const path of paths)
      expect({ path, matches: summary(matchRoutes(routes, path)) }).toEqual({ path, matches: summary(reactRouter.matchRoutes(routes, path)) });
    expect(matchRoutes(routes, '/docs/a/b')?.at(-1)?.params['*']).toBe('a/b');
    expect(matchRoutes(routes, '/dup')?.at(-1)?.route.id).toBe('dup');
  });
});

describe('path functions', () => {
  const patterns = ['/cars/:slug', '/search/:make?/:model?', '/locations/:slug', '/warranty', '/blog/*', '*', '/'];
  const pathnames = ['/cars/abc', '/cars/abc/', '/CARS/abc', '/search', '/search/mazda/cx-5', '/warranty/', '/blog/a/b', '/', '/x'];
  it('matchPath', () => {
    for (const pattern of patterns)
      for (const pathname of pathnames) {
        expect(matchPath(pattern, pathname)).toEqual(reactRouter.matchPath(pattern, pathname));
        const partial = { path: pattern, end: false };
        expect(matchPath(partial, pathname)).toEqual(reactRouter.matchPath(partial, pathname));
      }
  });

  const targets = ['/cars/x?y=1#z', 'cars', '../up', './here', '//double//slash', '/a/./b/../c/', '?q=1', '#top', '', '.', '..', '/search?', '/x#'];
  it('resolvePath, parsePath, createPath', () => {
    for (const to of targets) {
      for (const from of ['/', '/cars/abc', '/cars/abc/']) expect(resolvePath(to, from)).toEqual(reactRouter.resolvePath(to, from));
      expect(parsePath(to)).toEqual(reactRouter.parsePath(to));
      expect(createPath(parsePath(to))).toEqual(reactRouter.createPath(reactRouter.parsePath(to)));
    }
  });

  it('resolveTo: where links and navigate() go from a page (trailing slashes kept as written)', () => {
    expect(resolveTo('/search/', ['/', '/cars/abc'], '/cars/abc')).toEqual({ pathname: '/search/', search: '', hash: '' });
    expect(resolveTo('?sort=price', ['/', '/search'], '/search')).toEqual({ pathname: '/search', search: '?sort=price', hash: '' });
    expect(resolveTo('.', ['/', '/cars/abc/'], '/cars/abc/')).toEqual({ pathname: '/cars/abc/', search: '', hash: '' });
    expect(resolveTo('../compare', ['/', '/cars/abc'], '/cars/abc')).toEqual({ pathname: '/compare', search: '', hash: '' });
    expect(resolveTo('compare', ['/', '/cars/abc'], '/cars/abc', true)).toEqual({ pathname: '/cars/abc/compare', search: '', hash: '' });
  });
});
