import type { BrandTilesProps } from '../../schemas/generated/tenant';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';

export default function BrandTiles({ props }: BlockComponentProps<BrandTilesProps>) {
  return (
    <div className="container brand-tiles">
      {props.heading && <h2>{props.heading}</h2>}
      {props.groups.map((group) => (
        <section key={group.title} className="brand-group" aria-label={group.title}>
          <h3>{group.title}</h3>
          <ul className="tiles">
            {group.brands.map((brand) => {
              const tile = brand.logo ? <img src={brand.logo} alt={brand.name} loading="lazy" /> : <span className="tile-name">{brand.name}</span>;
              return (
                <li key={brand.name} className="tile">
                  {brand.href ? <SiteLink href={brand.href}>{tile}</SiteLink> : tile}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
