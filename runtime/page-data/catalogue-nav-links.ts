// The header and footer links that lead to catalogue pages, sent with a page so the browser can tell they exist (it
// has no catalogue): worked out on the server from the site's navigation and its catalogue.
import type { TenantDocument } from '../../schemas/generated/tenant';
import { catalogueLinks } from '../models/site-links';
import { pageExists } from '../renderer/page-exists';

/** The header and footer links of a site that lead to one of its catalogue pages (brand overviews, model pages). */
export function catalogueNavLinks(tenant: Pick<TenantDocument, 'dealerships' | 'settings' | 'pages' | 'navigation'>): string[] {
  const hrefs = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object')
      for (const [key, v] of Object.entries(value)) {
        if (key === 'href' && typeof v === 'string') hrefs.add(v.split('#')[0] ?? v);
        else walk(v);
      }
  };
  walk(tenant.navigation);
  const pages = tenant.pages as Record<string, unknown>;
  const resolver = catalogueLinks(tenant);
  return [...hrefs].filter((href) => !pageExists(pages, href) && pageExists(pages, href, resolver)).sort();
}
