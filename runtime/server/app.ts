// One HTTP server for every tenant. The host name picks the tenant; each tenant's pages render on the server and
// hydrate in the browser. Unknown hosts get a plain 404 that names no tenant; a tenant whose document does not
// validate gets a 503 while the others keep serving.
import compression from 'compression';
import { precompressedAssets } from './precompressed';
import express, { type NextFunction, type Request, type Response } from 'express';
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { pageDataFor, renderPage, type AssetResolver } from '../renderer/entry-server';
import type { RuntimeServices } from '../services';
import { accountsApi } from './routes/accounts-api';
import { alertsApi } from './routes/alerts-api';
import { FeedPhotoCache } from '../images/feed-photos';
import { ImageVariantCache } from '../images/variant-cache';
import { mediaRoutes } from './routes/media';
import { evalExpertApi } from './routes/eval-expert-api';
import { leadsApi } from './routes/leads-api';
import { locationsApi } from './routes/locations-api';
import { checkoutApi, paymentWebhookApi } from './routes/checkout-api';
import type { ReservationSystem } from '../reservations';
import { modelsApi } from './routes/models-api';
import { searchApi } from './routes/search-api';
import { seoRoutes } from './routes/seo';
import { RateLimits } from '../infra/rate-limit';
import { buildFileHeadersOnly, securityHeaders } from './security-headers';
import { tenantCspSources } from './tenant-csp';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';
import { vehicleApi } from './routes/vehicle-api';
import { unsubscribeApi } from './routes/unsubscribe-api';
import type { TenantRegistry } from './tenant-registry';
import { clientErrorOf, databaseUnavailable, isServerBusy, STORAGE_FULL_MESSAGE, storageFull, wantsJson } from '../infra/http-errors';
import { siteUrl } from './site-url';
import {
  errorLog,
  METRICS_REFUSED,
  metricsAllowed,
  noteTenant,
  requestObservability,
  silentLogger,
  type Logger,
  type Readiness,
  type ServerMetrics,
} from './observability';
import { standInRoutes } from './routes/stand-ins';
import { singleHostHeader } from './host-header';
import { jsonAnswerHeaders } from './api-headers';
import { etagMatches, NONCE_PLACEHOLDER, PageCache, pageBody, preparePage, type CachedPage } from './page-cache';

export interface AppOptions {
  registry: TenantRegistry;
  clientDir: string;
  assets: AssetResolver;
  services?: RuntimeServices;
  /** The visual editor (runtime/editor), served at /editor on every host, before the host picks a tenant. */
  editor?: express.RequestHandler;
  /** Reserve online and buy online: reservations, the payment provider and its webhook. */
  reservations?: ReservationSystem;
  log?: (message: string, error?: unknown) => void;
  /** Request logs (one JSON line per request with its id) and the default `log`; none in most tests. */
  logger?: Logger;
  /** Prometheus metrics served at /metrics (see observability.ts for who may read them). */
  metrics?: ServerMetrics;
  /** What /readyz checks (database, search, tenants); without it /readyz answers like /healthz. */
  readiness?: Readiness;
  /** Proxies trusted for the client address and protocol; default from TRUST_PROXY (see trust-proxy.ts). */
  trustProxy?: TrustProxy;
  /** Rendered pages kept in memory (page-cache.ts); default one with PAGE_CACHE_TTL_MS (60 s; 0 turns it off). */
  pageCache?: PageCache;
  /** `npm run dev` only (dev-mode.ts): Vite's middlewares, before every route. */
  devMiddleware?: express.RequestHandler;
  /** `npm run dev` only: the renderer loaded per request through Vite, so an edited block renders at once. */
  renderer?: () => Promise<Pick<typeof import('../renderer/entry-server'), 'renderPage' | 'pageDataFor'>>;
  /** Raster variants of drawn images, rendered on first request; default on disk in IMAGE_CACHE_DIR (data/image-cache). */
  imageVariants?: ImageVariantCache;
  /** Originals of stock feeds' photos, fetched on first request of a variant; default on disk in IMAGE_CACHE_DIR/feed-photos. */
  feedPhotos?: FeedPhotoCache;
}

/** How long shared caches (a CDN) may serve a page without asking again; browsers always revalidate (ETag). */
const SHARED_MAX_AGE_S = 60;

/** A signed-in shopper's request: its answers are the shopper's own, never cached or shared. */
const hasShopperSession = (req: Request) => /(?:^|;\s*)(?:__Host-)?shopper_session=/.test(req.headers.cookie ?? '');

declare module 'express-serve-static-core' {
  interface Request {
    tenant?: TenantDocument;
  }
}

/** The editor's preview page of a site (/editor/preview/{slug}). */
const PREVIEW_PAGE = /^\/editor\/preview\/([a-z0-9-]+)\/?$/;

const plainPage = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

/** The URL a page renders for: the site's origin and the request's path (see site-url.ts). */
function requestUrl(req: Request): URL {
  return siteUrl(req.tenant!, req.headers.host, req.originalUrl);
}

export function createApp({
  registry,
  clientDir,
  assets,
  services = {},
  editor,
  reservations,
  logger,
  metrics,
  readiness,
  log = logger ? errorLog(logger) : (m, e) => console.error(m, e ?? ''),
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY),
  pageCache = new PageCache({ ttlMs: Number(process.env.PAGE_CACHE_TTL_MS ?? 60_000) }),
  devMiddleware,
  renderer = async () => ({ renderPage, pageDataFor }),
  imageVariants = new ImageVariantCache({ dir: process.env.IMAGE_CACHE_DIR ?? join('data', 'image-cache') }),
  feedPhotos,
}: AppOptions) {
  feedPhotos ??= new FeedPhotoCache({ dir: join(process.env.IMAGE_CACHE_DIR ?? join('data', 'image-cache'), 'feed-photos'), log: (message) => log(message) });
  // One set of rate-limit counters for every route (main.ts passes the shared PostgreSQL one when configured).
  services = services.rateLimits ? services : { ...services, rateLimits: RateLimits.memory() };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  if (logger || metrics) {
    app.use(requestObservability({ logger: logger ?? silentLogger, metrics, tenantOf: (req) => req.tenant?.slug }));
  }
  // While draining for shutdown every answer closes its connection: a keep-alive socket left idle after the last
  // answer would otherwise hold the process open for the whole keep-alive timeout.
  if (readiness) {
    app.use((_req, res, next) => {
      if (readiness.isDraining) res.setHeader('connection', 'close');
      next();
    });
  }
  app.use(compression());
  // The CSP asks for a site's sources once per directive: worked out once per site document (a publish gives a new one).
  const cspSourcesOf = new WeakMap<TenantDocument, ReturnType<typeof tenantCspSources>>();
  // The editor's preview of a site runs on the editor's host: the site it shows is named by the preview page's path.
  const previewed = (path: string | undefined): TenantDocument | undefined => {
    const slug = path ? PREVIEW_PAGE.exec(path)?.[1] : undefined;
    return slug ? registry.docOf(slug) : undefined;
  };
  app.use(
    securityHeaders({
      perRequestSources: (req) => {
        const match = registry.match(req.headers.host);
        // A preview frames what the previewed site frames (its booking page), whatever site the editor's host is.
        const doc = previewed(req.url?.split('?')[0]) ?? (match.kind === 'tenant' ? match.doc : undefined);
        if (!doc) return {};
        let sources = cspSourcesOf.get(doc);
        if (!sources) cspSourcesOf.set(doc, (sources = tenantCspSources(doc)));
        return sources;
      },
    }),
  );
  app.use(jsonAnswerHeaders);
  // Two Host headers leave it open which site is meant: refused before anything picks one (host-header.ts).
  app.use(singleHostHeader);

  app.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    res.set('cache-control', 'no-store');
    if (!readiness) return res.json({ status: 'ready', checks: {} });
    const { ready, ...report } = await readiness.report();
    res.status(ready ? 200 : 503).json(report);
  });
  app.get('/metrics', async (req, res) => {
    res.set('cache-control', 'no-store');
    // Who asks is checked first: the public learns nothing, not even whether metrics are on.
    if (!metricsAllowed(req)) return res.status(403).json({ error: METRICS_REFUSED });
    if (!metrics) return res.status(404).json({ error: 'Metrics are not enabled on this server.' });
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  if (devMiddleware) app.use(devMiddleware);
  // Hashed build output never changes under the same name: cache it for a year.
  app.use('/assets', precompressedAssets(join(clientDir, 'assets'), 'public, max-age=31536000, immutable'));
  app.use(
    '/assets',
    express.static(join(clientDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: buildFileHeadersOnly,
    }),
  );
  // Other files of the build (tenant assets) have an extension; page paths skip the file system lookup.
  const buildFiles = express.static(clientDir, { maxAge: '1h', index: false });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? buildFiles(req, res, next) : next()));

  if (editor) app.use('/editor', editor);
  // Outside pages demo sites frame, served on any host (the editor's preview frames them too).
  app.use(standInRoutes());
  app.use(paymentWebhookApi(() => reservations, { log }));

  // Car photos in the editor's preview are asked for on the editor's host: they are the previewed site's (named by the
  // preview page of this same host they are shown on), with the same rule as on its own host (only cars its pages
  // show). The editor's host may also be a site's (in development `localhost` is one): the preview page decides. A
  // forged Referer gains nothing: the answer is a photo the previewed site shows anyway.
  app.use('/media/cars/', (req: Request, _res: Response, next: NextFunction) => {
    const referer = req.get('referer');
    if (!referer) return next();
    try {
      const from = new URL(referer);
      if (from.host === req.headers.host) req.tenant = previewed(from.pathname);
    } catch {
      // not an address: no preview
    }
    next();
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.tenant) return next();
    const match = registry.match(req.headers.host);
    if (match.kind === 'tenant') {
      req.tenant = match.doc;
      noteTenant(match.doc.slug);
      return next();
    }
    res.set('cache-control', 'no-store');
    if (match.kind === 'broken') {
      log(`503 for ${req.headers.host}${req.originalUrl}: tenant "${match.slug}" has an invalid document (see the validation errors logged at load)`);
      return res.status(503).type('html').send(plainPage('Site temporarily unavailable', 'This site is being updated. Please try again shortly.'));
    }
    return res.status(404).type('html').send(plainPage('Site not found', 'There is no website at this address.'));
  });

  app.use(mediaRoutes(() => services.catalogue, imageVariants, feedPhotos, log));
  // Images uploaded in the editor, served only on the site that owns them (runtime/editor/media.ts).
  const editorSiteRoutes = (editor as { siteRoutes?: express.Router } | undefined)?.siteRoutes;
  if (editorSiteRoutes) app.use(editorSiteRoutes);
  app.use(seoRoutes({ catalogue: () => services.catalogue, clientDir, log }));
  // Shopper sessions, account and watchlist APIs, and the gate of signed-in-only pages (before pages and /__data).
  app.use(accountsApi(services, { log }));
  app.use(alertsApi(services, { log }));
  app.use(searchApi(() => services.catalogue, { onSearch: metrics && ((tenant, seconds) => metrics.searchDuration.observe({ tenant }, seconds)) }));
  app.use(leadsApi(services, { log }));
  app.use(evalExpertApi(services, { log }));
  app.use(checkoutApi(() => reservations, { log, catalogue: () => services.catalogue, rateLimits: services.rateLimits }));
  app.use(
    vehicleApi(() => services.catalogue, {
      log,
      clientDir,
      rateLimits: services.rateLimits,
      views: () => services.views,
      feedPhotos: { variants: imageVariants, feedPhotos },
    }),
  );
  app.use(modelsApi(() => services.catalogue));
  app.use(locationsApi({ log, rateLimits: services.rateLimits }));
  app.use(unsubscribeApi(services, { log }));

  app.get('/__data', async (req, res, next) => {
    try {
      const path = typeof req.query.path === 'string' && req.query.path.startsWith('/') ? req.query.path : null;
      if (!path) return res.status(400).json({ error: 'query parameter "path" must be a path starting with /' });
      const { status, data } = await (await renderer()).pageDataFor({ tenant: req.tenant!, services, log }, siteUrl(req.tenant!, req.headers.host, path));
      res.status(status).set('cache-control', 'no-store').json(data);
    } catch (e) {
      next(e);
    }
  });

  // Pages: from the page cache when the same site document, address and stock version rendered it within its TTL.
  // A shopper's own request (session cookie, or a cookie or cache rule set by an earlier handler) is rendered for them
  // alone. Pages render with a nonce placeholder and each answer gets its own nonce (page-cache.ts).
  app.get('/{*path}', async (req, res, next) => {
    try {
      const tenant = req.tenant!;
      const url = requestUrl(req);
      const version = services.catalogue?.version ?? 0;
      const personal = hasShopperSession(req) || res.getHeader('set-cookie') !== undefined || res.getHeader('cache-control') !== undefined;
      const useCache = !personal && pageCache.ttlMs > 0;
      let page: CachedPage | undefined = useCache ? pageCache.get(tenant, tenant.slug, url.href, version) : undefined;
      let shareable = page !== undefined;
      res.set('x-page-cache', page ? 'hit' : useCache ? 'miss' : 'bypass');
      if (!page) {
        const result = await (await renderer()).renderPage({ tenant, services, log }, url, assets, { nonce: NONCE_PLACEHOLDER });
        if (result.body.length === 0) return res.status(result.status).set(result.headers).end();
        page = preparePage(result.body, result.status, result.headers);
        shareable = result.shareable === true;
        if (useCache && shareable) pageCache.set(tenant, tenant.slug, url.href, version, page);
      }
      res.status(page.status).set(page.headers);
      if (personal) {
        if (res.getHeader('cache-control') === undefined) res.set('cache-control', 'private, no-store');
      } else if (!shareable) {
        res.set('cache-control', 'no-store');
      } else if (page.etag) {
        // The same bytes for everyone: shared caches may keep it briefly, browsers revalidate with the ETag.
        res.set({ 'cache-control': `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, must-revalidate`, etag: page.etag });
        if (etagMatches(req.headers['if-none-match'], page.etag)) return res.status(304).end();
      } else {
        // Holds a per-response nonce: only this browser may keep it, and it is never answered with 304.
        res.set('cache-control', 'private, no-cache');
      }
      res.end(pageBody(page, res.locals.cspNonce));
    } catch (e) {
      next(e);
    }
  });

  // The final error handler: a client's mistake keeps its 4xx status (see http-errors.ts), a busy refusal is a 503 with
  // Retry-After; anything else is a 500.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // Too busy for now (e.g. every password-hashing slot taken, or the database restarting): 503 with when to try
    // again, not a fault to log.
    const down = databaseUnavailable(error);
    if (down) log(`503 for ${req.headers.host}${req.originalUrl}: database unavailable (${(error as Error).message})`);
    if (down) error = down;
    if (isServerBusy(error)) {
      if (res.headersSent) return res.end();
      res.set({ 'cache-control': 'no-store', 'retry-after': String(error.retryAfterSeconds) });
      if (wantsJson(req)) return res.status(503).json({ error: error.message, code: 'busy', retry_after: error.retryAfterSeconds });
      return res.status(503).type('html').send(plainPage('Please try again in a moment', error.message));
    }
    // A full disk: 507 with a message (the operator is alerted by the log), not a fault of the request.
    if (storageFull(error)) {
      log(`507 for ${req.headers.host}${req.originalUrl}: the disk is full`, error);
      if (res.headersSent) return res.end();
      res.set('cache-control', 'no-store');
      if (wantsJson(req)) return res.status(507).json({ error: STORAGE_FULL_MESSAGE, code: 'storage_full' });
      return res.status(507).type('html').send(plainPage('Please try again later', STORAGE_FULL_MESSAGE));
    }
    const client = clientErrorOf(error);
    if (!client) log(`500 for ${req.headers.host}${req.originalUrl}`, error);
    if (res.headersSent) return res.end();
    res.set('cache-control', 'no-store');
    if (client) {
      if (wantsJson(req)) return res.status(client.status).json({ error: client.message, code: client.code });
      const title = client.status === 404 ? 'Page not found' : 'Bad request';
      return res.status(client.status).type('html').send(plainPage(title, client.message));
    }
    if (wantsJson(req)) return res.status(500).json({ error: 'Something went wrong. Please try again in a moment.', code: 'internal' });
    res.status(500).type('html').send(plainPage('Something went wrong', 'Please try again in a moment.'));
  });

  return app;
}
