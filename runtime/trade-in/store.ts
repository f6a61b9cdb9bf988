// Where evaluations and their photos' records live: one interface, two backends (SQLite by default, PostgreSQL with
// DATABASE_URL), like the lead store. Every read and write names the site: an evaluation of one site is invisible
// to another. A photo's bytes are in the image storage (image-storage.ts); its record is here.
import type { VehicleResult } from '../domain/trade-in';
import type { QuotaRefusal, UploadUsage } from './upload-quota';

export interface NewEvaluation {
  /** Our own id (random), the EvalID the browser sees; the provider's id stays on the server. */
  evalId: string;
  tenant: string;
  providerEvalId: string;
  rego: string;
  state: string;
  /** The description chosen on Vehicle Selection, or null for a single evaluation. */
  manualEntry: string | null;
  vehicle: VehicleResult;
  createdAt: number;
}

export interface StoredEvaluation extends NewEvaluation {
  km: number | null;
  offerPrice: number | null;
  /** When update-eval gave the offer (the 7 days run from here). */
  offeredAt: number | null;
  customer: { name: string; email: string; phone: string } | null;
  leadId: string | null;
  savedValuation: Record<string, unknown> | null;
  updatedAt: number;
}

export interface StoredImage {
  id: string;
  evalId: string;
  tenant: string;
  storageKey: string;
  contentType: string;
  size: number;
  createdAt: number;
  /** A hash of the uploading client's address (upload-quota.ts), for the per-address quota. */
  clientKey?: string | null;
}

/** Added, or why not: the evaluation is not this site's, or a quota (upload-quota.ts) would be broken. */
export type AddImageResult = 'added' | 'unknown-evaluation' | QuotaRefusal;

/** Who uploads what, to count against the quotas. */
export interface UploadScope {
  tenant: string;
  evalId: string;
  clientKey: string | null;
  /** Start of the address and site quotas' window. */
  since: number;
}

export interface EvaluationStore {
  readonly kind: 'sqlite' | 'postgres';
  create(evaluation: NewEvaluation): Promise<void>;
  get(tenant: string, evalId: string): Promise<StoredEvaluation | undefined>;
  /** The result of update-eval. false when the evaluation is not this site's. */
  recordUpdate(
    tenant: string,
    evalId: string,
    update: { km: number; offerPrice: number | null; offeredAt: number; customer: StoredEvaluation['customer']; vehicle: VehicleResult },
  ): Promise<boolean>;
  linkLead(tenant: string, evalId: string, leadId: string): Promise<void>;
  /** POST /api/miscellaneous {column_name: 'valuation'}: the valuation as the browser kept it. false when not this site's. */
  saveValuation(tenant: string, evalId: string, valuation: Record<string, unknown>): Promise<boolean>;
  /** What the quotas count for an upload: this evaluation's photos, the address's and the site's within the window. */
  uploadUsage(scope: UploadScope): Promise<UploadUsage>;
  /**
   * Adds a photo record unless `admit` refuses the usage it would join (counted and written in one transaction, one
   * site at a time across processes).
   */
  addImage(image: StoredImage, admit: (usage: UploadUsage) => QuotaRefusal | null, since: number): Promise<AddImageResult>;
  /** Sites that have photos (the retention clean-up goes through each with its own setting). */
  imageTenants(): Promise<string[]>;
  /** Photos of a site uploaded before `before` whose evaluation has no lead, oldest first. */
  unlinkedImages(tenant: string, before: number, limit: number): Promise<StoredImage[]>;
  /** Deletes a photo's record if its evaluation still has no lead; false when it is gone or now a lead's. */
  deleteUnlinkedImage(tenant: string, imageId: string): Promise<boolean>;
  /** Puts a deleted record back (its bytes could not be removed: the next clean-up tries again). */
  restoreImage(image: StoredImage): Promise<void>;
  images(tenant: string, evalId: string): Promise<StoredImage[]>;
  image(tenant: string, imageId: string): Promise<StoredImage | undefined>;
  close(): Promise<void>;
}

export function usageFrom(rows: Partial<Record<'evaluation' | 'address' | 'site', Record<string, unknown> | undefined>>): UploadUsage {
  const n = (r: Record<string, unknown> | undefined, k: string) => Number(r?.[k] ?? 0);
  const first = (r: Record<string, unknown> | undefined) => (r?.first == null ? null : Number(r.first));
  const usage: UploadUsage = {
    evaluation: { count: n(rows.evaluation, 'n'), bytes: n(rows.evaluation, 'bytes') },
    site: { bytes: n(rows.site, 'bytes'), oldestAt: first(rows.site) },
  };
  if ('address' in rows) usage.address = { count: n(rows.address, 'n'), bytes: n(rows.address, 'bytes'), oldestAt: first(rows.address) };
  return usage;
}

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export function evaluationFromRow(r: Row): StoredEvaluation {
  return {
    evalId: r.eval_id,
    tenant: r.tenant,
    providerEvalId: r.provider_eval_id,
    rego: r.rego,
    state: r.state,
    manualEntry: r.manual_entry ?? null,
    vehicle: json(r.vehicle),
    km: r.km == null ? null : Number(r.km),
    offerPrice: r.offer_price == null ? null : Number(r.offer_price),
    offeredAt: r.offered_at == null ? null : Number(r.offered_at),
    customer: r.customer == null ? null : json(r.customer),
    leadId: r.lead_id ?? null,
    savedValuation: r.saved_valuation == null ? null : json(r.saved_valuation),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export function imageFromRow(r: Row): StoredImage {
  return {
    id: r.id,
    evalId: r.eval_id,
    tenant: r.tenant,
    storageKey: r.storage_key,
    contentType: r.content_type,
    size: Number(r.size),
    createdAt: Number(r.created_at),
    clientKey: r.client_key ?? null,
  };
}
