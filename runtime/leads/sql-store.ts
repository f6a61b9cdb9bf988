// LeadStore written once over Kysely, on SQLite (WAL, synchronous FULL: a committed lead survives a crash or a power
// cut) or PostgreSQL (DATABASE_URL). A lead and its delivery (the outbox row) are written in one transaction; due
// deliveries are claimed under a lease, on PostgreSQL with FOR UPDATE SKIP LOCKED so several server processes can
// share one database.
import { type Generated, sql } from 'kysely';
import type { LeadPayload } from '../domain/leads';
import { prepared, type SqlDb } from '../infra/db/sql-db';
import { SqlStore } from '../infra/db/sql-store';
import { leadMigrations } from './migrations';
import {
  DELIVERY_STATUSES,
  type DeliveryRecord,
  type DeliveryStatus,
  type DueDelivery,
  type InsertResult,
  type LeadStore,
  type NewLead,
  type StoredLead,
} from './store';

type Big = number | string;

interface LeadTables {
  leads: {
    lead_id: string;
    tenant: string;
    idempotency_key: string;
    dealership_id: number | null;
    /** TEXT on SQLite, JSONB on PostgreSQL (text in, parsed out). */
    payload: unknown;
    created_at: Big;
    request_hash: string | null;
  };
  lead_deliveries: {
    id: Generated<Big>;
    lead_id: string;
    tenant: string;
    dealership_id: number | null;
    status: Generated<string>;
    attempts: Generated<number>;
    next_attempt_at: Big;
    locked_until: Generated<Big>;
    last_error: string | null;
    delivered_at: Big | null;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;
const payloadOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as LeadPayload;

function deliveryFromRow(r: Row): DeliveryRecord {
  return {
    id: Number(r.id),
    leadId: r.lead_id,
    tenant: r.tenant,
    dealershipId: r.dealership_id == null ? null : Number(r.dealership_id),
    status: r.status,
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.next_attempt_at),
    lastError: r.last_error ?? null,
    deliveredAt: r.delivered_at == null ? null : Number(r.delivered_at),
  };
}

export class SqlLeadStore extends SqlStore<LeadTables> implements LeadStore {
  static readonly migrations = leadMigrations;
  static readonly poolSize = 10;

  // Compiled once (see prepared): accepting a lead is a hot path.
  private insertLead;
  private firstOfKey;
  private insertDelivery;

  constructor(store: SqlDb<LeadTables>) {
    super(store);
    this.insertLead = prepared(
      store,
      (db, leadId: string, tenant: string, key: string, dealershipId: number | null, payload: string, createdAt: number, requestHash: string | null) =>
        db
          .insertInto('leads')
          .values({
            lead_id: leadId,
            tenant,
            idempotency_key: key,
            dealership_id: dealershipId,
            payload,
            created_at: createdAt,
            request_hash: requestHash,
          })
          .onConflict((oc) => oc.columns(['tenant', 'idempotency_key']).doNothing()),
    );
    this.firstOfKey = prepared(store, (db, tenant: string, key: string) =>
      db.selectFrom('leads').select(['lead_id', 'request_hash']).where('tenant', '=', tenant).where('idempotency_key', '=', key),
    );
    this.insertDelivery = prepared(store, (db, leadId: string, tenant: string, dealershipId: number | null, at: number) =>
      db.insertInto('lead_deliveries').values({ lead_id: leadId, tenant, dealership_id: dealershipId, next_attempt_at: at }),
    );
  }

  async insert(lead: NewLead): Promise<InsertResult> {
    return this.tx(async (trx): Promise<InsertResult> => {
      const inserted = await this.insertLead(
        trx,
        lead.leadId,
        lead.tenant,
        lead.idempotencyKey,
        lead.dealershipId,
        JSON.stringify(lead.payload),
        lead.createdAt,
        lead.requestHash ?? null,
      );
      if (Number(inserted.numAffectedRows ?? 0) === 0) {
        // The key's first lead (on PostgreSQL a concurrent one has committed by now: the insert waited for it).
        const first = (await this.firstOfKey(trx, lead.tenant, lead.idempotencyKey)).rows[0];
        if (!first) throw new Error(`lead ${lead.leadId} of ${lead.tenant}: its idempotency key is taken, yet no lead holds it`);
        return { leadId: first.lead_id, created: false, requestHash: first.request_hash ?? null };
      }
      await this.insertDelivery(trx, lead.leadId, lead.tenant, lead.dealershipId, lead.createdAt);
      return { leadId: lead.leadId, created: true };
    });
  }

  async get(leadId: string): Promise<StoredLead | undefined> {
    const r = await this.db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
    if (!r) return undefined;
    const d = await this.db.selectFrom('lead_deliveries').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
    return {
      leadId: r.lead_id,
      tenant: r.tenant,
      idempotencyKey: r.idempotency_key,
      dealershipId: r.dealership_id,
      payload: payloadOf(r.payload),
      createdAt: Number(r.created_at),
      delivery: d ? deliveryFromRow(d) : null,
    };
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<DueDelivery[]> {
    const rows = await this.tx(async (trx) => {
      let due = trx
        .selectFrom('lead_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where('locked_until', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      // Another process's claim in progress: skip its rows rather than wait for them.
      if (this.kind === 'postgres') due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((r) => r.id);
      if (!ids.length) return [];
      await trx
        .updateTable('lead_deliveries')
        .set({ locked_until: now + leaseMs })
        .where('id', 'in', ids)
        .execute();
      return trx
        .selectFrom('lead_deliveries as d')
        .innerJoin('leads as l', 'l.lead_id', 'd.lead_id')
        .selectAll('d')
        .select(['l.payload', 'l.created_at as lead_created_at'])
        .where('d.id', 'in', ids)
        .orderBy('d.next_attempt_at')
        .orderBy('d.id')
        .execute();
    });
    return rows.map((r) => ({ ...deliveryFromRow(r), payload: payloadOf(r.payload), createdAt: Number(r.lead_created_at) }));
  }

  async recordAttempt(id: number, result: { status: DeliveryStatus; error?: string | null; nextAttemptAt?: number; at: number; countAttempt?: boolean }) {
    await this.write((db) =>
      db
        .updateTable('lead_deliveries')
        .set((eb) => ({
          status: result.status,
          attempts: eb('attempts', '+', result.countAttempt === false ? 0 : 1),
          last_error: result.error ?? null,
          next_attempt_at: result.nextAttemptAt ?? eb.ref('next_attempt_at'),
          locked_until: 0,
          delivered_at: result.status === 'delivered' ? result.at : eb.ref('delivered_at'),
        }))
        .where('id', '=', id)
        .execute(),
    );
  }

  async counts() {
    const total = await this.db.selectFrom('leads').select(sql<Big>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
    const byStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
    const rows = await this.db
      .selectFrom('lead_deliveries')
      .select(['status', sql<Big>`COUNT(*)`.as('n')])
      .groupBy('status')
      .execute();
    for (const r of rows) byStatus[r.status as DeliveryStatus] = Number(r.n);
    return { leads: Number(total.n), byStatus };
  }
}
