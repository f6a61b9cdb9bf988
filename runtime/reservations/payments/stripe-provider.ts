// Stripe adapter (the official `stripe` package): Payment Intents in cents AUD with idempotency keys, refunds, and
// webhook signature verification. Used when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; the browser gets
// only STRIPE_PUBLISHABLE_KEY and the intent's client secret.
import Stripe from 'stripe';
import { WebhookSignatureError, type CreateIntent, type IntentStatus, type PaymentEvent, type PaymentIntent, type PaymentProvider } from './provider';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** For tests: a Stripe client pointed elsewhere. */
  client?: Stripe;
}

const STATUS: Record<string, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function intentFromStripe(pi: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: pi.id,
    status: STATUS[pi.status] ?? 'requires_payment_method',
    amount: pi.amount,
    currency: pi.currency,
    reservationId: pi.metadata?.reservation_id ?? null,
    clientSecret: pi.client_secret,
    lastError: pi.last_payment_error?.message ?? null,
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private stripe: Stripe;

  constructor(private config: StripeConfig) {
    this.stripe = config.client ?? new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  }

  async createIntent(input: CreateIntent): Promise<PaymentIntent> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        receipt_email: input.email,
        automatic_payment_methods: { enabled: true },
        metadata: { reservation_id: input.reservationId, tenant: input.tenant },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return intentFromStripe(pi);
  }

  async retrieveIntent(id: string) {
    return intentFromStripe(await this.stripe.paymentIntents.retrieve(id));
  }

  async cancelIntent(id: string) {
    const pi = await this.stripe.paymentIntents.retrieve(id);
    if (pi.status !== 'succeeded' && pi.status !== 'canceled' && pi.status !== 'processing') await this.stripe.paymentIntents.cancel(id);
  }

  async refund(intentId: string, idempotencyKey: string) {
    const refund = await this.stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
    return { refundId: refund.id };
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch (e) {
      throw new WebhookSignatureError(`Webhook signature verification failed: ${(e as Error).message}`);
    }
    if (event.type === 'payment_intent.succeeded') return { type: 'succeeded', intent: intentFromStripe(event.data.object as Stripe.PaymentIntent) };
    if (event.type === 'payment_intent.payment_failed') return { type: 'failed', intent: intentFromStripe(event.data.object as Stripe.PaymentIntent) };
    if (event.type === 'payment_intent.requires_action' || event.type === 'payment_intent.processing')
      return { type: 'started', intent: intentFromStripe(event.data.object as Stripe.PaymentIntent) };
    return { type: 'ignored', eventType: event.type };
  }

  browserConfig() {
    return { provider: 'stripe' as const, publishableKey: this.config.publishableKey };
  }
}
