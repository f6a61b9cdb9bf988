// react-router's <Link>, cheaper on the server. There, its hooks per link (route matches serialised to JSON and a memo
// to resolve the path, the click and prefetch handlers, the navigator) were a tenth of a page render in CPU profiles
// (a search page has some 80 links). A server render has no clicks: a link to a path on this site renders the same
// <a> react-router renders (the caller's props, then href, target and data-discover), and the browser hydrates it
// with react-router's own Link. Anything else (relative paths, other origins, prefetching) takes react-router's Link.
import type { ComponentProps } from 'react';
import { createPath, Link as RouterLink, resolvePath } from 'react-router';

export type LinkProps = ComponentProps<typeof RouterLink>;

const ON_SERVER = typeof document === 'undefined';

/**
 * The href react-router renders for a site path ('/cars/x?y#z') under the root basename: useHref's resolution
 * (double slashes merged, '.' and '..' segments applied, an explicit trailing slash kept, empty '?' and '#' dropped).
 */
export function sitePathHref(to: string): string {
  const path = resolvePath(to, '/');
  const hashAt = to.indexOf('#');
  const searchAt = to.indexOf('?');
  const end = Math.min(hashAt < 0 ? to.length : hashAt, searchAt < 0 ? to.length : searchAt);
  const toPathname = to.slice(0, end);
  if (toPathname !== '/' && toPathname.endsWith('/') && !path.pathname.endsWith('/')) path.pathname += '/';
  return createPath(path);
}

/** Whether `to` is a path on this site the server may render directly (not '//host' nor '/\host'). */
const isSitePath = (to: LinkProps['to']): to is string => typeof to === 'string' && to.startsWith('/') && to[1] !== '/' && to[1] !== '\\';

export function Link(props: LinkProps) {
  const { to, reloadDocument, prefetch, discover, mask } = props;
  if (!ON_SERVER || !isSitePath(to) || reloadDocument || (prefetch && prefetch !== 'none') || discover === 'none' || mask) return <RouterLink {...props} />;
  // Props react-router's Link consumes (none of them reaches the <a> but target).
  const {
    to: _to,
    onClick: _onClick,
    discover: _discover,
    prefetch: _prefetch,
    relative: _relative,
    reloadDocument: _reload,
    replace: _replace,
    mask: _mask,
    state: _state,
    target,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  return <a {...rest} href={sitePathHref(to)} target={target} data-discover="true" />;
}
