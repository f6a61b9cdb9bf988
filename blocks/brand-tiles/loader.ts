// The brands page's tiles from the site's brands and the manufacturer list (docs/requirements/vehicle-browsing.md#screens), unless the block has
// hand-made groups.
import type { ResolvedBrandTilesProps as BrandTilesProps } from '../../schemas/generated/block-props';
import { brandTileGroups, findManufacturer, siteBrandPagePath, type BrandTileGroup, type ManufacturerEntry } from '../../runtime/domain/models';
import { makeSearchSlug } from '../../runtime/domain/make-names';
import { manufacturerList, siteBrands } from '../../runtime/models';
import { pageExists } from '../../runtime/renderer/page-exists';
import type { BlockLoader } from '../../runtime/renderer/types';

export interface BrandTilesData {
  groups: BrandTileGroup[];
}

const load: BlockLoader<BrandTilesProps, BrandTilesData | null> = ({ props, tenant }) => {
  if (props.groups?.length) return null;
  const sold = siteBrands(tenant);
  const soldSlugs = new Set(sold.map((b) => b.slug));
  // Makes named for a group show there too (with their link when the site sells them): Honda under Motorcycle
  // Brands of a car dealer group, or Isuzu under Truck Brands as well as Car Brands.
  const more = (['car', 'motorcycle', 'truck'] as const).flatMap((group) => {
    const slugs = new Set((props.moreMakes?.[group] ?? []).flatMap((name) => findManufacturer(manufacturerList(), name)?.slug ?? []));
    return [...slugs].flatMap((slug) => {
      const soldAs = sold.find((b) => b.slug === slug);
      if (soldAs?.groups.includes(group)) return [];
      return [{ ...(soldAs ?? manufacturerList().find((m) => m.slug === slug)!), groups: [group] }];
    });
  });
  const hrefOf = (brand: ManufacturerEntry): string | null => {
    if (!soldSlugs.has(brand.slug)) return null;
    const overview = siteBrandPagePath(tenant, brand.slug);
    if (overview) return overview;
    const search = `/search/${makeSearchSlug(brand.name)}`;
    return pageExists(tenant.pages, search) ? search : null;
  };
  const own = props.ownBrands.map((b) => ({
    name: b.name,
    ...(b.logo ? { logo: b.logo } : {}),
    ...(b.href && pageExists(tenant.pages, b.href) ? { href: b.href } : {}),
  }));
  return { groups: brandTileGroups([...sold, ...more], own, hrefOf) };
};
export default load;
