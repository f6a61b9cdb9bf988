// Which catalogue pages exist on a site, for link checks made where the catalogue is at hand (server, validator).
import type { TenantDocument } from '../../schemas/generated/tenant';
import { findModelBySlug } from '../domain/models';
import { pageExists, type CatalogueLinkResolver } from '../renderer/page-exists';
import { siteBrandBySlug } from './brands';
import { modelsForTenant } from './scope';

/** The header and footer links of a site that lead to one of its catalogue pages (brand overviews, model pages). */
export function catalogueNavLinks(tenant: Pick<TenantDocument, 'dealerships' | 'settings' | 'pages' | 'navigation'>): string[] {
  const hrefs = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object')
      for (const [key, v] of Object.entries(value)) {
        if (key === 'href' && typeof v === 'string') hrefs.add(v.split('#')[0]);
        else walk(v);
      }
  };
  walk(tenant.navigation);
  const pages = tenant.pages as Record<string, unknown>;
  const resolver = catalogueLinks(tenant);
  return [...hrefs].filter((href) => !pageExists(pages, href) && pageExists(pages, href, resolver)).sort();
}

/** Model pages exist for the site's models (by new_slug or slug), brand pages for the brands it sells. */
export function catalogueLinks(tenant: Pick<TenantDocument, 'dealerships' | 'settings'>): CatalogueLinkResolver {
  let models: ReturnType<typeof modelsForTenant> | undefined;
  return (data, param) => {
    if (data === 'brand') return !!siteBrandBySlug(tenant, param);
    models ??= modelsForTenant(tenant);
    return !!findModelBySlug(
      models.map((m) => m.model),
      param,
    );
  };
}
