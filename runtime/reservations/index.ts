// Reserve online and buy online: storage (SQLite by default, PostgreSQL with DATABASE_URL), the payment provider
// (the local test provider, or Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set) and the service.
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { LeadService } from '../leads/service';
import type { CarCatalogue } from '../inventory/car-catalogue';
import { LocalPaymentProvider } from './payments/local-provider';
import type { PaymentProvider } from './payments/provider';
import { StripePaymentProvider } from './payments/stripe-provider';
import { ReservationService } from './service';
import { SqlReservationStore } from './sql-store';
import type { ReservationStore } from './store';

export * from './store';
export * from './service';
export * from './payments/provider';
export { LocalPaymentProvider, PaymentRequestError } from './payments/local-provider';
export { StripePaymentProvider } from './payments/stripe-provider';
export { SqlReservationStore } from './sql-store';
export { reservationMigrations } from './migrations';

/** The SQLite file when neither DATABASE_URL nor RESERVATIONS_DB is set. */
export const RESERVATIONS_DEFAULT_FILE = join('data', 'reservations.sqlite');

export async function openReservationStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<ReservationStore> {
  if (env.databaseUrl) return SqlReservationStore.openPostgres(env.databaseUrl);
  return SqlReservationStore.openSqlite(env.sqliteFile ?? RESERVATIONS_DEFAULT_FILE);
}

export interface PaymentEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
}

/** Stripe when both secrets are set (and a publishable key for the browser); otherwise the local test provider. */
function choosePaymentProvider(store: ReservationStore, env: PaymentEnv, now: () => number): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    if (!env.STRIPE_PUBLISHABLE_KEY) throw new Error('STRIPE_PUBLISHABLE_KEY is needed with STRIPE_SECRET_KEY: the browser confirms card payments with it.');
    return new StripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    });
  }
  return new LocalPaymentProvider(store.ledger, now);
}

interface CheckoutClock {
  now(): number;
  /** Test-only: move the clock (only when the server was started with TEST_CLOCK=1). */
  offsetMs: number;
  readonly adjustable: boolean;
}

/** The reservation clock: real time, plus an offset that only a server started with TEST_CLOCK=1 lets tests move. */
function checkoutClock(adjustable: boolean): CheckoutClock {
  const clock = {
    offsetMs: 0,
    adjustable,
    now: () => Date.now() + (adjustable ? clock.offsetMs : 0),
  };
  return clock;
}

export interface ReservationSystem {
  service: ReservationService;
  store: ReservationStore;
  provider: PaymentProvider;
  clock: CheckoutClock;
  start(intervalMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function createReservationSystem(options: {
  store: ReservationStore;
  catalogue: () => CarCatalogue | undefined;
  leads?: () => LeadService | undefined;
  tenantBySlug: (slug: string) => TenantDocument | undefined;
  env?: PaymentEnv & { TEST_CLOCK?: string };
  provider?: PaymentProvider;
  log?: (message: string, error?: unknown) => void;
}): ReservationSystem {
  const env = options.env ?? {};
  const clock = checkoutClock(env.TEST_CLOCK === '1');
  const provider = options.provider ?? choosePaymentProvider(options.store, env, clock.now);
  const service = new ReservationService({
    store: options.store,
    provider,
    catalogue: options.catalogue,
    leads: options.leads,
    tenantBySlug: options.tenantBySlug,
    now: clock.now,
    log: options.log,
  });
  if (provider instanceof LocalPaymentProvider) provider.onEvent = (event) => service.handleEvent(event);
  let timer: NodeJS.Timeout | undefined;
  return {
    service,
    store: options.store,
    provider,
    clock,
    async start(intervalMs = 30_000) {
      // At start, every unpaid hold is checked with the provider (the process may have died mid-payment).
      await service.sweep({ reconcileAll: true });
      timer = setInterval(() => void service.sweep().catch((e) => options.log?.('reservation sweep failed', e)), intervalMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await options.store.close();
    },
  };
}
