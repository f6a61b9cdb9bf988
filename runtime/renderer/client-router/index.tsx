// The browser's 'react-router' (vite.config.ts's client-router plugin puts it in place for browser code only; the
// server render and Vitest keep react-router). The browser needs only react-router's declarative part under our
// own data loading (browser-router.tsx, the editor preview): <Router>, useRoutes and <Outlet>, the location hooks,
// useNavigate, useSearchParams, <Link>/<NavLink> and the path functions (matching.ts). react-router's chunk was
// 11 KB of compressed script on every page (issue 17: 100 KB per page). Each piece renders the same elements as
// react-router's (hydration of the server's markup must match), in the same nesting: no element adds a sibling, so
// the ids React gives (useId) stay the same.
import {
  createContext,
  createElement,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useMemo,
  useRef,
} from 'react';
import type { Location, NavigateOptions, Navigator, Params, RouteMatch, RouteObject, To } from 'react-router';
import { createPath, matchRoutes, parsePath, resolveTo, routePathnames } from './matching';

export { createPath, matchPath, matchRoutes, parsePath, resolvePath } from './matching';

export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];

interface RouteContextValue {
  outlet: ReactNode;
  matches: RouteMatch[];
}

const NavigatorContext = createContext<Navigator | null>(null);
const LocationContext = createContext<{ location: Location; navigationType: NavigationType } | null>(null);
const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });

export function Router({
  children = null,
  location: locationProp,
  navigationType = NavigationType.Pop,
  navigator,
}: {
  children?: ReactNode;
  location: Partial<Location> | string;
  navigationType?: NavigationType;
  navigator: Navigator;
}) {
  const {
    pathname = '/',
    search = '',
    hash = '',
    state = null,
    key = 'default',
  } = (typeof locationProp === 'string' ? parsePath(locationProp) : locationProp) as Partial<Location>;
  const value = useMemo(
    () => ({ location: { pathname, search, hash, state, key } as Location, navigationType }),
    [pathname, search, hash, state, key, navigationType],
  );
  return (
    <NavigatorContext.Provider value={navigator}>
      <LocationContext.Provider value={value}>{children}</LocationContext.Provider>
    </NavigatorContext.Provider>
  );
}

function useLocationContext() {
  const context = useContext(LocationContext);
  if (!context) throw new Error('A router hook was used outside <Router>.');
  return context;
}

export const useLocation = (): Location => useLocationContext().location;
export const useNavigationType = () => useLocationContext().navigationType;

/** The matched routes, outermost first, each wrapped in its route context (its params and the <Outlet> for its child). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const { matches: parentMatches } = useContext(RouteContext);
  const matches = matchRoutes(routes, { pathname });
  if (!matches) return null;
  // Innermost first: each route's element gets the next one as its <Outlet> (nested, never siblings).
  let outlet: ReactNode = null;
  for (let index = matches.length - 1; index >= 0; index--) {
    const { route } = matches[index];
    const children: ReactNode = route.Component ? createElement(route.Component) : route.element ? route.element : outlet;
    outlet = createElement(RouteContext.Provider, { value: { outlet, matches: parentMatches.concat(matches.slice(0, index + 1)) } }, children);
  }
  return outlet;
}

export const Outlet = () => useContext(RouteContext).outlet;

export function useParams(): Readonly<Params> {
  const { matches } = useContext(RouteContext);
  return matches[matches.length - 1]?.params ?? {};
}

function useResolvedPath(to: To, relative?: 'route' | 'path') {
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const fromJson = JSON.stringify(routePathnames(matches));
  return useMemo(() => resolveTo(to, JSON.parse(fromJson), pathname, relative === 'path'), [to, fromJson, pathname, relative]);
}

type Navigate = (to: To | number, options?: NavigateOptions & { defaultShouldRevalidate?: boolean }) => void;

export function useNavigate(): Navigate {
  const navigator = useContext(NavigatorContext);
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const fromJson = JSON.stringify(routePathnames(matches));
  return useCallback<Navigate>(
    (to, options = {}) => {
      if (!navigator) return;
      if (typeof to === 'number') return navigator.go(to);
      const path = resolveTo(to, JSON.parse(fromJson), pathname, options.relative === 'path');
      (options.replace ? navigator.replace : navigator.push)(path, options.state, options);
    },
    [navigator, fromJson, pathname],
  );
}

type SearchParamsInit = string | string[][] | Record<string, string | string[]> | URLSearchParams;

function createSearchParams(init: SearchParamsInit = ''): URLSearchParams {
  if (typeof init === 'string' || Array.isArray(init) || init instanceof URLSearchParams) return new URLSearchParams(init);
  return new URLSearchParams(Object.entries(init).flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v]) : [[key, value]])));
}

export function useSearchParams(defaultInit?: SearchParamsInit) {
  const defaults = useRef(createSearchParams(defaultInit));
  const hasSet = useRef(false);
  const { search } = useLocation();
  const searchParams = useMemo(() => {
    const params = createSearchParams(search);
    // The defaults count until the first setSearchParams, as in react-router.
    if (!hasSet.current)
      for (const key of new Set(defaults.current.keys())) if (!params.has(key)) for (const v of defaults.current.getAll(key)) params.append(key, v);
    return params;
  }, [search]);
  const navigate = useNavigate();
  const setSearchParams = useCallback(
    (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      hasSet.current = true;
      navigate(`?${createSearchParams(typeof next === 'function' ? next(new URLSearchParams(searchParams)) : next)}`, options);
    },
    [navigate, searchParams],
  );
  return [searchParams, setSearchParams] as const;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  relative?: 'route' | 'path';
  reloadDocument?: boolean;
  discover?: 'render' | 'none';
  defaultShouldRevalidate?: boolean;
  ref?: Ref<HTMLAnchorElement>;
  // Accepted and ignored, as react-router's declarative mode does (no data router to prefetch or transition with).
  prefetch?: string;
  viewTransition?: boolean;
}

export function Link({
  onClick,
  discover = 'render',
  prefetch: _prefetch,
  relative,
  reloadDocument,
  replace,
  state,
  target,
  to,
  preventScrollReset,
  viewTransition,
  defaultShouldRevalidate,
  ...rest
}: LinkProps) {
  const isAbsolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  // A full URL of this site navigates in the page; any other stays a plain link.
  let absoluteURL: string | undefined;
  let isExternal = false;
  if (typeof to === 'string' && isAbsolute) {
    absoluteURL = to;
    try {
      const target = new URL(/^[\\/]{2}/.test(to) ? `${location.protocol}${to}` : to);
      if (target.origin === location.origin) to = target.pathname + target.search + target.hash;
      else isExternal = true;
    } catch {
      // An invalid URL stays as written.
    }
  }
  const navigator = useContext(NavigatorContext)!;
  const current = useLocation();
  const path = useResolvedPath(to, relative);
  const navigate = useNavigate();
  const href = navigator.createHref(path);
  const spa = !(isExternal || reloadDocument);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(to, {
      replace: replace !== undefined ? replace : createPath(current) === createPath(path),
      state,
      preventScrollReset,
      relative,
      viewTransition,
      defaultShouldRevalidate,
    } as NavigateOptions);
  };
  return (
    <a
      {...rest}
      href={absoluteURL || href}
      onClick={spa ? handleClick : onClick}
      target={target}
      data-discover={!isAbsolute && discover === 'render' ? 'true' : undefined}
    />
  );
}

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  caseSensitive?: boolean;
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: LinkProps['style'] | ((props: NavLinkRenderProps) => LinkProps['style']);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** A link marked active (class 'active', aria-current) on its path and below it; never pending (no data router). */
export function NavLink({
  'aria-current': ariaCurrent = 'page',
  caseSensitive = false,
  className = '',
  end = false,
  style,
  to,
  children,
  ...rest
}: NavLinkProps) {
  const path = useResolvedPath(to, rest.relative);
  let here = useLocation().pathname;
  let target = path.pathname;
  if (!caseSensitive) {
    here = here.toLowerCase();
    target = target.toLowerCase();
  }
  const endSlashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(endSlashAt) === '/');
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={typeof className === 'function' ? className(renderProps) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')}
      style={typeof style === 'function' ? style(renderProps) : style}
      to={to}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
}

// Data-router hooks: the browser build has no data router (routes.tsx uses these only in the server's routes).
const serverOnly = (name: string) => () => {
  throw new Error(`${name}() is not in the browser build (runtime/renderer/client-router): use the page state contexts`);
};
export const useLoaderData = serverOnly('useLoaderData');
export const useNavigation = serverOnly('useNavigation');
