// Whether a link leads to a page of this site (DESIGN "Links": never render a link to a page that does not exist).
import { matchRoutes } from 'react-router';
import type { PublicSite } from './site-context';

const cache = new WeakMap<object, { path: string }[]>();

/** Full addresses and anchors count as existing; a path on this site must match one of its pages (not the 404). */
export function sitePageExists(site: Pick<PublicSite, 'pages'>, href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return true;
  let routes = cache.get(site.pages);
  if (!routes) {
    routes = Object.keys(site.pages ?? {}).filter((r) => r !== '*').map((path) => ({ path }));
    cache.set(site.pages, routes);
  }
  const pathname = href.split(/[?#]/)[0] || '/';
  return !!matchRoutes(routes, pathname);
}
