// A location's map: first a drawn map (no network, no script weight) with the address and Get Directions, then the
// interactive map when the shopper asks for it (or when it scrolls into view, per site setting): Leaflet over the
// site's tile server, or a Google Maps embed when the site has a maps key. If tiles fail, the drawn map comes back.
import { useEffect, useRef, useState } from 'react';
import { directionsUrl, type DealerLocation } from '../../domain/locations';
import { useSite } from '../../renderer/site-context';
import { useTrackAction } from '../tracking';
import { embedMapUrl, locationMapConfig, staticMapUrl, type LocationMapConfig } from './map-settings';
import './locations.css';
import { ResponsiveImage } from '../image/ResponsiveImage';

type MapState = 'drawn' | 'loading' | 'interactive' | 'failed';

export function DrawnMap({ label }: { label: string }) {
  return (
    <svg className="location-map-drawn" viewBox="0 0 400 200" preserveAspectRatio="xMidYMid slice" role="img" aria-label={`Map of ${label}`}>
      <rect width="400" height="200" fill="#e8eef2" />
      <path d="M0 140 C80 120 140 160 220 130 S340 90 400 110" stroke="#b9d3e6" strokeWidth="18" fill="none" />
      <path d="M40 0 L120 200 M0 60 L400 40 M260 0 L300 200 M0 175 L400 190" stroke="#fff" strokeWidth="8" fill="none" />
      <path d="M150 0 L180 200 M0 100 L400 80" stroke="#f7d794" strokeWidth="6" fill="none" />
      <g transform="translate(188 62)" className="location-map-drawn-pin">
        <path d="M12 2a9 9 0 0 0-9 9c0 6.8 9 17 9 17s9-10.2 9-17a9 9 0 0 0-9-9Zm0 12.5A3.5 3.5 0 1 1 12 7.5a3.5 3.5 0 0 1 0 7Z" fill="currentColor" />
      </g>
    </svg>
  );
}

function InteractiveLeaflet({ config, label, onFailed }: { config: LocationMapConfig; label: string; onFailed: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map mounts again only when the point moves; label and callbacks are read once
  useEffect(() => {
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    import('./leaflet-map')
      .then(({ mountLeafletMap }) => {
        if (!cancelled && ref.current) cleanup = mountLeafletMap(ref.current, config, label, onFailed);
      })
      .catch(onFailed);
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [config.lat, config.lng]);
  return <div ref={ref} className="location-map-leaflet" role="application" aria-label={`Interactive map of ${label}`} />;
}

export function LocationMap({
  location,
  hero = false,
  id,
  showAddress = true,
}: {
  location: DealerLocation;
  hero?: boolean;
  id?: string;
  showAddress?: boolean;
}) {
  const trackAction = useTrackAction();
  const site = useSite();
  const config = locationMapConfig(location, site.settings.locations);
  const [state, setState] = useState<MapState>('drawn');
  const box = useRef<HTMLDivElement>(null);
  const a = location.address ?? {};
  const label = location.name;
  const addressLine = [a.street, a.city, a.state, a.postcode].filter(Boolean).join(', ');
  const directions = directionsUrl(location);

  useEffect(() => {
    if (!config || config.loadInteractive !== 'on-view' || state !== 'drawn' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        setState('interactive');
      }
    });
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, [config, state]);

  return (
    <div ref={box} id={id} className={`location-map${hero ? ' location-map-hero' : ''}`} data-map-state={config ? state : 'none'}>
      <div className="location-map-area">
        {state === 'interactive' && config ? (
          config.googleKey ? (
            <iframe
              className="location-map-embed"
              title={`Map of ${label}`}
              src={embedMapUrl(config, addressLine)}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          ) : (
            <InteractiveLeaflet config={config} label={label} onFailed={() => setState('failed')} />
          )
        ) : config?.googleKey && state === 'drawn' ? (
          <ResponsiveImage
            className="location-map-static"
            src={staticMapUrl(config)}
            alt={`Map of ${label}`}
            width={640}
            height={320}
            onError={() => setState('failed')}
          />
        ) : (
          <DrawnMap label={label} />
        )}
      </div>
      <div className="location-map-caption">
        {showAddress && <address>{addressLine}</address>}
        {directions && (
          <a
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            className="location-directions"
            onClick={() => trackAction('getDirections', { location_id: location.id })}
          >
            Get Directions
          </a>
        )}
        {config && state === 'drawn' && (
          <button type="button" className="button button-secondary location-map-open" onClick={() => setState('interactive')}>
            Show interactive map
          </button>
        )}
        {state === 'failed' && (
          <p className="location-map-note" role="status">
            The map could not be loaded. Use Get Directions to open it in your maps app.
          </p>
        )}
      </div>
    </div>
  );
}
