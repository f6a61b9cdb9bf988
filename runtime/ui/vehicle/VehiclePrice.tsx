// A vehicle page's price as the sidebar and the sticky bars show it: the display priority's figure, '/ week' for a
// subscription and the price type label (drive away, excl. govt. charges). The sidebar adds the was price.
import type { Car } from '../../../schemas/generated/car';
import { resolvedSettings } from '../../domain/settings';
import { priceDisplay, priceTypeLabel } from '../../domain/vehicle';
import { useSite } from '../../renderer/site-context';

export function VehiclePrice({ car, className, withWas = false }: { car: Car; className: string; withWas?: boolean }) {
  const site = useSite();
  const price = priceDisplay(car, resolvedSettings(site.settings).vehicle.price);
  const label = price.kind === 'price' ? priceTypeLabel(car.price_type) : null;
  return (
    <div className={className} data-kind={price.kind}>
      {withWas && price.kind === 'price' && price.was && (
        <span className="price-was">
          Was <s>{price.was.text}</s>
        </span>
      )}
      <span className="price-now">
        {price.text}
        {price.kind === 'subscription' && <small> / week</small>}
      </span>
      {label && <span className="price-type">{label}</span>}
    </div>
  );
}
