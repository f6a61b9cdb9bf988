// The eval-expert calls over HTTP with Host headers (docs/requirements/dealer-services.md#calls): lookups on the demo register, photo uploads
// (type from the bytes, size while streaming, at most 10, one site only), update-eval with the 10-year / 100,000 km
// rule, the Trade-in Enquiry lead carrying the valuation and signed photo links, and /api/miscellaneous.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { createLeadPipeline, SqlLeadStore, type LeadPipeline } from '../leads';
import { EmbeddedSearchEngine } from '../search';
import { repoRoot } from '../../test-support/tenants';
import { ImageLinkSigner, LocalFolderImageStorage, localValuationProvider, SqlEvaluationStore, TradeInRateLimiter, tradeInLeadEnricher } from '../trade-in';
import { createApp } from './app';
import { publicUrlsFromEnv } from '../infra/public-urls';
import { CarCatalogue } from '../inventory/car-catalogue';
import { send } from '../../test-support/http-client';
import { shippedTenants, listenOnLoopback, stubAssets } from '../../test-support/server';
import { TenantRegistry } from './tenant-registry';
import type { TradeInServices } from './routes/eval-expert-api';
import { atLeast } from '../../test-support/at-least';

const dir = mkdtempSync(join(tmpdir(), 'eval-expert-'));
const A = 'harbourside-mazda.localhost';
const B = 'big-sky-cars.localhost';
let server: Server;
let registry: TenantRegistry;
let pipeline: LeadPipeline;
let tradeIn: TradeInServices;
const NOW = Date.parse('2026-11-23T00:00:00Z');

beforeAll(async () => {
  const cars = buildDemoInventory(shippedTenants(), { total: 1500, now: NOW });
  const catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  registry = new TenantRegistry(join(repoRoot, 'tenants'), join(repoRoot, 'tenants/templates'), undefined, () => {});
  registry.loadAll();
  tradeIn = {
    provider: localValuationProvider(() => catalogue),
    store: SqlEvaluationStore.openSqlite(join(dir, 'trade-in.sqlite')),
    images: new LocalFolderImageStorage(join(dir, 'uploads')),
    signer: new ImageLinkSigner(Buffer.from('test-secret')),
    limiter: new TradeInRateLimiter({ lookup: 1000, upload: 1000, update: 1000, misc: 1000 }),
    now: () => NOW,
  };
  pipeline = createLeadPipeline({
    store: SqlLeadStore.openSqlite(join(dir, 'leads.sqlite')),
    tenantBySlug: (slug) => {
      const t = registry.all.find((x) => x.slug === slug);
      return t?.ok ? t.doc : undefined;
    },
    catalogue: () => catalogue,
    enrich: tradeInLeadEnricher({ store: () => tradeIn.store, signer: () => tradeIn.signer }),
  });
  const app = createApp({
    registry,
    clientDir: repoRoot,
    assets: stubAssets,
    services: { catalogue, leads: pipeline.service, tradeIn, publicUrls: publicUrlsFromEnv({ SITE_URL_TEMPLATE: 'https://{slug}.sites.example' }) },
    log: () => {},
  });
  server = await listenOnLoopback(app);
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await pipeline.close();
  await tradeIn.store.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (host: string, path: string, body: unknown) => send(server, host, 'POST', `/api/eval-expert/${path}`, body);

async function upload(
  host: string,
  evalid: string | null,
  file: { name: string; bytes: Buffer } | null,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
): Promise<{ status: number; json: any }> {
  const { status, json } = await uploadWithHeaders(host, evalid, file, headers);
  return { status, json };
}

function uploadWithHeaders(
  host: string,
  evalid: string | null,
  file: { name: string; bytes: Buffer } | null,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
): Promise<{ status: number; json: any; headers: Record<string, unknown> }> {
  const boundary = `----b${randomUUID()}`;
  const parts: Buffer[] = [];
  if (evalid !== null) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="evalid"\r\n\r\n${evalid}\r\n`));
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/eval-expert/image-upload',
        method: 'POST',
        headers: { host, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || 'null'), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 2)]);

async function evaluation(host = A, rego = 'EVAL01', state = 'qld'): Promise<string> {
  const r = await post(host, 'enter-vin', { rego, state });
  expect(r.status).toBe(200);
  return r.json[0].EvalID;
}

describe('enter-vin and manual-entry', () => {
  it("asks for rego and state with '* This field is required'", async () => {
    const r = await post(A, 'enter-vin', { rego: '', state: 'zz' });
    expect(r.status).toBe(422);
    expect(r.json.fields).toEqual({ rego: '* This field is required', state: '* This field is required' });
  });
  it('answers descriptions, a single evaluation with our own id, or an empty list', async () => {
    const several = await post(A, 'enter-vin', { rego: 'trade1', state: 'qld' });
    expect(several.json[0].VechielDescriptions).toHaveLength(3);
    expect(several.json[0].EvalID).toBeUndefined();
    const chosen = await post(A, 'manual-entry', {
      vin: several.json[0].VIN,
      desc: several.json[0].VechielDescriptions[0].Description,
      rego: 'TRADE1',
      state: 'qld',
    });
    expect(chosen.json[0]).toMatchObject({ Make: 'Mazda', Model: 'CX-5', Year: 2021, Registration: 'TRADE1' });
    expect(chosen.json[0].EvalID).toMatch(/^[0-9a-f-]{36}$/);
    // the valuation keeps the registration looked up, though the provider's manual entry does not repeat it
    const stored = await tradeIn.store.get(A.replace(/\..*$/, ''), chosen.json[0].EvalID);
    expect(stored).toMatchObject({ rego: 'TRADE1', state: 'qld', vehicle: { Registration: 'TRADE1' } });
    const bad = await post(A, 'manual-entry', { vin: several.json[0].VIN, desc: 'Something else' });
    expect(bad).toMatchObject({ status: 422, json: { error: '* Please choose one car.' } });
    const single = await post(A, 'enter-vin', { rego: 'EVAL01', state: 'qld' });
    expect(single.json[0]).toMatchObject({ Make: 'Toyota', Model: 'Corolla' });
    expect(single.json[0].EvalID).not.toMatch(/LOCAL/);
    expect((await post(A, 'enter-vin', { rego: 'NOPE42', state: 'qld' })).json).toEqual([]);
  });
  it('a filled honeypot looks like no match; another origin is refused', async () => {
    expect((await post(A, 'enter-vin', { rego: 'EVAL01', state: 'qld', contact_me_by_fax_only: 'x' })).json).toEqual([]);
    const { port } = server.address() as AddressInfo;
    const r = await new Promise<number>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/eval-expert/enter-vin',
          method: 'POST',
          headers: { host: A, origin: 'http://evil.example', 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.end('{"rego":"EVAL01","state":"qld"}');
    });
    expect(r).toBe(403);
  });
});

describe('image-upload', () => {
  it('stores images by their bytes, refuses text renamed .jpg, a file of 10MB, an 11th photo and another site', async () => {
    const evalid = await evaluation();
    expect(await upload(A, evalid, { name: 'car.png', bytes: PNG })).toMatchObject({ status: 201, json: { count: 1 } });
    expect(await upload(A, evalid, { name: 'notes.jpg', bytes: Buffer.from('just some text, not a picture at all') })).toEqual({
      status: 415,
      json: { error: 'Please upload a JPEG, PNG, GIF or HEIC image.' },
    });
    expect(await upload(A, evalid, { name: 'big.jpg', bytes: Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]) })).toEqual({
      status: 413,
      json: { error: 'Please upload an image file under 10MB' },
    });
    expect(await upload(B, evalid, { name: 'car.jpg', bytes: JPEG })).toMatchObject({ status: 404 });
    expect(await upload(A, null, { name: 'car.jpg', bytes: JPEG })).toMatchObject({ status: 400 });
    for (let i = 2; i <= 10; i++) expect((await upload(A, evalid, { name: `${i}.jpg`, bytes: JPEG })).json.count).toBe(i);
    expect(await upload(A, evalid, { name: '11.jpg', bytes: JPEG })).toEqual({ status: 409, json: { error: 'You can only upload 10 images' } });
    expect(await tradeIn.store.images('harbourside-mazda', evalid)).toHaveLength(10);
    // refused files left nothing in the folder
    expect(readdirSync(join(dir, 'uploads', 'harbourside-mazda', evalid))).toHaveLength(10);
  });
});

describe('upload quotas (settings.tradeIn.uploadLimits)', () => {
  const KB = 1024;
  const photo = (kb: number) => ({ name: 'car.jpg', bytes: Buffer.concat([JPEG, Buffer.alloc(kb * KB - JPEG.length, 3)]) });
  const withLimits = async (limits: Record<string, number>, run: () => Promise<void>) => {
    const loaded = registry.all.find((t) => t.slug === 'harbourside-mazda');
    if (!loaded?.ok) throw new Error('harbourside-mazda is not loaded');
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const doc = loaded.doc as any;
    const saved = doc.settings.tradeIn;
    doc.settings.tradeIn = { ...saved, uploadLimits: { ...saved?.uploadLimits, ...limits } };
    try {
      await run();
    } finally {
      doc.settings.tradeIn = saved;
    }
  };
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const stored = (evalid: string) => {
    try {
      return readdirSync(join(dir, 'uploads', 'harbourside-mazda', evalid)).length;
    } catch {
      return 0;
    }
  };

  it('an address over its megabytes of the hour gets 429 with Retry-After; nothing of it is kept; another address uploads', async () => {
    await withLimits({ perAddressMegabytesPerHour: 1 }, async () => {
      const evalid = await evaluation();
      expect((await upload(A, evalid, photo(600), from('10.44.0.1'))).status).toBe(201);
      const refused = await uploadWithHeaders(A, evalid, photo(600), from('10.44.0.1'));
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({
        error: 'Too many photos have been uploaded from this connection in the last hour. Please try again in about 60 minutes.',
      });
      expect(refused.headers['retry-after']).toBe('3600');
      expect(stored(evalid)).toBe(1);
      // What is left fits to the byte; then nothing more may start, however small.
      expect((await upload(A, evalid, photo(1024 - 600), from('10.44.0.1'))).status).toBe(201);
      expect((await upload(A, evalid, { name: 'tiny.png', bytes: PNG }, from('10.44.0.1'))).status).toBe(429);
      expect((await upload(A, evalid, photo(600), from('10.44.0.2'))).status).toBe(201);
      expect(stored(evalid)).toBe(3);
    });
  });

  it('a valuation over its megabytes gets 413 with a message, from any address', async () => {
    await withLimits({ perEvaluationMegabytes: 1 }, async () => {
      const evalid = await evaluation();
      expect((await upload(A, evalid, photo(700), from('10.45.0.1'))).status).toBe(201);
      expect(await upload(A, evalid, photo(400), from('10.45.0.2'))).toEqual({
        status: 413,
        json: { error: 'Your photos together are too large: a valuation can hold up to 1MB of photos. Please choose smaller photos.' },
      });
      expect(stored(evalid)).toBe(1);
      expect((await upload(A, evalid, photo(300), from('10.45.0.2'))).status).toBe(201);
    });
  });

  it("the site's megabytes of the hour are shared by every address", async () => {
    const evalid = await evaluation();
    // Room for two more photos of 300KB beside what this site already has this hour.
    const used = (await tradeIn.store.uploadUsage({ tenant: 'harbourside-mazda', evalId: evalid, clientKey: null, since: NOW - 3_600_000 })).site.bytes;
    await withLimits({ perSiteMegabytesPerHour: (used + 700 * KB) / (1024 * KB) }, async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await uploadWithHeaders(A, evalid, photo(300), from(`10.46.0.${i}`)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 429, 429]);
      const refused = atLeast(3, answers, 'the answers')[2];
      expect(refused.json.error).toMatch(/^This website is receiving a lot of photos right now\. Please try again in about \d+ minutes\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(stored(evalid)).toBe(2);
      // Another site is not affected.
      expect((await upload(B, await evaluation(B), photo(300), from('10.46.0.9'))).status).toBe(201);
    });
  });
});

describe('update-eval and the Trade-in Enquiry lead', () => {
  const details = (evalid: string, km: number) => ({
    evalid,
    km,
    userEmail: 'ignored@x.co',
    cName: 'Ann Lee',
    cEmail: 'ann@example.com',
    cPhone: '0412 345 678',
  });
  it('gives an offer valid 7 days for a young low-km car; none over 100,000 km or 10 years', async () => {
    const evalid = await evaluation();
    const r = await post(A, 'update-eval', details(evalid, 30_000));
    expect(r.status).toBe(200);
    expect(r.json[0]).toMatchObject({ EvalID: evalid, KM: 30_000, OfferValidUntil: '2026-11-30' });
    expect(r.json[0].OfferPrice).toBeGreaterThan(500);
    expect((await post(A, 'update-eval', details(await evaluation(), 100_001))).json[0]).toMatchObject({ OfferPrice: null, OfferValidUntil: null });
    expect((await post(A, 'update-eval', details(await evaluation(A, 'OLD123'), 20_000))).json[0]).toMatchObject({ Year: 2012, OfferPrice: null });
    expect(await post(B, 'update-eval', details(evalid, 1))).toMatchObject({ status: 404 });
    expect((await post(A, 'update-eval', { ...details(evalid, 1), km: -5, cEmail: 'x' })).json.fields).toMatchObject({
      odometer: 'Please enter a number of kilometres.',
      email: 'Please enter a valid email address.',
    });
  });

  it('sends the lead with the valuation, sms fields and signed photo links that open only on this site', async () => {
    const evalid = await evaluation();
    await upload(A, evalid, { name: 'car.png', bytes: PNG });
    const offer = (await post(A, 'update-eval', details(evalid, 30_000))).json[0].OfferPrice;
    const values = {
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      odometer: 30_000,
      service_history: 'Full service history',
      number_of_keys: '2',
      car_condition: 'Good',
      message: 'One owner',
      PreferredContactMethod: 'SMS',
      finance: 'No',
    };
    const missing = await send(server, A, 'POST', '/api/leads', {
      form: 'trade-in',
      idempotency_key: `k-${randomUUID()}`,
      values: { ...values, car_condition: '' },
      context: { evalid },
    });
    expect(missing).toMatchObject({ status: 422, json: { fields: { car_condition: '* This field is required' } } });
    const lead = await send(server, A, 'POST', '/api/leads', {
      form: 'trade-in',
      idempotency_key: `k-${randomUUID()}`,
      values,
      context: { evalid, url: 'http://harbourside-mazda.localhost/trade-in' },
    });
    expect(lead.status).toBe(201);
    const stored = await pipeline.store.get(lead.json.lead_id);
    const p = stored!.payload;
    expect(p).toMatchObject({ category: 'Trade-in Enquiry', Rego: 'EVAL01', PreferredContactMethod: 'SMS', finance: 'No', sms_from: 'Harbourside' });
    expect(p.sms_content).toContain('Thanks Ann Lee');
    expect(p.valuation).toMatchObject({
      evalid,
      rego: 'EVAL01',
      state: 'qld',
      odometer: 30_000,
      offer_price: offer,
      offer_valid_until: '2026-11-30',
      car_condition: 'Good',
      comments: 'One owner',
      vehicle: { Make: 'Toyota' },
      adjustment_answers: [
        { question: 'Service history', answer: 'Full service history' },
        { question: 'Number of keys', answer: '2' },
        { question: 'Car condition', answer: 'Good' },
      ],
    });
    // The valuation service's vehicle result fields are kept with it, under our own EvalID.
    expect(Object.keys(p.valuation!.vehicle)).toEqual(
      expect.arrayContaining(['EvalID', 'VIN', 'EngineNo', 'Registration', 'Make', 'Model', 'Year', 'redbookCode']),
    );
    expect(p.valuation!.vehicle.EvalID).toBe(evalid);
    expect(p.valuation!.images).toHaveLength(1);
    expect((await tradeIn.store.get('harbourside-mazda', evalid))!.leadId).toBe(lead.json.lead_id);
    // The link for staff points at the site's configured address, not the Host the shopper's request named.
    const link = new URL(atLeast(1, p.valuation!.images, 'the valuation photos')[0]);
    expect(link.origin).toBe('https://harbourside-mazda.sites.example');
    const own = await send(server, A, 'GET', link.pathname + link.search);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.raw.equals(PNG)).toBe(true);
    expect((await send(server, B, 'GET', link.pathname + link.search)).status).toBe(404);
    expect((await send(server, A, 'GET', link.pathname + link.search.replace(/sig=.../, 'sig=AAA'))).status).toBe(404);
    // an evaluation of another site cannot be attached to a lead
    const other = await send(server, B, 'POST', '/api/leads', { form: 'trade-in', idempotency_key: `k-${randomUUID()}`, values, context: { evalid } });
    expect(other.status).toBe(422);
  });

  it("/api/miscellaneous takes column_name 'valuation' only where the site saves valuations", async () => {
    const evalid = await evaluation();
    expect(await send(server, A, 'POST', '/api/miscellaneous', { column_name: 'valuation', evalid, offer_price: 1 })).toMatchObject({ status: 404 });
    // big-sky-cars saves valuations (settings.tradeIn.saveValuation), for its own evaluations only
    const own = await evaluation(B);
    expect(await send(server, B, 'POST', '/api/miscellaneous', { column_name: 'other', evalid: own })).toMatchObject({ status: 422 });
    expect(await send(server, B, 'POST', '/api/miscellaneous', { column_name: 'valuation', evalid, offer_price: 1 })).toMatchObject({ status: 404 });
    expect(await send(server, B, 'POST', '/api/miscellaneous', { column_name: 'valuation', evalid: own, offer_price: 9000 })).toMatchObject({
      status: 201,
      json: { saved: true },
    });
    expect((await tradeIn.store.get('big-sky-cars', own))!.savedValuation).toEqual({ evalid: own, offer_price: 9000 });
  });

  it('bad bodies are 4xx with a reason, never a 500', async () => {
    expect(await send(server, A, 'POST', '/api/eval-expert/enter-vin', '{"rego": ')).toMatchObject({
      status: 400,
      json: { error: 'The request body is not valid JSON.' },
    });
    expect(await send(server, A, 'POST', '/api/eval-expert/update-eval', [1, 2])).toMatchObject({ status: 400 });
    expect(await send(server, A, 'POST', '/api/eval-expert/enter-vin', { rego: 'X'.repeat(10_000), state: 'qld' })).toMatchObject({ status: 413 });
    expect(await send(server, A, 'POST', '/api/eval-expert/image-upload', { evalid: 'x' })).toMatchObject({ status: 400 });
  });
});

describe('per-client limit', () => {
  it('answers 429 with Retry-After once a client is over the limit', async () => {
    const { TradeInRateLimiter } = await import('../trade-in');
    const limiter = new TradeInRateLimiter({ lookup: 2, upload: 2, update: 2, misc: 2 });
    expect(await limiter.take('lookup', 'site|1.2.3.4')).toBeNull();
    expect(await limiter.take('lookup', 'site|1.2.3.4')).toBeNull();
    expect(await limiter.take('lookup', 'site|1.2.3.4')).toBeGreaterThan(0);
    expect(await limiter.take('lookup', 'other|1.2.3.4')).toBeNull();
    const saved = tradeIn.limiter;
    tradeIn.limiter = limiter;
    try {
      expect((await post(A, 'enter-vin', { rego: 'NOPE1', state: 'qld' })).status).toBe(200);
      expect((await post(A, 'enter-vin', { rego: 'NOPE2', state: 'qld' })).status).toBe(200);
      const r = await post(A, 'enter-vin', { rego: 'NOPE3', state: 'qld' });
      expect(r.status).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      tradeIn.limiter = saved;
    }
  });
});
