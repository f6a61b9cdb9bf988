// Brands of a site (docs/requirements/vehicle-browsing.md#screens: brand overview pages /{brand}/overview; the brands page's four groups Car Brands,
// Motorcycle Brands, Truck Brands, Our Brands; docs/requirements/dealer-services.md#data Manufacturer list: id, name, slug, logo.url).
import { slugify } from '../search/filters';

/** Which kind of vehicles a make builds; a make may build several (Honda cars and motorcycles, Isuzu utes and trucks). */
export type ManufacturerGroup = 'car' | 'motorcycle' | 'truck' | 'caravan';

/** One make of the manufacturer list (runtime/models/manufacturer-list.json). */
export interface ManufacturerEntry {
  name: string;
  slug: string;
  groups: ManufacturerGroup[];
  logo: { url: string };
}

/** docs/requirements/vehicle-browsing.md#screens: the brands page's four groups, in this order. */
export const BRAND_TILE_GROUPS = [
  { key: 'car', title: 'Car Brands' },
  { key: 'motorcycle', title: 'Motorcycle Brands' },
  { key: 'truck', title: 'Truck Brands' },
  { key: 'own', title: 'Our Brands' },
] as const;

type BrandTileGroupKey = (typeof BRAND_TILE_GROUPS)[number]['key'];

export interface BrandTile {
  name: string;
  /** Where the tile goes (the brand's overview page, or its stock); none when the site has no page for it. */
  href?: string;
  logo?: string;
}

export interface BrandTileGroup {
  key: BrandTileGroupKey;
  title: string;
  brands: BrandTile[];
}

/** A make by its slug or its name, in any case ('mercedes-benz', 'Mercedes-Benz', 'MERCEDES BENZ'). */
export function findManufacturer<T extends Pick<ManufacturerEntry, 'name' | 'slug'>>(list: readonly T[], nameOrSlug: string | null | undefined): T | undefined {
  const wanted = slugify(nameOrSlug ?? '');
  if (!wanted) return undefined;
  return list.find((m) => m.slug === wanted) ?? list.find((m) => slugify(m.name) === wanted);
}

/**
 * The brands page's groups: each brand the site sells under every group of the list it belongs to (Car, Motorcycle,
 * Truck), then the site's own brands; a group without tiles is left out. Tiles are sorted by name.
 */
export function brandTileGroups(
  brands: readonly ManufacturerEntry[],
  ownBrands: readonly BrandTile[],
  hrefOf: (brand: ManufacturerEntry) => string | null,
): BrandTileGroup[] {
  const sorted = [...brands].sort((a, b) => a.name.localeCompare(b.name));
  const tile = (brand: ManufacturerEntry): BrandTile => {
    const href = hrefOf(brand);
    return { name: brand.name, logo: brand.logo.url, ...(href ? { href } : {}) };
  };
  return BRAND_TILE_GROUPS.map(({ key, title }) => ({
    key,
    title,
    brands: key === 'own' ? [...ownBrands] : sorted.filter((b) => b.groups.includes(key)).map(tile),
  })).filter((group) => group.brands.length > 0);
}
