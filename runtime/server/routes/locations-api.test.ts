import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedTenants } from '../../../test-support/server';
import type { Geocoder } from '../../geocoding';
import { localGeocoder } from '../../geocoding';
import { RateLimits } from '../../infra/rate-limit';
import { locationsApi, NEAREST_LOOKUPS } from './locations-api';

const group = shippedTenants().find((t) => t.slug === 'southern-cross-motor-group')!;
let server: Server;
let base = '';
const failing: Geocoder = {
  name: 'down',
  postcode: async () => {
    throw new Error('down');
  },
};

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    req.tenant = group;
    next();
  });
  app.use('/down', locationsApi({ geocoder: failing, log: () => {} }));
  app.use('/limited', locationsApi({ geocoder: localGeocoder(), rateLimits: RateLimits.memory() }));
  app.use(locationsApi({ geocoder: localGeocoder() }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, json: await res.json() };
};

describe('GET /api/locations/nearest', () => {
  it("lists the site's locations nearest to the postcode, with distances", async () => {
    const { status, json } = await get('/api/locations/nearest?postcode=2170&limit=3');
    expect(status).toBe(200);
    // 2170 is Liverpool: the Kia sales and parts sites there come first
    expect(
      json.locations
        .map((l: { id: number }) => l.id)
        .slice(0, 2)
        .sort(),
    ).toEqual([3031, 3032]);
    expect(json.locations).toHaveLength(3);
    expect(json.locations[0].km).toBeLessThan(5);
    expect(json.locations[2].km).toBeGreaterThan(json.locations[0].km);
  });
  it('filters by location type', async () => {
    const { json } = await get('/api/locations/nearest?postcode=2170&type=service');
    expect(json.locations.map((l: { id: number }) => l.id)).toEqual([3012]);
  });
  it("refuses a bad postcode with the seed's message, and an unknown one with 'Invalid postcode'", async () => {
    for (const q of ['', 'postcode=21', 'postcode=abcd', 'postcode=21500', 'postcode=2150&postcode=2000']) {
      const { status, json } = await get(`/api/locations/nearest?${q}`);
      expect(status).toBe(400);
      expect(json.message).toBe('Invalid postcode. Please enter a 4-digit number.');
    }
    const unknown = await get('/api/locations/nearest?postcode=0001');
    expect(unknown).toEqual({ status: 404, json: { message: 'Invalid postcode', code: 'postcode_not_found' } });
    expect((await get('/api/locations/nearest?postcode=2150&type=x')).status).toBe(400);
    expect((await get('/api/locations/nearest?postcode=2150&limit=99')).status).toBe(400);
  });
  it('answers 502 with a reason when the geocoding service fails', async () => {
    const { status, json } = await get('/down/api/locations/nearest?postcode=2150');
    expect(status).toBe(502);
    expect(json.code).toBe('geocoding_failed');
  });

  it('limits postcode look-ups per client (a paid geocoder may sit behind them) with 429 and Retry-After', async () => {
    for (let i = 0; i < NEAREST_LOOKUPS.points; i++) expect((await get('/limited/api/locations/nearest?postcode=2150')).status).toBe(200);
    const res = await fetch(`${base}/limited/api/locations/nearest?postcode=2150`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
