// The vehicle page's mobile header: the car's title and price right after the photos on phones, where the buying
// panel's own give way to it (styles.css), so a shopper sees each once.
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
    // A screen reader hears the title and price once, from the buying panel's heading (kept for it on phones).
    <div className="vehicle-mobile-header" aria-hidden="true">
      <p className="mobile-header-title">{vehicleTitle(car)}</p>
      <VehiclePrice car={car} className="mobile-header-price" withWas />
    </div>
  );
}
