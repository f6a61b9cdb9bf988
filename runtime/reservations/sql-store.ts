// ReservationStore written once over Kysely, on SQLite (WAL, synchronous FULL: a committed reservation survives a
// crash) or PostgreSQL (DATABASE_URL, shared by several server processes). Each reservation is one transaction (on
// SQLite under the file's write lock; on PostgreSQL the hold limits are counted under a lock per site), and the
// partial unique index refuses a second active reservation of a car whatever happens: INSERT … ON CONFLICT DO
// NOTHING waits for a concurrent transaction and then yields.
import type { ExpressionBuilder, Generated, Kysely, Updateable } from 'kysely';
import { lockKey, type SqlDb, writeOnce } from '../infra/db/sql-db';
import { SqlStore } from '../infra/db/sql-store';
import { holdLimitHit, type HoldLimits } from './hold-limits';
import { reservationMigrations } from './migrations';
import {
  holdUsageFrom,
  intentFromRow,
  type LedgerIntent,
  type LocalPaymentLedger,
  type NewReservation,
  type Reservation,
  type ReservationStore,
  type ReserveOutcome,
  reservationFromRow,
} from './store';

type Big = number | string;

interface ReservationTables {
  reservations: {
    id: string;
    tenant: string;
    car_id: Big;
    dealership_id: number | null;
    idempotency_key: string;
    kind: string;
    deposit_cents: number;
    currency: string;
    shopper: string;
    journey: string | null;
    created_at: Big;
    payment_due_by: Big;
    held_until: Big;
    status: Generated<string>;
    provider: string | null;
    payment_intent_id: string | null;
    paid_at: Big | null;
    ended_at: Big | null;
    refund_id: string | null;
    lead_id: string | null;
    client_key: string | null;
    account_id: string | null;
  };
  checkout_journeys: { journey_id: string; tenant: string; car_id: Big; state: string; updated_at: Big };
  test_payment_intents: {
    id: string;
    idempotency_key: string;
    amount: number;
    currency: string;
    reservation_id: string;
    client_secret: string;
    status: string;
    last_error: string | null;
    last4: string | null;
    refunded_amount: Generated<number>;
    created_at: Big;
  };
}

type Db = Kysely<ReservationTables>;
type Store = SqlDb<ReservationTables>;

/** Lapsed: a pending hold past its payment deadline, or a paid hold past its end. */
const lapsed = (now: number) => (eb: ExpressionBuilder<ReservationTables, 'reservations'>) =>
  eb.or([eb.and([eb('status', '=', 'pending'), eb('payment_due_by', '<=', now)]), eb.and([eb('status', '=', 'paid'), eb('held_until', '<=', now)])]);

export class SqlReservationStore extends SqlStore<ReservationTables> implements ReservationStore {
  static readonly migrations = reservationMigrations;
  static readonly poolSize = 10;
  static readonly sqliteOptions = { foreignKeys: false };

  readonly ledger: LocalPaymentLedger;
  constructor(store: Store) {
    super(store);
    this.ledger = new SqlLedger(store);
  }

  async reserve(r: NewReservation, now: number, limits?: HoldLimits): Promise<ReserveOutcome> {
    return this.tx(async (trx): Promise<ReserveOutcome> => {
      const byKey = () =>
        trx.selectFrom('reservations').selectAll().where('tenant', '=', r.tenant).where('idempotency_key', '=', r.idempotencyKey).executeTakeFirst();
      const seen = await byKey();
      if (seen) return { outcome: 'replayed', reservation: reservationFromRow(seen) };
      if (limits) {
        // One site's new holds are counted one at a time, across processes, so no other hold is inserted between the
        // count and ours.
        await lockKey(this.store, trx, `reservation-holds|${r.tenant}`);
        const hit = holdLimitHit(await holdUsageIn(trx, r, limits, now), limits, now);
        if (hit) return { outcome: 'limited', hit };
      }
      await trx.updateTable('reservations').set({ status: 'expired', ended_at: now }).where('car_id', '=', r.carId).where(lapsed(now)).execute();
      const inserted = await trx
        .insertInto('reservations')
        .values({
          id: r.id,
          tenant: r.tenant,
          car_id: r.carId,
          dealership_id: r.dealershipId,
          idempotency_key: r.idempotencyKey,
          kind: r.kind,
          deposit_cents: r.depositCents,
          currency: r.currency,
          shopper: JSON.stringify(r.shopper),
          journey: r.journey ? JSON.stringify(r.journey) : null,
          created_at: r.createdAt,
          payment_due_by: r.paymentDueBy,
          held_until: r.heldUntil,
          client_key: r.clientKey ?? null,
          account_id: r.accountId ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { outcome: 'created', reservation: reservationFromRow(inserted) };
      // The same key committed by a concurrent request (PostgreSQL), or another shopper's hold on the car.
      const again = await byKey();
      return again ? { outcome: 'replayed', reservation: reservationFromRow(again) } : { outcome: 'taken' };
    });
  }

  private async one(query: (db: Db) => Promise<Record<string, unknown> | undefined>): Promise<Reservation | undefined> {
    const row = await query(this.db);
    return row ? reservationFromRow(row) : undefined;
  }

  private reservations() {
    return this.db.selectFrom('reservations').selectAll();
  }

  get(id: string) {
    return this.one(() => this.reservations().where('id', '=', id).executeTakeFirst());
  }

  byIntent(paymentIntentId: string) {
    return this.one(() => this.reservations().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst());
  }

  activeFor(carId: number, now: number) {
    return this.one(() =>
      this.reservations()
        .where('car_id', '=', carId)
        .where('status', 'in', ['pending', 'paid'])
        .where((eb) => eb.not(lapsed(now)(eb)))
        .executeTakeFirst(),
    );
  }

  async attachIntent(id: string, provider: string, paymentIntentId: string) {
    return this.write(async (db) => {
      await db
        .updateTable('reservations')
        .set({ provider, payment_intent_id: paymentIntentId })
        .where('id', '=', id)
        .where('payment_intent_id', 'is', null)
        .execute();
      const row = await db.selectFrom('reservations').select('payment_intent_id').where('id', '=', id).executeTakeFirstOrThrow();
      return row.payment_intent_id as string;
    });
  }

  private async changed(work: (db: Db) => Promise<{ numUpdatedRows: bigint }>): Promise<boolean> {
    return Number((await this.write(work)).numUpdatedRows) === 1;
  }

  extendPaymentDue(id: string, dueBy: number) {
    return this.changed((db) =>
      db
        .updateTable('reservations')
        .set({ payment_due_by: dueBy })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('payment_due_by', '<', dueBy)
        .executeTakeFirstOrThrow(),
    );
  }

  markPaid(id: string, at: number) {
    return this.changed((db) =>
      db.updateTable('reservations').set({ status: 'paid', paid_at: at }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirstOrThrow(),
    );
  }

  markDeclined(id: string, at: number) {
    return this.changed((db) =>
      db.updateTable('reservations').set({ status: 'declined', ended_at: at }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirstOrThrow(),
    );
  }

  cancel(id: string, at: number, refundId: string | null) {
    return this.changed((db) =>
      db
        .updateTable('reservations')
        .set({ status: 'cancelled', ended_at: at, refund_id: refundId })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'paid', 'expired'])
        .executeTakeFirstOrThrow(),
    );
  }

  async setLead(id: string, leadId: string) {
    await this.write((db) => db.updateTable('reservations').set({ lead_id: leadId }).where('id', '=', id).execute());
  }

  async expireDue(now: number) {
    const rows = await this.write((db) => db.updateTable('reservations').set({ status: 'expired', ended_at: now }).where(lapsed(now)).returningAll().execute());
    return rows.map(reservationFromRow);
  }

  async activePaid(now: number) {
    return (await this.reservations().where('status', '=', 'paid').where('held_until', '>', now).execute()).map(reservationFromRow);
  }

  async pendingWithIntent(dueBy: number) {
    const rows = await this.reservations()
      .where('status', '=', 'pending')
      .where('payment_intent_id', 'is not', null)
      .where('payment_due_by', '<=', dueBy)
      .execute();
    return rows.map(reservationFromRow);
  }

  async paidWithoutLead() {
    return (await this.reservations().where('paid_at', 'is not', null).where('lead_id', 'is', null).execute()).map(reservationFromRow);
  }

  async all() {
    return (await this.reservations().orderBy('created_at').orderBy('id').execute()).map(reservationFromRow);
  }

  async getJourney(journeyId: string, tenant: string, carId: number) {
    const row = await this.db
      .selectFrom('checkout_journeys')
      .select('state')
      .where('journey_id', '=', journeyId)
      .where('tenant', '=', tenant)
      .where('car_id', '=', carId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.state) as Record<string, unknown>) : undefined;
  }

  async saveJourney(journeyId: string, tenant: string, carId: number, state: Record<string, unknown>, now: number) {
    await this.write((db) =>
      db
        .insertInto('checkout_journeys')
        .values({ journey_id: journeyId, tenant, car_id: carId, state: JSON.stringify(state), updated_at: now })
        .onConflict((oc) =>
          oc.columns(['journey_id', 'tenant', 'car_id']).doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute(),
    );
  }
}

/** What the hold limits count for a new hold (inside the reserving transaction): each part a row of { n, first }. */
async function holdUsageIn(db: Db, r: NewReservation, limits: HoldLimits, now: number) {
  const pending = () =>
    db
      .selectFrom('reservations')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('payment_due_by').as('first')])
      .where('status', '=', 'pending')
      .where('payment_due_by', '>', now);
  const rows: Parameters<typeof holdUsageFrom>[0] = {
    // Holds of the site started within the window and not paid.
    site: await db
      .selectFrom('reservations')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('first')])
      .where('tenant', '=', r.tenant)
      .where('created_at', '>', now - limits.siteWindowMs)
      .where('paid_at', 'is', null)
      .executeTakeFirst(),
  };
  // Live unpaid holds of the client on the site, and of the shopper's account.
  if (r.clientKey) rows.address = await pending().where('tenant', '=', r.tenant).where('client_key', '=', r.clientKey).executeTakeFirst();
  if (r.accountId) rows.account = await pending().where('account_id', '=', r.accountId).executeTakeFirst();
  return holdUsageFrom(rows);
}

class SqlLedger implements LocalPaymentLedger {
  constructor(private store: Store) {}

  async create(i: LedgerIntent) {
    const row = await writeOnce(this.store, async (db) => {
      await db
        .insertInto('test_payment_intents')
        .values({
          id: i.id,
          idempotency_key: i.idempotencyKey,
          amount: i.amount,
          currency: i.currency,
          reservation_id: i.reservationId,
          client_secret: i.clientSecret,
          status: i.status,
          created_at: i.createdAt,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return db.selectFrom('test_payment_intents').selectAll().where('idempotency_key', '=', i.idempotencyKey).executeTakeFirstOrThrow();
    });
    return intentFromRow(row);
  }

  async get(id: string) {
    const row = await this.store.db.selectFrom('test_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? intentFromRow(row) : undefined;
  }

  async update(id: string, change: Partial<Pick<LedgerIntent, 'status' | 'lastError' | 'last4' | 'refundedAmount'>>) {
    const set: Updateable<ReservationTables['test_payment_intents']> = {};
    if ('status' in change && change.status !== undefined) set.status = change.status;
    if ('lastError' in change) set.last_error = change.lastError ?? null;
    if ('last4' in change) set.last4 = change.last4 ?? null;
    if ('refundedAmount' in change && change.refundedAmount !== undefined) set.refunded_amount = change.refundedAmount;
    if (!Object.keys(set).length) return;
    await writeOnce(this.store, (db) => db.updateTable('test_payment_intents').set(set).where('id', '=', id).execute());
  }

  async charged() {
    const rows = await this.store.db
      .selectFrom('test_payment_intents')
      .selectAll()
      .where('status', '=', 'succeeded')
      .whereRef('refunded_amount', '<', 'amount')
      .execute();
    return rows.map(intentFromRow);
  }
}
