// The interactive Leaflet map, its own chunk: loaded only when a shopper opens a map, so pages without one (and
// pages whose map stays drawn) never ship Leaflet.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LocationMapConfig } from './map-settings';

/** Mounts the map with the location's marker; calls onTilesFailed once if tiles cannot be fetched. Returns cleanup. */
export function mountLeafletMap(element: HTMLElement, config: LocationMapConfig, label: string, onTilesFailed: () => void): () => void {
  const map = L.map(element, { center: [config.lat, config.lng], zoom: config.zoom, scrollWheelZoom: false });
  const tiles = L.tileLayer(config.tileUrl, { attribution: config.tileAttribution, maxZoom: 19 });
  let failed = false;
  tiles.on('tileerror', () => {
    if (failed) return;
    failed = true;
    onTilesFailed();
  });
  tiles.addTo(map);
  // A drawn pin (no marker image files to fetch).
  const icon = L.divIcon({
    className: 'location-map-pin',
    html: '<svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true"><path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"/></svg>',
    iconSize: [32, 32],
    iconAnchor: [16, 30],
  });
  L.marker([config.lat, config.lng], { icon, title: label, alt: label, keyboard: true }).addTo(map);
  return () => {
    map.remove();
  };
}
