// Shopper accounts over HTTP, for the site of the Host the request arrives on:
//   GET  /api/account                      { shopper | null, csrfToken } (and sets the CSRF cookie)
//   POST /api/account/sign-up | confirm-account | sign-in | sign-out | forgot-password | reset-password | details
// Sign-up sets no cookie (its answer is the same for a new and a registered email); the mailed link's page posts
// its token to confirm-account, which signs that browser in.
//   GET  /api/watchlist, POST /api/watchlist/save-car | remove-car (docs/requirements/vehicle-browsing.md#calls: JSON { phone_number, car_id })
//   GET  /api/saved-searches, POST /api/saved-searches, POST /api/saved-searches/:id/delete | /:id/seen
// Sessions: a random token in an HttpOnly, SameSite=Lax cookie without Domain (only this host sends it back), Secure
// (and __Host- prefixed) outside localhost; only its hash is stored. CSRF: every POST must come from this site
// (Origin/Referer, when sent, names this host) AND carry the double-submit token: the X-CSRF-Token header equal to the
// CSRF cookie, which only pages of this host can read. Bad input is a 4xx with { error, fields? }.
import { parse as parseCookies, serialize } from 'cookie';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Car } from '../../../schemas/generated/car';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import type { AccountService, Answer } from '../../accounts/service';
import { publicShopper } from '../../accounts/service';
import { KNOWN_DEVICE_DAYS } from '../../accounts/known-device';
import type { Account } from '../../accounts/store';
import { checkoutPageServed } from '../../domain/checkout';
import { RateLimits, tooManyRequests, type RateLimitRule } from '../../infra/rate-limit';
import { reserveSettings } from '../../page-data/checkout-common';
import { ACCOUNT_MESSAGES as M, SESSION_TTL_MS, gateFor, gatedRedirect, priceDrop, safeRedirectPath } from '../../domain/accounts';
import type { RuntimeServices } from '../../services';
import { hostName } from '../tenant-registry';
import { isServerBusy } from '../../infra/http-errors';
import { sameSite } from './leads-api';
import { newCarsSince } from './saved-search-count';

declare module '../../services' {
  interface RuntimeServices {
    /** Shopper accounts, sessions, watchlists (runtime/accounts). */
    accounts?: AccountService;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Memoised lookup of the request's signed-in shopper. */
    shopperLookup?: () => Promise<Account | undefined>;
  }
}

const CSRF_HEADER = 'x-csrf-token';
const ACCOUNT_BODY_LIMIT = '8kb';

const isLocalHost = (host: string | undefined) => {
  const name = hostName(host);
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '[::1]';
};

/** Cookie names: __Host- prefixed where the cookie is Secure (the prefix makes the browser refuse a Domain). */
function cookieNames(req: Request) {
  const secure = !isLocalHost(req.headers.host);
  const prefix = secure ? '__Host-' : '';
  return { secure, session: `${prefix}shopper_session`, csrf: `${prefix}shopper_csrf`, device: `${prefix}shopper_device` };
}

const cookiesOf = (req: Request) => parseCookies(req.headers.cookie ?? '');

function setSessionCookie(req: Request, res: Response, token: string | null) {
  const { secure, session } = cookieNames(req);
  res.append('set-cookie', serialize(session, token ?? '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: token ? SESSION_TTL_MS / 1000 : 0 }));
}

/** Marks this browser as one the account signed in from (it then skips the per-account sign-in friction). */
function setDeviceCookie(req: Request, res: Response, value: string | undefined) {
  if (!value) return;
  const { secure, device } = cookieNames(req);
  res.append('set-cookie', serialize(device, value, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: KNOWN_DEVICE_DAYS * 86_400 }));
}

/** The CSRF token of this browser (set now when missing). Readable by this host's pages, sent back as a header. */
function csrfToken(req: Request, res: Response): string {
  const { secure, csrf } = cookieNames(req);
  const existing = cookiesOf(req)[csrf];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  res.append('set-cookie', serialize(csrf, token, { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: 365 * 24 * 3600 }));
  return token;
}

export function csrfOk(req: Request): boolean {
  if (!sameSite(req)) return false;
  const cookie = cookiesOf(req)[cookieNames(req).csrf];
  const header = req.get(CSRF_HEADER);
  if (!cookie || !header || cookie.length !== header.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

const send = (res: Response, a: Answer) => res.status(a.status).json(a.body);

export interface AccountsApiOptions {
  log?: (message: string, error?: unknown) => void;
}

/** Watchlist and saved-search changes per client per minute: far more than a shopper clicks, too few to flood. */
export const SHOPPER_LIST_CHANGES: RateLimitRule = { name: 'shopper-list-changes', points: 60, windowSeconds: 60 };
/** Sign-ups per site and client address: each runs a costly password hash. A household or office making several
 *  accounts (and their typos) fits; a flood from one address is refused after a few. */
export const SIGN_UPS_PER_ADDRESS: RateLimitRule = { name: 'shopper-sign-up-address', points: 10, windowSeconds: 15 * 60 };
export const SIGN_UP_RATE_LIMITED = (minutes: number) =>
  `Too many accounts were created from this connection. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;

export function accountsApi(services: RuntimeServices, options: AccountsApiOptions = {}): Router {
  const router = express.Router();
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));
  const json = express.json({ limit: ACCOUNT_BODY_LIMIT, type: ['application/json', 'text/plain'] });

  // Every request of a site: how to find its shopper (only when someone asks).
  router.use((req: Request, _res: Response, next: NextFunction) => {
    let memo: Promise<Account | undefined> | undefined;
    req.shopperLookup = () =>
      (memo ??= (async () => {
        const service = services.accounts;
        const token = cookiesOf(req)[cookieNames(req).session];
        if (!service || !token) return undefined;
        try {
          return await service.shopperOf(req.tenant!.slug, token);
        } catch (error) {
          log(`session lookup failed for ${req.tenant!.slug}`, error);
          return undefined;
        }
      })());
    next();
  });

  // Gated routes (docs/requirements/dealer-services.md#roles), enforced for server renders and client navigations (/__data) alike.
  router.get(['/__data', '/{*path}'], async (req: Request, res: Response, next: NextFunction) => {
    try {
      const isData = req.path === '/__data';
      const target = isData ? (typeof req.query.path === 'string' ? req.query.path : '') : req.originalUrl;
      if (!target.startsWith('/') || target.startsWith('/api/')) return next();
      const url = new URL(target, 'http://site.invalid');
      const tenant = req.tenant!;
      // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
      const settings = (tenant.settings ?? {}) as Record<string, any>;
      const gate = gateFor(
        {
          gatedRoutes: settings.accounts?.gatedRoutes,
          financeGated: settings.finance?.gatedRoute === true,
          financePath: settings.finance?.financePath ?? '/finance',
        },
        {
          pathname: url.pathname,
          search: url.search,
          // A checkout is gated only where it would be served: a car of this site, on the checkout path the site uses.
          isKnownCar: (slug) => Boolean(services.catalogue?.bySlugFor(tenant, slug)) && checkoutPageServed(reserveSettings(tenant), url.pathname),
        },
      );
      if (!gate || (await req.shopperLookup!())) return next();
      const referer = req.get('referer');
      let back = '/';
      if (referer && sameSite(req)) {
        try {
          const r = new URL(referer);
          if (hostName(r.host) === hostName(req.headers.host)) back = safeRedirectPath(r.pathname + r.search);
        } catch {
          back = '/';
        }
      }
      if (back === url.pathname + url.search) back = '/';
      const location = gatedRedirect(url.pathname + url.search, back);
      res.set('cache-control', 'no-store');
      // A client navigation follows the redirect like any moved page: an answer, not an error the browser logs.
      if (isData) return res.status(200).json({ redirect: location });
      res.redirect(302, location);
    } catch (e) {
      next(e);
    }
  });

  const API_PATHS = ['/api/account', '/api/watchlist', '/api/saved-searches'];
  const api = router;
  api.use(API_PATHS, (req: Request, res: Response, next: NextFunction) => {
    res.set('cache-control', 'no-store');
    if (!services.accounts) return res.status(503).json({ error: M.unavailable });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (!sameSite(req)) return res.status(403).json({ error: M.wrongSite });
      if (!csrfOk(req)) return res.status(403).json({ error: M.csrf });
    }
    next();
  });
  // Watchlist and saved-search changes per client, counted in the shared rate limits (sign-in has its own limits).
  const limits = services.rateLimits ?? RateLimits.memory();
  api.use(['/api/watchlist', '/api/saved-searches'], async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const verdict = await limits.consume(SHOPPER_LIST_CHANGES, `${req.tenant!.slug}|${req.ip}`);
    if (!verdict.allowed) return tooManyRequests(res, verdict, 'Too many changes from this connection. Please wait a minute and try again.');
    next();
  });
  api.use(API_PATHS, json);

  const wrap =
    (handler: (req: Request, res: Response, service: AccountService) => Promise<unknown>) => async (req: Request, res: Response, next: NextFunction) => {
      try {
        await handler(req, res, services.accounts!);
      } catch (e) {
        if (isServerBusy(e)) return next(e); // 503 with Retry-After, from the app's error handler
        log(`account request failed for ${req.tenant?.slug} ${req.method} ${req.path}`, e);
        if (!res.headersSent) res.status(503).json({ error: M.unavailable });
        else next(e);
      }
    };

  const signedIn = (handler: (req: Request, res: Response, service: AccountService, account: Account) => Promise<unknown>) =>
    wrap(async (req, res, service) => {
      const account = await req.shopperLookup!();
      if (!account) return res.status(401).json({ error: M.signedOut });
      return handler(req, res, service, account);
    });

  api.get(
    '/api/account',
    wrap(async (req, res) => {
      const account = await req.shopperLookup!();
      res.json({ shopper: account ? publicShopper(account) : null, csrfToken: csrfToken(req, res) });
    }),
  );

  api.post(
    '/api/account/sign-up',
    wrap(async (req, res, service) => {
      const verdict = await limits.consume(SIGN_UPS_PER_ADDRESS, `${req.tenant!.slug}|${req.ip}`);
      if (!verdict.allowed) return tooManyRequests(res, verdict, SIGN_UP_RATE_LIMITED(Math.ceil(verdict.retryAfterSeconds / 60)));
      send(res, await service.signUp(req.tenant!, req.body));
    }),
  );

  api.post(
    '/api/account/confirm-account',
    wrap(async (req, res, service) => {
      const a = await service.confirmAccount(req.tenant!.slug, req.body);
      if (a.session) setSessionCookie(req, res, a.session);
      setDeviceCookie(req, res, a.device);
      send(res, a);
    }),
  );

  api.post(
    '/api/account/sign-in',
    wrap(async (req, res, service) => {
      const a = await service.signIn(req.tenant!, req.body, { address: req.ip ?? 'unknown', device: cookiesOf(req)[cookieNames(req).device] });
      if (a.retryAfter) res.set('retry-after', String(a.retryAfter));
      if (a.session) setSessionCookie(req, res, a.session);
      setDeviceCookie(req, res, a.device);
      send(res, a);
    }),
  );

  api.post(
    '/api/account/sign-out',
    wrap(async (req, res, service) => {
      await service.signOut(req.tenant!.slug, cookiesOf(req)[cookieNames(req).session]);
      setSessionCookie(req, res, null);
      res.json({ success: true });
    }),
  );

  api.post(
    '/api/account/forgot-password',
    // The link's origin comes from configuration (the service's linkOrigin), never from this request's headers.
    wrap(async (req, res, service) => send(res, await service.forgotPassword(req.tenant!, req.body))),
  );

  api.post(
    '/api/account/reset-password',
    wrap(async (req, res, service) => {
      const a = await service.resetPassword(req.tenant!.slug, req.body);
      setDeviceCookie(req, res, a.device);
      send(res, a);
    }),
  );

  api.post(
    '/api/account/details',
    signedIn(async (req, res, service, account) => send(res, await service.updateDetails(account, req.body))),
  );

  // The cars of a compare list (browser storage holds only ids): up to 4 of this site's cars, unknown ids left out.
  router.get('/api/compare-cars', (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const raw = typeof req.query.ids === 'string' ? req.query.ids : '';
    if (!/^\d{1,15}(,\d{1,15}){0,3}$/.test(raw)) return res.status(400).json({ error: 'ids must be 1 to 4 car ids separated by commas.' });
    const cars = raw
      .split(',')
      .map((id) => services.catalogue?.byIdFor(req.tenant!, Number(id)))
      .filter((c): c is Car => Boolean(c));
    res.json({ cars });
  });

  api.get(
    '/api/watchlist',
    signedIn(async (req, res, service, account) => {
      const tenant = req.tenant!;
      const entries = await service.store.watchlist(tenant.slug, account.id);
      const cars = entries.map((e) => {
        const car = services.catalogue?.byIdFor(tenant, e.carId);
        return { carId: e.carId, savedAt: e.savedAt, priceAtSave: e.priceAtSave, car: car ?? null, priceDrop: priceDrop(e.priceAtSave, car?.price) };
      });
      res.json({ ids: entries.map((e) => e.carId), cars });
    }),
  );

  api.post(
    '/api/watchlist/save-car',
    signedIn(async (req, res, service, account) => send(res, await service.saveCar(req.tenant!, account, req.body))),
  );
  api.post(
    '/api/watchlist/remove-car',
    signedIn(async (req, res, service, account) => send(res, await service.removeCar(req.tenant!, account, req.body))),
  );

  api.get(
    '/api/saved-searches',
    signedIn(async (req, res, service, account) => {
      const tenant = req.tenant!;
      const list = await service.store.savedSearches(tenant.slug, account.id);
      const withCounts = await Promise.all(list.map(async (s) => ({ ...s, newCars: await newCarsFor(services, tenant, s.path, s.lastSeenAt) })));
      res.json({ searches: withCounts });
    }),
  );
  api.post(
    '/api/saved-searches',
    signedIn(async (req, res, service, account) => send(res, await service.saveSearch(account, req.body))),
  );
  api.post(
    '/api/saved-searches/:id/delete',
    signedIn(async (req, res, service, account) => {
      const ok = await service.store.deleteSavedSearch(account.tenant, account.id, String(req.params.id));
      res.status(ok ? 200 : 404).json(ok ? { success: true } : { error: 'This saved search does not exist.' });
    }),
  );
  api.post(
    '/api/saved-searches/:id/seen',
    signedIn(async (req, res, service, account) => {
      const ok = await service.store.markSearchSeen(account.tenant, account.id, String(req.params.id), Date.now());
      res.status(ok ? 200 : 404).json(ok ? { success: true } : { error: 'This saved search does not exist.' });
    }),
  );

  // Body parser errors: too large, malformed JSON.
  api.use(API_PATHS, (error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error?.type === 'entity.too.large') return res.status(413).json({ error: M.tooLarge });
    if (error?.type === 'entity.parse.failed') return res.status(400).json({ error: M.badJson });
    if (error?.status && error.status >= 400 && error.status < 500) return res.status(error.status).json({ error: 'The request could not be read.' });
    next(error);
  });

  return router;
}

/** New cars matching a saved search since the shopper last looked (cars created after `since`). */
async function newCarsFor(services: RuntimeServices, tenant: TenantDocument, path: string, since: number): Promise<number | null> {
  const cat = services.catalogue;
  if (!cat) return null;
  try {
    return await newCarsSince(cat, tenant, path, since);
  } catch {
    return null; // a search the catalogue cannot answer now shows no count
  }
}
