// The unsubscribe form's rule (docs/requirements/dealer-services.md#screens /pages/unsubscribe): one email address, checked the same way in the
// browser and on the server; stored lower-cased and trimmed so the same address twice is one unsubscribe.
import { LEAD_MESSAGES } from '../leads/messages';
import { EMAIL_PATTERN } from '../leads/schema';

export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';
const UNSUBSCRIBE_EMAIL_MAX = 254;

export const UNSUBSCRIBE_MESSAGES = {
  required: LEAD_MESSAGES.required,
  invalidEmail: LEAD_MESSAGES.invalidEmail,
  done: 'You have been unsubscribed. You will no longer receive marketing emails from us.',
  failed: 'We could not unsubscribe you just now. Please try again.',
  badLink: 'This unsubscribe link is not valid for this address. Please enter your email address and press Unsubscribe.',
  rateLimited: LEAD_MESSAGES.rateLimited,
  wrongSite: LEAD_MESSAGES.wrongSite,
} as const;

const EMAIL = new RegExp(EMAIL_PATTERN);

export type UnsubscribeInput = { ok: true; email: string } | { ok: false; message: string };

/** The address to record, or the message to show beside the field. */
export function unsubscribeEmail(value: unknown): UnsubscribeInput {
  if (typeof value !== 'string' || !value.trim()) return { ok: false, message: UNSUBSCRIBE_MESSAGES.required };
  const email = value.trim().toLowerCase();
  if (email.length > UNSUBSCRIBE_EMAIL_MAX || !EMAIL.test(email)) return { ok: false, message: UNSUBSCRIBE_MESSAGES.invalidEmail };
  return { ok: true, email };
}
