// Whether a link leads to a page of this site (DESIGN.md "Links": a button is only rendered when its page exists).
import { matchRoutes } from 'react-router';
import { routePatternsMatcher } from './route-pattern';
import type { PublicSite } from './site-context';

/**
 * Answers whether a catalogue page exists: a model page (/:model, "data": "model") or a brand overview page
 * (/:brand/overview, "data": "brand") exists only for the site's own models and brands, which only the server knows
 * (runtime/models/site-links.ts). Without one, links to those pages count as missing: never a link to a 404.
 */
export type CatalogueLinkResolver = (data: 'model' | 'brand', param: string) => boolean;

const CATALOGUE_DATA = new Set(['model', 'brand']);
/** Answers remembered per site (pages render many links, the editor checks them all on each keystroke). */
const MAX_ANSWERS = 2000;
/** Route tables remembered by their routes: the editor's draft is a new pages object after every edit of a block. */
const MAX_TABLES = 16;
type SiteRoutes = { matchesPlain: (pathname: string) => boolean; catalogue: { path: string }[]; answers: Map<string, boolean> };
const routesOf = new WeakMap<object, SiteRoutes>();
const routesBySignature = new Map<string, SiteRoutes>();

function splitRoutes(pages: Record<string, unknown>): SiteRoutes {
  let routes = routesOf.get(pages);
  if (routes) return routes;
  const all = Object.keys(pages).filter((r) => r !== '*');
  const isCatalogue = (r: string) => CATALOGUE_DATA.has(String((pages[r] as { data?: unknown } | null)?.data));
  // The answers depend only on the routes and which of them are catalogue pages: a draft whose edit kept both (a
  // block's text, a menu) keeps its table and the answers already found.
  const signature = all.map((r) => (isCatalogue(r) ? `${r}\u0001` : r)).join('\u0000');
  routes = routesBySignature.get(signature);
  if (!routes) {
    routes = {
      matchesPlain: routePatternsMatcher(all.filter((r) => !isCatalogue(r))),
      catalogue: all.filter(isCatalogue).map((path) => ({ path })),
      answers: new Map(),
    };
    if (routesBySignature.size >= MAX_TABLES) routesBySignature.delete(routesBySignature.keys().next().value!);
    routesBySignature.set(signature, routes);
  }
  routesOf.set(pages, routes);
  return routes;
}

/**
 * A path on this site (query and fragment ignored) is one of its pages or matches one of its route patterns; a
 * catalogue page (model, brand) only when the resolver knows the model or brand.
 */
export function pageExists(pages: Record<string, unknown>, href: string, catalogue?: CatalogueLinkResolver): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const pathname = href.split(/[?#]/)[0] || '/';
  const routes = splitRoutes(pages);
  let plain = routes.answers.get(pathname);
  if (plain === undefined) {
    plain = routes.matchesPlain(pathname);
    if (routes.answers.size >= MAX_ANSWERS) routes.answers.clear();
    routes.answers.set(pathname, plain);
  }
  if (plain) return true;
  if (!catalogue || !routes.catalogue.length) return false;
  const match = matchRoutes(routes.catalogue, pathname)?.at(-1);
  if (!match) return false;
  const data = (pages[match.route.path] as { data: 'model' | 'brand' }).data;
  const param = Object.values(match.params).find((v): v is string => typeof v === 'string' && v !== '');
  return param !== undefined && catalogue(data, param);
}

/** Like pageExists, but full addresses and anchors count as existing (they leave this site's pages alone). */
export function sitePageExists(site: Pick<PublicSite, 'pages'>, href: string, catalogue?: CatalogueLinkResolver): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return true;
  return pageExists(site.pages ?? {}, href, catalogue);
}
