// A tenant's pages become react-router routes: one layout route (header, footer) with a child per page pattern.
// The same route tree runs on the server (loaders compute the data) and in the browser (loaders fetch it).
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { PageView } from './PageView';
import type { PublicSite } from './site-context';
import { RouteErrorView, SiteLayout } from './SiteLayout';
import type { PageData } from './types';

export type PageLoader = (route: string, args: LoaderFunctionArgs) => Promise<PageData>;

export const NOT_FOUND_ROUTE = '*';

export function createTenantRoutes(site: PublicSite, loadPage: PageLoader): RouteObject[] {
  const children: RouteObject[] = Object.keys(site.pages)
    .filter((route) => route !== NOT_FOUND_ROUTE)
    .map((route) => ({
      id: route,
      ...(route === '/' ? { index: true } : { path: route }),
      loader: (args: LoaderFunctionArgs) => loadPage(route, args),
      Component: PageView,
    }));
  children.push({ id: NOT_FOUND_ROUTE, path: '*', loader: (args) => loadPage(NOT_FOUND_ROUTE, args), Component: PageView });
  return [{ id: 'root', path: '/', Component: SiteLayout, ErrorBoundary: RouteErrorView, children }];
}
