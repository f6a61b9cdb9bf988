// The reservation service against a scripted payment provider: what it does when the provider's answer is not the
// deposit, arrives late, or reports a failure; and that the browser's word never marks anything paid.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../search';
import { CarCatalogue } from '../inventory/car-catalogue';
import { shippedTenants } from '../../test-support/server';
import type { CreateIntent, PaymentIntent, PaymentProvider } from './payments/provider';
import { ReservationService } from './service';
import { SqlReservationStore } from './sql-store';

class ScriptedProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  intents = new Map<string, PaymentIntent>();
  refunds: string[] = [];
  cancelled: string[] = [];
  creates = 0;
  async createIntent(input: CreateIntent) {
    this.creates += 1;
    const id = `pi_${input.idempotencyKey}`;
    const intent = this.intents.get(id) ?? {
      id,
      status: 'requires_payment_method' as const,
      amount: input.amount,
      currency: input.currency,
      reservationId: input.reservationId,
      clientSecret: `${id}_secret`,
      lastError: null,
    };
    this.intents.set(id, intent);
    return intent;
  }
  async retrieveIntent(id: string) {
    return this.intents.get(id)!;
  }
  async cancelIntent(id: string) {
    this.cancelled.push(id);
  }
  async refund(intentId: string) {
    this.refunds.push(intentId);
    return { refundId: `re_${intentId}` };
  }
  parseWebhook(): never {
    throw new Error('not used');
  }
  browserConfig() {
    return { provider: 'stripe' as const, publishableKey: 'pk_test' };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'reservation-service-'));
const tenants = shippedTenants();
const bigSky = tenants.find((t) => t.slug === 'big-sky-cars')!;
let catalogue: CarCatalogue;
let store: SqlReservationStore;
let provider: ScriptedProvider;
let service: ReservationService;
let now = Date.parse('2026-11-23T00:00:00Z');
let n = 0;
const values = { name: 'Jo Citizen', email: 'jo@example.com', phone: '0412345678', postcode: '4000' };

beforeAll(async () => {
  const cars = buildDemoInventory(tenants, { total: 400 });
  catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  store = SqlReservationStore.openSqlite(join(dir, 'r.sqlite'));
  provider = new ScriptedProvider();
  service = new ReservationService({
    store,
    provider,
    catalogue: () => catalogue,
    tenantBySlug: (s) => tenants.find((t) => t.slug === s),
    now: () => now,
    log: () => {},
  });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const freeCar = (i: number) => {
  const free = buildDemoInventory(tenants, { total: 400 }).filter(
    (c) => bigSky.dealerships.some((d) => d.id === c.dealership_id) && c.status === 'in_stock' && !c.reserved && c.show_on_dealer_website !== false,
  );
  const car = free[i];
  if (!car) throw new Error(`Big Sky has ${free.length} free cars; the test reads car ${i}`);
  return car;
};

async function hold(i: number) {
  const car = freeCar(i);
  const answer = await service.reserve(bigSky, { car_id: car.slug, values, idempotency_key: `service-test-${++n}` });
  expect(answer.status).toBe(201);
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
  const body = answer.body as any;
  return { car, id: body.reservation_id as string, intentId: body.payment.intent_id as string };
}

describe('ReservationService', () => {
  it('the browser saying "paid" changes nothing: only the provider\'s succeeded intent does', async () => {
    const { id, intentId } = await hold(0);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect(((await service.confirm(bigSky, id)).body as any).status).toBe('pending');
    provider.intents.set(intentId, { ...provider.intents.get(intentId)!, status: 'succeeded' });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect(((await service.confirm(bigSky, id)).body as any).status).toBe('paid');
    expect(provider.creates).toBe(1);
  });

  it('a payment of another amount or currency is never counted: it is refunded', async () => {
    const a = await hold(1);
    provider.intents.set(a.intentId, { ...provider.intents.get(a.intentId)!, status: 'succeeded', amount: 100 });
    await service.handleEvent({ type: 'succeeded', intent: provider.intents.get(a.intentId)! });
    expect((await store.get(a.id))!.status).toBe('pending');
    expect(provider.refunds).toContain(a.intentId);
    const b = await hold(2);
    provider.intents.set(b.intentId, { ...provider.intents.get(b.intentId)!, status: 'succeeded', currency: 'usd' });
    await service.handleEvent({ type: 'succeeded', intent: provider.intents.get(b.intentId)! });
    expect((await store.get(b.id))!.status).toBe('pending');
    expect(provider.refunds).toContain(b.intentId);
  });

  it('a failed payment releases the hold and cancels the intent', async () => {
    const { id, intentId, car } = await hold(3);
    const failed = { ...provider.intents.get(intentId)!, lastError: 'Your card was declined.' };
    provider.intents.set(intentId, failed);
    await service.handleEvent({ type: 'failed', intent: failed });
    expect((await store.get(id))!.status).toBe('declined');
    expect(provider.cancelled).toContain(intentId);
    expect(await store.activeFor(car.id, now)).toBeUndefined();
  });

  it('a payment confirmed after the hold lapsed is refunded; one confirmed before the sweep is kept', async () => {
    const late = await hold(4);
    const onTime = await hold(5);
    now += 31 * 60_000;
    provider.intents.set(onTime.intentId, { ...provider.intents.get(onTime.intentId)!, status: 'succeeded' });
    await service.sweep(); // reconciles onTime (paid at the bank) before releasing lapsed holds
    expect((await store.get(onTime.id))!.status).toBe('paid');
    expect((await store.get(late.id))!.status).toBe('expired');
    provider.intents.set(late.intentId, { ...provider.intents.get(late.intentId)!, status: 'succeeded' });
    await service.handleEvent({ type: 'succeeded', intent: provider.intents.get(late.intentId)! });
    expect(provider.refunds).toContain(late.intentId);
    expect((await store.get(late.id))!).toMatchObject({ status: 'cancelled', refundId: `re_${late.intentId}` });
    expect(catalogue.byIdFor(bigSky, onTime.car.id)!.reserved).toBe(true);
  });

  it('cancel and refund: the car comes back on the next sweep even when cancelled from another process', async () => {
    const { id, intentId, car } = await hold(6);
    provider.intents.set(intentId, { ...provider.intents.get(intentId)!, status: 'succeeded' });
    await service.confirm(bigSky, id);
    expect(catalogue.byIdFor(bigSky, car.id)!.reserved).toBe(true);
    await store.cancel(id, now, 're_elsewhere'); // as the CLI would, without this process's catalogue
    await service.sweep();
    expect(catalogue.byIdFor(bigSky, car.id)!.reserved).toBe(false);
  });
});

describe('hold limits and the short unpaid hold', () => {
  const attempt = (i: number, who: { clientKey?: string; accountId?: string }, tenant = bigSky, key = `service-limits-${++n}`) =>
    service.reserve(tenant, { car_id: freeCar(i).slug, values, idempotency_key: key }, who);

  it('one client address keeps at most 3 unpaid holds: the 4th is 429 until the first lapses, 5 minutes after it began', async () => {
    const start = now;
    const first = await attempt(10, { clientKey: 'client-a' }, bigSky, 'service-limits-first');
    expect(first.status).toBe(201);
    now += 60_000;
    for (const i of [11, 12]) expect((await attempt(i, { clientKey: 'client-a' })).status).toBe(201);
    const refused = await attempt(13, { clientKey: 'client-a' });
    expect(refused).toEqual({
      status: 429,
      retryAfter: 240,
      body: {
        error: 'There are already 3 unpaid holds on cars from this connection. Please pay the deposit for one, or try again in about 4 minutes.',
        reason: 'too-many-holds-address',
        retry_after: 240,
      },
    });
    // Nothing was stored for the refused attempt; a replay of an earlier attempt is still answered; others may hold.
    expect((await store.all()).filter((r) => r.carId === freeCar(13).id)).toEqual([]);
    const replay = await attempt(10, { clientKey: 'client-a' }, bigSky, 'service-limits-first');
    expect(replay.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect((replay.body as any).reservation_id).toBe((first.body as any).reservation_id);
    expect((await attempt(13, { clientKey: 'client-b' })).status).toBe(201);
    // Five minutes after the first hold it lapses unpaid, and the client may hold another car.
    now = start + 5 * 60_000;
    expect((await attempt(14, { clientKey: 'client-a' })).status).toBe(201);
  });

  it('one shopper account keeps at most 3 unpaid holds, whatever address it uses', async () => {
    for (const [i, client] of [
      [20, 'c1'],
      [21, 'c2'],
      [22, 'c3'],
    ] as const)
      expect((await attempt(i, { clientKey: client, accountId: 'account-1' })).status).toBe(201);
    const refused = await attempt(23, { clientKey: 'c4', accountId: 'account-1' });
    expect(refused.status).toBe(429);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect((refused.body as any).reason).toBe('too-many-holds-account');
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect((refused.body as any).error).toMatch(/^Your account already has 3 unpaid holds on cars\./);
    expect((await attempt(23, { clientKey: 'c4', accountId: 'account-2' })).status).toBe(201);
  });

  it("a site takes at most its limit of unpaid holds in its window, from every address together (the site's settings)", async () => {
    now += 24 * 3_600_000; // every earlier hold of this file is out of the window
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const strict = structuredClone(bigSky) as any;
    strict.settings.vehicle.reserve.limits = { holdsPerAddress: 3, holdsPerAccount: 3, holdsPerSite: 2, siteWindowMinutes: 10 };
    expect((await attempt(30, { clientKey: 's1' }, strict)).status).toBe(201);
    now += 60_000;
    expect((await attempt(31, { clientKey: 's2' }, strict)).status).toBe(201);
    const refused = await attempt(32, { clientKey: 's3' }, strict);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(9 * 60);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect((refused.body as any).error).toBe(
      'This website is taking more reservations than usual right now. Please try again in about 9 minutes, or call the dealership.',
    );
    // A paid hold does not count against the site.
    const paid = (await store.all()).find((r) => r.carId === freeCar(30).id)!;
    provider.intents.set(paid.paymentIntentId!, { ...provider.intents.get(paid.paymentIntentId!)!, status: 'succeeded' });
    await service.confirm(strict, paid.id);
    expect((await attempt(32, { clientKey: 's3' }, strict)).status).toBe(201);
  });

  it('an unpaid hold whose card never reached the provider lapses after 5 minutes; one waiting for the bank keeps 30', async () => {
    now += 24 * 3_600_000;
    await service.sweep(); // the earlier tests' holds
    const idle = await hold(40);
    const waiting = await hold(41);
    const viaSweep = await hold(42);
    provider.intents.set(waiting.intentId, { ...provider.intents.get(waiting.intentId)!, status: 'requires_action' });
    await service.handleEvent({ type: 'started', intent: provider.intents.get(waiting.intentId)! });
    expect((await store.get(waiting.id))!.paymentDueBy - (await store.get(waiting.id))!.createdAt).toBe(30 * 60_000);
    // The sweep asks the provider before releasing: a hold whose bank step began without an event is kept too.
    provider.intents.set(viaSweep.intentId, { ...provider.intents.get(viaSweep.intentId)!, status: 'processing' });
    now += 5 * 60_000;
    expect(await service.sweep()).toEqual({ released: 1 });
    expect((await store.get(idle.id))!.status).toBe('expired');
    expect(provider.cancelled).toContain(idle.intentId);
    expect(await store.activeFor(idle.car.id, now)).toBeUndefined();
    expect((await store.get(waiting.id))!.status).toBe('pending');
    expect((await store.get(viaSweep.id))!.status).toBe('pending');
    now += 25 * 60_000;
    await service.sweep();
    expect((await store.get(waiting.id))!.status).toBe('expired');
    expect((await store.get(viaSweep.id))!.status).toBe('expired');
  });
});
