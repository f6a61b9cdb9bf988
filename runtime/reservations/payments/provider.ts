// A payment provider behind one interface: the local test provider (no network; default and in tests) and Stripe
// (Payment Intents) when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. Amounts are integer cents.
// The server never takes the browser's word that a deposit was paid: it asks the provider (retrieveIntent) or
// hears it from the provider (a signed webhook, or the local provider's in-process event).

export type IntentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  /** The reservation the intent was created for (provider metadata). */
  reservationId: string | null;
  /** Handed to the shopper's browser only, to confirm this one intent; never a key. */
  clientSecret: string | null;
  /** Why the last attempt failed (a declined card), if it did. */
  lastError: string | null;
}

export interface CreateIntent {
  amount: number;
  currency: string;
  reservationId: string;
  tenant: string;
  description: string;
  email?: string;
  /** One per reservation: a retry after a crash gets the same intent back. */
  idempotencyKey: string;
}

export type PaymentEvent =
  | { type: 'succeeded'; intent: PaymentIntent }
  | { type: 'failed'; intent: PaymentIntent }
  /** The provider has the card and waits (the bank's approval, a slow method): the hold gets the payment window. */
  | { type: 'started'; intent: PaymentIntent }
  | { type: 'ignored'; eventType: string };

/** What the browser needs to take a card: which provider, and for Stripe the publishable key (never a secret). */
type BrowserPaymentConfig = { provider: 'local' } | { provider: 'stripe'; publishableKey: string };

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createIntent(input: CreateIntent): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  /** Stops an unpaid intent from being paid later (a lapsed or declined hold). */
  cancelIntent(id: string): Promise<void>;
  /** Gives the whole amount back. One refund per idempotency key. */
  refund(intentId: string, idempotencyKey: string): Promise<{ refundId: string }>;
  /** Verifies and reads a webhook; throws WebhookSignatureError when the signature is wrong. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  browserConfig(): BrowserPaymentConfig;
}
