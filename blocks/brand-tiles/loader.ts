// The brands page's tiles from the site's brands and the manufacturer list (seed 000 §2), unless the block has
// hand-made groups.
import type { BrandTilesProps } from '../../schemas/generated/tenant';
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
  // A make the site does not sell shows in the group the block names for it (Honda under Motorcycle Brands only).
  const more = (['car', 'motorcycle', 'truck'] as const).flatMap((group) =>
    (props.moreMakes?.[group] ?? []).flatMap((name) => {
      const found = findManufacturer(manufacturerList(), name);
      return found && !soldSlugs.has(found.slug) ? [{ ...found, groups: [group] }] : [];
    }),
  );
  const hrefOf = (brand: ManufacturerEntry): string | null => {
    if (!soldSlugs.has(brand.slug)) return null;
    const overview = siteBrandPagePath(tenant, brand.slug);
    if (overview) return overview;
    const search = `/search/${makeSearchSlug(brand.name)}`;
    return pageExists(tenant.pages, search) ? search : null;
  };
  const own = (props.ownBrands ?? []).map((b) => ({ name: b.name, ...(b.logo ? { logo: b.logo } : {}), ...(b.href && pageExists(tenant.pages, b.href) ? { href: b.href } : {}) }));
  return { groups: brandTileGroups([...sold, ...more], own, hrefOf) };
};
export default load;
