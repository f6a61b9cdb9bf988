// Which address a page tells search engines is its own (canonical), and whether they may index it.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { gatedPatterns } from '../accounts/gated-routes';
import { parseSearchState } from '../search/search-state';
import { absoluteSiteUrl, normalisePath } from './site-address';

type Site = Pick<TenantDocument, 'slug' | 'url' | 'domains' | 'settings' | 'pages'>;

export const NOT_FOUND_ROUTE = '*';

/** Page patterns that are never indexed: the site's setting (seo.noindexRoutes) and the pages only signed-in
 *  shoppers see (a crawler would only meet the sign-in redirect). */
export function noindexRoutes(site: Pick<TenantDocument, 'settings'>): readonly string[] {
  const { accounts, finance } = site.settings;
  const gated = gatedPatterns({
    gatedRoutes: accounts?.gatedRoutes,
    financeGated: finance?.gatedRoute === true,
    financePath: finance?.financePath ?? '/finance',
  });
  return [...(site.settings.seo?.noindexRoutes ?? []), ...gated];
}

export interface PageIndexing {
  /** Absolute canonical address, on the site's configured url; null on the not-found page. */
  canonical: string | null;
  /** True: <meta name="robots" content="noindex">. */
  noindex: boolean;
}

/**
 * A page's canonical address and indexing. The path is the page's own (query strings dropped: they are filters,
 * tracking or form state); a search page with filters canonicalises to its unfiltered form and is noindex past page 1.
 */
export function pageIndexing(site: Site, route: string, location: { pathname: string; search: string }): PageIndexing {
  if (route === NOT_FOUND_ROUTE) return { canonical: null, noindex: true };
  const path = normalisePath(location.pathname);
  const noindex = noindexRoutes(site).includes(route);
  const page = site.pages[route];
  if (page?.data === 'search') {
    const state = parseSearchState(location.search);
    const filtered = state.query !== '' || Object.keys(state.refinements).length > 0 || Object.keys(state.ranges).length > 0 || state.sortBy !== null;
    if (filtered) return { canonical: absoluteSiteUrl(site, path), noindex: noindex || state.page > 1 };
    return { canonical: absoluteSiteUrl(site, path) + (state.page > 1 ? `?page=${state.page}` : ''), noindex };
  }
  return { canonical: absoluteSiteUrl(site, path), noindex };
}
