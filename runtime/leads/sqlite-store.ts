// LeadStore on SQLite (better-sqlite3): WAL journal, synchronous = FULL, so a committed lead survives a crash or a
// power cut. Writes are synchronous and short; one process owns the file.
import Database from 'better-sqlite3';
import type { LeadPayload } from '../domain/leads';
import {
  DELIVERY_STATUSES,
  type InsertResult,
  type DeliveryRecord,
  type DeliveryStatus,
  type DueDelivery,
  type LeadStore,
  type NewLead,
  type StoredLead,
} from './store';
import { openDurableSqlite } from '../infra/db/durable-sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS leads (
  lead_id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  dealership_id INTEGER,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (tenant, idempotency_key)
);
CREATE TABLE IF NOT EXISTS lead_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL UNIQUE REFERENCES leads(lead_id),
  tenant TEXT NOT NULL,
  dealership_id INTEGER,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at INTEGER
);
CREATE INDEX IF NOT EXISTS lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
`;

type Row = Record<string, any>;

export function deliveryFromRow(r: Row): DeliveryRecord {
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

export class SqliteLeadStore implements LeadStore {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;
  private insertTx: Database.Transaction<(lead: NewLead) => InsertResult>;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(SCHEMA);
    // Added after the first release: files written before it get the column on open.
    if (!(this.db.prepare('PRAGMA table_info(leads)').all() as Row[]).some((c) => c.name === 'request_hash'))
      this.db.exec('ALTER TABLE leads ADD COLUMN request_hash TEXT');
    const insertLead = this.db.prepare(
      'INSERT INTO leads (lead_id, tenant, idempotency_key, dealership_id, payload, created_at, request_hash) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant, idempotency_key) DO NOTHING',
    );
    const insertDelivery = this.db.prepare('INSERT INTO lead_deliveries (lead_id, tenant, dealership_id, next_attempt_at) VALUES (?, ?, ?, ?)');
    const existing = this.db.prepare('SELECT lead_id, request_hash FROM leads WHERE tenant = ? AND idempotency_key = ?');
    this.insertTx = this.db.transaction((lead: NewLead) => {
      const r = insertLead.run(
        lead.leadId,
        lead.tenant,
        lead.idempotencyKey,
        lead.dealershipId,
        JSON.stringify(lead.payload),
        lead.createdAt,
        lead.requestHash ?? null,
      );
      if (r.changes === 0) {
        const first = existing.get(lead.tenant, lead.idempotencyKey) as Row;
        return { leadId: first.lead_id as string, created: false, requestHash: first.request_hash ?? null };
      }
      insertDelivery.run(lead.leadId, lead.tenant, lead.dealershipId, lead.createdAt);
      return { leadId: lead.leadId, created: true };
    });
  }

  async insert(lead: NewLead) {
    return this.insertTx.immediate(lead);
  }

  async get(leadId: string): Promise<StoredLead | undefined> {
    const r = this.db.prepare('SELECT * FROM leads WHERE lead_id = ?').get(leadId) as Row | undefined;
    if (!r) return undefined;
    const d = this.db.prepare('SELECT * FROM lead_deliveries WHERE lead_id = ?').get(leadId) as Row | undefined;
    return {
      leadId: r.lead_id,
      tenant: r.tenant,
      idempotencyKey: r.idempotency_key,
      dealershipId: r.dealership_id,
      payload: JSON.parse(r.payload) as LeadPayload,
      createdAt: r.created_at,
      delivery: d ? deliveryFromRow(d) : null,
    };
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<DueDelivery[]> {
    const claim = this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `SELECT d.*, l.payload, l.created_at AS lead_created_at FROM lead_deliveries d JOIN leads l ON l.lead_id = d.lead_id
           WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND d.locked_until <= ? ORDER BY d.next_attempt_at, d.id LIMIT ?`,
        )
        .all(now, now, limit) as Row[];
      const lock = this.db.prepare('UPDATE lead_deliveries SET locked_until = ? WHERE id = ?');
      for (const r of rows) lock.run(now + leaseMs, r.id);
      return rows;
    });
    return claim.immediate().map((r) => ({ ...deliveryFromRow(r), payload: JSON.parse(r.payload) as LeadPayload, createdAt: Number(r.lead_created_at) }));
  }

  async recordAttempt(id: number, result: { status: DeliveryStatus; error?: string | null; nextAttemptAt?: number; at: number; countAttempt?: boolean }) {
    this.db
      .prepare(
        `UPDATE lead_deliveries SET status = ?, attempts = attempts + ?, last_error = ?, next_attempt_at = COALESCE(?, next_attempt_at),
         locked_until = 0, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END WHERE id = ?`,
      )
      .run(result.status, result.countAttempt === false ? 0 : 1, result.error ?? null, result.nextAttemptAt ?? null, result.status, result.at, id);
  }

  async counts() {
    const leads = (this.db.prepare('SELECT COUNT(*) AS n FROM leads').get() as Row).n as number;
    const byStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
    for (const r of this.db.prepare('SELECT status, COUNT(*) AS n FROM lead_deliveries GROUP BY status').all() as Row[])
      byStatus[r.status as DeliveryStatus] = r.n;
    return { leads, byStatus };
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
