// Sends a lead to POST /api/leads and turns every possible answer into what the form shows (docs/requirements/dealer-services.md#errors):
// a lead_id goes on to /success; the server's message or field errors stay on the form; anything else is
// 'An unexpected error occured'. Whether to reuse the idempotency key on a retry is decided here too.
import { LEAD_MESSAGES } from '../../domain/leads/messages';
import { IDEMPOTENCY_HEADER, LEADS_API_PATH, type LeadSubmission } from '../../domain/leads/submission';

export type LeadSubmitOutcome =
  | { ok: true; leadId: string }
  | {
      ok: false;
      /** The alert: 'An error occurred when submitting this form' and, below it, the server's own words if any. */
      message: string;
      detail?: string;
      fields?: Record<string, string>;
      /** The outcome is unknown (network failure, server error): a retry must send the same idempotency key. */
      retrySameKey: boolean;
    };

export function interpretLeadResponse(status: number, body: unknown): LeadSubmitOutcome {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  const leadId = record?.lead_id;
  if (status >= 200 && status < 300 && (typeof leadId === 'string' || typeof leadId === 'number') && String(leadId) !== '') {
    return { ok: true, leadId: String(leadId) };
  }
  const serverError = typeof record?.error === 'string' && record.error.trim() ? record.error.trim() : undefined;
  const fields =
    record?.fields && typeof record.fields === 'object'
      ? Object.fromEntries(Object.entries(record.fields as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined;
  const retrySameKey = status >= 500 || status === 0;
  if (status >= 200 && status < 300) return { ok: false, message: LEAD_MESSAGES.submitFailed, retrySameKey: true };
  if (!record) return { ok: false, message: LEAD_MESSAGES.unexpected, retrySameKey };
  return {
    ok: false,
    message: LEAD_MESSAGES.submitFailed,
    detail: serverError,
    fields: fields && Object.keys(fields).length ? fields : undefined,
    retrySameKey,
  };
}

export async function submitLead(submission: LeadSubmission, idempotencyKey: string, fetchImpl: typeof fetch = fetch): Promise<LeadSubmitOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(LEADS_API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
      body: JSON.stringify({ ...submission, idempotency_key: idempotencyKey }),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, message: LEAD_MESSAGES.unexpected, retrySameKey: true };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return interpretLeadResponse(response.status, body);
}

/** Form values as sent and validated: empty text counts as not given, so a missing field gets 'required'. */
export function withoutEmptyValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')));
}
