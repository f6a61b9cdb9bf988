// Old addresses of pages that moved (the document's `redirects`): the live site answers them with a permanent
// redirect to the page's address now. Like the page that had the address (a fixed address outranks a pattern such as
// /:model in react-router), a redirect outranks pages with parameters, but a page at that very address shadows it:
// the validator reports that as a mistake (checks/redirects.ts).
import { matchRoutes } from 'react-router';

export interface Redirect {
  from: string;
  to: string;
}

/** Without a trailing slash (except the home page), so /specials/ follows the redirect of /specials. */
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/';

/** Does one of the site's pages (other than the not-found page) serve this path? */
export function pageServes(pages: Record<string, unknown>, pathname: string): boolean {
  const routes = Object.keys(pages)
    .filter((r) => r !== '*')
    .map((path) => ({ path }));
  return !!matchRoutes(routes, pathname);
}

/** Does a page with a fixed address (no parameters) sit at this path? Such a page shadows a redirect. */
export function pageAt(pages: Record<string, unknown>, pathname: string): boolean {
  const path = normalise(pathname);
  return Object.keys(pages).some((r) => !r.includes(':') && r !== '*' && normalise(r) === path);
}

/** Where a request for `pathname` is redirected, or undefined (no redirect, or a page serves it). */
export function redirectFor(doc: { pages: Record<string, unknown>; redirects?: Redirect[] }, pathname: string): string | undefined {
  if (!doc.redirects?.length) return undefined;
  const path = normalise(pathname);
  const hit = doc.redirects.find((r) => normalise(r.from) === path);
  if (!hit || pageAt(doc.pages, path)) return undefined;
  return hit.to;
}

/** The redirects after a page moved from `from` to `to`: the old address is added, earlier redirects to the old
 *  address now lead straight to the new one (no chains), and a redirect from the new address is dropped (the page
 *  has it back). Pages with parameters in their address get no redirect. */
export function redirectsAfterRename(redirects: readonly Redirect[] | undefined, from: string, to: string): Redirect[] {
  const list = (redirects ?? []).filter((r) => r.from !== to).map((r) => (r.to === from ? { ...r, to } : r));
  if (from.includes(':') || to.includes(':') || list.some((r) => r.from === from)) return list;
  return [...list, { from, to }];
}
