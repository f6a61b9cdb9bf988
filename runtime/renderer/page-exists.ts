// Whether a link leads to a page of this site (DESIGN.md "Links": a button is only rendered when its page exists).
import { matchRoutes } from 'react-router';
import type { PublicSite } from './site-context';

const routesOf = new WeakMap<object, { routes: { path: string }[]; answers: Map<string, boolean> }>();
/** Answers remembered per site (matchRoutes ranks every route pattern on each call; pages render many links). */
const MAX_ANSWERS = 2000;

/** A path on this site (query and fragment ignored) is one of its pages or matches one of its route patterns. */
export function pageExists(pages: Record<string, unknown>, href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  let site = routesOf.get(pages);
  if (!site) {
    site = { routes: Object.keys(pages).filter((r) => r !== '*').map((path) => ({ path })), answers: new Map() };
    routesOf.set(pages, site);
  }
  const path = href.split(/[?#]/)[0] || '/';
  let exists = site.answers.get(path);
  if (exists === undefined) {
    exists = !!matchRoutes(site.routes, path);
    if (site.answers.size >= MAX_ANSWERS) site.answers.clear();
    site.answers.set(path, exists);
  }
  return exists;
}

/** Like pageExists, but full addresses and anchors count as existing (they leave this site's pages alone). */
export function sitePageExists(site: Pick<PublicSite, 'pages'>, href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return true;
  return pageExists(site.pages ?? {}, href);
}
