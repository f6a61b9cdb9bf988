// ReservationStore on SQLite (better-sqlite3): WAL, synchronous = FULL, so a committed reservation survives a crash.
// Each reservation is one IMMEDIATE transaction (the writer lock), and the partial unique index refuses a second
// active reservation of a car whatever happens.
import Database from 'better-sqlite3';
import { openDurableSqlite } from '../infra/db/durable-sqlite';
import { holdLimitHit, type HoldLimits } from './hold-limits';
import {
  ADDED_COLUMNS,
  HOLD_LIMIT_INDEXES,
  holdUsageFrom,
  holdUsageQueries,
  intentFromRow,
  LAPSED_WHERE,
  reservationFromRow,
  schemaSql,
  type LedgerIntent,
  type LocalPaymentLedger,
  type NewReservation,
  type Reservation,
  type ReservationStore,
  type ReserveOutcome,
} from './store';

type Row = Record<string, any>;

export class SqliteReservationStore implements ReservationStore {
  readonly kind = 'sqlite' as const;
  readonly ledger: LocalPaymentLedger;
  private db: Database.Database;
  private reserveTx: Database.Transaction<(r: NewReservation, now: number, limits?: HoldLimits) => ReserveOutcome>;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file, { foreignKeys: false });
    this.db.exec(schemaSql('sqlite'));
    const columns = new Set((this.db.prepare('PRAGMA table_info(reservations)').all() as Row[]).map((c) => c.name));
    for (const column of ADDED_COLUMNS) if (!columns.has(column)) this.db.exec(`ALTER TABLE reservations ADD COLUMN ${column} TEXT`);
    this.db.exec(HOLD_LIMIT_INDEXES);
    const release = this.db.prepare(`UPDATE reservations SET status = 'expired', ended_at = ? WHERE car_id = ? AND ${LAPSED_WHERE}`);
    const byKey = this.db.prepare('SELECT * FROM reservations WHERE tenant = ? AND idempotency_key = ?');
    const insert = this.db.prepare(
      `INSERT INTO reservations (id, tenant, car_id, dealership_id, idempotency_key, kind, deposit_cents, currency, shopper, journey, created_at, payment_due_by, held_until, client_key, account_id)
       VALUES (@id, @tenant, @carId, @dealershipId, @idempotencyKey, @kind, @depositCents, @currency, @shopper, @journey, @createdAt, @paymentDueBy, @heldUntil, @clientKey, @accountId)
       ON CONFLICT DO NOTHING`,
    );
    this.reserveTx = this.db.transaction((r: NewReservation, now: number, limits?: HoldLimits): ReserveOutcome => {
      const seen = byKey.get(r.tenant, r.idempotencyKey) as Row | undefined;
      if (seen) return { outcome: 'replayed', reservation: reservationFromRow(seen) };
      if (limits) {
        // Counted under the writer lock (IMMEDIATE): no other hold can be inserted between the count and ours.
        const rows = Object.fromEntries(holdUsageQueries(r, limits, now).map((q) => [q.part, this.db.prepare(q.sql).get(...q.args) as Row]));
        const hit = holdLimitHit(holdUsageFrom(rows), limits, now);
        if (hit) return { outcome: 'limited', hit };
      }
      release.run(now, r.carId, now, now);
      const result = insert.run({
        ...r,
        shopper: JSON.stringify(r.shopper),
        journey: r.journey ? JSON.stringify(r.journey) : null,
        clientKey: r.clientKey ?? null,
        accountId: r.accountId ?? null,
      });
      if (result.changes === 0) return { outcome: 'taken' };
      return { outcome: 'created', reservation: reservationFromRow(byKey.get(r.tenant, r.idempotencyKey) as Row) };
    });
    this.ledger = new SqliteLedger(this.db);
  }

  async reserve(r: NewReservation, now: number, limits?: HoldLimits) {
    return this.reserveTx.immediate(r, now, limits);
  }

  private one(sql: string, ...args: unknown[]): Reservation | undefined {
    const row = this.db.prepare(sql).get(...args) as Row | undefined;
    return row ? reservationFromRow(row) : undefined;
  }

  private many(sql: string, ...args: unknown[]): Reservation[] {
    return (this.db.prepare(sql).all(...args) as Row[]).map(reservationFromRow);
  }

  async get(id: string) {
    return this.one('SELECT * FROM reservations WHERE id = ?', id);
  }

  async byIntent(paymentIntentId: string) {
    return this.one('SELECT * FROM reservations WHERE payment_intent_id = ?', paymentIntentId);
  }

  async activeFor(carId: number, now: number) {
    return this.one(`SELECT * FROM reservations WHERE car_id = ? AND status IN ('pending', 'paid') AND NOT ${LAPSED_WHERE}`, carId, now, now);
  }

  async attachIntent(id: string, provider: string, paymentIntentId: string) {
    this.db
      .prepare('UPDATE reservations SET provider = ?, payment_intent_id = ? WHERE id = ? AND payment_intent_id IS NULL')
      .run(provider, paymentIntentId, id);
    return (this.db.prepare('SELECT payment_intent_id FROM reservations WHERE id = ?').get(id) as Row).payment_intent_id as string;
  }

  async extendPaymentDue(id: string, dueBy: number) {
    return (
      this.db.prepare(`UPDATE reservations SET payment_due_by = ? WHERE id = ? AND status = 'pending' AND payment_due_by < ?`).run(dueBy, id, dueBy).changes ===
      1
    );
  }

  async markPaid(id: string, at: number) {
    return this.db.prepare(`UPDATE reservations SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'pending'`).run(at, id).changes === 1;
  }

  async markDeclined(id: string, at: number) {
    return this.db.prepare(`UPDATE reservations SET status = 'declined', ended_at = ? WHERE id = ? AND status = 'pending'`).run(at, id).changes === 1;
  }

  async cancel(id: string, at: number, refundId: string | null) {
    return (
      this.db
        .prepare(`UPDATE reservations SET status = 'cancelled', ended_at = ?, refund_id = ? WHERE id = ? AND status IN ('pending', 'paid', 'expired')`)
        .run(at, refundId, id).changes === 1
    );
  }

  async setLead(id: string, leadId: string) {
    this.db.prepare('UPDATE reservations SET lead_id = ? WHERE id = ?').run(leadId, id);
  }

  async expireDue(now: number) {
    return this.many(`UPDATE reservations SET status = 'expired', ended_at = ? WHERE ${LAPSED_WHERE} RETURNING *`, now, now, now);
  }

  async activePaid(now: number) {
    return this.many(`SELECT * FROM reservations WHERE status = 'paid' AND held_until > ?`, now);
  }

  async pendingWithIntent(dueBy: number) {
    return this.many(`SELECT * FROM reservations WHERE status = 'pending' AND payment_intent_id IS NOT NULL AND payment_due_by <= ?`, dueBy);
  }

  async paidWithoutLead() {
    return this.many(`SELECT * FROM reservations WHERE paid_at IS NOT NULL AND lead_id IS NULL`);
  }

  async all() {
    return this.many('SELECT * FROM reservations ORDER BY created_at, id');
  }

  async getJourney(journeyId: string, tenant: string, carId: number) {
    const row = this.db.prepare('SELECT state FROM checkout_journeys WHERE journey_id = ? AND tenant = ? AND car_id = ?').get(journeyId, tenant, carId) as
      | Row
      | undefined;
    return row ? (JSON.parse(row.state) as Record<string, unknown>) : undefined;
  }

  async saveJourney(journeyId: string, tenant: string, carId: number, state: Record<string, unknown>, now: number) {
    this.db
      .prepare(
        `INSERT INTO checkout_journeys (journey_id, tenant, car_id, state, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (journey_id, tenant, car_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
      )
      .run(journeyId, tenant, carId, JSON.stringify(state), now);
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}

class SqliteLedger implements LocalPaymentLedger {
  constructor(private db: Database.Database) {}

  async create(i: LedgerIntent) {
    this.db
      .prepare(
        `INSERT INTO test_payment_intents (id, idempotency_key, amount, currency, reservation_id, client_secret, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .run(i.id, i.idempotencyKey, i.amount, i.currency, i.reservationId, i.clientSecret, i.status, i.createdAt);
    return intentFromRow(this.db.prepare('SELECT * FROM test_payment_intents WHERE idempotency_key = ?').get(i.idempotencyKey) as Row);
  }

  async get(id: string) {
    const row = this.db.prepare('SELECT * FROM test_payment_intents WHERE id = ?').get(id) as Row | undefined;
    return row ? intentFromRow(row) : undefined;
  }

  async update(id: string, change: Partial<Pick<LedgerIntent, 'status' | 'lastError' | 'last4' | 'refundedAmount'>>) {
    const cols: Record<string, string> = { status: 'status', lastError: 'last_error', last4: 'last4', refundedAmount: 'refunded_amount' };
    const keys = Object.keys(change).filter((k) => k in cols);
    if (!keys.length) return;
    this.db
      .prepare(`UPDATE test_payment_intents SET ${keys.map((k) => `${cols[k]} = ?`).join(', ')} WHERE id = ?`)
      .run(...keys.map((k) => (change as any)[k]), id);
  }

  async charged() {
    return (this.db.prepare(`SELECT * FROM test_payment_intents WHERE status = 'succeeded' AND refunded_amount < amount`).all() as Row[]).map(intentFromRow);
  }
}
