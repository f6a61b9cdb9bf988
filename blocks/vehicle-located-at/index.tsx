import { useState } from 'react';
import type { ResolvedVehicleLocatedAtProps as VehicleLocatedAtProps } from '../../schemas/generated/block-props';
import { locatedAtBanner } from '../../runtime/domain/vehicle';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import { useTrackAction } from '../../runtime/ui/tracking';
import './styles.css';

export default function VehicleLocatedAt({ props }: BlockComponentProps<VehicleLocatedAtProps>) {
  const vehicle = useVehicle();
  const [dismissed, setDismissed] = useState(false);
  const trackAction = useTrackAction();
  if (!vehicle) return <div className="located-at-preview">The 'Located at' banner shows here on vehicles away from the primary location.</div>;
  const { car, location, primaryLocation } = vehicle;
  const banner = locatedAtBanner(
    { location_id: car.location_id, location: location ? { id: location.id, address: location.address } : null },
    primaryLocation?.id,
  );
  if (!banner || dismissed) return null;
  return (
    <div className="located-at" role="region" aria-label="Vehicle location">
      <span className="located-at-pin" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20">
          <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>
      </span>
      <p className="located-at-text">
        <strong>{banner.text}</strong>
        {location && (
          <span>
            {location.name}, {location.address.street}
          </span>
        )}
      </p>
      <a
        className="located-at-directions"
        href={banner.directionsUrl ?? '#vehicle-map'}
        onClick={() => trackAction('getDirections', { car_id: car.id })}
        {...(banner.directionsUrl ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {props.directionsLabel}
      </a>
      <button type="button" className="located-at-dismiss" aria-label="Dismiss location notice" onClick={() => setDismissed(true)}>
        ×
      </button>
    </div>
  );
}
