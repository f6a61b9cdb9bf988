// The site's router in the browser: react-router's declarative <Router> and useRoutes over the same route table as
// the server's (routes.tsx), with the data part done here, as the data router would (createBrowserRouter is 29 KB of
// compressed script, more than a quarter of a page's budget). Page data comes from the server's own loaders
// (/__data, server-loaders.ts), so there is one data layer.
// - a navigation fetches the new page's data (/__data) and its blocks' code, shows the progress bar meanwhile, and
//   changes the URL and the page together once both are there; a newer navigation cancels an older one;
// - a redirect answer (a gated page, a moved page) navigates on to its target;
// - a change of #hash only (an in-page anchor, followed by a Link, a plain <a href="#x">, Back or Forward) moves to
//   the anchor and renders nothing; a query-string change with `defaultShouldRevalidate: false` (search filters,
//   sort) keeps the page's data; any other navigation loads it again, as react-router's loaders ran again;
// - a new page starts at the top (or at its #anchor) unless `preventScrollReset`; Back and Forward restore where the
//   shopper was on that path (scroll positions kept per path, as <ScrollRestoration getKey={pathname}> did).
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { createPath, matchRoutes, NavigationType, parsePath, Router, useRoutes, type Location, type Navigator, type RouteObject, type To } from 'react-router';
import { NavigationStateContext, PageDataContext } from './page-state';
import { NOT_FOUND_ROUTE } from './routes';
import { RouteErrorView } from './SiteLayout';
import type { PageData } from './types';

/** A page's data, or where to go instead. Throws when the data could not be loaded. */
export type BrowserPageLoader = (route: string, url: URL, signal: AbortSignal) => Promise<PageData | { redirect: string }>;

interface NavigateOptions {
  preventScrollReset?: boolean;
  defaultShouldRevalidate?: boolean;
}

interface RouterState {
  location: Location;
  action: NavigationType;
  data: PageData;
  loading: boolean;
  failed: boolean;
  preventScrollReset: boolean;
}

/** react-router's history entry format: the navigation's state, a key and an index. */
interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function windowLocation(): Location {
  const entry = (history.state ?? {}) as Partial<HistoryEntry>;
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

/** Where the page was last scrolled on each history entry, by its key (Back and Forward between anchors restore it). */
const anchorScroll = new Map<string, number>();

/** Brings an anchor's target into view, as the browser does; '' or '#' (or a missing target) goes to the top. */
function scrollToAnchor(hash: string) {
  const id = hash.replace(/^#/, '');
  let target: HTMLElement | null = null;
  try {
    target = id ? document.getElementById(decodeURIComponent(id)) : null;
  } catch {
    target = document.getElementById(id);
  }
  if (target) target.scrollIntoView();
  else if (!id || id === 'top') window.scrollTo(0, 0);
}

export interface SiteRouter {
  navigator: Navigator;
  subscribe(listener: () => void): () => void;
  getState(): RouterState;
  /** The page pattern a path matches ('*' when none). */
  routeOf(pathname: string): string;
  routes: RouteObject[];
}

export function createSiteRouter(routes: RouteObject[], loadPage: BrowserPageLoader, firstPage: PageData): SiteRouter {
  const listeners = new Set<() => void>();
  let state: RouterState = {
    location: windowLocation(),
    action: NavigationType.Pop,
    data: firstPage,
    loading: false,
    failed: false,
    preventScrollReset: false,
  };
  let index = (history.state as Partial<HistoryEntry> | null)?.idx ?? 0;
  if ((history.state as Partial<HistoryEntry> | null)?.idx === undefined) {
    // The first page gets a key too, so Back to it restores its place.
    state.location = { ...state.location, key: newKey() };
    history.replaceState({ usr: null, key: state.location.key, idx: index }, '');
  }
  let current: AbortController | undefined;

  const set = (patch: Partial<RouterState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const routeOf = (pathname: string) => (matchRoutes(routes, pathname)?.at(-1)?.route.id as string | undefined) ?? NOT_FOUND_ROUTE;

  async function navigate(to: To, action: NavigationType, usr: unknown, options: NavigateOptions = {}, redirects = 0): Promise<void> {
    const path = typeof to === 'string' ? parsePath(new URL(to, location.href).href.slice(location.origin.length)) : to;
    const next: Location = {
      pathname: path.pathname ?? state.location.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: usr ?? null,
      key: action === NavigationType.Pop ? windowLocation().key : newKey(),
    };
    const commit = (patch: Partial<RouterState>) => {
      if (action === NavigationType.Push) history.pushState({ usr: next.state, key: next.key, idx: ++index }, '', createPath(next));
      else if (action === NavigationType.Replace) history.replaceState({ usr: next.state, key: next.key, idx: index }, '', createPath(next));
      else index = (history.state as Partial<HistoryEntry> | null)?.idx ?? index;
      set({ location: next, action, loading: false, failed: false, preventScrollReset: options.preventScrollReset === true, ...patch });
    };
    current?.abort();
    const samePath = next.pathname === state.location.pathname;
    if (samePath && next.search === state.location.search && !state.failed && action !== NavigationType.Pop) {
      // An in-page anchor (or this very page again) changes nothing but the address and the scroll position; the
      // router's location keeps the hash it was rendered with. A new router state would re-render
      // the page, and React replaces a block that has not hydrated yet with its fallback when anything above it
      // changes: the blocks would blank out, the anchor's target with them.
      current = undefined;
      const from = location.href;
      if (action === NavigationType.Push) history.pushState({ usr: next.state, key: next.key, idx: ++index }, '', createPath(next));
      else history.replaceState({ usr: next.state, key: next.key, idx: index }, '', createPath(next));
      if (next.hash || !options.preventScrollReset) scrollToAnchor(next.hash);
      // pushState fires no hashchange, a followed <a href="#x"> does: blocks listening for it (lead dialogs) hear both.
      if (from !== location.href) window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: from, newURL: location.href }));
      return;
    }
    if (samePath && (next.search === state.location.search || options.defaultShouldRevalidate === false) && !state.failed) {
      current = undefined;
      return commit({});
    }
    const controller = (current = new AbortController());
    set({ loading: true });
    let result: PageData | { redirect: string };
    try {
      result = await loadPage(routeOf(next.pathname), new URL(createPath(next), location.origin), controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('[navigation] page data could not be loaded:', error);
      return commit({ failed: true });
    }
    if (controller.signal.aborted) return;
    if ('redirect' in result && typeof result.redirect === 'string') {
      if (redirects > 5) return commit({ failed: true });
      // A redirect stands in for the navigation that led to it (a push stays one entry in the history).
      return navigate(result.redirect, action === NavigationType.Pop ? NavigationType.Replace : action, null, {}, redirects + 1);
    }
    commit({ data: result as PageData });
  }

  const navigator: Navigator = {
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: (to, usr, options) => void navigate(to, NavigationType.Push, usr, options as NavigateOptions),
    replace: (to, usr, options) => void navigate(to, NavigationType.Replace, usr, options as NavigateOptions),
    go: (delta) => history.go(delta),
  };

  window.addEventListener('scroll', () => anchorScroll.set(windowLocation().key, window.scrollY), { passive: true });
  // Back and Forward between two anchors of one page, and a plain <a href="#x"> (which the browser has followed
  // already, firing its own hashchange): the page stays as it is.
  window.addEventListener('popstate', () => {
    // A plain <a href="#x"> the browser followed itself made an entry without a key: it gets its own, or every such
    // entry would share one saved scroll position and Back/Forward between them would land on the wrong one.
    if (!(history.state as Partial<HistoryEntry> | null)?.key) history.replaceState({ usr: null, key: newKey(), idx: ++index }, '');
    const here = windowLocation();
    if (here.pathname === state.location.pathname && here.search === state.location.search && !state.failed) {
      index = (history.state as Partial<HistoryEntry> | null)?.idx ?? index;
      // Where the shopper was on that entry, as a browser restores it; else the anchor's target.
      const saved = anchorScroll.get(here.key);
      if (saved !== undefined) window.scrollTo(0, saved);
      else if (here.hash) scrollToAnchor(here.hash);
      return;
    }
    void navigate(createPath(here), NavigationType.Pop, here.state);
  });

  return {
    navigator,
    routes,
    routeOf,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Scroll positions by path, saved when the shopper leaves a page. */
const scrollPositions = new Map<string, number>();

function Pages({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function SiteRouterProvider({ router }: { router: SiteRouter }) {
  const state = useSyncExternalStore(router.subscribe, router.getState, router.getState);

  // Where the shopper was on each path, for Back and Forward; the router restores it, not the browser.
  useEffect(() => {
    history.scrollRestoration = 'manual';
    const save = () => scrollPositions.set(location.pathname, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  const { location: where, action } = state;
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling happens once per navigation (where.key), with that navigation's state
  useLayoutEffect(() => {
    // The page the browser loaded keeps its own scroll position and anchor.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const saved = action === NavigationType.Pop ? scrollPositions.get(where.pathname) : undefined;
    const target = where.hash ? document.getElementById(decodeURIComponent(where.hash.slice(1))) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (!state.preventScrollReset) window.scrollTo(0, 0);
  }, [where.key]);

  // The same tree as the server's (entry-server.tsx ServerRouter: a fragment of the router and a null, as react-router's
  // StaticRouterProvider rendered with its hydration script), so the ids React gives (useId) are the same on both sides.
  return (
    <>
      <Router location={where} navigationType={action} navigator={router.navigator}>
        <NavigationStateContext.Provider value={state.loading ? 'loading' : 'idle'}>
          <PageDataContext.Provider value={state.data}>{state.failed ? <RouteErrorView /> : <Pages routes={router.routes} />}</PageDataContext.Provider>
        </NavigationStateContext.Provider>
      </Router>
      {null}
    </>
  );
}
