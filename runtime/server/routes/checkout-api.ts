// Checkout APIs (runtime/reservations). JSON in, JSON out, a 4xx with { error, reason } for anything wrong.
//   POST /api/checkout/reservations                  take a hold and open the deposit payment
//   GET  /api/checkout/reservations/:id              the reservation, after asking the provider (server-side confirmation)
//   POST /api/payments/local/intents/:id/confirm     the local test provider's card step (404 with Stripe)
//   POST /api/payments/local/intents/:id/authenticate  its 3-D Secure step
//   GET/PUT /api/checkout-journey?car_id=            the online purchase journey of this shopper (cookie) and car
//   POST /api/payments/webhook                       Stripe webhooks (signature verified), any host
//   POST /__test/clock                               moves the reservation clock; only with TEST_CLOCK=1
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { IDEMPOTENCY_HEADER } from '../../domain/leads';
import { RateLimits, type RateLimitRule } from '../../infra/rate-limit';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../infra/http-errors';
import { LocalPaymentProvider, PaymentRequestError, WebhookSignatureError, type PaymentEvent, type ReservationSystem } from '../../reservations';
import type { ReservationService } from '../../reservations/service';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import { sameSite } from './leads-api';
import { answerJourney, JOURNEY_COOKIE, JOURNEY_ID, loadJourney, newJourneyId } from '../../reservations/journey';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { checkoutPageServed, resumeStep, type JourneyState } from '../../domain/checkout';
import { gatedRedirect, gateFor } from '../../domain/accounts';
import { reserveSettings } from '../../page-data/checkout-common';
import { clientKeyOf } from '../../reservations/hold-limits';

declare module '../../services' {
  interface RuntimeServices {
    /** Reserve online and buy online (runtime/reservations). */
    reservations?: ReservationService;
  }
}

const BODY_LIMIT = '16kb';
const jsonBody = express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Log = (m: string, e?: unknown) => void;

function guard(limits: RateLimits, rule: RateLimitRule) {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.set('cache-control', 'no-store');
    if (!sameSite(req)) return res.status(403).json({ error: 'This request was not sent from this website.', reason: 'wrong-site' });
    const verdict = await limits.consume(rule, `${req.tenant?.slug ?? ''}|${req.ip}`);
    if (!verdict.allowed) {
      res.set('retry-after', String(verdict.retryAfterSeconds));
      return res.status(429).json({ error: 'Too many attempts from this connection. Please wait a minute and try again.', reason: 'rate-limited' });
    }
    next();
  };
}

function bodyErrors(error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) {
  if (error?.type === 'entity.too.large') return res.status(413).json({ error: 'This request is too large.', reason: 'too-large' });
  if (error?.type === 'entity.parse.failed') return res.status(400).json({ error: 'The request body is not valid JSON.', reason: 'bad-json' });
  if (error?.status && error.status >= 400 && error.status < 500) return res.status(error.status).json({ error: 'Bad request.', reason: 'bad-request' });
  next(error);
}

const SIGN_IN_TO_RESERVE = 'Please sign in to reserve this car. Your details will be filled in for you.';

/**
 * The checkout page a reservation comes from, when this site asks signed-out visitors to sign in there
 * (settings.accounts.gatedRoutes, read as the page gate reads it); null when the page is open to everyone.
 */
function gatedCheckoutPage(req: Request, body: unknown, catalogue: CarCatalogue | undefined): { page: string; car: string } | null {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const tenant = req.tenant!;
  // An unknown car is not gated here either: the service answers it with its own 404.
  const car = typeof b.car_id === 'string' ? catalogue?.bySlugFor(tenant, b.car_id) : undefined;
  if (!car) return null;
  const reserve = reserveSettings(tenant);
  const page =
    b.kind === 'purchase'
      ? { pathname: '/checkout-journey', search: `?car_id=${encodeURIComponent(car.slug)}` }
      : { pathname: `/cars/${car.slug}/${reserve.checkoutPath}`, search: '' };
  // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
  const settings = (tenant.settings ?? {}) as Record<string, any>;
  const gate = gateFor(
    {
      gatedRoutes: settings.accounts?.gatedRoutes,
      financeGated: settings.finance?.gatedRoute === true,
      financePath: settings.finance?.financePath ?? '/finance',
    },
    { ...page, isKnownCar: () => checkoutPageServed(reserve, page.pathname) },
  );
  return gate ? { page: page.pathname + page.search, car: `/cars/${car.slug}` } : null;
}

/** Routes that need the site (after the host picked the tenant). */
export function checkoutApi(
  system: () => ReservationSystem | undefined,
  options: { log?: Log; perMinute?: number; catalogue?: () => CarCatalogue | undefined; rateLimits?: RateLimits } = {},
): Router {
  const router = express.Router();
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));
  // Counted in the server's shared rate limits (PostgreSQL across processes when configured).
  const limits = options.rateLimits ?? RateLimits.memory();
  const perMinute = options.perMinute ?? 30;
  const checkoutRule: RateLimitRule = { name: 'checkout', points: perMinute, windowSeconds: 60 };
  const journeyRule: RateLimitRule = { name: 'checkout-journey', points: perMinute * 2, windowSeconds: 60 };
  const unavailable = (res: Response) =>
    res
      .set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .status(503)
      .json({ error: 'Online reservations are not available right now.', reason: 'unavailable' });

  const journeyIdOf = (req: Request): string | undefined => {
    const id = parseCookies(req.headers.cookie ?? '')[JOURNEY_COOKIE];
    return id && JOURNEY_ID.test(id) ? id : undefined;
  };
  const carOf = (req: Request, slug: unknown) => (typeof slug === 'string' ? options.catalogue?.()?.bySlugFor(req.tenant!, slug) : undefined);
  const journeyOffered = (req: Request) => Boolean((req.tenant!.settings.vehicle?.reserve ?? {}).onlinePurchaseEnabled);

  router.get('/api/checkout-journey', async (req, res) => {
    res.set('cache-control', 'no-store');
    const s = system();
    if (!s) return unavailable(res);
    if (!journeyOffered(req)) return res.status(404).json({ error: 'This website does not offer online purchase.', reason: 'not-offered' });
    const car = carOf(req, req.query.car_id);
    if (!car) return res.status(404).json({ error: 'This car is not listed on this website.', reason: 'unknown-car' });
    res.json(await loadJourney(s.store, journeyIdOf(req), req.tenant!, car));
  });

  router.put('/api/checkout-journey', guard(limits, journeyRule), jsonBody, async (req, res) => {
    const s = system();
    if (!s) return unavailable(res);
    if (!journeyOffered(req)) return res.status(404).json({ error: 'This website does not offer online purchase.', reason: 'not-offered' });
    const car = carOf(req, (req.body ?? {}).car_id);
    if (!car) return res.status(404).json({ error: 'This car is not listed on this website.', reason: 'unknown-car' });
    let journeyId = journeyIdOf(req);
    if (!journeyId) {
      journeyId = newJourneyId();
      res.append(
        'set-cookie',
        serializeCookie(JOURNEY_COOKIE, journeyId, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 30 * 86_400, secure: req.secure }),
      );
    }
    const location = req.tenant!.dealerships.flatMap((d) => d.locations).find((l) => l.id === car.location_id);
    try {
      const answer = await answerJourney(s.store, journeyId, req.tenant!, car, location?.address.state ?? car.state, req.body, s.clock.now());
      res.status(answer.status).json(answer.body);
    } catch (error) {
      log(`journey not saved for ${req.tenant!.slug}`, error);
      unavailable(res);
    }
  });

  router.post('/api/checkout/reservations', guard(limits, checkoutRule), jsonBody, async (req, res) => {
    const s = system();
    if (!s) return unavailable(res);
    if (req.body === undefined) return res.status(415).json({ error: 'Send JSON (Content-Type: application/json).', reason: 'bad-content-type' });
    try {
      // A site that sends signed-out visitors of its checkout to sign in takes their holds only signed in, too.
      const account = await req.shopperLookup?.();
      const gatedPage = account ? null : gatedCheckoutPage(req, req.body, options.catalogue?.());
      // sign_in: where the page would have sent them (back to the car if they cancel).
      if (gatedPage)
        return res.status(401).json({ error: SIGN_IN_TO_RESERVE, reason: 'sign-in-required', sign_in: gatedRedirect(gatedPage.page, gatedPage.car) });
      // Online purchase: the journey's answers (kept on the server) go with the reservation, and must be complete.
      let journey: JourneyState | null = null;
      if ((req.body ?? {}).kind === 'purchase' && journeyOffered(req)) {
        const car = carOf(req, req.body.car_id);
        const id = journeyIdOf(req);
        if (car && id) journey = (await loadJourney(s.store, id, req.tenant!, car)).state;
        if (car && (!journey || resumeStep(journey) !== 'deposit'))
          return res.status(409).json({ error: 'Please complete the form step before proceeding', reason: 'journey-incomplete' });
      }
      const answer = await s.service.reserve(req.tenant!, req.body, {
        idempotencyKey: req.get(IDEMPOTENCY_HEADER) ?? undefined,
        journey: journey as unknown as Record<string, unknown> | null,
        clientKey: clientKeyOf(req.ip),
        accountId: account?.id ?? null,
      });
      if (answer.retryAfter) res.set('retry-after', String(answer.retryAfter));
      res.status(answer.status).json(answer.body);
    } catch (error) {
      log(`reservation failed for ${req.tenant!.slug}`, error);
      unavailable(res);
    }
  });

  router.get('/api/checkout/reservations/:id', async (req, res) => {
    res.set('cache-control', 'no-store');
    const s = system();
    if (!s) return unavailable(res);
    if (!UUID.test(String(req.params.id))) return res.status(404).json({ error: 'No such reservation on this website.', reason: 'unknown-reservation' });
    try {
      const answer = await s.service.confirm(req.tenant!, String(req.params.id));
      res.status(answer.status).json(answer.body);
    } catch (error) {
      log(`reservation status failed for ${req.tenant!.slug}`, error);
      unavailable(res);
    }
  });

  const local = (res: Response): LocalPaymentProvider | undefined => {
    const provider = system()?.provider;
    if (provider instanceof LocalPaymentProvider) return provider;
    res.status(404).json({ error: 'The local test payment provider is not in use.', reason: 'not-found' });
    return undefined;
  };

  router.post('/api/payments/local/intents/:id/confirm', guard(limits, checkoutRule), jsonBody, async (req, res) => {
    const provider = local(res);
    if (!provider) return;
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the request body is checked field by field below
      const body = (req.body ?? {}) as Record<string, any>;
      const intent = await provider.confirmCard(String(req.params.id), body.client_secret, body.card ?? {});
      res.status(200).json({ id: intent.id, status: intent.status, last_error: intent.lastError });
    } catch (error) {
      if (error instanceof PaymentRequestError) return res.status(error.status).json({ error: error.message, reason: 'card' });
      log('local payment confirm failed', error);
      unavailable(res);
    }
  });

  router.post('/api/payments/local/intents/:id/authenticate', guard(limits, checkoutRule), jsonBody, async (req, res) => {
    const provider = local(res);
    if (!provider) return;
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the request body is checked field by field below
      const body = (req.body ?? {}) as Record<string, any>;
      const intent = await provider.authenticate(String(req.params.id), body.client_secret, body.approve === true);
      res.status(200).json({ id: intent.id, status: intent.status, last_error: intent.lastError });
    } catch (error) {
      if (error instanceof PaymentRequestError) return res.status(error.status).json({ error: error.message, reason: 'card' });
      log('local payment authenticate failed', error);
      unavailable(res);
    }
  });

  router.use(['/api/checkout', '/api/payments', '/api/checkout-journey'], bodyErrors);
  return router;
}

/** Host-independent routes: the provider's webhook, and the test-only clock. Mounted before the host picks a tenant. */
export function paymentWebhookApi(system: () => ReservationSystem | undefined, options: { log?: Log } = {}): Router {
  const router = express.Router();
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));

  router.post('/api/payments/webhook', express.raw({ type: '*/*', limit: '256kb' }), async (req, res) => {
    res.set('cache-control', 'no-store');
    const s = system();
    if (!s) return res.status(503).json({ error: 'Payments are not available right now.' });
    let event: PaymentEvent;
    try {
      event = s.provider.parseWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('stripe-signature') ?? undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) return res.status(400).json({ error: error.message, reason: 'bad-signature' });
      throw error;
    }
    try {
      await s.service.handleEvent(event);
      res.status(200).json({ received: true });
    } catch (error) {
      // 5xx makes the provider send it again later: nothing is lost.
      log('payment webhook not processed (the provider retries)', error);
      res.status(503).json({ error: 'Try again later.' });
    }
  });

  router.post('/__test/clock', express.json({ limit: '1kb' }), async (req, res) => {
    const s = system();
    if (!s?.clock.adjustable) return res.status(404).type('text').send('Not found');
    const offset = Number((req.body ?? {}).offset_ms);
    if (!Number.isFinite(offset) || Math.abs(offset) > 365 * 86_400_000)
      return res.status(400).json({ error: 'offset_ms must be a number of milliseconds within a year.' });
    s.clock.offsetMs = offset;
    const { released } = await s.service.sweep();
    res.json({ offset_ms: offset, now: s.clock.now(), released });
  });

  return router;
}
