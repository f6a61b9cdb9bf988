// The vehicle page's mobile header: the car's title and price at the top of the page on phones, before the photos.
// Server-rendered only; the same title and price as the buying panel, from the same functions.
import { vehicleTitle } from '../../runtime/domain/vehicle';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { usePageData } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { VehiclePrice } from '../../runtime/ui/vehicle/VehiclePrice';
import './styles.css';

export default function VehicleMobileHeader(_: BlockComponentProps) {
  const page = usePageData<VehiclePageData>();
  if (!page?.car) return <p className="vehicle-block-empty">The car's title and price show here on phones, on a vehicle page.</p>;
  const { car } = page;
  return (
    <div className="vehicle-mobile-header">
      <p className="mobile-header-title">{vehicleTitle(car)}</p>
      <VehiclePrice car={car} className="mobile-header-price" withWas />
    </div>
  );
}
