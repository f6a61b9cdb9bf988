// A tenant's pages become react-router routes: one layout route (header, footer) with a child per page pattern.
// The server (entry-server.tsx, react-router's StaticRouter), the site in the browser (browser-router.tsx, react-router's
// Router) and the editor preview render the same route tree and load page data themselves (the server runs its
// loaders, the browser asks /__data for the same loaders' answer).
import type { RouteObject } from 'react-router';
import { PageView } from './PageView';
import type { PublicSite } from './site-context';
import { SiteLayout } from './SiteLayout';

export const NOT_FOUND_ROUTE = '*';

/** The page patterns of a site: one route per page, '/' as the index, and '*' last for not found. */
export function pageRoutes(site: PublicSite): { id: string; index?: true; path?: string }[] {
  const routes: { id: string; index?: true; path?: string }[] = Object.keys(site.pages)
    .filter((route) => route !== NOT_FOUND_ROUTE)
    .map((route) => (route === '/' ? { id: route, index: true } : { id: route, path: route }));
  routes.push({ id: NOT_FOUND_ROUTE, path: '*' });
  return routes;
}

/** The routes of the site's routers, which provide the page data themselves (browser-router.tsx, entry-server.tsx). */
export function createBrowserRoutes(site: PublicSite): RouteObject[] {
  const children = pageRoutes(site).map((route) => ({ ...route, element: <PageView /> })) as RouteObject[];
  return [{ id: 'root', path: '/', element: <SiteLayout />, children }];
}
