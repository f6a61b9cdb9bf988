// What a location map needs from the site: the map source (none, a tile server or Google), zoom (docs/requirements/dealer-services.md#constants: default 10), tiles, the Google key (a location's
// own address.map_key wins, docs/requirements/dealer-services.md#calls: static map images use map_key).
import type { DealerLocation } from '../../domain/locations';
import type { ResolvedLocationSettings } from '../../domain/settings';

export interface LocationMapConfig {
  lat: number;
  lng: number;
  zoom: number;
  /** The interactive map's source: none (the drawn locator only), a tile server, Google (only with a key) or a PMTiles archive (only with its address). */
  tiles: 'none' | 'osm' | 'google' | 'pmtiles';
  tileUrl: string;
  pmtilesUrl: string;
  pmtilesFlavor: ResolvedLocationSettings['map']['pmtilesFlavor'];
  tileAttribution: string;
  googleKey: string;
  loadInteractive: 'on-click' | 'on-view';
}

export function locationMapConfig(
  location: Pick<DealerLocation, 'address'>,
  settings: Pick<ResolvedLocationSettings, 'map' | 'mapDefaultZoom'>,
): LocationMapConfig | null {
  const lat = location.address?.lat;
  const lng = location.address?.long;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  const { map } = settings;
  const googleKey = map.tiles === 'google' ? location.address?.map_key || map.googleMapsKey : '';
  return {
    lat,
    lng,
    zoom: settings.mapDefaultZoom,
    // Google without a key, or PMTiles without an archive, has nothing to show: the drawn locator stays.
    tiles: (map.tiles === 'google' && !googleKey) || (map.tiles === 'pmtiles' && !map.pmtilesUrl) ? 'none' : map.tiles,
    tileUrl: map.tileUrl,
    pmtilesUrl: map.tiles === 'pmtiles' ? map.pmtilesUrl : '',
    pmtilesFlavor: map.pmtilesFlavor,
    tileAttribution: map.tileAttribution,
    googleKey,
    loadInteractive: map.loadInteractive,
  };
}

/** Google Static Maps image of the location with its marker. */
export function staticMapUrl(config: LocationMapConfig, size = '640x320'): string {
  const centre = `${config.lat},${config.lng}`;
  const q = new URLSearchParams({ center: centre, zoom: String(config.zoom), size, scale: '2', markers: centre, key: config.googleKey });
  return `https://maps.googleapis.com/maps/api/staticmap?${q}`;
}

/** Google Maps embed of the place. */
export function embedMapUrl(config: LocationMapConfig, query: string): string {
  const q = new URLSearchParams({
    key: config.googleKey,
    q: query || `${config.lat},${config.lng}`,
    center: `${config.lat},${config.lng}`,
    zoom: String(config.zoom),
  });
  return `https://www.google.com/maps/embed/v1/place?${q}`;
}
