// LeadStore on PostgreSQL (pg), used when DATABASE_URL is set. Same tables and rules as the SQLite store; deliveries
// are claimed with FOR UPDATE SKIP LOCKED so several server processes can share one database.
import pg from 'pg';
import type { LeadPayload } from '../domain/leads';
import { deliveryFromRow } from './sqlite-store';
import { DELIVERY_STATUSES, type DeliveryStatus, type DueDelivery, type LeadStore, type NewLead, type StoredLead } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS leads (
  lead_id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  dealership_id INTEGER,
  payload JSONB NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (tenant, idempotency_key)
);
CREATE TABLE IF NOT EXISTS lead_deliveries (
  id BIGSERIAL PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE REFERENCES leads(lead_id),
  tenant TEXT NOT NULL,
  dealership_id INTEGER,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  locked_until BIGINT NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at BIGINT
);
CREATE INDEX IF NOT EXISTS lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
`;

export class PgLeadStore implements LeadStore {
  readonly kind = 'postgres' as const;
  private constructor(private pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgLeadStore> {
    const pool = new pg.Pool({ connectionString, max: 10 });
    // Two servers starting together may race on CREATE TABLE IF NOT EXISTS: serialise with an advisory lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727274)');
      await client.query(SCHEMA);
      await client.query('ALTER TABLE leads ADD COLUMN IF NOT EXISTS request_hash TEXT');
      await client.query('SELECT pg_advisory_unlock(727274)');
    } finally {
      client.release();
    }
    return new PgLeadStore(pool);
  }

  async insert(lead: NewLead) {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const r = await client.query(
        `INSERT INTO leads (lead_id, tenant, idempotency_key, dealership_id, payload, created_at, request_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (tenant, idempotency_key) DO NOTHING RETURNING lead_id`,
        [lead.leadId, lead.tenant, lead.idempotencyKey, lead.dealershipId, JSON.stringify(lead.payload), lead.createdAt, lead.requestHash ?? null],
      );
      if (r.rowCount === 0) {
        await client.query('ROLLBACK');
        const e = await client.query('SELECT lead_id, request_hash FROM leads WHERE tenant = $1 AND idempotency_key = $2', [lead.tenant, lead.idempotencyKey]);
        return { leadId: e.rows[0].lead_id as string, created: false, requestHash: (e.rows[0].request_hash as string | null) ?? null };
      }
      await client.query('INSERT INTO lead_deliveries (lead_id, tenant, dealership_id, next_attempt_at) VALUES ($1, $2, $3, $4)', [
        lead.leadId,
        lead.tenant,
        lead.dealershipId,
        lead.createdAt,
      ]);
      await client.query('COMMIT');
      return { leadId: lead.leadId, created: true };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async get(leadId: string): Promise<StoredLead | undefined> {
    const r = (await this.pool.query('SELECT * FROM leads WHERE lead_id = $1', [leadId])).rows[0];
    if (!r) return undefined;
    const d = (await this.pool.query('SELECT * FROM lead_deliveries WHERE lead_id = $1', [leadId])).rows[0];
    return {
      leadId: r.lead_id,
      tenant: r.tenant,
      idempotencyKey: r.idempotency_key,
      dealershipId: r.dealership_id,
      payload: r.payload as LeadPayload,
      createdAt: Number(r.created_at),
      delivery: d ? deliveryFromRow(d) : null,
    };
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<DueDelivery[]> {
    const r = await this.pool.query(
      `WITH due AS (
         SELECT id FROM lead_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 AND locked_until <= $1
         ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE lead_deliveries d SET locked_until = $3 FROM due, leads l WHERE d.id = due.id AND l.lead_id = d.lead_id
       RETURNING d.*, l.payload, l.created_at AS lead_created_at`,
      [now, limit, now + leaseMs],
    );
    return r.rows.map((row) => ({ ...deliveryFromRow(row), payload: row.payload as LeadPayload, createdAt: Number(row.lead_created_at) }));
  }

  async recordAttempt(id: number, result: { status: DeliveryStatus; error?: string | null; nextAttemptAt?: number; at: number; countAttempt?: boolean }) {
    await this.pool.query(
      `UPDATE lead_deliveries SET status = $1, attempts = attempts + $2, last_error = $3, next_attempt_at = COALESCE($4, next_attempt_at),
       locked_until = 0, delivered_at = CASE WHEN $1 = 'delivered' THEN $5 ELSE delivered_at END WHERE id = $6`,
      [result.status, result.countAttempt === false ? 0 : 1, result.error ?? null, result.nextAttemptAt ?? null, result.at, id],
    );
  }

  async counts() {
    const leads = Number((await this.pool.query('SELECT COUNT(*) AS n FROM leads')).rows[0].n);
    const byStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
    for (const r of (await this.pool.query('SELECT status, COUNT(*) AS n FROM lead_deliveries GROUP BY status')).rows)
      byStatus[r.status as DeliveryStatus] = Number(r.n);
    return { leads, byStatus };
  }

  async close() {
    await this.pool.end();
  }
}
