// ReservationStore on PostgreSQL (pg), used when DATABASE_URL is set: same tables and rules as SQLite. Several
// server processes can share it: the partial unique index decides between concurrent reservations of one car
// (INSERT … ON CONFLICT DO NOTHING waits for the other transaction and then yields).
import pg from 'pg';
import { openPgPool } from '../infra/db/durable-pg';
import { holdLimitHit, type HoldLimits } from './hold-limits';
import {
  holdUsageFrom,
  holdUsageQueries,
  intentFromRow,
  LAPSED_WHERE,
  PG_SCHEMA,
  reservationFromRow,
  type LedgerIntent,
  type LocalPaymentLedger,
  type NewReservation,
  type Reservation,
  type ReservationStore,
  type ReserveOutcome,
} from './store';

/** `?` placeholders as $1, $2, … */
const numbered = (sql: string, from = 1) => {
  let n = from - 1;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export class PgReservationStore implements ReservationStore {
  readonly kind = 'postgres' as const;
  readonly ledger: LocalPaymentLedger;
  private constructor(private pool: pg.Pool) {
    this.ledger = new PgLedger(pool);
  }

  static async open(connectionString: string): Promise<PgReservationStore> {
    const pool = await openPgPool(connectionString, PG_SCHEMA, 10);
    return new PgReservationStore(pool);
  }

  async reserve(r: NewReservation, now: number, limits?: HoldLimits): Promise<ReserveOutcome> {
    const client = await this.pool.connect();
    const byKey = () => client.query('SELECT * FROM reservations WHERE tenant = $1 AND idempotency_key = $2', [r.tenant, r.idempotencyKey]);
    try {
      await client.query('BEGIN');
      const seen = await byKey();
      if (seen.rows[0]) {
        await client.query('COMMIT');
        return { outcome: 'replayed', reservation: reservationFromRow(seen.rows[0]) };
      }
      if (limits) {
        // One site's new holds are counted one at a time, across processes: a transaction-scoped lock per site.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reservation-holds|${r.tenant}`]);
        const rows: Record<string, pg.QueryResultRow | undefined> = {};
        for (const q of holdUsageQueries(r, limits, now)) rows[q.part] = (await client.query(numbered(q.sql), q.args)).rows[0];
        const hit = holdLimitHit(holdUsageFrom(rows), limits, now);
        if (hit) {
          await client.query('COMMIT');
          return { outcome: 'limited', hit };
        }
      }
      await client.query(numbered(`UPDATE reservations SET status = 'expired', ended_at = ? WHERE car_id = ? AND ${LAPSED_WHERE}`), [now, r.carId, now, now]);
      const inserted = await client.query(
        `INSERT INTO reservations (id, tenant, car_id, dealership_id, idempotency_key, kind, deposit_cents, currency, shopper, journey, created_at, payment_due_by, held_until, client_key, account_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT DO NOTHING RETURNING *`,
        [
          r.id,
          r.tenant,
          r.carId,
          r.dealershipId,
          r.idempotencyKey,
          r.kind,
          r.depositCents,
          r.currency,
          JSON.stringify(r.shopper),
          r.journey ? JSON.stringify(r.journey) : null,
          r.createdAt,
          r.paymentDueBy,
          r.heldUntil,
          r.clientKey ?? null,
          r.accountId ?? null,
        ],
      );
      if (inserted.rows[0]) {
        await client.query('COMMIT');
        return { outcome: 'created', reservation: reservationFromRow(inserted.rows[0]) };
      }
      // The same key committed by a concurrent request, or another shopper's hold on the car.
      const again = await byKey();
      await client.query('COMMIT');
      return again.rows[0] ? { outcome: 'replayed', reservation: reservationFromRow(again.rows[0]) } : { outcome: 'taken' };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  private async one(sql: string, args: unknown[]): Promise<Reservation | undefined> {
    const row = (await this.pool.query(numbered(sql), args)).rows[0];
    return row ? reservationFromRow(row) : undefined;
  }

  private async many(sql: string, args: unknown[] = []): Promise<Reservation[]> {
    return (await this.pool.query(numbered(sql), args)).rows.map(reservationFromRow);
  }

  get(id: string) {
    return this.one('SELECT * FROM reservations WHERE id = ?', [id]);
  }

  byIntent(paymentIntentId: string) {
    return this.one('SELECT * FROM reservations WHERE payment_intent_id = ?', [paymentIntentId]);
  }

  activeFor(carId: number, now: number) {
    return this.one(`SELECT * FROM reservations WHERE car_id = ? AND status IN ('pending', 'paid') AND NOT ${LAPSED_WHERE}`, [carId, now, now]);
  }

  async attachIntent(id: string, provider: string, paymentIntentId: string) {
    await this.pool.query('UPDATE reservations SET provider = $1, payment_intent_id = $2 WHERE id = $3 AND payment_intent_id IS NULL', [
      provider,
      paymentIntentId,
      id,
    ]);
    return (await this.pool.query('SELECT payment_intent_id FROM reservations WHERE id = $1', [id])).rows[0].payment_intent_id as string;
  }

  async extendPaymentDue(id: string, dueBy: number) {
    const r = await this.pool.query(`UPDATE reservations SET payment_due_by = $1 WHERE id = $2 AND status = 'pending' AND payment_due_by < $1`, [dueBy, id]);
    return r.rowCount === 1;
  }

  async markPaid(id: string, at: number) {
    return (await this.pool.query(`UPDATE reservations SET status = 'paid', paid_at = $1 WHERE id = $2 AND status = 'pending'`, [at, id])).rowCount === 1;
  }

  async markDeclined(id: string, at: number) {
    return (await this.pool.query(`UPDATE reservations SET status = 'declined', ended_at = $1 WHERE id = $2 AND status = 'pending'`, [at, id])).rowCount === 1;
  }

  async cancel(id: string, at: number, refundId: string | null) {
    const r = await this.pool.query(
      `UPDATE reservations SET status = 'cancelled', ended_at = $1, refund_id = $2 WHERE id = $3 AND status IN ('pending', 'paid', 'expired')`,
      [at, refundId, id],
    );
    return r.rowCount === 1;
  }

  async setLead(id: string, leadId: string) {
    await this.pool.query('UPDATE reservations SET lead_id = $1 WHERE id = $2', [leadId, id]);
  }

  expireDue(now: number) {
    return this.many(`UPDATE reservations SET status = 'expired', ended_at = ? WHERE ${LAPSED_WHERE} RETURNING *`, [now, now, now]);
  }

  activePaid(now: number) {
    return this.many(`SELECT * FROM reservations WHERE status = 'paid' AND held_until > ?`, [now]);
  }

  pendingWithIntent(dueBy: number) {
    return this.many(`SELECT * FROM reservations WHERE status = 'pending' AND payment_intent_id IS NOT NULL AND payment_due_by <= ?`, [dueBy]);
  }

  paidWithoutLead() {
    return this.many('SELECT * FROM reservations WHERE paid_at IS NOT NULL AND lead_id IS NULL');
  }

  all() {
    return this.many('SELECT * FROM reservations ORDER BY created_at, id');
  }

  async getJourney(journeyId: string, tenant: string, carId: number) {
    const row = (await this.pool.query('SELECT state FROM checkout_journeys WHERE journey_id = $1 AND tenant = $2 AND car_id = $3', [journeyId, tenant, carId]))
      .rows[0];
    return row ? (JSON.parse(row.state) as Record<string, unknown>) : undefined;
  }

  async saveJourney(journeyId: string, tenant: string, carId: number, state: Record<string, unknown>, now: number) {
    await this.pool.query(
      `INSERT INTO checkout_journeys (journey_id, tenant, car_id, state, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (journey_id, tenant, car_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
      [journeyId, tenant, carId, JSON.stringify(state), now],
    );
  }

  async close() {
    await this.pool.end();
  }
}

class PgLedger implements LocalPaymentLedger {
  constructor(private pool: pg.Pool) {}

  async create(i: LedgerIntent) {
    await this.pool.query(
      `INSERT INTO test_payment_intents (id, idempotency_key, amount, currency, reservation_id, client_secret, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (idempotency_key) DO NOTHING`,
      [i.id, i.idempotencyKey, i.amount, i.currency, i.reservationId, i.clientSecret, i.status, i.createdAt],
    );
    return intentFromRow((await this.pool.query('SELECT * FROM test_payment_intents WHERE idempotency_key = $1', [i.idempotencyKey])).rows[0]);
  }

  async get(id: string) {
    const row = (await this.pool.query('SELECT * FROM test_payment_intents WHERE id = $1', [id])).rows[0];
    return row ? intentFromRow(row) : undefined;
  }

  async update(id: string, change: Partial<Pick<LedgerIntent, 'status' | 'lastError' | 'last4' | 'refundedAmount'>>) {
    const cols: Record<string, string> = { status: 'status', lastError: 'last_error', last4: 'last4', refundedAmount: 'refunded_amount' };
    const keys = Object.keys(change).filter((k) => k in cols);
    if (!keys.length) return;
    await this.pool.query(`UPDATE test_payment_intents SET ${keys.map((k, i) => `${cols[k]} = $${i + 1}`).join(', ')} WHERE id = $${keys.length + 1}`, [
      ...keys.map((k) => (change as any)[k]),
      id,
    ]);
  }

  async charged() {
    return (await this.pool.query(`SELECT * FROM test_payment_intents WHERE status = 'succeeded' AND refunded_amount < amount`)).rows.map(intentFromRow);
  }
}
