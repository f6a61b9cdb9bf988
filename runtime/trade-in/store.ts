// Where evaluations and their photos' records live: one interface, two backends (SQLite by default, PostgreSQL with
// DATABASE_URL), like the lead store. Every read and write names the site: an evaluation of one site is invisible
// to another. A photo's bytes are in the image storage (image-storage.ts); its record is here.
import type { VehicleResult } from '../domain/trade-in';

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
}

export type AddImageResult = 'added' | 'limit' | 'unknown-evaluation';

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
  /** Adds a photo record unless the evaluation already has `max` (checked and written in one transaction). */
  addImage(image: StoredImage, max: number): Promise<AddImageResult>;
  images(tenant: string, evalId: string): Promise<StoredImage[]>;
  image(tenant: string, imageId: string): Promise<StoredImage | undefined>;
  close(): Promise<void>;
}

export const EVALUATION_TABLES = (types: { json: string; bigint: string }) => `
CREATE TABLE IF NOT EXISTS trade_in_evaluations (
  eval_id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  provider_eval_id TEXT NOT NULL,
  rego TEXT NOT NULL,
  state TEXT NOT NULL,
  manual_entry TEXT,
  vehicle ${types.json} NOT NULL,
  km INTEGER,
  offer_price INTEGER,
  offered_at ${types.bigint},
  customer ${types.json},
  lead_id TEXT,
  saved_valuation ${types.json},
  created_at ${types.bigint} NOT NULL,
  updated_at ${types.bigint} NOT NULL
);
CREATE TABLE IF NOT EXISTS trade_in_images (
  id TEXT PRIMARY KEY,
  eval_id TEXT NOT NULL REFERENCES trade_in_evaluations(eval_id),
  tenant TEXT NOT NULL,
  storage_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at ${types.bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS trade_in_images_eval ON trade_in_images (eval_id);
`;

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
  };
}
