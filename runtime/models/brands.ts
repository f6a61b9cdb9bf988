// The manufacturer list (docs/requirements/dealer-services.md#data: a fixed list of roughly 150 makes; manufacturer-list.json holds name, slug,
// groups and logo) and the brands a site sells, server side.
import type { TenantDocument } from '../../schemas/generated/tenant';
import { findManufacturer, type ManufacturerEntry, type ManufacturerGroup } from '../domain/models';
import { dealershipFilterOf, shownDealerships } from '../domain/locations/shown-dealerships';
import { slugify } from '../domain/search/filters';
import { makeLogoUrl, modelCatalogue, type CatalogueModel, type ModelKind } from './catalogue';
import list from './manufacturer-list.json';

const MANUFACTURERS = list as ManufacturerEntry[];

/** Every make of the manufacturer list, as shipped. */
export function manufacturerList(): readonly ManufacturerEntry[] {
  return MANUFACTURERS;
}

const GROUP_OF_KIND: Record<ModelKind, ManufacturerGroup> = { car: 'car', motorcycle: 'motorcycle', caravan: 'caravan' };
const same = (a: string, b: string) => slugify(a) === slugify(b);

/** A make's list entry; a make the list lacks gets one from its name, grouped by the kind of stock it came from. */
function entryFor(make: string, kind: ModelKind): ManufacturerEntry {
  const found = findManufacturer(MANUFACTURERS, make);
  if (found) return found;
  const slug = slugify(make);
  return { name: make, slug, groups: [GROUP_OF_KIND[kind]], logo: { url: makeLogoUrl(slug) } };
}

/** The groups of the list a kind of stock may stand for: cars include utes and light trucks. */
const GROUPS_OF_KIND: Record<ModelKind, ManufacturerGroup[]> = { car: ['car', 'truck'], motorcycle: ['motorcycle'], caravan: ['caravan'] };

/**
 * The brands a site sells: the makes its dealerships list (dealerships[].stock.makes), or, for a dealership that lists
 * none (it sells any make), every make of the catalogue in the kinds it sells; less the makes its default search
 * filter excludes; a dealership the site hides adds none. Each is in the group of what the site sells it as (Honda at a motorcycle dealer is a motorcycle
 * brand, not a car brand). Sorted by name.
 */
export function siteBrands(
  tenant: Pick<TenantDocument, 'dealerships' | 'settings'>,
  catalogue: readonly CatalogueModel[] = modelCatalogue(),
): ManufacturerEntry[] {
  const excluded = tenant.settings?.search?.defaultFilter?.excludedMakes ?? [];
  const bySlug = new Map<string, { entry: ManufacturerEntry; kinds: Set<ModelKind> }>();
  const add = (make: string, kinds: readonly ModelKind[]) => {
    if (excluded.some((x) => same(x, make))) return;
    const entry = entryFor(make, kinds[0] ?? 'car');
    const known = bySlug.get(entry.slug) ?? { entry, kinds: new Set<ModelKind>() };
    for (const kind of kinds) known.kinds.add(kind);
    bySlug.set(entry.slug, known);
  };
  for (const d of shownDealerships(tenant.dealerships, dealershipFilterOf(tenant.settings))) {
    const kinds = (d.stock?.kinds ?? ['car']) as ModelKind[];
    const makes = d.stock?.makes ?? [];
    if (makes.length) for (const make of makes) add(make, kinds);
    else for (const m of catalogue) if (kinds.includes(m.kind)) add(m.make, [m.kind]);
  }
  return [...bySlug.values()]
    .map(({ entry, kinds }) => {
      // One group per kind sold: the list's first group that fits it (Isuzu utes are a car brand here; a site that
      // also wants Isuzu under Truck Brands says so in the brand tiles).
      const groups = [...kinds].map((k) => entry.groups.find((g) => GROUPS_OF_KIND[k].includes(g)) ?? GROUP_OF_KIND[k]);
      return { ...entry, groups: [...new Set(groups)] };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The brand a brand page address names (its slug or name), if the site sells it. */
export function siteBrandBySlug(tenant: Pick<TenantDocument, 'dealerships' | 'settings'>, slug: string | null | undefined): ManufacturerEntry | undefined {
  return findManufacturer(siteBrands(tenant), slug);
}

/** A logo is drawn for every make of the list and of the catalogue, and nothing else. */
export function logoMakeName(slug: string): string | undefined {
  return MANUFACTURERS.find((m) => m.slug === slug)?.name ?? modelCatalogue().find((m) => slugify(m.make) === slug)?.make;
}
