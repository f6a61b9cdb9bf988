// A location's map: first a drawn locator (Australia with the location's pin: no network) with the address and Get
// Directions; where the site chose a map source, the interactive map when the shopper asks for it (or when it scrolls
// into view, per site setting): Leaflet over the site's tile server, or a Google Maps embed (after Google's static map
// image). If tiles fail, the locator comes back.
import { useEffect, useRef, useState } from 'react';
import { directionsUrl, type DealerLocation } from '../../domain/locations';
import { LOCATOR_HEIGHT, LOCATOR_MAP_URL, LOCATOR_WIDTH, locatorPoint } from '../../domain/maps/locator';
import { useSite } from '../../renderer/site-context';
import { useTrackAction } from '../tracking';
import { embedMapUrl, locationMapConfig, staticMapUrl, type LocationMapConfig } from './map-settings';
import './locations.css';
import { ResponsiveImage } from '../image/ResponsiveImage';
import { resolvedSettings } from '../../domain/settings';

type MapState = 'drawn' | 'loading' | 'interactive' | 'failed';

/** Where the location's pin goes on the locator; null without coordinates in Australia. */
export function locatorPointOf(location: DealerLocation) {
  const a = location.address;
  return typeof a?.lat === 'number' && typeof a.long === 'number' ? locatorPoint(a.lat, a.long) : null;
}

/**
 * The offline map: Australia and its state borders (one cached picture for every site) with the pin at the location's
 * own coordinates, so it is true for every dealer without a network. Nothing when the coordinates are missing or not in
 * Australia: the address and Get Directions stand alone then.
 */
export function LocatorMap({ location }: { location: DealerLocation }) {
  const a = location.address ?? {};
  const point = locatorPointOf(location);
  if (!point) return null;
  const place = a.city || location.name;
  // A pin near the east coast gets its name on its left, so the name stays on the picture.
  const nameOnLeft = point.x > LOCATOR_WIDTH * 0.6;
  const nameWidth = Math.round(place.length * 10.5 + 14);
  return (
    <svg
      className="location-locator"
      viewBox={`0 0 ${LOCATOR_WIDTH} ${LOCATOR_HEIGHT}`}
      role="img"
      aria-label={`Map of Australia showing ${location.name} in ${[place, a.state].filter(Boolean).join(', ')}`}
      data-lat={a.lat}
      data-lng={a.long}
    >
      <image href={LOCATOR_MAP_URL} width={LOCATOR_WIDTH} height={LOCATOR_HEIGHT} />
      <g className="location-locator-pin" transform={`translate(${point.x} ${point.y})`}>
        <path d="M0 0C-3-9-11-14-11-23a11 11 0 1 1 22 0C11-14 3-9 0 0Z" />
        <circle cy="-23" r="4" fill="#fff" />
      </g>
      {/* On a white tag, so the name reads over the coast, borders and state names (its width from the letter count). */}
      <g className="location-locator-name" transform={`translate(${nameOnLeft ? point.x - 14 - nameWidth : point.x + 14} ${point.y - 34})`}>
        <rect width={nameWidth} height="24" rx="4" />
        <text x="7" y="17">
          {place}
        </text>
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
  const config = locationMapConfig(location, resolvedSettings(site.settings).locations);
  const [state, setState] = useState<MapState>('drawn');
  const box = useRef<HTMLDivElement>(null);
  const a = location.address ?? {};
  const label = location.name;
  const addressLine = [a.street, a.city, a.state, a.postcode].filter(Boolean).join(', ');
  const directions = directionsUrl(location);

  useEffect(() => {
    if (!config || config.tiles === 'none' || config.loadInteractive !== 'on-view' || state !== 'drawn' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        setState('interactive');
      }
    });
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, [config, state]);

  const interactive = config && config.tiles !== 'none' ? config : null;
  const area =
    state === 'interactive' && interactive ? (
      interactive.tiles === 'google' ? (
        <iframe
          className="location-map-embed"
          title={`Map of ${label}`}
          src={embedMapUrl(interactive, addressLine)}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <InteractiveLeaflet config={interactive} label={label} onFailed={() => setState('failed')} />
      )
    ) : interactive?.tiles === 'google' && state === 'drawn' ? (
      <ResponsiveImage
        className="location-map-static"
        src={staticMapUrl(interactive)}
        alt={`Map of ${label}`}
        width={640}
        height={320}
        onError={() => setState('failed')}
      />
    ) : locatorPointOf(location) ? (
      <LocatorMap location={location} />
    ) : null;

  return (
    <div ref={box} id={id} className={`location-map${hero ? ' location-map-hero' : ''}`} data-map-state={interactive ? state : 'none'}>
      {area && <div className="location-map-area">{area}</div>}
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
        {interactive && state === 'drawn' && (
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
