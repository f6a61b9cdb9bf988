// What a form POSTs to /api/leads, and what it gets back.
import type { LeadFormKind } from './form-config';

export const LEADS_API_PATH = '/api/leads';
/** Header carrying one key per submission attempt: a double-click or a retry sends the same key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Where the browser goes after a successful submission (docs/requirements/dealer-services.md#screens). */
export const LEAD_SUCCESS_PATH = '/success';

export interface LeadSubmission {
  form: LeadFormKind;
  values: Record<string, unknown>;
  /** Also accepted in the Idempotency-Key header. 8-100 characters of [A-Za-z0-9_-]. */
  idempotency_key?: string;
  context?: {
    /** The car the form is about; the server reads the car itself (within the site's stock). */
    car_id?: number | string;
    /** The page address the form was sent from. */
    url?: string;
    visited_pages?: string[];
    linked_query_params?: Record<string, string>;
    page_id?: string | number;
    /** Multi-step forms: false for a step that is not the last. Default true. */
    completed?: boolean;
    /** Trade-in Enquiry: the evaluation (EvalID from /api/eval-expert) whose valuation the lead carries. */
    evalid?: string;
  };
}

export type LeadSubmitResponse = { lead_id: string } | { error: string; fields?: Record<string, string>; code?: string };

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** A fresh key for one submission attempt (keep it across retries of the same attempt). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
