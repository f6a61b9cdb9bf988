// react-router's <Link>, cheaper on the server. There, its hooks per link (route matches serialised to JSON and a memo
// to resolve the path, the click and prefetch handlers, the navigator) were a tenth of a page render in CPU profiles
// (a search page has some 80 links). A server render has no clicks: a link to a path on this site renders the same
// <a> react-router renders (the caller's props, then href, target and data-discover), and the browser hydrates it
// with react-router's Link, which renders the same <a>.
// Anything else (relative paths, other origins, prefetching) takes the router's Link.
import { type ComponentProps, createElement } from 'react';
import {
  createPath,
  type NavigateFunction,
  Link as RouterLink,
  NavLink as RouterNavLink,
  resolvePath,
  useLocation,
  useNavigate as useRouterNavigate,
} from 'react-router';

export type LinkProps = ComponentProps<typeof RouterLink>;
export type NavLinkProps = ComponentProps<typeof RouterNavLink>;

const ON_SERVER = typeof document === 'undefined';

// A path react-router's resolution leaves as it is: no '//' nor '\\', no segment starting with '.', no empty '?' or '#'.
const PLAIN_SITE_PATH = /^(?:\/[^/?#\\.][^/?#\\]*)*\/?(?:\?[^#]+)?(?:#.+)?$/;

/**
 * The href react-router renders for a site path ('/cars/x?y#z') under the root basename: useHref's resolution
 * (double slashes merged, '.' and '..' segments applied, an explicit trailing slash kept, empty '?' and '#' dropped).
 */
export function sitePathHref(to: string): string {
  if (PLAIN_SITE_PATH.test(to)) return to;
  const path = resolvePath(to, '/');
  const hashAt = to.indexOf('#');
  const searchAt = to.indexOf('?');
  const end = Math.min(hashAt < 0 ? to.length : hashAt, searchAt < 0 ? to.length : searchAt);
  const toPathname = to.slice(0, end);
  if (toPathname !== '/' && toPathname.endsWith('/') && !path.pathname.endsWith('/')) path.pathname += '/';
  return createPath(path);
}

/** Whether `to` is a path on this site the server may render directly (not '//host' nor '/\\host'). */
export const isSitePath = (to: LinkProps['to']): to is string => typeof to === 'string' && to.startsWith('/') && to[1] !== '/' && to[1] !== '\\';

/** Props react-router's Link consumes: none of them reaches the <a> but target (after href, as react-router orders them). */
const ROUTER_ONLY = new Set([
  'to',
  'onClick',
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'target',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
]);

/** Whether the server renders this link itself (a plain link to a site path). */
const rendersDirectly = (props: LinkProps): props is LinkProps & { to: string } =>
  ON_SERVER && isSitePath(props.to) && !props.reloadDocument && (!props.prefetch || props.prefetch === 'none') && props.discover !== 'none' && !props.mask;

/** The <a> react-router's Link renders for a site path (props copied in one loop: rest destructuring showed in profiles). */
function siteAnchor(props: LinkProps & { to: string }) {
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (!ROUTER_ONLY.has(name)) anchor[name] = props[name as keyof LinkProps];
  anchor.href = sitePathHref(props.to);
  anchor.target = props.target;
  anchor['data-discover'] = 'true';
  return createElement('a', anchor);
}

/**
 * react-router's useNavigate, in the browser. A server render has no clicks, so there it is a function that throws if
 * ever called: react-router's serialises the route matches on every call, 1% of a search page's render (a card each).
 */
export const useNavigate: () => NavigateFunction = ON_SERVER ? () => navigateOnServer : useRouterNavigate;
const navigateOnServer: NavigateFunction = () => {
  throw new Error('navigate() was called during a server render');
};

export function Link(props: LinkProps) {
  return rendersDirectly(props) ? siteAnchor(props) : <RouterLink {...props} />;
}

// A pathname the browser's URL parser leaves as it is (react-router compares NavLink paths after encoding them).
const URL_SAFE_PATHNAME = /^\/[A-Za-z0-9\-_~/]*$/;

/** react-router's NavLink: on the server, for a site path, the same <a> (its active class and aria-current) directly. */
export function NavLink(props: NavLinkProps) {
  const { pathname: locationPathname } = useLocation();
  const { to, 'aria-current': ariaCurrent = 'page', caseSensitive = false, className = '', end = false, style, viewTransition, children, ...rest } = props;
  const pathname = typeof to === 'string' ? (to.split(/[?#]/, 1)[0] ?? '') : '';
  const direct =
    rendersDirectly(props as LinkProps) &&
    PLAIN_SITE_PATH.test(to as string) &&
    URL_SAFE_PATHNAME.test(pathname) &&
    typeof className === 'string' &&
    typeof style !== 'function' &&
    typeof children !== 'function' &&
    viewTransition !== true;
  if (!direct) return <RouterNavLink {...props} />;
  const here = caseSensitive ? locationPathname : locationPathname.toLowerCase();
  const target = caseSensitive ? pathname : pathname.toLowerCase();
  const endSlashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = here === target || (!end && here.startsWith(target) && here.charAt(endSlashAt) === '/');
  return siteAnchor({
    ...rest,
    'aria-current': active ? ariaCurrent : undefined,
    className: [className, active ? 'active' : null].filter(Boolean).join(' '),
    style,
    to: to as string,
    viewTransition,
    children,
  } as LinkProps & { to: string });
}
