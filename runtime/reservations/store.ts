// Where reservations live: one interface, two backends (SQLite file by default, PostgreSQL with DATABASE_URL).
// The database itself keeps the promise "at most one active reservation per car": a partial unique index over the
// active statuses, so no interleaving of requests or processes can hold one car twice. A reservation is committed
// before the shopper is told anything.
import type { ReservationStatus } from '../domain/checkout';

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
  | { outcome: 'taken' };

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
  /** Releases this car's lapsed holds, then inserts; `taken` when another active reservation holds the car. */
  reserve(reservation: NewReservation, now: number): Promise<ReserveOutcome>;
  get(id: string): Promise<Reservation | undefined>;
  byIntent(paymentIntentId: string): Promise<Reservation | undefined>;
  /** The reservation holding the car now, if any. */
  activeFor(carId: number, now: number): Promise<Reservation | undefined>;
  /** Records the provider's intent once (a retry keeps the first). Returns the intent id kept. */
  attachIntent(id: string, provider: string, paymentIntentId: string): Promise<string>;
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

/** The SQL both backends share (types differ only where noted). */
export function schemaSql(dialect: 'sqlite' | 'postgres'): string {
  const big = dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
  return `
CREATE TABLE IF NOT EXISTS reservations (
  id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  car_id ${big} NOT NULL,
  dealership_id INTEGER,
  idempotency_key TEXT NOT NULL,
  kind TEXT NOT NULL,
  deposit_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  shopper TEXT NOT NULL,
  journey TEXT,
  created_at ${big} NOT NULL,
  payment_due_by ${big} NOT NULL,
  held_until ${big} NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  provider TEXT,
  payment_intent_id TEXT UNIQUE,
  paid_at ${big},
  ended_at ${big},
  refund_id TEXT,
  lead_id TEXT,
  UNIQUE (tenant, idempotency_key)
);
CREATE UNIQUE INDEX IF NOT EXISTS reservations_one_active_per_car ON reservations (car_id) WHERE status IN ('pending', 'paid');
CREATE INDEX IF NOT EXISTS reservations_status ON reservations (status);
CREATE TABLE IF NOT EXISTS checkout_journeys (
  journey_id TEXT NOT NULL,
  tenant TEXT NOT NULL,
  car_id ${big} NOT NULL,
  state TEXT NOT NULL,
  updated_at ${big} NOT NULL,
  PRIMARY KEY (journey_id, tenant, car_id)
);
CREATE TABLE IF NOT EXISTS test_payment_intents (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  reservation_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL,
  last_error TEXT,
  last4 TEXT,
  refunded_amount INTEGER NOT NULL DEFAULT 0,
  created_at ${big} NOT NULL
);
`;
}

/** Lapsed: a pending hold past its payment deadline, or a paid hold past its end. */
export const LAPSED_WHERE = `((status = 'pending' AND payment_due_by <= ?) OR (status = 'paid' AND held_until <= ?))`;
