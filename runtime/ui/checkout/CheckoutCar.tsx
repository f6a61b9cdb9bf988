// The car being reserved: image, title and price by the vehicle page's price display priority (docs/requirements/vehicle-browsing.md#states).
import type { Car } from '../../../schemas/generated/car';
import { priceDisplay, vehicleTitle } from '../../domain/vehicle';
import { useSite } from '../../renderer/site-context';
import { SiteLink } from '../../renderer/SiteLink';
import { ResponsiveImage } from '../image/ResponsiveImage';
import { resolvedSettings } from '../../domain/settings';

export function CheckoutCar({ car }: { car: Car }) {
  const site = useSite();
  const price = priceDisplay(car, resolvedSettings(site.settings).vehicle.price);
  const title = vehicleTitle(car);
  const image = car.primary_image_url ?? car.thumbnails?.[0];
  return (
    <div className="checkout-car">
      {image && (
        <ResponsiveImage className="checkout-car-image" carId={car.id} src={image} alt={title} width={320} height={213} sizes="160px" loading="eager" />
      )}
      <div>
        <h2 className="checkout-car-title">
          <SiteLink href={`/cars/${car.slug}`}>{title}</SiteLink>
        </h2>
        <p className="checkout-car-price" data-kind={price.kind}>
          {price.kind === 'price' && price.was && (
            <span className="price-was">
              Was <s>{price.was.text}</s>{' '}
            </span>
          )}
          <strong>{price.text}</strong>
          {price.kind === 'subscription' && <small> / week</small>}
        </p>
        {car.stocknum && <p className="checkout-car-stock">Stock {car.stocknum}</p>}
      </div>
    </div>
  );
}
