// Where reservations live: one interface, two backends (SQLite file by default, PostgreSQL with DATABASE_URL).
// The database itself keeps the promise "at most one active reservation per car": a partial unique index over the
// active statuses, so no interleaving of requests or processes can hold one car twice. A reservation is committed
// before the shopper is told anything.
import type { ReservationStatus } from '../domain/checkout';
import type { HoldLimitHit, HoldLimits, HoldUsage } from './hold-limits';

export type ReservationKind = 'reserve' | 'purchase';

export interface ShopperDetails {
  name: string;
  email: string;
  phone: string;
  postcode?: string;
}

export interface NewReservation {
  id: string;
  tenant: string;
  carId: number;
  dealershipId: number | null;
  /** One per shopper attempt: a double click or a retry returns the first reservation. */
  idempotencyKey: string;
  kind: ReservationKind;
  depositCents: number;
  currency: string;
  shopper: ShopperDetails;
  /** The online purchase journey this came from, if any (its answers go into the lead). */
  journey?: Record<string, unknown> | null;
  createdAt: number;
  paymentDueBy: number;
  heldUntil: number;
  /** Who took the hold, for the limits of hold-limits.ts: a hash of the client address, the shopper's account id. */
  clientKey?: string | null;
  accountId?: string | null;
}

export interface Reservation extends NewReservation {
  status: ReservationStatus;
  provider: string | null;
  paymentIntentId: string | null;
  paidAt: number | null;
  endedAt: number | null;
  refundId: string | null;
  leadId: string | null;
}

export type ReserveOutcome =
  | { outcome: 'created'; reservation: Reservation }
  | { outcome: 'replayed'; reservation: Reservation }
  /** Another active reservation holds the car. */
  | { outcome: 'taken' }
  /** The client, account or site already has as many unpaid holds as its limits allow. */
  | { outcome: 'limited'; hit: HoldLimitHit };

export interface LedgerIntent {
  id: string;
  idempotencyKey: string;
  amount: number;
  currency: string;
  reservationId: string;
  clientSecret: string;
  /** requires_payment_method (new or declined), requires_action (3-D Secure), succeeded, canceled. */
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  lastError: string | null;
  last4: string | null;
  refundedAmount: number;
  createdAt: number;
}

/** The local test payment provider's own records (it is "the bank" in tests and the demo). */
export interface LocalPaymentLedger {
  create(intent: LedgerIntent): Promise<LedgerIntent>;
  get(id: string): Promise<LedgerIntent | undefined>;
  update(id: string, change: Partial<Pick<LedgerIntent, 'status' | 'lastError' | 'last4' | 'refundedAmount'>>): Promise<void>;
  /** Succeeded, not refunded in full: money the shopper has paid. */
  charged(): Promise<LedgerIntent[]>;
}

export interface ReservationStore {
  readonly kind: 'sqlite' | 'postgres';
  readonly ledger: LocalPaymentLedger;
  /**
   * Releases this car's lapsed holds, then inserts; `taken` when another active reservation holds the car. With
   * `limits`, a new hold (not a replay of its idempotency key) is first counted against them, in the same transaction.
   */
  reserve(reservation: NewReservation, now: number, limits?: HoldLimits): Promise<ReserveOutcome>;
  get(id: string): Promise<Reservation | undefined>;
  byIntent(paymentIntentId: string): Promise<Reservation | undefined>;
  /** The reservation holding the car now, if any. */
  activeFor(carId: number, now: number): Promise<Reservation | undefined>;
  /** Records the provider's intent once (a retry keeps the first). Returns the intent id kept. */
  attachIntent(id: string, provider: string, paymentIntentId: string): Promise<string>;
  /** A pending hold whose payment got under way: its deadline moves to `dueBy` (never earlier). `false` when unchanged. */
  extendPaymentDue(id: string, dueBy: number): Promise<boolean>;
  /** pending → paid. `false` when the reservation is not pending (already paid, released or cancelled). */
  markPaid(id: string, at: number): Promise<boolean>;
  /** pending → declined (the car is free again). */
  markDeclined(id: string, at: number): Promise<boolean>;
  /** pending or paid → cancelled, with the provider's refund id when money went back. */
  cancel(id: string, at: number, refundId: string | null): Promise<boolean>;
  setLead(id: string, leadId: string): Promise<void>;
  /** Marks every lapsed active hold expired; returns those released. */
  expireDue(now: number): Promise<Reservation[]>;
  /** Paid reservations holding their car now (what search shows as Reserved). */
  activePaid(now: number): Promise<Reservation[]>;
  /** Pending reservations with a payment intent whose payment deadline is at or before `dueBy` (to reconcile). */
  pendingWithIntent(dueBy: number): Promise<Reservation[]>;
  /** Paid reservations whose lead was not recorded (a crash between payment and lead). */
  paidWithoutLead(): Promise<Reservation[]>;
  all(): Promise<Reservation[]>;
  /** A shopper's online purchase journey for one car (journey id from their cookie), or undefined. */
  getJourney(journeyId: string, tenant: string, carId: number): Promise<Record<string, unknown> | undefined>;
  saveJourney(journeyId: string, tenant: string, carId: number, state: Record<string, unknown>, now: number): Promise<void>;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;
const num = (v: unknown) => (v == null ? null : Number(v));

export function reservationFromRow(r: Row): Reservation {
  return {
    id: r.id,
    tenant: r.tenant,
    carId: Number(r.car_id),
    dealershipId: num(r.dealership_id),
    idempotencyKey: r.idempotency_key,
    kind: r.kind,
    depositCents: Number(r.deposit_cents),
    currency: r.currency,
    shopper: typeof r.shopper === 'string' ? JSON.parse(r.shopper) : r.shopper,
    journey: r.journey == null ? null : typeof r.journey === 'string' ? JSON.parse(r.journey) : r.journey,
    createdAt: Number(r.created_at),
    paymentDueBy: Number(r.payment_due_by),
    heldUntil: Number(r.held_until),
    status: r.status,
    provider: r.provider ?? null,
    paymentIntentId: r.payment_intent_id ?? null,
    paidAt: num(r.paid_at),
    endedAt: num(r.ended_at),
    refundId: r.refund_id ?? null,
    leadId: r.lead_id ?? null,
    clientKey: r.client_key ?? null,
    accountId: r.account_id ?? null,
  };
}

export function intentFromRow(r: Row): LedgerIntent {
  return {
    id: r.id,
    idempotencyKey: r.idempotency_key,
    amount: Number(r.amount),
    currency: r.currency,
    reservationId: r.reservation_id,
    clientSecret: r.client_secret,
    status: r.status,
    lastError: r.last_error ?? null,
    last4: r.last4 ?? null,
    refundedAmount: Number(r.refunded_amount),
    createdAt: Number(r.created_at),
  };
}

/** The hold counts by part (site, address, account: rows of { n, first }), as the usage hold-limits.ts judges. */
export function holdUsageFrom(rows: Partial<Record<keyof HoldUsage, Row | undefined>>): HoldUsage {
  const count = (row: Row | undefined) => Number(row?.n ?? 0);
  const first = (row: Row | undefined) => (row?.first == null ? null : Number(row.first));
  const usage: HoldUsage = { site: { count: count(rows.site), oldestAt: first(rows.site) } };
  if ('address' in rows) usage.address = { count: count(rows.address), firstEndsAt: first(rows.address) };
  if ('account' in rows) usage.account = { count: count(rows.account), firstEndsAt: first(rows.account) };
  return usage;
}
