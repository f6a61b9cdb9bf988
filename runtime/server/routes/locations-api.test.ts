import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedTenants, listenOnLoopback, closeServer } from '../../../test-support/server';
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
  app.use('/fixed', locationsApi({ geocoder: localGeocoder(), now: () => new Date('2026-12-20T00:00:00Z') }));
  app.use(locationsApi({ geocoder: localGeocoder() }));
  server = await listenOnLoopback(app);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closeServer(server));

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

describe('GET /api/test-drive/slots', () => {
  const slots = (query: string) => get(`/fixed/api/test-drive/slots?${query}`);

  it("answers the location's half-hour slots, holiday hours replacing the weekly ones", async () => {
    // Monday 21 December: the weekly 8:30am to 5:30pm
    const monday = await slots('date=2026-12-21&location_id=3011');
    expect(monday.status).toBe(200);
    expect(monday.json.location).toBe('Southern Cross Toyota Parramatta');
    expect(monday.json.slots[0]).toEqual({ value: '08:30', label: '8:30am' });
    expect(monday.json.slots.at(-1)).toEqual({ value: '17:00', label: '5:00pm' });
    expect(monday.json.slots).toHaveLength(18);
    // Christmas Eve closes at noon there; Christmas Day is closed
    const eve = await slots('date=2026-12-24&location_id=3011');
    expect(eve.json.slots.map((s: { value: string }) => s.value)).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect((await slots('date=2026-12-25&location_id=3011')).json.slots).toEqual([]);
    // Sunday is closed every week
    expect((await slots('date=2026-12-27&location_id=3021')).json.slots).toEqual([]);
  });

  it('uses the primary sales location when none is named', async () => {
    const { status, json } = await slots('date=2026-12-24');
    expect(status).toBe(200);
    expect(json.location_id).toBe(3011);
  });

  it('refuses a bad or past date and a location the site does not have, with a sentence', async () => {
    expect(await slots('date=next-week&location_id=3011')).toEqual({
      status: 400,
      json: { error: 'Choose a date as yyyy-mm-dd, for example 2025-07-07.', code: 'invalid_date' },
    });
    expect(await slots('date=2026-12-20&location_id=3011')).toEqual({
      status: 400,
      json: { error: 'Test drives can be booked from tomorrow. Please choose a later date.', code: 'invalid_date' },
    });
    const missing = await slots('date=2026-12-21&location_id=999');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('We have no location 999. Please choose one of our locations.');
    expect((await slots('date=2026-12-21&location_id=abc')).status).toBe(400);
  });
});
