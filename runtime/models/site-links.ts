// Which catalogue pages exist on a site, for link checks made where the catalogue is at hand (server, validator).
import type { TenantDocument } from '../../schemas/generated/tenant';
import { findModelBySlug } from '../domain/models';
import type { CatalogueLinkResolver } from '../renderer/page-exists';
import { siteBrandBySlug } from './brands';
import { modelsForTenant } from './scope';

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
