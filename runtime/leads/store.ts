// Where leads live: one interface, two backends (SQLite file by default, PostgreSQL when DATABASE_URL is set).
// A lead and its delivery (outbox row) are written in one transaction; the server acknowledges only after commit.
import type { LeadPayload } from '../domain/leads';

export interface NewLead {
  leadId: string;
  tenant: string;
  /** One per submission attempt; a repeat returns the first lead instead of a new one. */
  idempotencyKey: string;
  dealershipId: number | null;
  payload: LeadPayload;
  createdAt: number;
  /** Fingerprint of the submission (form, values, context): a key reused with another body is refused. */
  requestHash?: string;
}

/** What an insert did: stored a new lead, or found the key's first lead (with that submission's fingerprint). */
export interface InsertResult {
  leadId: string;
  created: boolean;
  /** The fingerprint stored with the key's first lead (null for leads stored before fingerprints existed). */
  requestHash?: string | null;
}

export interface StoredLead extends NewLead {
  delivery: DeliveryRecord | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'no_endpoint';

export interface DeliveryRecord {
  id: number;
  leadId: string;
  tenant: string;
  dealershipId: number | null;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: number | null;
}

export interface DueDelivery extends DeliveryRecord {
  payload: LeadPayload;
  /** When the lead was stored (ms). */
  createdAt: number;
}

export interface LeadStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Stores the lead and its pending delivery atomically. `created: false` when the key was already used. */
  insert(lead: NewLead): Promise<InsertResult>;
  get(leadId: string): Promise<StoredLead | undefined>;
  /** Claims up to `limit` pending deliveries due by `now`, leased for `leaseMs` (a crashed worker's lease expires). */
  claimDue(now: number, limit: number, leaseMs: number): Promise<DueDelivery[]>;
  /** Records one attempt: delivered, retried at `nextAttemptAt`, or given up ('failed' / 'no_endpoint'). */
  recordAttempt(
    id: number,
    result: { status: DeliveryStatus; error?: string | null; nextAttemptAt?: number; at: number; countAttempt?: boolean },
  ): Promise<void>;
  counts(): Promise<{ leads: number; byStatus: Record<DeliveryStatus, number> }>;
  close(): Promise<void>;
}

export const DELIVERY_STATUSES: DeliveryStatus[] = ['pending', 'delivered', 'failed', 'no_endpoint'];
