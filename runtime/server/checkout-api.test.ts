// The checkout APIs over HTTP with Host headers on the demo sites: holds, deposits with the local test provider's
// cards, idempotency, other sites' cars, expiry on the reservation clock, Stripe webhook signatures, and the lead.
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { createLeadPipeline, SqlLeadStore, type LeadPipeline } from '../leads';
import { createReservationSystem, SqlReservationStore, StripePaymentProvider, type ReservationSystem } from '../reservations';
import { EmbeddedSearchEngine } from '../search';
import { repoRoot } from '../../test-support/tenants';
import { createApp } from './app';
import { CarCatalogue } from '../inventory/car-catalogue';
import { TenantRegistry } from './tenant-registry';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { send as sendPlain, type TestJsonResponse } from '../../test-support/http-client';

/** test-support/http-client's send, with extra request headers (a cookie). */
function send(srv: Server, hostName: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestJsonResponse> {
  if (!Object.keys(headers).length) return sendPlain(srv, hostName, method, path, body);
  const { port } = srv.address() as AddressInfo;
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          host: hostName,
          ...headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, json: raw.length ? JSON.parse(raw.toString()) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
import { shippedTenants, listenOnLoopback, stubAssets, closeServer } from '../../test-support/server';
import type { Transporter } from 'nodemailer';
import { createAccounts, openAccountStore, type Accounts } from '../accounts';
import { AccountStore } from '../editor/accounts';
import { accountsFile, createEditor } from '../editor/index';
import { setShopperPasswordCostForTests } from '../accounts/password';
import { cookieOf } from '../../test-support/cookies';
import { atLeast } from '../../test-support/at-least';

const HOUR = 3_600_000;
const dir = mkdtempSync(join(tmpdir(), 'checkout-api-'));
const tenants = shippedTenants();
const bigSky = tenants.find((t) => t.slug === 'big-sky-cars')!;
const harbourside = tenants.find((t) => t.slug === 'harbourside-mazda')!;
const host = (slug: string) => `${slug}.localhost`;
let server: Server;
let catalogue: CarCatalogue;
let cars: Car[];
let leads: LeadPipeline;
let system: ReservationSystem;
let shopperAccounts: Accounts;
interface ShopperMail {
  to: string;
  text: string;
}
const shopperMails: ShopperMail[] = [];
/** A signed-in shopper of harbourside-mazda, whose checkout is gated behind sign-in (settings.accounts.gatedRoutes). */
let harbourSession = '';
let keyCounter = 0;
const key = () => `checkout-test-${++keyCounter}-${Date.now()}`;
const shopper = { name: 'Jo Citizen', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' };
const card = (number: string) => ({ number, expiry: '12/34', cvc: '123' });

function freeCars(tenantSlug: string) {
  const tenant = tenants.find((t) => t.slug === tenantSlug)!;
  const free = cars.filter(
    (c) => tenant.dealerships.some((d) => d.id === c.dealership_id) && c.status === 'in_stock' && !c.reserved && c.show_on_dealer_website !== false,
  );
  return atLeast(20, free, `the free cars of ${tenantSlug}`);
}

beforeAll(async () => {
  // A cheap scrypt: what these cases check is the same at any cost (the full cost is tested in passwords/).
  setShopperPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });
  cars = buildDemoInventory(tenants, { total: 600 });
  catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  const registry = new TenantRegistry(join(repoRoot, 'tenants'), join(repoRoot, 'tenants/templates'), undefined, () => {});
  registry.loadAll();
  const tenantBySlug = (slug: string) => tenants.find((t) => t.slug === slug);
  leads = createLeadPipeline({ store: SqlLeadStore.openSqlite(join(dir, 'leads.sqlite')), tenantBySlug, catalogue: () => catalogue, log: () => {} });
  system = createReservationSystem({
    store: SqlReservationStore.openSqlite(join(dir, 'reservations.sqlite')),
    catalogue: () => catalogue,
    leads: () => leads.service,
    tenantBySlug,
    env: { TEST_CLOCK: '1' },
    log: () => {},
  });
  shopperAccounts = createAccounts({
    store: await openAccountStore({ sqliteFile: join(dir, 'accounts.sqlite') }),
    carById: (tenant, id) => catalogue.byIdFor(tenant, id),
    // Sent only when a test asks (mail.runOnce), to a list the sign-up helper reads its confirmation link from.
    mail: { transport: { options: {}, sendMail: async (m: ShopperMail) => void shopperMails.push(m) } as unknown as Transporter, log: () => {} },
  });
  const editorData = join(dir, 'editor');
  const accounts = new AccountStore(accountsFile(editorData));
  await accounts.create({ email: 'bigsky@example.com', name: 'Bea Sky', password: 'a long test password', tenants: ['big-sky-cars'] });
  const editor = createEditor({
    tenantsDir: join(repoRoot, 'tenants'),
    templatesDir: join(repoRoot, 'tenants/templates'),
    dataDir: editorData,
    clientDir: dir,
    registry,
    services: { catalogue, reservations: system.service },
  });
  const app = createApp({
    editor,
    registry,
    clientDir: repoRoot,
    assets: stubAssets,
    services: { catalogue, leads: leads.service, reservations: system.service, accounts: shopperAccounts.service },
    reservations: system,
    log: () => {},
  });
  server = await listenOnLoopback(app);
  harbourSession = await signUp('harbourside-mazda');
}, 60_000);

/** Signs a new shopper up on a site (CSRF cookie and header, as the browser does) and follows the mailed
 *  confirmation link; their session cookie. */
async function signUp(slug: string): Promise<string> {
  const first = await send(server, host(slug), 'GET', '/api/account');
  const csrf = cookieOf(first.headers['set-cookie']);
  const asBrowser = { cookie: csrf, origin: `http://${host(slug)}`, 'x-csrf-token': csrf.replace(/^[^=]*=/, '') };
  const email = `jo-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signedUp = await send(
    server,
    host(slug),
    'POST',
    '/api/account/sign-up',
    { name: 'Jo Citizen', email, password: 'a long enough password', phone: '0412 345 678' },
    asBrowser,
  );
  expect(signedUp.status).toBe(201);
  await shopperAccounts.mail.runOnce();
  const token = /confirm-account\?token=([\w-]+)/.exec(shopperMails.find((m) => m.to === email)?.text ?? '')?.[1];
  const confirmed = await send(server, host(slug), 'POST', '/api/account/confirm-account', { token }, asBrowser);
  expect(confirmed.status).toBe(200);
  return cookieOf((confirmed.headers['set-cookie'] as string[]).find((c) => c.startsWith('shopper_session=')));
}
afterAll(async () => {
  setShopperPasswordCostForTests();
  await closeServer(server);
  await system.close();
  await leads.close();
  await shopperAccounts.close();
  rmSync(dir, { recursive: true, force: true });
});

// Each call from its own address: the per-client rate limit is tested in its own place, not here.
let ipCounter = 0;
const ip = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
/** A reservation from a new address; on harbourside-mazda (checkout behind sign-in) by its signed-in shopper. */
const reserve = (slug: string, carSlug: string, k = key(), extra: Record<string, unknown> = {}) =>
  send(
    server,
    host(slug),
    'POST',
    '/api/checkout/reservations',
    { car_id: carSlug, values: shopper, idempotency_key: k, ...extra },
    { ...ip(), ...(slug === 'harbourside-mazda' ? { cookie: harbourSession } : {}) },
  );
const pay = (slug: string, intent: { intent_id: string; client_secret: string }, number: string) =>
  send(
    server,
    host(slug),
    'POST',
    `/api/payments/local/intents/${intent.intent_id}/confirm`,
    { client_secret: intent.client_secret, card: card(number) },
    ip(),
  );

describe('reserve a car with the local test provider', () => {
  it('success card: paid only when the provider confirms; the car shows Reserved; the dealership gets a Reserve Online lead', async () => {
    const car = freeCars('big-sky-cars')[0];
    const held = await reserve('big-sky-cars', car.slug);
    expect(held.status).toBe(201);
    expect(held.json).toMatchObject({
      status: 'pending',
      deposit: '$200',
      amount_cents: 20_000,
      currency: 'aud',
      payment: { provider: 'local', status: 'requires_payment_method' },
    });
    expect(JSON.stringify(held.json)).not.toMatch(/sk_|whsec_/);
    // Before the card: still pending, the car not yet marked.
    expect((await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${held.json.reservation_id}`)).json.status).toBe('pending');
    expect(catalogue.byIdFor(bigSky, car.id)!.reserved).toBe(false);
    const paid = await pay('big-sky-cars', held.json.payment, '4242 4242 4242 4242');
    expect(paid.json.status).toBe('succeeded');
    const after = await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${held.json.reservation_id}`);
    expect(after.json).toMatchObject({ status: 'paid', number: held.json.number });
    // Paid within the unpaid hold's 5 minutes: its payment deadline stayed 5 minutes after the hold began.
    expect(after.json.held_until - after.json.payment_due_by).toBe(48 * HOUR - 5 * 60_000);
    expect(catalogue.byIdFor(bigSky, car.id)!.reserved).toBe(true);
    const hits = await catalogue.search(bigSky, { filter: `id = ${car.id}` });
    expect(hits.hits[0]?.reserved).toBe(true);
    const stored = await system.store.get(held.json.reservation_id);
    const lead = await leads.store.get(stored!.leadId!);
    expect(lead!.payload).toMatchObject({ category: 'Reserve Online', name: 'Jo Citizen', email: 'jo@example.com' });
    expect(lead!.payload.message).toContain(held.json.number);
    // A second shopper is told it is reserved.
    const second = await reserve('big-sky-cars', car.slug);
    expect(second.status).toBe(409);
    expect(second.json).toEqual({ error: 'This car has been reserved by another shopper.', reason: 'reserved' });
  });

  it('a declined card: a message, no hold kept, nothing charged', async () => {
    const car = freeCars('big-sky-cars')[1];
    const held = await reserve('big-sky-cars', car.slug);
    const declined = await pay('big-sky-cars', held.json.payment, '4000 0000 0000 0002');
    expect(declined.json).toMatchObject({ status: 'requires_payment_method', last_error: 'Your card was declined.' });
    const status = await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${held.json.reservation_id}`);
    expect(status.status).toBe(402);
    expect(status.json.error).toBe('Your card was declined. No deposit was taken and the car has not been held. Please try another card.');
    expect(await system.store.activeFor(car.id, system.clock.now())).toBeUndefined();
    expect((await system.store.ledger.charged()).some((i) => i.reservationId === held.json.reservation_id)).toBe(false);
    // The same shopper tries again with another card: a new attempt, a new hold.
    const retry = await reserve('big-sky-cars', car.slug);
    expect(retry.status).toBe(201);
    expect((await pay('big-sky-cars', retry.json.payment, '4242424242424242')).json.status).toBe('succeeded');
  });

  it("a card that needs the bank's second step is paid only after it is approved", async () => {
    const car = freeCars('big-sky-cars')[2];
    const held = await reserve('big-sky-cars', car.slug);
    expect((await pay('big-sky-cars', held.json.payment, '4000 0025 0000 3155')).json.status).toBe('requires_action');
    expect((await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${held.json.reservation_id}`)).json.status).toBe('pending');
    const wrongSecret = await send(server, host('big-sky-cars'), 'POST', `/api/payments/local/intents/${held.json.payment.intent_id}/authenticate`, {
      client_secret: 'nope',
      approve: true,
    });
    expect(wrongSecret.status).toBe(404);
    const ok = await send(server, host('big-sky-cars'), 'POST', `/api/payments/local/intents/${held.json.payment.intent_id}/authenticate`, {
      client_secret: held.json.payment.client_secret,
      approve: true,
    });
    expect(ok.json.status).toBe('succeeded');
    expect((await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${held.json.reservation_id}`)).json.status).toBe('paid');
  });

  it('a double click or a retry makes one reservation and one payment', async () => {
    const car = freeCars('big-sky-cars')[3];
    const k = key();
    const answers = atLeast(6, await Promise.all(Array.from({ length: 6 }, () => reserve('big-sky-cars', car.slug, k))), 'the answers');
    expect(new Set(answers.map((a) => a.json.reservation_id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.payment.intent_id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const [first] = answers;
    await Promise.all([pay('big-sky-cars', first.json.payment, '4242424242424242'), pay('big-sky-cars', first.json.payment, '4242424242424242')]);
    const all = (await system.store.all()).filter((r) => r.carId === car.id);
    expect(all).toHaveLength(1);
    expect((await system.store.ledger.charged()).filter((i) => i.reservationId === first.json.reservation_id)).toHaveLength(1);
    // After payment the same key still answers with the same reservation (not "reserved by another shopper").
    const replay = await reserve('big-sky-cars', car.slug, k);
    expect(replay.json).toMatchObject({ reservation_id: first.json.reservation_id, status: 'paid' });
  });

  it('bad input: 4xx with a reason', async () => {
    const [own] = freeCars('big-sky-cars');
    const other = freeCars('harbourside-mazda')[0];
    expect((await reserve('big-sky-cars', 'no-such-car')).json).toEqual({ error: 'This car is not listed on this website.', reason: 'unknown-car' });
    expect((await reserve('big-sky-cars', other.slug)).status).toBe(404);
    const sold = cars.find((c) => bigSky.dealerships.some((d) => d.id === c.dealership_id) && c.status === 'sold' && c.show_on_dealer_website !== false)!;
    expect((await reserve('big-sky-cars', sold.slug)).json).toEqual({ error: 'This car has been sold.', reason: 'sold' });
    const invalid = await send(server, host('big-sky-cars'), 'POST', '/api/checkout/reservations', {
      car_id: own.slug,
      values: { name: '', email: 'x', phone: '1', postcode: '12' },
      idempotency_key: key(),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.fields).toEqual({
      name: '* This field is required',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid Australian phone number.',
      postcode: 'Invalid postcode. Please enter a 4-digit number.',
    });
    expect((await send(server, host('big-sky-cars'), 'POST', '/api/checkout/reservations', '{oops')).status).toBe(400);
    expect((await send(server, host('big-sky-cars'), 'POST', '/api/checkout/reservations', { car_id: own.slug, values: shopper })).status).toBe(400);
    // Online purchase only where the site offers it.
    expect((await reserve('big-sky-cars', own.slug, key(), { kind: 'purchase' })).json.reason).toBe('not-offered');
    expect((await send(server, host('big-sky-cars'), 'GET', '/api/checkout/reservations/not-a-uuid')).status).toBe(404);
    // Another site's reservation is not visible here.
    const hcar = freeCars('harbourside-mazda')[0];
    const theirs = await reserve('harbourside-mazda', hcar.slug);
    expect(theirs.status).toBe(201);
    expect((await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${theirs.json.reservation_id}`)).status).toBe(404);
    // The browser cannot file a checkout lead through the public leads API.
    const fake = await send(server, host('big-sky-cars'), 'POST', '/api/leads', { form: 'reserve-online', values: shopper, idempotency_key: key() });
    expect(fake.status).toBe(400);
  });

  it('holds expire on the reservation clock: unpaid after the payment window, paid after 48 hours', async () => {
    const [, a, b] = freeCars('harbourside-mazda');
    const unpaid = await reserve('harbourside-mazda', a.slug);
    const paid = await reserve('harbourside-mazda', b.slug);
    await pay('harbourside-mazda', paid.json.payment, '4242424242424242');
    expect(catalogue.byIdFor(harbourside, b.id)!.reserved).toBe(true);
    expect((await reserve('harbourside-mazda', a.slug)).status).toBe(409);
    await send(server, 'localhost', 'POST', '/__test/clock', { offset_ms: 31 * 60_000 });
    expect((await send(server, host('harbourside-mazda'), 'GET', `/api/checkout/reservations/${unpaid.json.reservation_id}`)).json.status).toBe('expired');
    // Paying a lapsed hold later is refunded, never kept.
    const late = await pay('harbourside-mazda', unpaid.json.payment, '4242424242424242');
    expect(late.status).toBe(409);
    expect((await reserve('harbourside-mazda', b.slug)).status).toBe(409);
    await send(server, 'localhost', 'POST', '/__test/clock', { offset_ms: 49 * HOUR });
    expect(catalogue.byIdFor(harbourside, b.id)!.reserved).toBe(false);
    expect((await reserve('harbourside-mazda', b.slug)).status).toBe(201);
    await send(server, 'localhost', 'POST', '/__test/clock', { offset_ms: 0 });
  });

  it('refund: cancelling a paid reservation gives the deposit back and frees the car', async () => {
    const car = freeCars('big-sky-cars')[5];
    const held = await reserve('big-sky-cars', car.slug);
    await pay('big-sky-cars', held.json.payment, '4242424242424242');
    const result = await system.service.cancelAndRefund(held.json.reservation_id);
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining('$200 refunded') });
    expect((await system.store.ledger.charged()).some((i) => i.reservationId === held.json.reservation_id)).toBe(false);
    expect(catalogue.byIdFor(bigSky, car.id)!.reserved).toBe(false);
    expect((await reserve('big-sky-cars', car.slug)).status).toBe(201);
  });
});

describe('abuse limits', () => {
  it('one client gets 429 with a reason after 30 reservation attempts a minute; another site or page origin gets 403', async () => {
    const same = { 'x-forwarded-for': '10.200.0.1' };
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(
        await send(server, host('harbourside-mazda'), 'POST', '/api/checkout/reservations', { car_id: 'x', values: shopper, idempotency_key: key() }, same),
      );
    expect(answers.slice(0, 30).every((a) => a.status === 404)).toBe(true);
    const refused = atLeast(31, answers, 'the answers')[30];
    expect(refused.status).toBe(429);
    expect(refused.json.reason).toBe('rate-limited');
    const cross = await send(
      server,
      host('harbourside-mazda'),
      'POST',
      '/api/checkout/reservations',
      { car_id: 'x', values: shopper, idempotency_key: key() },
      { 'x-forwarded-for': '10.200.0.2', origin: 'http://big-sky-cars.localhost' },
    );
    expect(cross.json).toEqual({ error: 'This request was not sent from this website.', reason: 'wrong-site' });
  });
});

describe('checkout behind sign-in, and unpaid holds', () => {
  it('a site that gates its checkout refuses signed-out holds with 401 and a reason; signed in, the same hold is taken', async () => {
    const car = freeCars('harbourside-mazda')[11];
    for (const kind of ['reserve', 'purchase']) {
      const signedOut = await send(
        server,
        host('harbourside-mazda'),
        'POST',
        '/api/checkout/reservations',
        { car_id: car.slug, kind, values: shopper, idempotency_key: key() },
        ip(),
      );
      expect(signedOut.status).toBe(401);
      expect(signedOut.json).toMatchObject({
        error: 'Please sign in to reserve this car. Your details will be filled in for you.',
        reason: 'sign-in-required',
      });
      expect(signedOut.json.sign_in).toBe(
        kind === 'reserve'
          ? `/sign-in?type=page&redirect=${encodeURIComponent(`/cars/${car.slug}/buy-online`)}&back=${encodeURIComponent(`/cars/${car.slug}`)}`
          : `/sign-in?type=page&redirect=${encodeURIComponent(`/checkout-journey?car_id=${car.slug}`)}&back=${encodeURIComponent(`/cars/${car.slug}`)}`,
      );
    }
    // Another site's session is not this site's shopper.
    const bigSkySession = await signUp('big-sky-cars');
    const foreign = await send(
      server,
      host('harbourside-mazda'),
      'POST',
      '/api/checkout/reservations',
      { car_id: car.slug, values: shopper, idempotency_key: key() },
      { ...ip(), cookie: bigSkySession },
    );
    expect(foreign.status).toBe(401);
    expect(await system.store.activeFor(car.id, system.clock.now())).toBeUndefined();
    // An unknown car is the same 404 as before (nothing to sign in for); an open site takes signed-out holds.
    expect(
      (await send(server, host('harbourside-mazda'), 'POST', '/api/checkout/reservations', { car_id: 'no-such-car', values: shopper, idempotency_key: key() }))
        .status,
    ).toBe(404);
    expect((await reserve('harbourside-mazda', car.slug)).status).toBe(201);
    expect((await reserve('big-sky-cars', freeCars('big-sky-cars')[11].slug)).status).toBe(201);
  });

  it('one address keeps at most 3 unpaid holds: then 429 with Retry-After and a message; another address still reserves', async () => {
    const same = { 'x-forwarded-for': '10.201.0.1' };
    const free = freeCars('big-sky-cars');
    const cars = [free[12], free[13], free[14], free[15], free[16]] as const;
    const answers = [];
    for (const car of cars.slice(0, 4))
      answers.push(
        await send(server, host('big-sky-cars'), 'POST', '/api/checkout/reservations', { car_id: car.slug, values: shopper, idempotency_key: key() }, same),
      );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429]);
    const [held, , , refused] = atLeast(4, answers, 'the answers');
    expect(refused.json).toEqual({
      error: 'There are already 3 unpaid holds on cars from this connection. Please pay the deposit for one, or try again in about 5 minutes.',
      reason: 'too-many-holds-address',
      retry_after: 300,
    });
    expect(refused.headers['retry-after']).toBe('300');
    expect(await system.store.activeFor(cars[3].id, system.clock.now())).toBeUndefined();
    // Paying for one frees a place; another address is not affected at all.
    await pay('big-sky-cars', held.json.payment, '4242424242424242');
    expect(
      (await send(server, host('big-sky-cars'), 'POST', '/api/checkout/reservations', { car_id: cars[3].slug, values: shopper, idempotency_key: key() }, same))
        .status,
    ).toBe(201);
    expect((await reserve('big-sky-cars', cars[4].slug)).status).toBe(201);
  });

  it("a card that waits for the bank's approval keeps the car for the payment window, not the 5 minutes of an idle hold", async () => {
    const free = freeCars('big-sky-cars');
    const [idle, waiting] = [free[18], free[19]];
    const a = await reserve('big-sky-cars', idle.slug);
    const b = await reserve('big-sky-cars', waiting.slug);
    expect(b.json.payment_due_by - a.json.payment_due_by).toBeLessThan(1000);
    expect((await pay('big-sky-cars', b.json.payment, '4000 0025 0000 3155')).json.status).toBe('requires_action');
    try {
      await send(server, 'localhost', 'POST', '/__test/clock', { offset_ms: 6 * 60_000 });
      expect((await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${a.json.reservation_id}`)).json.status).toBe('expired');
      const kept = await send(server, host('big-sky-cars'), 'GET', `/api/checkout/reservations/${b.json.reservation_id}`);
      expect(kept.json.status).toBe('pending');
      expect(kept.json.payment_due_by - a.json.payment_due_by).toBeGreaterThan(24 * 60_000);
      expect((await reserve('big-sky-cars', waiting.slug)).status).toBe(409);
      expect((await reserve('big-sky-cars', idle.slug)).status).toBe(201);
    } finally {
      await send(server, 'localhost', 'POST', '/__test/clock', { offset_ms: 0 });
    }
  });
});

describe('the online purchase journey API', () => {
  it('keeps answers per shopper cookie, checks each step on the server, and needs every step before the deposit', async () => {
    const car = freeCars('harbourside-mazda')[7];
    const put = (body: unknown, cookie?: string) => send(server, host('harbourside-mazda'), 'PUT', '/api/checkout-journey', body, cookie ? { cookie } : {});
    const early = await reserve('harbourside-mazda', car.slug, key(), { kind: 'purchase' });
    expect(early.json.reason).toBe('journey-incomplete');
    const bad = await put({ car_id: car.slug, step: 'details', answer: { name: 'Jo' } });
    expect(bad.status).toBe(422);
    const first = await put({ car_id: car.slug, step: 'details', answer: shopper });
    expect(first.json.step).toBe('trade-in');
    const cookie = cookieOf(first.headers['set-cookie']);
    expect(cookie).toMatch(/^checkout_journey=/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    // Skipping ahead is refused; another shopper (no cookie) starts at the beginning.
    expect((await put({ car_id: car.slug, step: 'review', answer: {} }, cookie)).status).toBe(409);
    expect((await send(server, host('harbourside-mazda'), 'GET', `/api/checkout-journey?car_id=${car.slug}`)).json.step).toBe('details');
    expect((await send(server, host('harbourside-mazda'), 'GET', `/api/checkout-journey?car_id=${car.slug}`, undefined, { cookie })).json.step).toBe(
      'trade-in',
    );
    await put({ car_id: car.slug, step: 'trade-in', answer: { hasTradeIn: false } }, cookie);
    await put({ car_id: car.slug, step: 'finance', answer: { choice: 'pay-in-full' } }, cookie);
    const far = await put({ car_id: car.slug, step: 'delivery', answer: { method: 'delivery', postcode: '0000' } }, cookie);
    expect(far.json.error).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
    const delivered = await put({ car_id: car.slug, step: 'delivery', answer: { method: 'delivery', postcode: '2000' } }, cookie);
    expect(delivered.json.state.delivery).toMatchObject({ method: 'delivery', postcode: '2000', region: 'Sydney Metro' });
    expect((await put({ car_id: car.slug, step: 'review', answer: {} }, cookie)).json.step).toBe('deposit');
    // big-sky-cars offers no journey.
    expect((await send(server, host('big-sky-cars'), 'GET', `/api/checkout-journey?car_id=${freeCars('big-sky-cars')[8].slug}`)).status).toBe(404);
  });
});

describe('staff cancel and refund (editor API)', () => {
  it("a signed-in staff member lists their site's reservations and cancels one with a refund; other sites are not theirs", async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/editor/api`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bigsky@example.com', password: 'a long test password' }),
    });
    const { csrf } = await login.json();
    const cookie = cookieOf(login.headers.get('set-cookie'));
    const call = (method: string, path: string) => fetch(`${base}${path}`, { method, headers: { cookie, 'x-csrf-token': csrf } });
    const car = freeCars('big-sky-cars')[9];
    const held = await reserve('big-sky-cars', car.slug);
    await pay('big-sky-cars', held.json.payment, '4242424242424242');
    const list = await (await call('GET', '/tenants/big-sky-cars/reservations')).json();
    // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
    expect(list.reservations.find((r: any) => r.reservation_id === held.json.reservation_id)).toMatchObject({
      status: 'paid',
      deposit: '$200',
      shopper: { email: 'jo@example.com' },
    });
    expect((await call('GET', '/tenants/harbourside-mazda/reservations')).status).toBe(403);
    const theirs = await reserve('harbourside-mazda', freeCars('harbourside-mazda')[9].slug);
    expect((await call('POST', `/tenants/big-sky-cars/reservations/${theirs.json.reservation_id}/cancel`)).status).toBe(404);
    expect((await fetch(`${base}/tenants/big-sky-cars/reservations/${held.json.reservation_id}/cancel`, { method: 'POST', headers: { cookie } })).status).toBe(
      403,
    ); // no CSRF token
    const cancelled = await call('POST', `/tenants/big-sky-cars/reservations/${held.json.reservation_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).message).toMatch(/cancelled; \$200 refunded/);
    expect((await system.store.get(held.json.reservation_id))!.status).toBe('cancelled');
    expect(catalogue.byIdFor(bigSky, car.id)!.reserved).toBe(false);
  });
});

describe('Stripe webhooks', () => {
  const secret = 'whsec_test_secret';
  const stripe = new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: secret, publishableKey: 'pk_test_x' });
  const payload = (type: string) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type,
      data: {
        object: {
          id: 'pi_123',
          object: 'payment_intent',
          status: 'succeeded',
          amount: 20_000,
          currency: 'aud',
          metadata: { reservation_id: 'r1' },
          client_secret: 'pi_123_secret',
          last_payment_error: null,
        },
      },
    });

  it('a correctly signed event is read; a bad or missing signature is refused', () => {
    const body = payload('payment_intent.succeeded');
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    expect(stripe.parseWebhook(Buffer.from(body), header)).toMatchObject({
      type: 'succeeded',
      intent: { id: 'pi_123', amount: 20_000, currency: 'aud', reservationId: 'r1' },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_wrong' });
    expect(() => stripe.parseWebhook(Buffer.from(body), forged)).toThrow(/signature/i);
    expect(() => stripe.parseWebhook(Buffer.from(body.replace('20000', '1')), header)).toThrow(/signature/i);
    expect(() => stripe.parseWebhook(Buffer.from(body), undefined)).toThrow(/Missing/);
    expect(
      stripe.parseWebhook(Buffer.from(payload('charge.updated')), Stripe.webhooks.generateTestHeaderString({ payload: payload('charge.updated'), secret })),
    ).toEqual({ type: 'ignored', eventType: 'charge.updated' });
    // The bank's approval step has begun: the hold keeps its car for the payment window.
    for (const type of ['payment_intent.requires_action', 'payment_intent.processing']) {
      const started = payload(type);
      expect(stripe.parseWebhook(Buffer.from(started), Stripe.webhooks.generateTestHeaderString({ payload: started, secret }))).toMatchObject({
        type: 'started',
        intent: { id: 'pi_123', reservationId: 'r1' },
      });
    }
    expect(stripe.browserConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });

  it('the webhook endpoint answers 400 with a reason to a bad signature', async () => {
    const res = await send(server, 'localhost', 'POST', '/api/payments/webhook', { type: 'payment_intent.succeeded' });
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe('bad-signature');
  });
});
