// Reserving a car and taking its deposit. The order of writes is what keeps money and cars safe:
//   1. the hold is committed (one active reservation per car, by the database) before any payment exists;
//   2. the provider's intent is created with the reservation's id as idempotency key, then recorded (a retry after a
//      crash finds the same intent);
//   3. the deposit counts as paid only when the provider says so (retrieveIntent on the server, a signed webhook, or
//      the local provider's event), and only if amount and currency are this reservation's deposit;
//   4. a payment that arrives for a hold that has already ended is refunded, never kept;
//   5. the dealership's lead is filed through the lead pipeline with the reservation's id as idempotency key.
import { randomUUID } from 'node:crypto';
import type { Car } from '../../schemas/generated/car';
import { vehicleTitle } from '../domain/vehicle/vehicle-title';
import type { TenantDocument } from '../../schemas/generated/tenant';
import {
  CHECKOUT_MESSAGES,
  CURRENCY,
  depositCents,
  formatCents,
  holdEndsAt,
  holdTimes,
  paymentUnderWayDueBy,
  reservability,
  reservationNumber,
  timeZoneOfState,
  validateJourneyDetails,
  type ReserveSettings,
} from '../domain/checkout';
import { IDEMPOTENCY_KEY_PATTERN } from '../domain/leads';
import type { LeadService } from '../leads/service';
import type { CarCatalogue } from '../inventory/car-catalogue';
import type { PaymentEvent, PaymentIntent, PaymentProvider } from './payments/provider';
import { holdLimitMessage, holdLimitsOf, retryAfterSeconds } from './hold-limits';
import type { Reservation, ReservationKind, ReservationStore, ShopperDetails } from './store';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T | { error: string; reason?: string; fields?: Record<string, string>; retry_after?: number };
  /** Seconds, for a Retry-After header (429). */
  retryAfter?: number;
}

export interface ReservationServiceOptions {
  store: ReservationStore;
  provider: PaymentProvider;
  catalogue: () => CarCatalogue | undefined;
  leads?: () => LeadService | undefined;
  tenantBySlug: (slug: string) => TenantDocument | undefined;
  /** The clock every hold is measured by (tests and the test-only clock offset move it). */
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

export function reserveSettingsOf(tenant: TenantDocument): ReserveSettings & { onlinePurchaseEnabled?: boolean; checkoutPath?: string } {
  // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
  return ((tenant.settings ?? {}) as Record<string, any>).vehicle?.reserve ?? {};
}

/** What the shopper's browser and the confirmation page may see of a reservation (no payment ids, no other shopper). */
function publicReservation(r: Reservation, car: Car | undefined, tenant: TenantDocument) {
  const location = tenant.dealerships.flatMap((d) => d.locations).find((l) => l.id === car?.location_id);
  const timeZone = timeZoneOfState(location?.address?.state ?? car?.state);
  return {
    reservation_id: r.id,
    number: reservationNumber(r.id),
    status: r.status,
    kind: r.kind,
    deposit: formatCents(r.depositCents),
    amount_cents: r.depositCents,
    currency: r.currency,
    held_until: r.heldUntil,
    payment_due_by: r.paymentDueBy,
    time_zone: timeZone,
    first_name: r.shopper.name.split(/\s+/)[0],
    car: car ? { id: car.id, slug: car.slug, title: vehicleTitle(car) } : null,
    dealership: tenant.dealerships.find((d) => d.id === r.dealershipId)?.name ?? null,
    location: location ? { name: location.name, phone: (location as { phone?: string }).phone ?? null } : null,
  };
}

export class ReservationService {
  readonly now: () => number;
  private log: (message: string, error?: unknown) => void;

  constructor(private options: ReservationServiceOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  }

  get store() {
    return this.options.store;
  }

  get provider() {
    return this.options.provider;
  }

  /** Whether a paid reservation holds the car now (the checkout page says so before any form). */
  async paidHoldOn(carId: number): Promise<boolean> {
    return (await this.options.store.activeFor(carId, this.now()))?.status === 'paid';
  }

  /**
   * POST /api/checkout/reservations: take a hold on the car and open a payment for its deposit.
   * body: { car_id: slug, kind?: 'reserve' | 'purchase', values: { name, email, phone, postcode }, idempotency_key }
   */
  async reserve(
    tenant: TenantDocument,
    body: unknown,
    extra: {
      idempotencyKey?: string;
      journey?: Record<string, unknown> | null;
      /** Who asks (hold-limits.ts): the hashed client address and the signed-in shopper's account, when known. */
      clientKey?: string | null;
      accountId?: string | null;
    } = {},
  ): Promise<ApiAnswer> {
    if (!isObject(body) || !isObject(body.values))
      return { status: 400, body: { error: 'The request body must be JSON: {"car_id": "…", "values": {…}, "idempotency_key": "…"}.' } };
    const key = extra.idempotencyKey ?? (typeof body.idempotency_key === 'string' ? body.idempotency_key : '');
    if (!IDEMPOTENCY_KEY_PATTERN.test(key))
      return { status: 400, body: { error: 'An idempotency key of 8 to 100 letters, digits, - or _ is required (one per attempt).' } };
    const kind: ReservationKind = body.kind === 'purchase' ? 'purchase' : 'reserve';
    const settings = reserveSettingsOf(tenant);
    if (kind === 'purchase' && !settings.onlinePurchaseEnabled)
      return { status: 404, body: { error: 'This website does not offer online purchase.', reason: 'not-offered' } };
    const catalogue = this.options.catalogue();
    if (!catalogue) return { status: 503, body: { error: CHECKOUT_MESSAGES.paymentFailed } };
    const car = typeof body.car_id === 'string' ? catalogue.bySlugFor(tenant, body.car_id) : undefined;
    if (!car) return { status: 404, body: { error: CHECKOUT_MESSAGES.unknownCar, reason: 'unknown-car' } };
    const errors = validateJourneyDetails(body.values);
    if (errors) return { status: 422, body: { error: 'Please fix the following errors:', fields: errors } };
    const shopper: ShopperDetails = {
      name: text(body.values.name, 100),
      email: text(body.values.email),
      phone: text(body.values.phone, 30),
      postcode: text(body.values.postcode, 4),
    };

    const now = this.now();
    // The feed's own reserved flag and sold status; the database answers for holds below.
    const allowed = reservability({ ...car, reserved: car.reserved && !(await this.ownPaid(car.id, tenant.slug, key)) }, settings, false);
    if (!allowed.ok) return { status: allowed.reason === 'not-offered' ? 404 : 409, body: { error: allowed.message, reason: allowed.reason } };

    const cents = depositCents(settings);
    const limits = holdLimitsOf(settings);
    const result = await this.options.store.reserve(
      {
        id: randomUUID(),
        tenant: tenant.slug,
        carId: car.id,
        dealershipId: car.dealership_id ?? null,
        idempotencyKey: key,
        kind,
        depositCents: cents,
        currency: CURRENCY,
        shopper,
        journey: extra.journey ?? null,
        createdAt: now,
        ...holdTimes(now, settings),
        clientKey: extra.clientKey ?? null,
        accountId: extra.accountId ?? null,
      },
      now,
      limits,
    );
    if (result.outcome === 'limited') {
      const retryAfter = retryAfterSeconds(result.hit, now);
      return {
        status: 429,
        retryAfter,
        body: { error: holdLimitMessage(result.hit, limits, now), reason: `too-many-holds-${result.hit.limit}`, retry_after: retryAfter },
      };
    }
    if (result.outcome === 'taken') return { status: 409, body: { error: CHECKOUT_MESSAGES.reserved, reason: 'reserved' } };
    const reservation = result.reservation;
    if (reservation.carId !== car.id) return { status: 409, body: { error: 'This idempotency key was used for another car.', reason: 'key-reused' } };
    if (reservation.status === 'declined') return { status: 402, body: { error: CHECKOUT_MESSAGES.declined, reason: 'declined' } };
    if (reservation.status === 'expired') return { status: 410, body: { error: CHECKOUT_MESSAGES.expired, reason: 'expired' } };
    if (reservation.status === 'cancelled') return { status: 410, body: { error: 'This reservation was cancelled.', reason: 'cancelled' } };

    let intent: PaymentIntent;
    try {
      intent = await this.intentFor(reservation, car, tenant);
    } catch (error) {
      this.log(`payment intent not created for reservation ${reservation.id} (${tenant.slug})`, error);
      return { status: 503, body: { error: CHECKOUT_MESSAGES.paymentFailed, reason: 'provider-unavailable' } };
    }
    return {
      status: result.outcome === 'created' ? 201 : 200,
      body: {
        ...publicReservation(reservation, car, tenant),
        payment: { ...this.options.provider.browserConfig(), intent_id: intent.id, client_secret: intent.clientSecret, status: intent.status },
      },
    };
  }

  /** A replay of the shopper's own paid attempt must not be refused because their own payment marked the car. */
  private async ownPaid(carId: number, tenant: string, key: string): Promise<boolean> {
    const active = await this.options.store.activeFor(carId, this.now());
    return Boolean(active && active.tenant === tenant && active.idempotencyKey === key);
  }

  private async intentFor(reservation: Reservation, car: Car, tenant: TenantDocument): Promise<PaymentIntent> {
    if (reservation.paymentIntentId) return this.options.provider.retrieveIntent(reservation.paymentIntentId);
    const intent = await this.options.provider.createIntent({
      amount: reservation.depositCents,
      currency: reservation.currency,
      reservationId: reservation.id,
      tenant: tenant.slug,
      description: `${reservationNumber(reservation.id)} deposit: ${vehicleTitle(car)} (${tenant.name})`,
      email: reservation.shopper.email,
      idempotencyKey: `reservation-${reservation.id}`,
    });
    const kept = await this.options.store.attachIntent(reservation.id, this.options.provider.name, intent.id);
    return kept === intent.id ? intent : this.options.provider.retrieveIntent(kept);
  }

  /** GET /api/checkout/reservations/:id — and the server-side confirmation: asks the provider, never the browser. */
  async confirm(tenant: TenantDocument, reservationId: string): Promise<ApiAnswer> {
    const reservation = await this.options.store.get(reservationId);
    if (!reservation || reservation.tenant !== tenant.slug)
      return { status: 404, body: { error: 'No such reservation on this website.', reason: 'unknown-reservation' } };
    let current = reservation;
    if (reservation.status === 'pending' && reservation.paymentIntentId) {
      try {
        const intent = await this.options.provider.retrieveIntent(reservation.paymentIntentId);
        current = (await this.applyIntent(intent)) ?? reservation;
      } catch (error) {
        this.log(`payment status unknown for reservation ${reservation.id}`, error);
        return { status: 503, body: { error: CHECKOUT_MESSAGES.paymentFailed, reason: 'provider-unavailable' } };
      }
    }
    const car = this.options.catalogue()?.byIdFor(tenant, current.carId);
    const answer = publicReservation(current, car, tenant);
    if (current.status === 'declined') return { status: 402, body: { ...answer, error: CHECKOUT_MESSAGES.declined, reason: 'declined' } };
    return { status: 200, body: answer };
  }

  /** A payment event from the provider (verified webhook or the local provider). */
  async handleEvent(event: PaymentEvent): Promise<void> {
    if (event.type === 'ignored') return;
    await this.applyIntent(event.intent);
  }

  /** Brings a reservation in line with its provider intent. Returns the reservation after the change. */
  async applyIntent(intent: PaymentIntent): Promise<Reservation | undefined> {
    const store = this.options.store;
    const reservation = (await store.byIntent(intent.id)) ?? (intent.reservationId ? await store.get(intent.reservationId) : undefined);
    if (!reservation) {
      this.log(`payment ${intent.id} names no reservation we know (${intent.reservationId ?? 'no metadata'})`);
      return undefined;
    }
    const now = this.now();
    if (intent.status === 'succeeded') {
      if (intent.amount !== reservation.depositCents || intent.currency.toLowerCase() !== reservation.currency) {
        // Never count a payment that is not this deposit; give it back.
        this.log(
          `payment ${intent.id} is ${intent.amount} ${intent.currency}, reservation ${reservation.id} wants ${reservation.depositCents} ${reservation.currency}: refunding`,
        );
        await this.refundQuietly(intent.id, reservation.id);
        return store.get(reservation.id);
      }
      if (reservation.status === 'pending') await store.markPaid(reservation.id, now);
      const after = (await store.get(reservation.id))!;
      if (after.status === 'paid') {
        await this.markCar(after.carId, true);
        await this.fileLead(after);
      } else if (after.status !== 'cancelled' || !after.refundId) {
        // Paid after the hold ended (or was declined/expired): the car may be someone else's now. Refund.
        this.log(`payment ${intent.id} arrived for ${after.status} reservation ${after.id}: refunding`);
        const refundId = await this.refundQuietly(intent.id, after.id);
        if (refundId) await store.cancel(after.id, now, refundId);
      }
      return store.get(reservation.id);
    }
    if ((intent.status === 'requires_action' || intent.status === 'processing') && reservation.status === 'pending') {
      // The provider has the card (a bank's approval step, a slow payment method): the short unpaid hold would
      // release the car under a paying shopper, so the payment window applies from now on.
      const tenant = this.options.tenantBySlug(reservation.tenant);
      await store.extendPaymentDue(reservation.id, paymentUnderWayDueBy(reservation.createdAt, tenant ? reserveSettingsOf(tenant) : {}));
    }
    if (intent.status === 'requires_payment_method' && intent.lastError && reservation.status === 'pending') {
      // Declined: no hold is kept; a new attempt starts a new reservation.
      await store.markDeclined(reservation.id, now);
      await this.options.provider.cancelIntent(intent.id).catch((e) => this.log(`could not cancel intent ${intent.id}`, e));
    }
    return store.get(reservation.id);
  }

  private async refundQuietly(intentId: string, reservationId: string): Promise<string | null> {
    try {
      return (await this.options.provider.refund(intentId, `refund-${reservationId}`)).refundId;
    } catch (error) {
      this.log(`REFUND FAILED for payment ${intentId} (reservation ${reservationId}): refund it by hand`, error);
      return null;
    }
  }

  private async markCar(carId: number, held: boolean) {
    await this.options.catalogue()?.setReserved(carId, held);
  }

  /** The dealership hears of a paid reservation once, through the lead pipeline (idempotent by reservation). */
  async fileLead(r: Reservation): Promise<void> {
    if (r.leadId) return;
    const leads = this.options.leads?.();
    const tenant = this.options.tenantBySlug(r.tenant);
    if (!leads || !tenant) return;
    const ref = reservationNumber(r.id);
    const lines = [
      `${r.kind === 'purchase' ? 'Online purchase' : 'Reservation'} ${ref}: deposit ${formatCents(r.depositCents)} paid; held until ${new Date(r.heldUntil).toISOString()}.`,
    ];
    // biome-ignore lint/suspicious/noExplicitAny: the journey is stored JSON, read field by field
    const journey = r.journey as Record<string, any> | null;
    if (journey?.tradeIn) lines.push(`Trade-in: ${journey.tradeIn.hasTradeIn ? journey.tradeIn.description || 'yes' : 'none'}.`);
    if (journey?.finance) lines.push(`Finance: ${journey.finance.choice === 'pre-approval' ? 'wants finance pre-approval' : 'paying in full'}.`);
    if (journey?.delivery)
      lines.push(
        journey.delivery.method === 'delivery'
          ? `Delivery to ${journey.delivery.postcode} (${journey.delivery.region}, estimate ${formatCents(journey.delivery.price * 100)}).`
          : 'Pick-up at the dealership.',
      );
    try {
      const result = await leads.submit(
        tenant,
        {
          form: r.kind === 'purchase' ? 'online-purchase' : 'reserve-online',
          values: { name: r.shopper.name, email: r.shopper.email, phone: r.shopper.phone, postcode: r.shopper.postcode ?? '', message: lines.join('\n') },
          context: { car_id: r.carId, url: `/reservations/${r.id}` },
        },
        { idempotencyKey: `reservation-${r.id}`, fromCheckout: true },
      );
      const leadId = (result.body as { lead_id?: string }).lead_id;
      if (result.status === 201 && leadId) await this.options.store.setLead(r.id, leadId);
      else this.log(`lead for reservation ${r.id} refused: ${JSON.stringify(result.body)}`);
    } catch (error) {
      this.log(`lead for reservation ${r.id} not stored yet (the sweep retries)`, error);
    }
  }

  /** A site's reservations for its staff, newest first. */
  async listFor(tenantSlug: string) {
    const rows = (await this.options.store.all()).filter((r) => r.tenant === tenantSlug).reverse();
    return rows.map((r) => ({
      reservation_id: r.id,
      number: reservationNumber(r.id),
      status: r.status,
      kind: r.kind,
      car_id: r.carId,
      deposit: formatCents(r.depositCents),
      created_at: r.createdAt,
      held_until: r.heldUntil,
      paid_at: r.paidAt,
      ended_at: r.endedAt,
      refund_id: r.refundId,
      shopper: r.shopper,
    }));
  }

  /** Staff or the CLI: cancel a reservation and give the deposit back through the provider (staff: their site only). */
  async cancelAndRefund(reservationId: string, tenantSlug?: string): Promise<{ ok: boolean; message: string; refundId?: string | null }> {
    const r = await this.options.store.get(reservationId);
    if (!r || (tenantSlug !== undefined && r.tenant !== tenantSlug)) return { ok: false, message: `No reservation ${reservationId}.` };
    if (r.status === 'cancelled') return { ok: true, message: `${reservationNumber(r.id)} was already cancelled.`, refundId: r.refundId };
    if (r.status === 'declined') return { ok: false, message: `${reservationNumber(r.id)} was declined: nothing was paid.` };
    let refundId: string | null = null;
    if (r.paymentIntentId) {
      const intent = await this.options.provider.retrieveIntent(r.paymentIntentId);
      if (intent.status === 'succeeded') refundId = (await this.options.provider.refund(intent.id, `refund-${r.id}`)).refundId;
      else await this.options.provider.cancelIntent(intent.id);
    }
    await this.options.store.cancel(r.id, this.now(), refundId);
    await this.markCar(r.carId, false);
    return { ok: true, message: `${reservationNumber(r.id)} cancelled${refundId ? `; ${formatCents(r.depositCents)} refunded (${refundId})` : ''}.`, refundId };
  }

  /** Releases lapsed holds, brings search in line, and files leads a crash left behind. Run on start and on a timer. */
  async sweep(options: { reconcileAll?: boolean } = {}): Promise<{ released: number }> {
    const now = this.now();
    // A payment the provider took but we never heard of (a crash between the bank and our commit, a lost webhook):
    // ask the provider before a lapsing hold is released, so no charge is left without its reservation.
    for (const r of await this.options.store.pendingWithIntent(options.reconcileAll ? Number.MAX_SAFE_INTEGER : now)) {
      try {
        await this.applyIntent(await this.options.provider.retrieveIntent(r.paymentIntentId!));
      } catch (error) {
        this.log(`could not reconcile reservation ${r.id} with its payment`, error);
      }
    }
    const released = await this.options.store.expireDue(now);
    for (const r of released) {
      if (r.status === 'expired' && r.paidAt == null && r.paymentIntentId) {
        // An unpaid hold lapsed: make sure its payment cannot complete later.
        await this.options.provider.cancelIntent(r.paymentIntentId).catch((e) => this.log(`could not cancel intent ${r.paymentIntentId}`, e));
      }
    }
    const catalogue = this.options.catalogue();
    if (catalogue) {
      const held = new Set((await this.options.store.activePaid(now)).map((r) => r.carId));
      // Released here, or ended elsewhere (cancelled by staff from the CLI or another process).
      const ended = new Set([...released.map((r) => r.carId), ...catalogue.checkoutHeld()]);
      for (const carId of ended) if (!held.has(carId)) await catalogue.setReserved(carId, false);
      for (const carId of held) await catalogue.setReserved(carId, true);
    }
    for (const r of await this.options.store.paidWithoutLead()) await this.fileLead(r);
    return { released: released.length };
  }

  /** When the next active hold ends (for scheduling the sweep). */
  static endsAt(r: Reservation) {
    return holdEndsAt(r);
  }
}
