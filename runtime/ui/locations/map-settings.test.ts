import { describe, expect, it } from 'vitest';
import { embedMapUrl, locationMapConfig, staticMapUrl } from './map-settings';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const location = { address: { lat: -33.81, long: 151.003 } };

describe('location map settings (docs/requirements/dealer-services.md#calls, #constants)', () => {
  it('defaults to zoom 10 and no map source (the drawn locator); OpenStreetMap tiles when chosen, loaded when the shopper asks', () => {
    expect(locationMapConfig(location, withSettingsDefaults('locations'))).toEqual({
      lat: -33.81,
      lng: 151.003,
      zoom: 10,
      tiles: 'none',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
      googleKey: '',
      pmtilesUrl: '',
      pmtilesFlavor: 'light',
      loadInteractive: 'on-click',
    });
  });
  it("draws the operator's PMTiles archive in the chosen Protomaps style, only where it is the source and has an address", () => {
    const archive = 'https://maps.example.com.au/australia.pmtiles';
    expect(
      locationMapConfig(location, withSettingsDefaults('locations', { map: { tiles: 'pmtiles', pmtilesUrl: archive, pmtilesFlavor: 'grayscale' } })),
    ).toMatchObject({
      tiles: 'pmtiles',
      pmtilesUrl: archive,
      pmtilesFlavor: 'grayscale',
    });
    expect(locationMapConfig(location, withSettingsDefaults('locations', { map: { tiles: 'pmtiles', pmtilesUrl: archive } }))!.pmtilesFlavor).toBe('light');
    // no archive: the drawn locator stays; an archive while another source is chosen is not fetched
    expect(locationMapConfig(location, withSettingsDefaults('locations', { map: { tiles: 'pmtiles' } }))!.tiles).toBe('none');
    expect(locationMapConfig(location, withSettingsDefaults('locations', { map: { tiles: 'osm', pmtilesUrl: archive } }))).toMatchObject({
      tiles: 'osm',
      pmtilesUrl: '',
    });
  });
  it("reads the site's zoom, tile server and key; a location's own map_key wins", () => {
    const config = locationMapConfig(
      { address: { ...location.address, map_key: 'LOC_KEY' } },
      withSettingsDefaults('locations', {
        mapDefaultZoom: 14,
        map: { tiles: 'google', tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', googleMapsKey: 'SITE_KEY' },
      }),
    )!;
    expect(config).toMatchObject({ zoom: 14, tiles: 'google', tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', googleKey: 'LOC_KEY' });
    expect(locationMapConfig(location, withSettingsDefaults('locations', { map: { tiles: 'google', googleMapsKey: 'SITE_KEY' } }))!.googleKey).toBe('SITE_KEY');
    expect(locationMapConfig(location, withSettingsDefaults('locations', { map: { tiles: 'osm' } }))).toMatchObject({ tiles: 'osm', googleKey: '' });
  });
  it('uses Google only where it is the chosen source, and only with a key', () => {
    // A key alone does not send shoppers' requests to Google.
    expect(
      locationMapConfig({ address: { ...location.address, map_key: 'K' } }, withSettingsDefaults('locations', { map: { googleMapsKey: 'SITE_KEY' } })),
    ).toMatchObject({
      tiles: 'none',
      googleKey: '',
    });
    expect(locationMapConfig(location, withSettingsDefaults('locations', { map: { tiles: 'google' } }))).toMatchObject({ tiles: 'none', googleKey: '' });
  });
  it('has no map without coordinates', () => {
    expect(locationMapConfig({ address: { lat: null, long: null } }, withSettingsDefaults('locations'))).toBeNull();
  });
  it('builds the static map image and embed addresses with the key and marker', () => {
    const config = locationMapConfig({ address: { ...location.address, map_key: 'K' } }, withSettingsDefaults('locations', { map: { tiles: 'google' } }))!;
    const image = new URL(staticMapUrl(config));
    expect(image.origin + image.pathname).toBe('https://maps.googleapis.com/maps/api/staticmap');
    expect(Object.fromEntries(image.searchParams)).toMatchObject({ center: '-33.81,151.003', zoom: '10', markers: '-33.81,151.003', key: 'K' });
    const embed = new URL(embedMapUrl(config, '2 Church Street, Parramatta'));
    expect(embed.searchParams.get('q')).toBe('2 Church Street, Parramatta');
    expect(embed.searchParams.get('key')).toBe('K');
  });
});
