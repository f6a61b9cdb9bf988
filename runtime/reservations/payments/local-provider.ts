// The local test payment provider: behaves like a card processor's test mode with no network. Cards (see
// runtime/domain/checkout/test-cards.ts) succeed, decline, or ask for a second step (3-D Secure) that the shopper
// approves or fails. Its records live in the reservation database (test_payment_intents) so a crash loses nothing.
// It tells the server about payments in-process (onEvent), as Stripe would by webhook.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { digitsOnly, testCardOutcome } from '../../domain/checkout';
import type { LedgerIntent, LocalPaymentLedger } from '../store';
import { WebhookSignatureError, type CreateIntent, type PaymentEvent, type PaymentIntent, type PaymentProvider } from './provider';

const LOCAL_PAYMENT_MESSAGES = {
  declined: 'Your card was declined.',
  invalidCard: 'Your card number is invalid.',
  invalidExpiry: 'Your card\u2019s expiration date is invalid.',
  invalidCvc: 'Your card\u2019s security code is invalid.',
  authenticationFailed: 'We are unable to authenticate your payment method.',
} as const;

export class PaymentRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const view = (i: LedgerIntent): PaymentIntent => ({
  id: i.id,
  status: i.status,
  amount: i.amount,
  currency: i.currency,
  reservationId: i.reservationId,
  clientSecret: i.clientSecret,
  lastError: i.lastError,
});

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface CardInput {
  number?: unknown;
  expiry?: unknown;
  cvc?: unknown;
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  /** The server's handler of payment events (set by the reservation service). */
  onEvent: (event: PaymentEvent) => Promise<void> = async () => {};

  constructor(
    private ledger: LocalPaymentLedger,
    private now: () => number = Date.now,
  ) {}

  async createIntent(input: CreateIntent): Promise<PaymentIntent> {
    const id = `pi_local_${randomUUID().replace(/-/g, '')}`;
    const intent = await this.ledger.create({
      id,
      idempotencyKey: input.idempotencyKey,
      amount: input.amount,
      currency: input.currency,
      reservationId: input.reservationId,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      lastError: null,
      last4: null,
      refundedAmount: 0,
      createdAt: this.now(),
    });
    return view(intent);
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    const intent = await this.ledger.get(id);
    if (!intent) throw new PaymentRequestError(404, `No such payment intent: ${id}`);
    return view(intent);
  }

  async cancelIntent(id: string) {
    const intent = await this.ledger.get(id);
    if (intent && intent.status !== 'succeeded') await this.ledger.update(id, { status: 'canceled' });
  }

  async refund(intentId: string, _idempotencyKey: string) {
    const intent = await this.ledger.get(intentId);
    if (!intent) throw new PaymentRequestError(404, `No such payment intent: ${intentId}`);
    if (intent.status !== 'succeeded') throw new PaymentRequestError(400, 'Only a succeeded payment can be refunded.');
    // Refunding in full twice is refunding once (the idempotency a real provider gives by key).
    await this.ledger.update(intentId, { refundedAmount: intent.amount });
    return { refundId: `re_local_${intentId.slice(9, 33)}` };
  }

  parseWebhook(): PaymentEvent {
    throw new WebhookSignatureError('The local test provider sends no webhooks.');
  }

  browserConfig() {
    return { provider: 'local' as const };
  }

  private async owned(id: string, clientSecret: unknown): Promise<LedgerIntent> {
    const intent = await this.ledger.get(id);
    if (!intent || typeof clientSecret !== 'string' || !sameSecret(intent.clientSecret, clientSecret)) {
      throw new PaymentRequestError(404, 'No such payment intent.');
    }
    return intent;
  }

  /** The card step, as the provider's own page would take it (the card never reaches the reservation code). */
  async confirmCard(id: string, clientSecret: unknown, card: CardInput): Promise<PaymentIntent> {
    const intent = await this.owned(id, clientSecret);
    if (intent.status === 'succeeded' || intent.status === 'requires_action') return view(intent);
    if (intent.status === 'canceled') throw new PaymentRequestError(409, 'This payment was cancelled. Please start again.');
    const number = typeof card.number === 'string' ? digitsOnly(card.number) : '';
    const outcome = testCardOutcome(number);
    if (outcome === 'invalid') throw new PaymentRequestError(422, LOCAL_PAYMENT_MESSAGES.invalidCard);
    const expiry = typeof card.expiry === 'string' ? /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim()) : null;
    const month = expiry ? Number(expiry[1]) : 0;
    const endOfMonth = expiry ? Date.UTC(2000 + Number(expiry[2]), month, 1) : 0;
    if (!expiry || month < 1 || month > 12 || endOfMonth <= this.now()) throw new PaymentRequestError(422, LOCAL_PAYMENT_MESSAGES.invalidExpiry);
    if (typeof card.cvc !== 'string' || !/^\d{3,4}$/.test(card.cvc.trim())) throw new PaymentRequestError(422, LOCAL_PAYMENT_MESSAGES.invalidCvc);
    const last4 = number.slice(-4);
    if (outcome === 'decline') {
      await this.ledger.update(id, { status: 'requires_payment_method', lastError: LOCAL_PAYMENT_MESSAGES.declined, last4 });
      const failed = view({ ...intent, status: 'requires_payment_method', lastError: LOCAL_PAYMENT_MESSAGES.declined });
      await this.onEvent({ type: 'failed', intent: failed });
      return failed;
    }
    if (outcome === 'authenticate') {
      await this.ledger.update(id, { status: 'requires_action', lastError: null, last4 });
      const waiting = view({ ...intent, status: 'requires_action', lastError: null });
      await this.onEvent({ type: 'started', intent: waiting });
      return waiting;
    }
    return this.succeed(intent, last4);
  }

  /** The bank's second step (3-D Secure): the shopper approves or fails it. */
  async authenticate(id: string, clientSecret: unknown, approve: boolean): Promise<PaymentIntent> {
    const intent = await this.owned(id, clientSecret);
    if (intent.status !== 'requires_action') return view(intent);
    if (!approve) {
      await this.ledger.update(id, { status: 'requires_payment_method', lastError: LOCAL_PAYMENT_MESSAGES.authenticationFailed });
      const failed = view({ ...intent, status: 'requires_payment_method', lastError: LOCAL_PAYMENT_MESSAGES.authenticationFailed });
      await this.onEvent({ type: 'failed', intent: failed });
      return failed;
    }
    return this.succeed(intent, intent.last4);
  }

  private async succeed(intent: LedgerIntent, last4: string | null): Promise<PaymentIntent> {
    // Committed at "the bank" before anyone is told: the reservation side may crash now and still find it.
    await this.ledger.update(intent.id, { status: 'succeeded', lastError: null, last4 });
    const done = view({ ...intent, status: 'succeeded', lastError: null });
    await this.onEvent({ type: 'succeeded', intent: done });
    return done;
  }
}
