// Brand tiles (docs/requirements/vehicle-browsing.md#screens brands page): hand-made groups, or the site's brands in the four groups from the loader.
import type { ResolvedBrandTilesProps as BrandTilesProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { BrandTilesData } from './loader';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

export default function BrandTiles({ props, data, block }: BlockComponentProps<BrandTilesProps, BrandTilesData | null | undefined>) {
  const groups = props.groups?.length ? props.groups : (data?.groups ?? []);
  if (!groups.length) return null;
  return (
    <div className="container brand-tiles">
      {props.heading && <h2>{props.heading}</h2>}
      {groups.map((group, g) => {
        const headingId = `${block.id}-group-${g}`;
        return (
          <section key={group.title} className="brand-group" aria-labelledby={headingId}>
            <h3 id={headingId}>{group.title}</h3>
            <ul className="tiles">
              {group.brands.map((brand) => {
                const tile = brand.logo ? (
                  <ResponsiveImage src={brand.logo} alt={brand.name} width={240} height={80} />
                ) : (
                  <span className="tile-name">{brand.name}</span>
                );
                return (
                  <li key={brand.name} className="tile">
                    {brand.href ? <SiteLink href={brand.href}>{tile}</SiteLink> : tile}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
