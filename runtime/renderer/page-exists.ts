// Whether a link leads to a page of this site (DESIGN.md "Links": a button is only rendered when its page exists).
import { matchRoutes } from 'react-router';
import type { PublicSite } from './site-context';

/**
 * Answers whether a catalogue page exists: a model page (/:model, "data": "model") or a brand overview page
 * (/:brand/overview, "data": "brand") exists only for the site's own models and brands, which only the server knows
 * (runtime/models/site-links.ts). Without one, links to those pages count as missing: never a link to a 404.
 */
export type CatalogueLinkResolver = (data: 'model' | 'brand', param: string) => boolean;

const CATALOGUE_DATA = new Set(['model', 'brand']);
/** Answers remembered per site (matchRoutes ranks every route pattern on each call; pages render many links). */
const MAX_ANSWERS = 2000;
type Route = { path: string };
type SiteRoutes = {
  plain: Route[];
  catalogue: Route[];
  /** Plain patterns without a parameter, optional segment or splat: a path equal to one is a page (no need to match). */
  literal: Set<string>;
  /** Plain patterns that could match a path with this first segment (matchRoutes' cost grows with the patterns). */
  plainFor: Map<string, Route[]>;
  answers: Map<string, boolean>;
};
const routesOf = new WeakMap<object, SiteRoutes>();

function splitRoutes(pages: Record<string, unknown>): SiteRoutes {
  let routes = routesOf.get(pages);
  if (!routes) {
    const all = Object.keys(pages).filter((r) => r !== '*');
    const isCatalogue = (r: string) => CATALOGUE_DATA.has(String((pages[r] as { data?: unknown } | null)?.data));
    const plain = all.filter((r) => !isCatalogue(r)).map((path) => ({ path }));
    routes = {
      plain,
      catalogue: all.filter(isCatalogue).map((path) => ({ path })),
      // (Not one with '%': matchRoutes decodes the path, not the pattern.)
      literal: new Set(plain.map((r) => r.path).filter((path) => !/[:*?%]/.test(path))),
      plainFor: new Map(),
      answers: new Map(),
    };
    routesOf.set(pages, routes);
  }
  return routes;
}

/** A path's first segment as matchRoutes compares it: decoded (a '/' in it stays encoded), any case. */
function firstSegment(path: string): string {
  const segment = path.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F').toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** The plain patterns that can match a path starting with this segment: those starting with it or with a parameter, optional segment or splat. */
function plainCandidates(routes: SiteRoutes, segment: string): Route[] {
  let candidates = routes.plainFor.get(segment);
  if (!candidates) {
    candidates = routes.plain.filter((route) => {
      const first = route.path.split('/')[1] ?? '';
      return /[:*?]/.test(first) || first.toLowerCase() === segment;
    });
    if (routes.plainFor.size >= MAX_ANSWERS) routes.plainFor.clear();
    routes.plainFor.set(segment, candidates);
  }
  return candidates;
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
    plain = routes.literal.has(pathname) || !!matchRoutes(plainCandidates(routes, firstSegment(pathname)), pathname);
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
