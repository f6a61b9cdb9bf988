// A tenant's pages become react-router routes: one layout route (header, footer) with a child per page pattern.
// The same route tree runs on the server with react-router's data router (loaders compute the data); the site in the
// browser (browser-router.tsx) and the editor preview render the same patterns with createBrowserRoutes over the
// browser build's small router (runtime/renderer/client-router), loading page data themselves.
import { useLoaderData, useNavigation, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { NavigationStateContext, PageDataContext } from './page-state';
import { PageView } from './PageView';
import type { PublicSite } from './site-context';
import { RouteErrorView, SiteLayout } from './SiteLayout';
import type { PageData } from './types';

export type PageLoader = (route: string, args: LoaderFunctionArgs) => Promise<PageData>;

export const NOT_FOUND_ROUTE = '*';

/** The page patterns of a site: one route per page, '/' as the index, and '*' last for not found. */
export function pageRoutes(site: PublicSite): { id: string; index?: true; path?: string }[] {
  const routes: { id: string; index?: true; path?: string }[] = Object.keys(site.pages)
    .filter((route) => route !== NOT_FOUND_ROUTE)
    .map((route) => (route === '/' ? { id: route, index: true } : { id: route, path: route }));
  routes.push({ id: NOT_FOUND_ROUTE, path: '*' });
  return routes;
}

function DataRouterLayout() {
  const navigation = useNavigation();
  return (
    <NavigationStateContext.Provider value={navigation.state === 'loading' ? 'loading' : 'idle'}>
      <SiteLayout />
    </NavigationStateContext.Provider>
  );
}

function DataRouterPage() {
  return (
    <PageDataContext.Provider value={useLoaderData() as PageData}>
      <PageView />
    </PageDataContext.Provider>
  );
}

/** Routes for react-router's data router (the server render): each page's loader gives its data. */
export function createTenantRoutes(site: PublicSite, loadPage: PageLoader): RouteObject[] {
  const children: RouteObject[] = pageRoutes(site).map((route) => ({
    ...route,
    loader: (args: LoaderFunctionArgs) => loadPage(route.id, args),
    Component: DataRouterPage,
  })) as RouteObject[];
  return [{ id: 'root', path: '/', Component: DataRouterLayout, ErrorBoundary: RouteErrorView, children }];
}

/** The same routes for the browser's router, which provides the page data itself (browser-router.tsx). */
export function createBrowserRoutes(site: PublicSite): RouteObject[] {
  const children = pageRoutes(site).map((route) => ({ ...route, element: <PageView /> })) as RouteObject[];
  return [{ id: 'root', path: '/', element: <SiteLayout />, children }];
}
