// Whether a link leads to a page of this site (DESIGN.md "Links": a button is only rendered when its page exists).
import { matchRoutes } from 'react-router';
import type { PublicSite } from './site-context';

const routesOf = new WeakMap<object, { path: string }[]>();

/** A path on this site (query and fragment ignored) is one of its pages or matches one of its route patterns. */
export function pageExists(pages: Record<string, unknown>, href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  let routes = routesOf.get(pages);
  if (!routes) {
    routes = Object.keys(pages).filter((r) => r !== '*').map((path) => ({ path }));
    routesOf.set(pages, routes);
  }
  return !!matchRoutes(routes, href.split(/[?#]/)[0] || '/');
}

/** Like pageExists, but full addresses and anchors count as existing (they leave this site's pages alone). */
export function sitePageExists(site: Pick<PublicSite, 'pages'>, href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return true;
  return pageExists(site.pages ?? {}, href);
}
