import express from 'express';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/generated/car';
import { localQuoteProvider } from '../../domain/finance/quote-providers';
import { resolvedSettings } from '../../domain/settings';
import { DELIVERY_UNAVAILABLE, deliveryResult } from '../../domain/vehicle/delivery-estimate';
import { siteTimeZone } from '../../domain/time/site-time-zone';
import { zonedLocalToIso } from '../../domain/time/zoned';
import { send } from '../../../test-support/http-client';
import { shippedTenants, startSitesServer, type SitesServer, listenOnLoopback, closeServer } from '../../../test-support/server';
import { vehicleApi } from './vehicle-api';
import { atLeast } from '../../../test-support/at-least';

let sites: SitesServer;
let cars: Car[];
const tenants = shippedTenants();
const [siteA, siteB] = tenants;
const now = Date.parse('2026-11-20T00:00:00Z');
const hostA = `${siteA.slug}.localhost`;
const ownsA = (car: Car) => siteA.dealerships.some((d) => d.id === car.dealership_id) && car.show_on_dealer_website !== false;
const ownsB = (car: Car) => siteB.dealerships.some((d) => d.id === car.dealership_id);
const ownCarsA = () => atLeast(6, cars.filter(ownsA), `${siteA.slug}'s cars`);

const call = (host: string, method: string, path: string, body?: unknown) => send(sites.server, host, method, path, body);

beforeAll(async () => {
  sites = await startSitesServer({ total: 1500, now });
  cars = sites.cars;
});

afterAll(() => sites.close());

describe('GET /api/cars/:slug/view.json', () => {
  const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' };
  it("counts a view on the feed's views and answers the car fields", async () => {
    const car = cars.find(ownsA)!;
    const first = await send(
      sites.server,
      hostA,
      'GET',
      `/api/cars/${car.slug}/view.json?photos_count=3&updated_at=x&website_id=${siteA.slug}`,
      undefined,
      BROWSER,
    );
    expect(first.status).toBe(200);
    expect(first.json.views).toBe((car.views ?? 0) + 1);
    expect(first.json.counted).toBe(true);
    expect(first.json.car_fields).toEqual({ photos_count: car.photos_count ?? car.images?.length ?? 0, updated_at: car.updated_at ?? null });
    const second = await send(sites.server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, BROWSER);
    expect(second.json).toMatchObject({ views: (car.views ?? 0) + 1, counted: false });
  });

  it('counts one view per address, car and day: 30 requests from one address add one, another address adds one', async () => {
    const car = ownCarsA()[3];
    const from = (address: string) => ({ ...BROWSER, 'x-forwarded-for': address });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await send(sites.server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, from('203.0.113.7'))).json);
    expect(answers.map((a) => a.views)).toEqual(Array(30).fill((car.views ?? 0) + 1));
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    const other = await send(sites.server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, from('203.0.113.8'));
    expect(other.json).toMatchObject({ views: (car.views ?? 0) + 2, counted: true });
    // one address on another car counts there too
    const next = ownCarsA()[4];
    expect((await send(sites.server, hostA, 'GET', `/api/cars/${next.slug}/view.json`, undefined, from('203.0.113.8'))).json).toMatchObject({
      views: (next.views ?? 0) + 1,
      counted: true,
    });
  });

  it('answers crawlers the count without counting them', async () => {
    const car = ownCarsA()[1];
    const bot = await send(sites.server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(bot.json).toMatchObject({ views: car.views ?? 0, counted: false });
    const script = await call(hostA, 'GET', `/api/cars/${car.slug}/view.json`);
    expect(script.json).toMatchObject({ views: car.views ?? 0, counted: false });
    expect((await send(sites.server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, BROWSER)).json.views).toBe((car.views ?? 0) + 1);
  });

  it("counts the same address again once the site's day has changed (its own time zone)", async () => {
    const car = ownCarsA()[5];
    const midnight = Date.parse(zonedLocalToIso('2026-11-21T00:00', siteTimeZone(siteA))!);
    const clock = { at: midnight - 30 * 60_000 };
    const app = express();
    app.set('trust proxy', false);
    app.use((req, _res, next) => {
      req.tenant = siteA;
      next();
    });
    app.use(vehicleApi(() => sites.catalogue, { now: () => clock.at }));
    const server = await listenOnLoopback(app);
    try {
      const view = async () => (await send(server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, BROWSER)).json;
      expect(await view()).toMatchObject({ views: (car.views ?? 0) + 1, counted: true });
      clock.at = midnight - 1;
      expect(await view()).toMatchObject({ views: (car.views ?? 0) + 1, counted: false });
      clock.at = midnight;
      expect(await view()).toMatchObject({ views: (car.views ?? 0) + 2, counted: true });
    } finally {
      await closeServer(server);
    }
  });

  it('refuses a flood of views from one address with 429 and a reason', async () => {
    const car = ownCarsA()[2];
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await send(sites.server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, BROWSER)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const refused = await send(sites.server, hostA, 'GET', `/api/cars/${car.slug}/view.json`, undefined, BROWSER);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe('Too many requests from this connection. Please wait a minute and try again.');
  });

  it("does not answer for another site's car", async () => {
    const other = cars.find(ownsB)!;
    const res = await call(hostA, 'GET', `/api/cars/${other.slug}/view.json`);
    expect(res.status).toBe(404);
    expect(res.json.message).toContain(other.slug);
  });
});

describe('POST /api/cars/phone-reveal', () => {
  it('records a reveal for a car of the site', async () => {
    const car = cars.find(ownsA)!;
    const res = await call(hostA, 'POST', '/api/cars/phone-reveal', { car_id: car.id, dealership_id: car.dealership_id, website_id: siteA.slug });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ recorded: true });
  });

  it("refuses a missing car id, a wrong dealership and another site's car", async () => {
    const car = cars.find(ownsA)!;
    expect((await call(hostA, 'POST', '/api/cars/phone-reveal', {})).status).toBe(400);
    expect((await call(hostA, 'POST', '/api/cars/phone-reveal', { car_id: car.id, dealership_id: 999999 })).json.message).toMatch(/does not sell/);
    expect((await call(hostA, 'POST', '/api/cars/phone-reveal', { car_id: cars.find(ownsB)!.id })).status).toBe(404);
  });
});

describe('GET /api/delivery-estimate', () => {
  it('answers the region and price for a postcode', async () => {
    const res = await call(hostA, 'GET', '/api/delivery-estimate?postcode=4006');
    expect(res.status).toBe(200);
    expect(res.json.name).toBe('Brisbane Metro');
    expect(res.json.price).toBeGreaterThan(0);
  });

  it("gives the seed's messages for an empty postcode and one without an estimate", async () => {
    const empty = await call(hostA, 'GET', '/api/delivery-estimate?postcode=');
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Please enter a postcode.');
    const none = await call(hostA, 'GET', '/api/delivery-estimate?postcode=6798');
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ name: null, price: null, message: DELIVERY_UNAVAILABLE });
    expect(deliveryResult(none.json)).toEqual({ kind: 'unavailable', message: DELIVERY_UNAVAILABLE });
  });
});

describe('GET /api/cars/:slug/autogauge', () => {
  it("estimates from comparable cars in the site's stock, or says there is no data", async () => {
    const mine = cars.filter(ownsA);
    const results = await Promise.all(mine.slice(0, 60).map((car) => call(hostA, 'GET', `/api/cars/${car.slug}/autogauge`)));
    const found = results.filter((r) => r.status === 200);
    expect(found.length).toBeGreaterThan(0);
    for (const r of found) {
      expect(r.json.confidence).toBeGreaterThan(0);
      expect(r.json.market_range_min).toBeLessThanOrEqual(r.json.market_range_max);
      expect(r.json.fill).toBeGreaterThanOrEqual(0);
      expect(r.json.fill).toBeLessThanOrEqual(1);
    }
    const missing = results.filter((r) => r.status !== 200);
    expect(missing.length).toBeGreaterThan(0);
    for (const r of missing) expect(r.status).toBe(204);
  });
});

describe('POST /api/youx/quote', () => {
  it('answers with the local amortisation provider for the seed body', async () => {
    const body = { selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5, year: 2022, vin: null, nvic: null, whoIsHelping: '' };
    const res = await call(hostA, 'POST', '/api/youx/quote', body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(await localQuoteProvider(resolvedSettings(siteA.settings).finance).quote(body));
  });

  it('refuses a price at or below 0 and a silly term', async () => {
    expect((await call(hostA, 'POST', '/api/youx/quote', { purchasePrice: 0, loanTerm: 5 })).json.message).toBe('purchasePrice must be a price above 0.');
    expect((await call(hostA, 'POST', '/api/youx/quote', { purchasePrice: 1000, loanTerm: 50 })).status).toBe(400);
  });
});

describe('GET /api/cars/:slug/pdf', () => {
  it('downloads a PDF named after the slug that names the car', async () => {
    const car = cars.find(ownsA)!;
    const res = await call(hostA, 'GET', `/api/cars/${car.slug}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${car.slug}.pdf"`);
    expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
    // Read back as a PDF reader does (the PDF's own contents are covered in runtime/pdf/listing-pdf.test.ts).
    const pdf = await getDocument({ data: new Uint8Array(res.raw), isEvalSupported: false }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain(`${car.year} `);
    expect(text).toContain(car.model);
  });
});

describe('GET /api/cars/:id/finance-lenders', () => {
  it("answers the car's finance_lenders and the disclaimers of the lenders this site shows", async () => {
    const financed = cars.filter((c) => ownsA(c) && c.finance_lenders && Object.keys(c.finance_lenders).length > 0).slice(0, 40);
    expect(financed.length).toBeGreaterThan(0);
    let withDisclaimer = 0;
    for (const car of financed) {
      const { status, json } = await call(hostA, 'GET', `/api/cars/${car.id}/finance-lenders`);
      expect(status).toBe(200);
      expect(json.car_id).toBe(car.id);
      expect(json.finance_lenders).toEqual(car.finance_lenders);
      const texts = Object.values(car.finance_lenders as Record<string, { disclaimer?: string }>).map((l) => l.disclaimer?.trim());
      for (const d of json.disclaimers) expect(texts).toContain(d.text);
      if (json.disclaimers.length) withDisclaimer++;
    }
    expect(withDisclaimer).toBeGreaterThan(0);
    const unfinanced = cars.find((c) => ownsA(c) && !c.finance_lenders);
    if (unfinanced)
      expect((await call(hostA, 'GET', `/api/cars/${unfinanced.id}/finance-lenders`)).json).toEqual({
        car_id: unfinanced.id,
        finance_lenders: null,
        disclaimers: [],
      });
  });

  it("refuses another site's car and a bad id with a sentence", async () => {
    const other = cars.find((c) => ownsB(c) && !ownsA(c))!;
    const missing = await call(hostA, 'GET', `/api/cars/${other.id}/finance-lenders`);
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe(`We have no vehicle ${other.id} on this site.`);
    const bad = await call(hostA, 'GET', '/api/cars/abc/finance-lenders');
    expect(bad).toMatchObject({ status: 400, json: { error: 'The car id must be a whole number, such as 1042.' } });
  });
});
