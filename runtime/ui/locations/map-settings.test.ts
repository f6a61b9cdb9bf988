import { describe, expect, it } from 'vitest';
import { embedMapUrl, locationMapConfig, staticMapUrl } from './map-settings';

const location = { address: { lat: -33.81, long: 151.003 } };

describe('location map settings (docs/requirements/dealer-services.md#calls, #constants)', () => {
  it('defaults to zoom 10 and OpenStreetMap tiles, loaded when the shopper asks', () => {
    expect(locationMapConfig(location, undefined)).toEqual({
      lat: -33.81,
      lng: 151.003,
      zoom: 10,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
      googleKey: '',
      loadInteractive: 'on-click',
    });
  });
  it("reads the site's zoom, tile server and key; a location's own map_key wins", () => {
    const config = locationMapConfig(
      { address: { ...location.address, map_key: 'LOC_KEY' } },
      { mapDefaultZoom: 14, map: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', googleMapsKey: 'SITE_KEY' } },
    )!;
    expect(config).toMatchObject({ zoom: 14, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', googleKey: 'LOC_KEY' });
    expect(locationMapConfig(location, { map: { googleMapsKey: 'SITE_KEY' } })!.googleKey).toBe('SITE_KEY');
  });
  it('has no map without coordinates', () => {
    expect(locationMapConfig({ address: { lat: null, long: null } }, undefined)).toBeNull();
  });
  it('builds the static map image and embed addresses with the key and marker', () => {
    const config = locationMapConfig({ address: { ...location.address, map_key: 'K' } }, undefined)!;
    const image = new URL(staticMapUrl(config));
    expect(image.origin + image.pathname).toBe('https://maps.googleapis.com/maps/api/staticmap');
    expect(Object.fromEntries(image.searchParams)).toMatchObject({ center: '-33.81,151.003', zoom: '10', markers: '-33.81,151.003', key: 'K' });
    const embed = new URL(embedMapUrl(config, '2 Church Street, Parramatta'));
    expect(embed.searchParams.get('q')).toBe('2 Church Street, Parramatta');
    expect(embed.searchParams.get('key')).toBe('K');
  });
});
