// A gated route sends signed-out visitors to sign-in and back to the page afterwards; a route that matches none of the
// site's pages would bring them back to a 404, so every listed route must lead to a page of the site.
import type { Check } from './types';
import { pageExists } from '../../renderer/page-exists';

/** An address the pattern matches: each parameter and wildcard filled in. */
const sampleOf = (pattern: string) =>
  pattern
    .split('/')
    .map((segment) => (segment === '*' || segment.startsWith(':') ? 'sample' : segment))
    .join('/');

export const gatedRoutes: Check = {
  meta: { code: 'gated-route', description: 'Every route in settings.accounts.gatedRoutes matches a page of the site.' },
  run(doc) {
    const routes = doc.settings?.accounts?.gatedRoutes ?? [];
    const pages = (doc.pages ?? {}) as Record<string, unknown>;
    return routes.flatMap((route, i) =>
      pageExists(pages, sampleOf(route))
        ? []
        : [
            {
              path: `settings.accounts.gatedRoutes[${i}]`,
              message: `gated route ${JSON.stringify(route)} matches no page of this site: add the page, or take the route off the list`,
            },
          ],
    );
  },
};
