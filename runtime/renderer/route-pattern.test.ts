import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolveTenantFile } from '../tenants/resolve';
import { routePatternsMatcher } from './route-pattern';

const root = join(import.meta.dirname, '../..');
const tenants = readdirSync(join(root, 'tenants'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => resolveTenantFile(join(root, 'tenants', f), join(root, 'tenants', 'templates')));

/** Paths worth asking about: each route filled in, with trailing slashes, case, encoding and extra segments. */
function pathsFor(patterns: string[]): string[] {
  const paths = new Set(['/', '//', '/x', '/X/Y', '/%E2%82%AC', '/%zz', '/a%2Fb', '/cars/', '/cars/a/b', '/search/extra/more']);
  for (const p of patterns) {
    const filled = p.replace(/:([\w-]+)\??/g, 'value-1').replace(/\*$/, 'rest/of/it');
    for (const path of [filled, `${filled}/`, filled.toUpperCase(), `${filled}/more`, filled.replace(/\/[^/]*$/, ''), p]) paths.add(path || '/');
  }
  return [...paths];
}

describe('routePatternsMatcher', () => {
  it.each(tenants.map((t) => [t.slug, t] as const))("answers as react-router's matchRoutes on %s's routes", (_slug, tenant) => {
    const patterns = Object.keys(tenant.pages).filter((r) => r !== '*');
    const matches = routePatternsMatcher(patterns);
    const routes = patterns.map((path) => ({ path }));
    const paths = pathsFor(patterns);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect([path, matches(path)]).toEqual([path, !!matchRoutes(routes, path)]);
  });

  it('optional segments, optional parameters and splats as react-router has them', () => {
    const patterns = ['/a/:b?', '/c/d?/e', '/f/*', '/g/:h?-x', '/cars/:slug'];
    const matches = routePatternsMatcher(patterns);
    const routes = patterns.map((path) => ({ path }));
    for (const path of ['/a', '/a/1', '/a/1/2', '/c/e', '/c/d/e', '/c/x/e', '/f', '/f/1/2', '/g/-x', '/g/1-x', '/cars/x/', '/Cars/x', '/cars'])
      expect([path, matches(path)]).toEqual([path, !!matchRoutes(routes, path)]);
  });
});
