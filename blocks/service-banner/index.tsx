import type { ResolvedServiceBannerProps as ServiceBannerProps } from '../../schemas/generated/block-props';
import { sitePageExists } from '../../runtime/renderer/page-exists';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import './styles.css';
import { Icon } from '../feature-grid/icons';

export default function ServiceBanner({ props }: BlockComponentProps<ServiceBannerProps>) {
  const site = useSite();
  const tiles = props.tiles.filter((t) => sitePageExists(site, t.href));
  if (!tiles.length) return null;
  return (
    <nav className="container service-banner" aria-label="Quick links">
      <ul className={`grid grid-${Math.max(tiles.length, 2)}`}>
        {tiles.map((t) => (
          <li key={t.href + t.title} className="card service-banner-tile">
            <SiteLink href={t.href} className="service-banner-link">
              <Icon name={t.icon} />
              <strong>{t.title}</strong>
              {t.text && <span>{t.text}</span>}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
