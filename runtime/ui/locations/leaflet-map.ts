// The interactive Leaflet map, its own chunk: loaded only when a shopper opens a map, so pages without one (and
// pages whose map stays drawn) never ship Leaflet.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LeafletLayerOptions } from 'protomaps-leaflet';
import type { LocationMapConfig } from './map-settings';

/**
 * Vector tiles drawn in the browser from the operator's PMTiles archive (HTTP Range requests, no tile server). Its own
 * chunk, fetched only for a site with this source. The archive's header says how deep its data goes, so a regional or
 * shallow archive is drawn enlarged rather than blank when the map zooms past it.
 */
async function pmtilesLayer(config: LocationMapConfig): Promise<L.Layer> {
  // protomaps-leaflet extends the global Leaflet (a UMD habit); the ES module build sets none.
  (globalThis as { L?: typeof L }).L ??= L;
  const [{ leafletLayer }, { PMTiles }] = await Promise.all([import('protomaps-leaflet'), import('pmtiles')]);
  const archive = new PMTiles(config.pmtilesUrl);
  const header = await archive.getHeader();
  return leafletLayer({
    // protomaps-leaflet types its own pmtiles 3 copy; version 4 answers the same getHeader/getZxy calls.
    url: archive as unknown as LeafletLayerOptions['url'],
    flavor: config.pmtilesFlavor,
    lang: 'en',
    maxDataZoom: header.maxZoom,
    attribution: config.tileAttribution,
  }) as unknown as L.Layer;
}

/** Mounts the map with the location's marker; calls onTilesFailed once if tiles cannot be fetched. Returns cleanup. */
export function mountLeafletMap(element: HTMLElement, config: LocationMapConfig, label: string, onTilesFailed: () => void): () => void {
  const map = L.map(element, { center: [config.lat, config.lng], zoom: config.zoom, scrollWheelZoom: false });
  let failed = false;
  let removed = false;
  const fail = () => {
    if (failed || removed) return;
    failed = true;
    onTilesFailed();
  };
  if (config.tiles === 'pmtiles') {
    pmtilesLayer(config)
      .then((layer) => {
        if (removed) return;
        layer.on('tileerror', fail);
        layer.addTo(map);
      })
      .catch(fail);
  } else {
    const tiles = L.tileLayer(config.tileUrl, { attribution: config.tileAttribution, maxZoom: 19 });
    tiles.on('tileerror', fail);
    tiles.addTo(map);
  }
  // A drawn pin (no marker image files to fetch).
  const icon = L.divIcon({
    className: 'location-map-pin',
    html: '<svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true"><path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"/></svg>',
    iconSize: [32, 32],
    iconAnchor: [16, 30],
  });
  L.marker([config.lat, config.lng], { icon, title: label, alt: label, keyboard: true }).addTo(map);
  return () => {
    removed = true;
    map.remove();
  };
}
