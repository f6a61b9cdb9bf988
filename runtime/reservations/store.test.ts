// One suite for every ReservationStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is
// set (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdTimes } from '../domain/checkout';
import { SqlReservationStore } from './sql-store';
import Database from 'better-sqlite3';
import pg from 'pg';
import { schemaSql } from './migrations';
import type { NewReservation, Reservation, ReservationStore } from './store';
import { freshSchemaUrl } from '../server/test-postgres';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'reservation-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOUR = 3_600_000;
let nextCar = 1_000;

function reservation(carId: number, createdAt: number, over: Partial<NewReservation> = {}): NewReservation {
  return {
    id: randomUUID(),
    tenant: 'site-a',
    carId,
    dealershipId: 3,
    idempotencyKey: randomUUID(),
    kind: 'reserve',
    depositCents: 20_000,
    currency: 'aud',
    shopper: { name: "Ann <O'Neil>", email: 'ann@example.com', phone: '0412345678', postcode: '4000' },
    createdAt,
    ...holdTimes(createdAt, {}),
    ...over,
  };
}

let pgSchemaUrl = '';
const backends: { name: string; skip: boolean; open: () => Promise<ReservationStore> }[] = [
  { name: 'SQLite', skip: false, open: async () => SqlReservationStore.openSqlite(join(dir, `${randomUUID()}.sqlite`)) },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      // A fresh schema per run, so the suite starts empty.
      return SqlReservationStore.openPostgres((pgSchemaUrl = await freshSchemaUrl(pgUrl!, 'reservations_test')));
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(
    `ReservationStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`,
    () => {
      let store: ReservationStore;
      beforeAll(async () => {
        store = await backend.open();
      });
      afterAll(async () => store?.close());

      it('stores a reservation exactly as given, pending', async () => {
        const r = reservation(nextCar++, 1_000);
        const result = await store.reserve(r, 1_000);
        expect(result.outcome).toBe('created');
        expect(await store.get(r.id)).toMatchObject({ ...r, status: 'pending', paymentIntentId: null, paidAt: null, leadId: null });
      });

      it('at most one active reservation per car, however many shoppers try at once', async () => {
        const car = nextCar++;
        const results = await Promise.all(Array.from({ length: 30 }, () => store.reserve(reservation(car, 5_000), 5_000)));
        expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
        expect(results.filter((r) => r.outcome === 'taken')).toHaveLength(29);
        const active = (await store.all()).filter((r) => r.carId === car && (r.status === 'pending' || r.status === 'paid'));
        expect(active).toHaveLength(1);
      });

      it('the database itself refuses a second active reservation of a car', async () => {
        const car = nextCar++;
        await store.reserve(reservation(car, 1), 1);
        // Bypass the store's logic: the unique index must still say no.
        const raw = reservation(car, 2);
        const sql = `INSERT INTO reservations (id, tenant, car_id, idempotency_key, kind, deposit_cents, currency, shopper, created_at, payment_due_by, held_until, status)
                   VALUES ('${raw.id}', 't', ${car}, '${raw.idempotencyKey}', 'reserve', 1, 'aud', '{}', 1, 1, 1, 'paid')`;
        if (store.kind === 'sqlite') {
          const other = new Database((store as SqlReservationStore).file!);
          try {
            expect(() => other.exec(sql)).toThrow(/UNIQUE/);
          } finally {
            other.close();
          }
        } else {
          const other = new pg.Client({ connectionString: pgSchemaUrl });
          await other.connect();
          try {
            await expect(other.query(sql)).rejects.toThrow(/duplicate key/);
          } finally {
            await other.end();
          }
        }
      });

      it('one reservation per idempotency key: a double click or a retry gets the first one back', async () => {
        const car = nextCar++;
        const key = randomUUID();
        const results = await Promise.all(Array.from({ length: 10 }, () => store.reserve(reservation(car, 7_000, { idempotencyKey: key }), 7_000)));
        const ids = new Set(results.map((r) => (r.outcome === 'taken' || r.outcome === 'limited' ? r.outcome : r.reservation.id)));
        expect(ids.size).toBe(1);
        expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
        expect(results.filter((r) => r.outcome === 'replayed')).toHaveLength(9);
      });

      it('an unpaid hold lapses after its payment deadline; a paid one after 48 hours; then the car is free', async () => {
        const car = nextCar++;
        const t0 = 10 * HOUR;
        const first = reservation(car, t0);
        await store.reserve(first, t0);
        expect((await store.reserve(reservation(car, t0 + 4 * 60_000), t0 + 4 * 60_000)).outcome).toBe('taken');
        expect((await store.activeFor(car, t0 + 4 * 60_000))?.id).toBe(first.id);
        expect(await store.activeFor(car, t0 + 5 * 60_000)).toBeUndefined();
        const t1 = t0 + 6 * 60_000;
        const second = reservation(car, t1);
        expect((await store.reserve(second, t1)).outcome).toBe('created');
        expect((await store.get(first.id))?.status).toBe('expired');
        expect(await store.markPaid(second.id, t1 + 1)).toBe(true);
        expect(await store.markPaid(second.id, t1 + 2)).toBe(false); // once
        expect((await store.activePaid(t1 + 47 * HOUR)).map((r) => r.id)).toContain(second.id);
        expect((await store.reserve(reservation(car, t1 + 47 * HOUR), t1 + 47 * HOUR)).outcome).toBe('taken');
        const released = await store.expireDue(t1 + 48 * HOUR);
        expect(released.map((r) => r.id)).toContain(second.id);
        expect((await store.activePaid(t1 + 48 * HOUR)).map((r) => r.id)).not.toContain(second.id);
        expect((await store.reserve(reservation(car, t1 + 49 * HOUR), t1 + 49 * HOUR)).outcome).toBe('created');
      });

      it('declined and cancelled reservations free the car; an intent is attached once', async () => {
        const car = nextCar++;
        const a = reservation(car, 100);
        await store.reserve(a, 100);
        expect(await store.attachIntent(a.id, 'local', 'pi_1')).toBe('pi_1');
        expect(await store.attachIntent(a.id, 'local', 'pi_2')).toBe('pi_1');
        expect((await store.byIntent('pi_1'))?.id).toBe(a.id);
        expect(await store.markDeclined(a.id, 101)).toBe(true);
        expect(await store.markPaid(a.id, 102)).toBe(false);
        const b = reservation(car, 103);
        expect((await store.reserve(b, 103)).outcome).toBe('created');
        await store.markPaid(b.id, 104);
        expect((await store.paidWithoutLead()).map((r) => r.id)).toContain(b.id);
        await store.setLead(b.id, 'lead-1');
        expect((await store.paidWithoutLead()).map((r) => r.id)).not.toContain(b.id);
        expect(await store.cancel(b.id, 105, 're_1')).toBe(true);
        expect(await store.get(b.id)).toMatchObject({ status: 'cancelled', refundId: 're_1', endedAt: 105, leadId: 'lead-1' });
        expect((await store.reserve(reservation(car, 106), 106)).outcome).toBe('created');
      });

      it("a pending hold's deadline moves later once its payment is under way, never earlier, and never once it has ended", async () => {
        const car = nextCar++;
        const r = reservation(car, 50 * HOUR);
        await store.reserve(r, 50 * HOUR);
        expect(await store.extendPaymentDue(r.id, 50 * HOUR + 30 * 60_000)).toBe(true);
        expect(await store.extendPaymentDue(r.id, 50 * HOUR + 10 * 60_000)).toBe(false);
        expect((await store.get(r.id))!.paymentDueBy).toBe(50 * HOUR + 30 * 60_000);
        expect((await store.activeFor(car, 50 * HOUR + 29 * 60_000))?.id).toBe(r.id);
        await store.markPaid(r.id, 50 * HOUR + 1);
        expect(await store.extendPaymentDue(r.id, 51 * HOUR)).toBe(false);
      });

      it('hold limits: counted per client and account among live unpaid holds, per site within the window, in one transaction', async () => {
        const limits = { holdsPerAddress: 2, holdsPerAccount: 3, holdsPerSite: 4, siteWindowMs: HOUR };
        const tenant = `limits-${randomUUID().slice(0, 8)}`;
        const t0 = 100 * HOUR;
        const mine = (at: number, over: Partial<NewReservation> = {}) => reservation(nextCar++, at, { tenant, clientKey: 'addr-1', ...over });
        // Ten at once from one address: exactly the limit are taken, whatever the interleaving.
        const burst = await Promise.all(Array.from({ length: 10 }, () => store.reserve(mine(t0), t0, limits)));
        expect(burst.filter((r) => r.outcome === 'created')).toHaveLength(2);
        const limited = burst.filter((r) => r.outcome === 'limited');
        expect(limited).toHaveLength(8);
        expect(limited[0]).toEqual({ outcome: 'limited', hit: { limit: 'address', retryAt: t0 + 5 * 60_000 } });
        expect((await store.all()).filter((r) => r.tenant === tenant)).toHaveLength(2);
        // The same idempotency key is a replay, not a new hold: never limited.
        const first = (burst.find((r) => r.outcome === 'created') as { reservation: Reservation }).reservation;
        expect((await store.reserve({ ...mine(t0), idempotencyKey: first.idempotencyKey }, t0, limits)).outcome).toBe('replayed');
        // A paid hold no longer counts for its address.
        await store.markPaid(first.id, t0 + 1);
        expect((await store.reserve(mine(t0 + 2), t0 + 2, limits)).outcome).toBe('created');
        // Another address on the same account: the account's limit.
        expect((await store.reserve(mine(t0 + 3, { clientKey: 'addr-2', accountId: 'acct' }), t0 + 3, limits)).outcome).toBe('created');
        // The site has 3 unpaid holds in the window (the paid one does not count): one more, then the site's limit.
        expect((await store.reserve(mine(t0 + 4, { clientKey: 'addr-3' }), t0 + 4, limits)).outcome).toBe('created');
        expect(await store.reserve(mine(t0 + 5, { clientKey: 'addr-4' }), t0 + 5, limits)).toEqual({
          outcome: 'limited',
          hit: { limit: 'site', retryAt: t0 + HOUR },
        });
        // Other sites are not counted; without limits nothing is.
        expect((await store.reserve(mine(t0 + 5, { tenant: `${tenant}-other` }), t0 + 5, limits)).outcome).toBe('created');
        expect((await store.reserve(mine(t0 + 5, { clientKey: 'addr-4' }), t0 + 5)).outcome).toBe('created');
        // An hour on, the window is empty and the holds have lapsed.
        expect((await store.reserve(mine(t0 + HOUR + 10), t0 + HOUR + 10, limits)).outcome).toBe('created');
        const stored = (await store.all()).find((r) => r.tenant === tenant && r.accountId === 'acct')!;
        expect(stored).toMatchObject({ clientKey: 'addr-2', accountId: 'acct' });
      });

      it('the local provider ledger keeps one intent per key', async () => {
        const base = {
          amount: 20_000,
          currency: 'aud',
          reservationId: 'r1',
          clientSecret: 's',
          status: 'requires_payment_method' as const,
          lastError: null,
          last4: null,
          refundedAmount: 0,
          createdAt: 1,
        };
        const key = randomUUID();
        const a = await store.ledger.create({ ...base, id: `pi_${randomUUID()}`, idempotencyKey: key });
        const b = await store.ledger.create({ ...base, id: `pi_${randomUUID()}`, idempotencyKey: key });
        expect(b.id).toBe(a.id);
        await store.ledger.update(a.id, { status: 'succeeded', last4: '4242' });
        expect((await store.ledger.charged()).map((i) => i.id)).toContain(a.id);
        await store.ledger.update(a.id, { refundedAmount: 20_000 });
        expect((await store.ledger.charged()).map((i) => i.id)).not.toContain(a.id);
      });

      it("keeps a shopper's journey per journey id, site and car", async () => {
        expect(await store.getJourney('j1', 'site-a', 5)).toBeUndefined();
        await store.saveJourney('j1', 'site-a', 5, { step: 'trade-in', details: { name: 'Jo' } }, 1);
        await store.saveJourney('j1', 'site-a', 5, { step: 'finance', details: { name: 'Jo' } }, 2);
        await store.saveJourney('j1', 'site-b', 5, { step: 'details' }, 2);
        expect(await store.getJourney('j1', 'site-a', 5)).toEqual({ step: 'finance', details: { name: 'Jo' } });
        expect(await store.getJourney('j1', 'site-b', 5)).toEqual({ step: 'details' });
        expect(await store.getJourney('j2', 'site-a', 5)).toBeUndefined();
      });

      it('a database made before the hold limits gets their columns on open, and keeps its reservations', async () => {
        const before = `${schemaSql(store.kind).replace('  client_key TEXT,\n  account_id TEXT,\n', '')}
INSERT INTO reservations (id, tenant, car_id, idempotency_key, kind, deposit_cents, currency, shopper, created_at, payment_due_by, held_until)
  VALUES ('old-reservation', 'site-a', 4242, 'old-key', 'reserve', 50000, 'aud', '{"name":"Old Shopper","email":"old@example.com","phone":"0400000001"}', 1, 2, 3);`;
        let reopened: ReservationStore;
        if (store.kind === 'sqlite') {
          const file = join(dir, `${randomUUID()}.sqlite`);
          const old = new Database(file);
          old.exec(before);
          old.close();
          reopened = SqlReservationStore.openSqlite(file);
        } else {
          const url = await freshSchemaUrl(pgUrl!, 'reservations_migration');
          const old = new pg.Client({ connectionString: url });
          await old.connect();
          await old.query(before);
          await old.end();
          reopened = await SqlReservationStore.openPostgres(url);
        }
        try {
          expect(await reopened.get('old-reservation')).toMatchObject({
            tenant: 'site-a',
            carId: 4242,
            status: 'pending',
            shopper: { name: 'Old Shopper' },
            clientKey: null,
          });
          const r = reservation(nextCar++, 1, { clientKey: 'k', accountId: 'a' });
          expect((await reopened.reserve(r, 1, { holdsPerAddress: 1, holdsPerAccount: 1, holdsPerSite: 5, siteWindowMs: HOUR })).outcome).toBe('created');
          expect(await reopened.get(r.id)).toMatchObject({ clientKey: 'k', accountId: 'a' });
          expect(
            (
              await reopened.reserve(reservation(nextCar++, 2, { clientKey: 'k' }), 2, {
                holdsPerAddress: 1,
                holdsPerAccount: 1,
                holdsPerSite: 5,
                siteWindowMs: HOUR,
              })
            ).outcome,
          ).toBe('limited');
        } finally {
          await reopened.close();
        }
      });

      it('survives closing and reopening', async () => {
        if (store.kind !== 'sqlite') return;
        const r = reservation(nextCar++, 1);
        await store.reserve(r, 1);
        await store.close();
        store = SqlReservationStore.openSqlite((store as SqlReservationStore).file!);
        expect((await store.get(r.id))?.shopper.name).toBe("Ann <O'Neil>");
      });
    },
  );
}
