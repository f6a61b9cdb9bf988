// POST /api/leads over HTTP with Host headers: validation messages, tenant binding, idempotency, abuse limits.
import type { Server } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEAD_MESSAGES } from '../domain/leads';
import type { Car } from '../../schemas/generated/car';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { createLeadPipeline, SqlLeadStore, type LeadPipeline } from '../leads';
import { EmbeddedSearchEngine } from '../search';
import { loadTenants } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { createApp } from './app';
import { CarCatalogue } from '../inventory/car-catalogue';
import { TenantRegistry } from './tenant-registry';
import { atLeast } from '../../test-support/at-least';
import { listenOnLoopback, stubAssets, closeServer } from '../../test-support/server';

let server: Server;
let catalogue: CarCatalogue;
let cars: Car[];
let pipeline: LeadPipeline;
// A copy of the demo tenants with known form settings, so the expectations below do not follow the demo documents.
const FORMS = {
  commentsRequired: true,
  categorySelect: true,
  locationField: false,
  regoField: false,
  optInField: true,
  termsCheckbox: false,
  postcodeField: false,
  lastNameField: false,
  removeDealershipSelect: false,
  multiStep: false,
};
const tenantsDir = mkdtempSync(join(tmpdir(), 'leads-api-tenants-'));
cpSync(join(repoRoot, 'tenants'), tenantsDir, { recursive: true });
for (const f of readdirSync(tenantsDir).filter((f) => f.endsWith('.json'))) {
  const doc = JSON.parse(readFileSync(join(tenantsDir, f), 'utf8'));
  doc.settings = { ...doc.settings, leads: { ...doc.settings?.leads, forms: FORMS, limits: { perClientPerMinute: 10 } } };
  writeFileSync(join(tenantsDir, f), JSON.stringify(doc));
}
const tenants = loadTenants(tenantsDir).flatMap((t) => (t.ok ? [t.doc] : []));
const single = tenants.find((t) => t.dealerships.length === 1)!;
const group = tenants.find((t) => t.dealerships.length > 1)!;
const now = Date.parse('2026-11-20T00:00:00Z');
let ipCounter = 0;
let keyCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const nextKey = () => `test-key-${++keyCounter}-${Date.now()}`;

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
  json: any;
  headers: Record<string, unknown>;
}

function post(host: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/leads',
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'x-forwarded-for': nextIp(),
          'user-agent': 'TestBrowser/1.0',
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : null, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const valid = {
  name: 'Jo <b>Citizen</b>',
  email: 'jo@example.com',
  phone: '0412 345 678',
  message: 'Is it still available? & "today"',
  category: 'General Enquiry',
};
const host = (t: { slug: string }) => `${t.slug}.localhost`;

beforeAll(async () => {
  cars = buildDemoInventory(tenants, { total: 1500, now });
  catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  const registry = new TenantRegistry(tenantsDir, join(tenantsDir, 'templates'), undefined, () => {});
  registry.loadAll();
  pipeline = createLeadPipeline({ store: SqlLeadStore.openSqlite(':memory:'), tenantBySlug: () => undefined, catalogue: () => catalogue, log: () => {} });
  const app = createApp({
    registry,
    clientDir: repoRoot,
    assets: stubAssets,
    services: { catalogue, leads: pipeline.service },
    log: () => {},
  });
  server = await listenOnLoopback(app);
});

afterAll(async () => {
  await closeServer(server);
  await pipeline.close();
  rmSync(tenantsDir, { recursive: true, force: true });
});

const carOf = (t: { dealerships: { id: number }[] }) =>
  cars.find((c) => c.show_on_dealer_website !== false && t.dealerships.some((d) => d.id === c.dealership_id))!;

describe('POST /api/leads', () => {
  it('stores an enquiry about a car and answers 201 { lead_id } with the seed payload', async () => {
    const car = carOf(single);
    const r = await post(
      host(single),
      {
        form: 'enquiry',
        values: valid,
        context: { car_id: car.id, url: `http://${host(single)}/cars/x?utm_source=google`, visited_pages: ['/', '/cars/x'], page_id: '/cars/:slug' },
      },
      { 'idempotency-key': nextKey() },
    );
    expect(r.status).toBe(201);
    expect(r.json.lead_id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await pipeline.store.get(r.json.lead_id);
    expect(stored!.tenant).toBe(single.slug);
    expect(stored!.delivery!.status).toBe('pending');
    expect(stored!.payload).toMatchObject({
      lead_id: r.json.lead_id,
      category: 'General Enquiry',
      source: 'Website',
      user_agent: 'TestBrowser/1.0',
      car_id: car.id,
      car_dealership_id: car.dealership_id,
      stock_number: car.stocknum,
      'Vehicle Make': car.make,
      'Vehicle Model': car.model,
      car_type: car.car_type,
      vehicle_status: car.status,
      dealership_slug: single.dealerships[0].slug,
      opt_in: true,
      lead_status: 'Complete',
      form_completed: true,
      page_id: '/cars/:slug',
      lead_attributes: { visited_pages: ['/', '/cars/x'], linked_query_params: { utm_source: 'google' } },
      // staff-facing text is stored exactly as given (escaped where shown)
      name: 'Jo <b>Citizen</b>',
      message: 'Is it still available? & "today"',
    });
  });

  it('names each bad field with the seed messages (422)', async () => {
    const r = await post(host(single), { form: 'enquiry', values: { name: '', email: 'nope', phone: '123' } }, { 'idempotency-key': nextKey() });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      error: 'Please fix the following errors:',
      fields: {
        name: '* This field is required',
        email: 'Please enter a valid email address.',
        phone: 'Please enter a valid Australian phone number.',
        message: '* This field is required',
        category: '* This field is required',
      },
    });
  });

  it("requires a dealership on a multi-dealership site and refuses another site's dealership or car", async () => {
    const noDealer = await post(host(group), { form: 'enquiry', values: valid }, { 'idempotency-key': nextKey() });
    expect(noDealer.status).toBe(422);
    expect(noDealer.json.fields).toEqual({ dealership_slug: '* This field is required' });
    const foreignDealer = await post(
      host(group),
      { form: 'enquiry', values: { ...valid, dealership_slug: single.dealerships[0].slug } },
      { 'idempotency-key': nextKey() },
    );
    expect(foreignDealer.status).toBe(422);
    expect(foreignDealer.json.fields.dealership_slug).toBe('This dealership is not part of this website.');
    const foreignCar = await post(
      host(group),
      { form: 'enquiry', values: { ...valid, dealership_slug: group.dealerships[0].slug }, context: { car_id: carOf(single).id } },
      { 'idempotency-key': nextKey() },
    );
    expect(foreignCar.status).toBe(422);
    expect(foreignCar.json).toEqual({ error: 'This car is not listed on this website.', fields: { car_id: 'This car is not listed on this website.' } });
    const [, second] = atLeast(2, group.dealerships, "the group's dealerships");
    const ok = await post(host(group), { form: 'enquiry', values: { ...valid, dealership_slug: second.slug } }, { 'idempotency-key': nextKey() });
    expect(ok.status).toBe(201);
    expect((await pipeline.store.get(ok.json.lead_id))!.dealershipId).toBe(second.id);
  });

  it('a double-click or retry with the same key makes one lead and answers the same lead_id', async () => {
    const key = nextKey();
    const before = (await pipeline.store.counts()).leads;
    const replies = await Promise.all(Array.from({ length: 6 }, () => post(host(single), { form: 'enquiry', values: valid }, { 'idempotency-key': key })));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(replies.map((r) => r.json.lead_id)).size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true').length).toBe(5);
    expect((await pipeline.store.counts()).leads).toBe(before + 1);
    // the key also works in the body
    const k2 = nextKey();
    const a = await post(host(single), { form: 'enquiry', values: valid, idempotency_key: k2 });
    const b = await post(host(single), { form: 'enquiry', values: valid, idempotency_key: k2 });
    expect(a.json.lead_id).toBe(b.json.lead_id);
  });

  it('the same key with a different submission is a 409 idempotency_key_reused, and the first lead stays as it was', async () => {
    const key = nextKey();
    const first = await post(host(single), { form: 'enquiry', values: valid }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const before = (await pipeline.store.counts()).leads;
    const other = await post(host(single), { form: 'enquiry', values: { ...valid, message: 'A different question' } }, { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.json).toEqual({
      error: 'This Idempotency-Key was already used for a different submission. Use a new key for each new submission.',
      code: 'idempotency_key_reused',
    });
    expect((await pipeline.store.counts()).leads).toBe(before);
    expect((await pipeline.store.get(first.json.lead_id))!.payload).toMatchObject({ message: valid.message });
    // the same body with its keys in another order is the same submission
    const reordered = Object.fromEntries(Object.entries(valid).reverse());
    expect((await post(host(single), { values: reordered, form: 'enquiry' }, { 'idempotency-key': key })).json.lead_id).toBe(first.json.lead_id);
  });

  it('needs an idempotency key and a known form', async () => {
    const noKey = await post(host(single), { form: 'enquiry', values: valid });
    expect(noKey.status).toBe(400);
    expect(noKey.json.error).toBe('An Idempotency-Key of 8 to 100 letters, digits, - or _ is required (one per submission attempt).');
    const badForm = await post(host(single), { form: 'spam', values: valid }, { 'idempotency-key': nextKey() });
    expect(badForm.status).toBe(400);
    const notJson = await post(host(single), '{"form": "enquiry",', { 'idempotency-key': nextKey() });
    expect(notJson).toMatchObject({ status: 400, json: { error: 'The request body is not valid JSON.' } });
  });

  it('silently accepts a filled honeypot without storing it', async () => {
    const before = (await pipeline.store.counts()).leads;
    const r = await post(
      host(single),
      { form: 'enquiry', values: { ...valid, contact_me_by_fax_only: 'http://spam.example' } },
      { 'idempotency-key': nextKey() },
    );
    expect(r.status).toBe(201);
    expect(r.json.lead_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pipeline.store.get(r.json.lead_id)).toBeUndefined();
    expect((await pipeline.store.counts()).leads).toBe(before);
  });

  it('refuses posts from another site (403), bodies over 32 kB (413) and floods (429)', async () => {
    const foreign = await post(host(single), { form: 'enquiry', values: valid }, { 'idempotency-key': nextKey(), origin: `http://${host(group)}` });
    expect(foreign).toMatchObject({ status: 403, json: { error: 'This form was not sent from this website.' } });
    const sameOrigin = await post(host(single), { form: 'enquiry', values: valid }, { 'idempotency-key': nextKey(), origin: `http://${host(single)}` });
    expect(sameOrigin.status).toBe(201);
    const big = await post(host(single), { form: 'enquiry', values: { ...valid, message: 'x'.repeat(40_000) } }, { 'idempotency-key': nextKey() });
    expect(big).toMatchObject({ status: 413, json: { error: 'This form is too large to send.' } });
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post(host(single), { form: 'enquiry', values: valid }, { 'idempotency-key': nextKey(), 'x-forwarded-for': ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const limited = await post(host(single), { form: 'enquiry', values: valid }, { 'idempotency-key': nextKey(), 'x-forwarded-for': ip });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('Too many submissions from this connection. Please wait a minute and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another site from the same address has its own allowance
    expect(
      (
        await post(
          host(group),
          { form: 'contact', values: { ...valid, dealership_slug: group.dealerships[0].slug } },
          { 'idempotency-key': nextKey(), 'x-forwarded-for': ip },
        )
      ).status,
    ).toBe(201);
  });

  it('careers leads are General Enquiry / Career Enquiry; test drives file under Test Drive with their date', async () => {
    const c = await post(host(single), { form: 'careers', values: valid }, { 'idempotency-key': nextKey() });
    expect((await pipeline.store.get(c.json.lead_id))!.payload).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    const t = await post(
      host(single),
      {
        form: 'test-drive',
        values: { name: 'Sam', email: 'sam@example.com', phone: '0400000000', preferred_date: '2026-12-01', preferred_time: '10:30' },
        context: { car_id: carOf(single).id },
      },
      { 'idempotency-key': nextKey() },
    );
    expect(t.status).toBe(201);
    expect((await pipeline.store.get(t.json.lead_id))!.payload).toMatchObject({
      category: 'Test Drive',
      preferred_date: '2026-12-01',
      preferred_time: '10:30',
      message: '',
    });
  });
});

describe('POST /api/leads while the lead store cannot write (the database restarting)', () => {
  it("answers 503 with Retry-After and the form's message; the same key then stores the lead once", async () => {
    const down = vi
      .spyOn(pipeline.store, 'insert')
      .mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const key = nextKey();
    const body = { form: 'enquiry', values: valid };
    let refused: Reply;
    try {
      refused = await post(host(single), body, { 'idempotency-key': key });
    } finally {
      down.mockRestore();
    }
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json).toEqual({ error: LEAD_MESSAGES.submitFailed });
    const stored = await post(host(single), body, { 'idempotency-key': key });
    expect(stored.status).toBe(201);
    expect((await pipeline.store.get(stored.json.lead_id))?.leadId).toBe(stored.json.lead_id);
  });
});
