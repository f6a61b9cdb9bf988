// Vehicle page breadcrumb with JSON-LD (seed 000 §2: Home, type, make, model if known, body, then the title).
import type { VehicleBreadcrumbProps } from '../../schemas/generated/tenant';
import { breadcrumbJsonLd, carOfferJsonLd, vehicleBreadcrumb } from '../../runtime/domain/vehicle';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { scriptJson } from '../../runtime/renderer/Document';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageData } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { VehicleBreadcrumbData } from './loader';
import './styles.css';

export default function VehicleBreadcrumb({ props, data }: BlockComponentProps<VehicleBreadcrumbProps, VehicleBreadcrumbData | undefined>) {
  const page = usePageData<VehiclePageData>();
  if (!page?.car) return <p className="vehicle-block-empty">The vehicle's breadcrumb shows here on a vehicle page.</p>;
  const crumbs = vehicleBreadcrumb(page.car);
  const origin = data?.origin ?? '';
  return (
    <nav className="vehicle-breadcrumb" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c) => (
          <li key={c.position}>
            {c.href ? (
              <SiteLink href={c.href}>{c.name}</SiteLink>
            ) : (
              <span aria-current="page">{c.name}</span>
            )}
          </li>
        ))}
      </ol>
      {props.structuredData !== false && origin && (
        <>
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(breadcrumbJsonLd(crumbs, origin)) }} />
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(carOfferJsonLd(page.car, origin, page.dealership?.name)) }} />
        </>
      )}
    </nav>
  );
}
