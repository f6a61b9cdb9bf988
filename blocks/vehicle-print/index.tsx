import { useEffect } from 'react';
import type { ResolvedVehiclePrintProps as VehiclePrintProps } from '../../schemas/generated/block-props';
import { formatPhone } from '../../runtime/domain/format';
import {
  CARAVAN_SPEC_FIELDS,
  dealerComments,
  priceDisplay,
  priceTypeLabel,
  specRowsFrom,
  vehicleTitle,
  VEHICLE_SPEC_FIELDS,
} from '../../runtime/domain/vehicle';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { PrintData } from './loader';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { resolvedSettings } from '../../runtime/domain/settings';

export default function VehiclePrint({ props, data }: BlockComponentProps<VehiclePrintProps, PrintData | undefined>) {
  const site = useSite();
  useEffect(() => {
    if (props.printOnOpen && data?.found) window.print();
  }, [props.printOnOpen, data?.found]);
  if (!data || !data.found) {
    return (
      <div className="container print-listing print-missing">
        <h1>Vehicle not found</h1>
        <p>We couldn't find that vehicle. It may have been sold or removed.</p>
        <SiteLink className="button button-primary" href="/search/new-used-and-demo-cars">
          Browse our stock
        </SiteLink>
      </div>
    );
  }
  const { car, dealership, location } = data;
  const price = priceDisplay(car, resolvedSettings(site.settings).vehicle.price);
  const label = price.kind === 'price' ? priceTypeLabel(car.price_type) : null;
  const rows = specRowsFrom(car as unknown as Record<string, unknown>, car.item_type === 'caravan' ? CARAVAN_SPEC_FIELDS : VEHICLE_SPEC_FIELDS);
  const comments = dealerComments(car.dealercomments, true);
  return (
    <article className="container print-listing">
      <div className="print-toolbar">
        <SiteLink href={`/cars/${car.slug}`}>← Back to the listing</SiteLink>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print this page
        </button>
      </div>
      <header className="print-header">
        <div>
          <p className="print-site">{site.name}</p>
          <h1>{vehicleTitle(car)}</h1>
          <p className="print-ids">{[car.stocknum && `Stock No. ${car.stocknum}`, car.vin && `VIN ${car.vin}`].filter(Boolean).join(' · ')}</p>
        </div>
        <p className="print-price">
          {price.kind === 'price' && price.was && <s>{price.was.text}</s>} {price.text}
          {label && <small>{label}</small>}
        </p>
      </header>
      {car.primary_image_url && (
        <ResponsiveImage className="print-photo" carId={car.id} src={car.primary_image_url} alt={vehicleTitle(car)} width={800} height={600} loading="eager" />
      )}
      {rows.length > 0 && (
        <section>
          <h2>Specifications</h2>
          <dl className="print-specs">
            {rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section>
        <h2>Dealer Comments</h2>
        <p className="print-comments">{comments.text}</p>
      </section>
      <footer className="print-footer">
        <strong>{dealership.name}</strong>
        {location && (
          <span>
            {location.name}, {location.address.street}, {location.address.city} {location.address.state} {location.address.postcode} ·{' '}
            {formatPhone(location.contact_detail.phone)}
          </span>
        )}
      </footer>
    </article>
  );
}
