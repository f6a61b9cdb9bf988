import { useState, type MouseEvent } from 'react';
import type { ResolvedCallDealerProps as CallDealerProps } from '../../schemas/generated/block-props';
import { formatPhone } from '../../runtime/domain/format';
import { carPhone, maskedPhone } from '../../runtime/domain/vehicle';
import { phoneClickLabel } from '../../runtime/domain/analytics/events';
import { useTrackAction } from '../../runtime/ui/tracking';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { postJson, useVehicle } from '../../runtime/ui/vehicle/client';
import './styles.css';

export const PHONE_REVEAL_URL = '/api/cars/phone-reveal';

export default function CallDealer({ props }: BlockComponentProps<CallDealerProps>) {
  const site = useSite();
  const vehicle = useVehicle();
  const [revealed, setRevealed] = useState(false);
  const trackAction = useTrackAction();
  const location = vehicle?.location ?? vehicle?.primaryLocation;
  const phone = vehicle ? carPhone(vehicle, site.settings.vehicle?.phones) : (site.dealerships[0].locations[0]?.contact_detail.phone ?? '');
  if (!phone) return null;
  const shown = formatPhone(phone);
  const masked = site.settings.vehicle?.phoneMasked !== false;
  const text = maskedPhone(shown, { phoneMasked: masked }, revealed);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const car = vehicle?.car;
    // docs/requirements/vehicle-browsing.md#calls: phone click 25, labelled New Car or Used Car from the path
    trackAction('phoneClick', { label: phoneClickLabel(window.location.pathname), ...(car ? { car_id: car.id } : {}) });
    if (masked && !revealed) {
      // docs/requirements/vehicle-browsing.md#states: the first click reveals the number and records a reveal call (failures only logged).
      event.preventDefault();
      setRevealed(true);
      trackAction('phoneReveal', car ? { car_id: car.id } : {});
      if (car) {
        postJson(PHONE_REVEAL_URL, { car_id: car.id, dealership_id: car.dealership_id, website_id: site.slug }).catch((error) =>
          console.error('Phone reveal could not be recorded', error),
        );
      }
    }
  };

  return (
    <section className="call-dealer card" aria-labelledby="call-dealer-heading">
      <h2 id="call-dealer-heading">{props.heading}</h2>
      <p>{props.text}</p>
      {location && <p className="call-dealer-location">{location.name}</p>}
      <a
        className="call-dealer-phone"
        href={`tel:${phone.replace(/[^0-9+]/g, '')}`}
        onClick={onClick}
        aria-label={masked && !revealed ? 'Show phone number' : `Call ${shown}`}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
          />
        </svg>
        <span className="phone-number">{text}</span>
        {masked && !revealed && <span className="reveal-hint">Show number</span>}
      </a>
    </section>
  );
}
