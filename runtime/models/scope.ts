// Which models a site shows: those of the makes and kinds its dealerships sell (dealerships[].stock.makes, every make
// when empty), less the makes its default search filter excludes. A dealership the site hides sells nothing here.
import { dealershipFilterOf, shownDealerships } from '../domain/locations/shown-dealerships';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { modelCatalogue, type CatalogueModel } from './catalogue';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function modelsForTenant(
  tenant: Pick<TenantDocument, 'dealerships' | 'settings'>,
  catalogue: readonly CatalogueModel[] = modelCatalogue(),
): CatalogueModel[] {
  const excluded = tenant.settings?.search?.defaultFilter?.excludedMakes ?? [];
  const dealerships = shownDealerships(tenant.dealerships, dealershipFilterOf(tenant.settings));
  const sells = (entry: CatalogueModel) =>
    dealerships.some((d) => {
      const kinds = d.stock?.kinds ?? ['car'];
      const makes = d.stock?.makes ?? [];
      return kinds.includes(entry.kind) && (makes.length === 0 || makes.some((make) => same(make, entry.make)));
    });
  return catalogue.filter((entry) => sells(entry) && !excluded.some((make) => same(make, entry.make)));
}
