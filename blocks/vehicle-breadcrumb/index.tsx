// Vehicle page breadcrumb (docs/requirements/vehicle-browsing.md#screens: Home, type, make, model if known, body, then the title). Its BreadcrumbList
// JSON-LD (with the Car) is part of the page shell (runtime/renderer/PageHead.tsx), so it stays when a site drops this block.
import { vehicleBreadcrumb } from '../../runtime/domain/vehicle';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageData } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import './styles.css';

export default function VehicleBreadcrumb(_: BlockComponentProps) {
  const page = usePageData<VehiclePageData>();
  if (!page?.car) return <p className="vehicle-block-empty">The vehicle's breadcrumb shows here on a vehicle page.</p>;
  const crumbs = vehicleBreadcrumb(page.car);
  return (
    <nav className="vehicle-breadcrumb" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c) => (
          <li key={c.position}>{c.href ? <SiteLink href={c.href}>{c.name}</SiteLink> : <span aria-current="page">{c.name}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
