// The browser's side of paying a deposit: take the hold (POST /api/checkout/reservations), give the card to the
// provider (the local test provider's endpoint, or Stripe.js), then ask OUR server whether the deposit is paid —
// the server asks the provider; the browser's own view of the payment is never what counts.
import { CHECKOUT_MESSAGES } from '../../domain/checkout';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type PayOutcome =
  | { kind: 'paid'; reservationId: string }
  | { kind: 'authenticate'; reservationId: string; intentId: string; clientSecret: string }
  | { kind: 'declined'; message: string }
  | { kind: 'unavailable'; message: string; reason?: string }
  | { kind: 'invalid'; message: string; fields?: Record<string, string> }
  | { kind: 'error'; message: string };

async function json(response: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: the payment answer is read field by field below
  return (await response.json().catch(() => null)) as Record<string, any> | null;
}

export function newAttemptKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `checkout-${random}`;
}

/** Polls our server (which asks the provider) until the reservation is paid or declined. */
async function waitForConfirmation(reservationId: string, tries = 10): Promise<PayOutcome> {
  for (let i = 0; i < tries; i++) {
    const response = await fetch(`/api/checkout/reservations/${reservationId}`, { headers: { accept: 'application/json' } });
    const body = await json(response);
    if (body?.status === 'paid') return { kind: 'paid', reservationId };
    if (response.status === 402 || body?.status === 'declined') return { kind: 'declined', message: body?.error ?? CHECKOUT_MESSAGES.declined };
    if (body?.status === 'expired' || body?.status === 'cancelled') return { kind: 'error', message: CHECKOUT_MESSAGES.expired };
    await new Promise((r) => setTimeout(r, 500 * (i + 1)));
  }
  return { kind: 'error', message: 'We have not heard from your bank yet. We will email you when the deposit is confirmed.' };
}

export interface StripeConfirm {
  (clientSecret: string): Promise<{ error?: { message?: string } }>;
}

export async function payDeposit(input: {
  carSlug: string;
  kind: 'reserve' | 'purchase';
  values: Record<string, string>;
  attemptKey: string;
  card?: CardFields;
  stripeConfirm?: StripeConfirm;
}): Promise<PayOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/checkout/reservations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': input.attemptKey },
      body: JSON.stringify({ car_id: input.carSlug, kind: input.kind, values: input.values, idempotency_key: input.attemptKey }),
    });
  } catch {
    return { kind: 'error', message: CHECKOUT_MESSAGES.paymentFailed };
  }
  const held = await json(response);
  if (response.status === 409 || response.status === 410)
    return { kind: 'unavailable', message: held?.error ?? CHECKOUT_MESSAGES.reserved, reason: held?.reason };
  if (response.status === 402) return { kind: 'declined', message: held?.error ?? CHECKOUT_MESSAGES.declined };
  if (response.status === 422) return { kind: 'invalid', message: held?.error ?? 'Please fix the following errors:', fields: held?.fields };
  if (!response.ok || !held) return { kind: 'error', message: held?.error ?? CHECKOUT_MESSAGES.paymentFailed };
  const reservationId: string = held.reservation_id;
  if (held.status === 'paid') return { kind: 'paid', reservationId };
  const payment = held.payment as { provider: string; intent_id: string; client_secret: string };

  if (payment.provider === 'stripe') {
    if (!input.stripeConfirm) return { kind: 'error', message: CHECKOUT_MESSAGES.paymentFailed };
    const result = await input.stripeConfirm(payment.client_secret);
    if (result.error) return { kind: 'declined', message: result.error.message ?? CHECKOUT_MESSAGES.declined };
    return waitForConfirmation(reservationId);
  }

  const paid = await fetch(`/api/payments/local/intents/${payment.intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ client_secret: payment.client_secret, card: input.card }),
  });
  const intent = await json(paid);
  if (paid.status === 422) return { kind: 'invalid', message: intent?.error ?? 'Please check your card details.', fields: { card: intent?.error ?? '' } };
  if (!paid.ok || !intent) return { kind: 'error', message: intent?.error ?? CHECKOUT_MESSAGES.paymentFailed };
  if (intent.status === 'requires_action') return { kind: 'authenticate', reservationId, intentId: payment.intent_id, clientSecret: payment.client_secret };
  if (intent.status === 'requires_payment_method') return { kind: 'declined', message: CHECKOUT_MESSAGES.declined };
  return waitForConfirmation(reservationId);
}

/** The local provider's second step (3-D Secure test page): approve or fail, then ask our server. */
export async function authenticateLocal(outcome: Extract<PayOutcome, { kind: 'authenticate' }>, approve: boolean): Promise<PayOutcome> {
  const response = await fetch(`/api/payments/local/intents/${outcome.intentId}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ client_secret: outcome.clientSecret, approve }),
  });
  const intent = await json(response);
  if (!response.ok || !intent) return { kind: 'error', message: intent?.error ?? CHECKOUT_MESSAGES.paymentFailed };
  if (intent.status === 'requires_payment_method') return { kind: 'declined', message: CHECKOUT_MESSAGES.authenticationFailed };
  return waitForConfirmation(outcome.reservationId);
}
