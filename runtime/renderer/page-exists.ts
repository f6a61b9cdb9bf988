// Whether a link leads to a page of this site (DESIGN.md "Links": a button is only rendered when its page exists).
import { matchRoutes } from 'react-router';

/** The path (query and fragment ignored) is a page of the site, or matches one of its route patterns. */
export function pageExists(pages: Record<string, unknown>, href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const path = href.split(/[?#]/)[0] || '/';
  if (path in pages) return true;
  const routes = Object.keys(pages).filter((r) => r !== '*' && r.includes(':')).map((p) => ({ path: p }));
  return !!matchRoutes(routes, path);
}
