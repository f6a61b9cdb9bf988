// Starts the one server that serves every tenant. Configuration by environment variables (see README).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { demoCarMaker, demoInventoryBatches } from '../inventory/demo-inventory';
import { demoStockCacheFile } from './demo-stock-cache';
import { importInventory, formatImportReport } from '../inventory/import';
import { createSearchEngine } from '../search';
import { PublishingStore } from '../editor/publishing/sql-store';
import { createEditor, editorDataDir, openEditorSessionStore, openEditorStaffStore, sessionsFile, staffFile } from '../editor';
import { createAccounts, KnownDevices, openAccountStore, SignInLimiter, transportFromEnv } from '../accounts';
import { AlertJob, recordReservedChange, recordStockChanges } from '../accounts/alerts/job';
import { AlertLinks } from '../accounts/alerts/links';
import { type PublicUrls, PublicUrlConfigError, publicUrlsFromEnv, sitesWithoutLinkOrigin } from '../infra/public-urls';
import { createLeadPipeline, openLeadStore } from '../leads';
import { openUnsubscribeStore, UNSUBSCRIBE_DEFAULT_FILE, UnsubscribeLinkSigner } from '../unsubscribe';
import { createValuationProvider, ImageLinkSigner, openEvaluationStore, PhotoRetentionWorker, TradeInRateLimiter, tradeInLeadEnricher } from '../trade-in';
import { createReservationSystem, openReservationStore } from '../reservations';
import { openViewStore } from '../views';
import { createApp } from './app';
import { manifestAssets } from './assets';
import { reactServerBuild } from './react-build';
import { openRateLimits } from '../infra/rate-limit';
import { CarCatalogue } from '../inventory/car-catalogue';
import type { CarMaker } from '../inventory/car-store';
import { TenantRegistry } from './tenant-registry';
import { TenantDocCache } from './tenant-doc-cache';
import { createLogger, errorLog, Readiness, ServerMetrics } from './observability';
import { openTenantDocumentStore } from '../editor/pg-document-store';
import { TenantFollower } from './tenant-follower';
import { InventoryFeeds } from '../inventory/feeds';
import { FeedPhotoCache } from '../images/feed-photos';
import { PhotoPlaceholders } from '../images/photo-placeholders';
import { openImageStorage } from '../trade-in/s3-storage';
import { openMediaIndex } from '../editor/media-index';
import { openFeedCoordinator } from '../inventory/pg-feed-coordinator';
import { devClientDir, devMiddleware, devServer, reportDevProblem, watchBlockSchemas } from './dev-mode';

const here = dirname(fileURLToPath(import.meta.url));
// Where links in mail point: configuration only, checked before anything starts (production needs EDITOR_PUBLIC_URL).
let publicUrls: PublicUrls;
try {
  publicUrls = publicUrlsFromEnv(process.env);
} catch (e) {
  if (!(e instanceof PublicUrlConfigError)) throw e;
  console.error(`Not starting: ${e.message}`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const tenantsDir = resolve(process.env.TENANTS_DIR ?? 'tenants');
const templatesDir = resolve(process.env.TEMPLATES_DIR ?? join(tenantsDir, 'templates'));
// `npm run dev` (dev.ts): Vite serves the browser modules and renders pages from source; see dev-mode.ts.
const dev = devServer();
const clientDir = dev ? devClientDir() : resolve(process.env.CLIENT_DIR ?? join(here, '../client'));

// Validated documents are cached by content hash across starts (TENANT_CACHE_DIR; TENANT_CACHE=off validates every
// document each start and keeps them all whole); in dev, schemas change under the server, so it validates each time.
const tenantCache = openTenantCache();
function openTenantCache(): TenantDocCache | undefined {
  if (dev || process.env.TENANT_CACHE === 'off') return undefined;
  const dir = resolve(process.env.TENANT_CACHE_DIR ?? join('node_modules', '.cache', 'tenant-docs'));
  try {
    return TenantDocCache.open(dir);
  } catch (e) {
    console.error(`The tenant cache in ${dir} cannot be used (${(e as Error).message}): every document is validated at start.`);
    return undefined;
  }
}
const registry = new TenantRegistry(tenantsDir, templatesDir, process.env.DEFAULT_TENANT, dev ? (m) => reportDevProblem(dev.vite, m) : undefined, {
  cache: tenantCache,
  // Whole documents of the most recently visited sites kept in memory; the others are read from the cache on a visit.
  documentsInMemory: Number(process.env.TENANT_DOCUMENTS_IN_MEMORY ?? 500),
});
// Tenant documents and revisions: PostgreSQL when DATABASE_URL is set (TENANT_STORE=files keeps the files), seeded from
// the tenants folder on first start; else the tenant files, with revisions in EDITOR_DATA_DIR.
const tenantStore = await openTenantDocumentStore({
  databaseUrl: process.env.DATABASE_URL,
  tenantStore: process.env.TENANT_STORE,
  tenantsDir,
  revisionsDir: join(editorDataDir(), 'tenants'),
});
const loaded = tenantStore.kind === 'files' ? registry.loadAll() : await registry.loadStore(tenantStore);
// A start that validated nothing runs the validator once now, so the first publish does not pay for its first run.
if (registry.loadCounts.validated === 0) console.log(`Tenant validator warmed up in ${Math.round(registry.warmUpValidator())} ms`);
console.log(
  `Tenants: ${loaded.length} loaded, ${registry.loadCounts.validated} validated, ${registry.loadCounts.cached} unchanged (from the tenant cache), ${registry.loadCounts.pruned} stale cache entries dropped`,
);
// Links in a site's shopper mail come from its `url` (or SITE_URL_TEMPLATE): in production a site without one could
// only mail broken links, so the server says which sites and does not start (the editor refuses to publish one).
const withoutLinks = sitesWithoutLinkOrigin(publicUrls, registry.summaries());
if (withoutLinks.length && process.env.NODE_ENV === 'production') {
  console.error(
    `Not starting: these sites have no "url" in their document: ${withoutLinks.join(', ')}. Set each site's public address (e.g. "url": "https://www.example.com.au"): links in its shoppers' mail are built from it, never from a request. For a local or test server, SITE_URL_TEMPLATE=http://{slug}.localhost:PORT gives every site one.`,
  );
  process.exit(1);
}
// Another server process publishing (into the same tenants folder, or PostgreSQL: LISTEN/NOTIFY), or a deploy, is picked
// up without a restart; each changed document is validated before it is served.
const follower = new TenantFollower(tenantStore, registry);
const stopWatching = tenantStore.kind === 'files' ? registry.watch() : (await follower.start(), () => void follower.close());

// Feed photos (fetched once, kept on disk) and their blurred placeholders (made after the stock is served).
const feedPhotoDir = join(process.env.IMAGE_CACHE_DIR ?? join('data', 'image-cache'), 'feed-photos');
const feedPhotos = new FeedPhotoCache({ dir: feedPhotoDir, log: (message) => console.error(message) });
const placeholders = new PhotoPlaceholders({ dir: join(feedPhotoDir, 'placeholders'), original: (address) => feedPhotos.original(address) });

// Stock: a real feed file when INVENTORY_FILE is set, otherwise the deterministic demo inventory for every tenant.
// The demo stock is generated once and cached on disk (see demo-stock-cache.ts): a feed file is read every start.
async function loadCars(): Promise<{ cars: Car[] | Iterable<Car[]>; cacheFile?: string; maker?: CarMaker; madeLater?: Car[] }> {
  const file = process.env.INVENTORY_FILE;
  if (file) {
    const report = importInventory(readFileSync(file, 'utf8'), file.endsWith('.csv') ? 'csv' : 'json');
    if (report.rejected.length) console.error(formatImportReport(report).join('\n'));
    // Only the placeholders made before: the rest are made once the stock is served (below).
    return { cars: await placeholders.addTo(report.cars, { make: false }), madeLater: report.cars };
  }
  const tenants = registry.summaries();
  const total = Number(process.env.INVENTORY_SIZE ?? 5000);
  const seed = Number(process.env.INVENTORY_SEED ?? 1);
  const now = Date.now();
  return {
    cars: demoInventoryBatches(tenants, { total, seed, now }),
    cacheFile: demoStockCacheFile(tenants, total, seed, now),
    // A demo car is made again from its id when a page shows it: only its search fields are kept.
    maker: { make: demoCarMaker(tenants, { total, seed }), madeAt: now },
  };
}
const started = performance.now();
const stock = await loadCars();
// Cars on disk (a temporary SQLite file) unless SEARCH_DOCUMENTS=memory: memory grows by the search columns per car.
const catalogue = await CarCatalogue.create(createSearchEngine(), stock.cars, undefined, {
  documents: process.env.SEARCH_DOCUMENTS === 'memory' ? 'memory' : 'disk',
  cacheFile: stock.cacheFile,
  maker: stock.maker,
});
console.log(`Inventory: ${catalogue.size} vehicles indexed in ${Math.round(performance.now() - started)} ms`);

/**
 * Photo placeholders not made yet are made in the background (a large new feed means thousands of photos to fetch)
 * and put into the served cars as they are ready; until then a page shows the photo without one.
 */
function makePlaceholdersLater(cars: Car[]): void {
  placeholders
    .make(cars)
    .then(() =>
      catalogue.updateCars(
        cars.map((c) => c.id),
        (car) => placeholders.fill(car),
      ),
    )
    .catch((e) => console.error(`photo placeholders: ${(e as Error).message}`));
}
if (stock.madeLater) makePlaceholdersLater(stock.madeLater);

// Scheduled stock feeds (settings.inventory.feed): imported on each site's interval, one process at a time per site
// (PostgreSQL lease with DATABASE_URL), applied as document updates; rejected rows in the log and the editor.
// What an import changed is recorded for the shopper alerts (set once the accounts database is open, below).
let recordAlertStock: ((tenant: TenantDocument, before: Car[], after: Car[]) => Promise<void>) | undefined;
// Feeds and the account mail run on the reservation clock (set below; TEST_CLOCK=1 lets tests move it), as the alerts
// they feed and send do.
let siteClock = Date.now;
const feedCoordinator = await openFeedCoordinator(process.env.DATABASE_URL);
const feeds = new InventoryFeeds({
  tenants: () => registry.withFeeds(),
  catalogue: () => catalogue,
  coordinator: feedCoordinator,
  prepare: (cars) => placeholders.addTo(cars, { make: false }),
  served: makePlaceholdersLater,
  onStockChanged: async (tenant, before, after) => recordAlertStock?.(tenant, before, after),
  now: () => siteClock(),
});
await feeds.start(Number(process.env.INVENTORY_FEED_TICK_MS ?? 30_000));

// Rate limits (sign-in, leads, phone reveals, ...): shared by every process through PostgreSQL when DATABASE_URL is set.
const rateLimits = await openRateLimits({ databaseUrl: process.env.DATABASE_URL });

// Leads: PostgreSQL when DATABASE_URL is set, else the SQLite file LEADS_DB (default data/leads.sqlite); each lead is
// delivered to its dealership's CRM (settings.leads.crm) by the outbox worker, again after a restart if need be.
// Trade-in: evaluations beside the leads (PostgreSQL, or the SQLite file TRADE_IN_DB), photos in TRADE_IN_UPLOADS_DIR
// (outside the web root), the valuation service at VALUATION_API_URL or the offline demo register.
const uploadsDir = resolve(process.env.TRADE_IN_UPLOADS_DIR ?? join('data', 'trade-in-uploads'));
const tradeIn = {
  provider: createValuationProvider(() => catalogue),
  store: await openEvaluationStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.TRADE_IN_DB }),
  // S3-compatible storage when S3_BUCKET is set (objects under trade-in/), else the folder.
  images: openImageStorage('trade-in', uploadsDir),
  signer: ImageLinkSigner.fromEnv(join(uploadsDir, '.link-secret')),
  limiter: new TradeInRateLimiter(undefined, rateLimits),
};

const leadStore = await openLeadStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.LEADS_DB });
const leads = createLeadPipeline({
  store: leadStore,
  tenantBySlug: (slug) => registry.docOf(slug),
  catalogue: () => catalogue,
  worker: { pollMs: Number(process.env.LEADS_POLL_MS ?? 1000) },
  enrich: tradeInLeadEnricher({ store: () => tradeIn.store, signer: () => tradeIn.signer }),
});
leads.worker.start();

// Shopper accounts, sessions and watchlists: PostgreSQL when DATABASE_URL is set, else the SQLite file ACCOUNTS_DB
// (default data/accounts.sqlite; it may name the leads file to share one). Reset mails go out through SMTP_URL.
const accountStore = await openAccountStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.ACCOUNTS_DB });
// Browsers an account signed in from skip the per-account sign-in friction: SIGN_IN_DEVICE_SECRET signs their cookie
// (set it when several processes serve the same sites), else a key file beside the accounts database.
const devices = KnownDevices.fromEnv(join(dirname(resolve(process.env.ACCOUNTS_DB ?? join('data', 'accounts.sqlite'))), '.device-secret'));
const accounts = createAccounts({
  store: accountStore,
  carById: (tenant, id) => catalogue.byIdFor(tenant, id),
  limiter: new SignInLimiter(undefined, rateLimits),
  linkOrigin: (site) => publicUrls.site(site),
  devices,
  mail: {
    transport: transportFromEnv({ smtpUrl: process.env.SMTP_URL }, (m) => console.log(m)),
    from: process.env.MAIL_FROM,
    pollMs: Number(process.env.ACCOUNT_MAIL_POLL_MS ?? 2000),
    leaseMs: Number(process.env.ACCOUNT_MAIL_LEASE_MS ?? 60_000),
    now: () => siteClock(),
    log: (m) => console.log(m),
    // A refused address (SMTP 5xx) gets no more alerts; the account page says so.
    onBounce: (mail, error) => accountStore.alerts.recordBounce(mail.tenant, mail.to, error, Date.now()),
  },
});
accounts.mail.start();

// Reservations: PostgreSQL when DATABASE_URL is set, else RESERVATIONS_DB (default data/reservations.sqlite); deposits
// through Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the local test provider.
const tenantBySlug = (slug: string) => registry.docOf(slug);
const reservations = createReservationSystem({
  store: await openReservationStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.RESERVATIONS_DB }),
  catalogue: () => catalogue,
  leads: () => leads.service,
  tenantBySlug,
  env: process.env,
});
await reservations.start(Number(process.env.RESERVATIONS_SWEEP_MS ?? 30_000));
// Trade-in photos of valuations that never became a lead go after settings.tradeIn.photoRetentionDays; every process
// runs it (each photo is removed once, by whichever gets there first).
const photoRetention = new PhotoRetentionWorker(
  { store: () => tradeIn.store, images: () => tradeIn.images, tenantBySlug, log: (m, e) => console.error(m, e ?? '') },
  Number(process.env.TRADE_IN_RETENTION_POLL_MS ?? 3_600_000),
);
photoRetention.start();
console.log(
  `Payments: ${reservations.provider.name === 'stripe' ? 'Stripe' : 'local test provider (test cards only)'}${reservations.clock.adjustable ? '; TEST_CLOCK=1: the reservation clock can be moved (tests only)' : ''}`,
);

// Unsubscribed addresses (the /pages/unsubscribe form): PostgreSQL when DATABASE_URL is set, else UNSUBSCRIBE_DB.
const unsubscribes = await openUnsubscribeStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.UNSUBSCRIBE_DB });
// Unsubscribe links in mails are signed: UNSUBSCRIBE_LINK_SECRET, else a key generated beside the unsubscribe file.
const unsubscribeLinks = UnsubscribeLinkSigner.fromEnv(
  join(dirname(resolve(process.env.UNSUBSCRIBE_DB ?? UNSUBSCRIBE_DEFAULT_FILE)), '.unsubscribe-link-secret'),
);
// Shopper alerts (settings.alerts): saved-search and watchlist mail, planned once a minute per site by one process at
// a time (the stock feeds' lease) on the reservation clock (TEST_CLOCK=1 lets tests move it), sent by the account mail.
recordAlertStock = recordStockChanges(accountStore.alerts, reservations.clock.now);
siteClock = reservations.clock.now;
catalogue.onReservedChange = recordReservedChange(accountStore.alerts, () => registry.withAlerts(), reservations.clock.now);
const alertLinks = new AlertLinks(unsubscribeLinks);
const alertJob = new AlertJob({
  store: accountStore.alerts,
  tenants: (only) => registry.withAlerts(only),
  catalogue: () => catalogue,
  lease: feedCoordinator,
  links: alertLinks,
  unsubscribes,
  origin: (site) => publicUrls.site(site),
  defaultFrom: process.env.MAIL_FROM,
  now: reservations.clock.now,
  pollMs: Number(process.env.ALERTS_POLL_MS ?? 60_000),
  onQueued: () => accounts.mail.kick(),
  log: (m) => console.log(m),
});
alertJob.start();
// Vehicle page views (view.json): PostgreSQL when DATABASE_URL is set, else the SQLite file VIEWS_DB (default data/views.sqlite).
const views = await openViewStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.VIEWS_DB });
const services = {
  catalogue,
  leads: leads.service,
  tradeIn,
  rateLimits,
  reservations: reservations.service,
  accounts: accounts.service,
  alerts: { store: accountStore.alerts, links: alertLinks, job: alertJob },
  unsubscribes,
  unsubscribeLinks,
  views,
  publicUrls,
};
// The visual editor at /editor (accounts and revisions in EDITOR_DATA_DIR, default data/editor; see editor/README.md).
// Editor sessions: PostgreSQL when DATABASE_URL is set, else EDITOR_DATA_DIR/sessions.sqlite; a restart keeps staff signed in.
const editorSessions = await openEditorSessionStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: sessionsFile(editorDataDir()) });
// Staff invites and reset links (mailed through SMTP_URL) and the audit log: PostgreSQL with DATABASE_URL, else EDITOR_DATA_DIR/staff.sqlite.
const editorStaff = await openEditorStaffStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: staffFile(editorDataDir()) });
const editorMail = {
  transport: transportFromEnv({ smtpUrl: process.env.SMTP_URL }, (m) => console.log(m)),
  from: process.env.MAIL_FROM,
  pollMs: Number(process.env.ACCOUNT_MAIL_POLL_MS ?? 2000),
};
// Editor media: the index in PostgreSQL with DATABASE_URL (else EDITOR_DATA_DIR/media.sqlite), the bytes in S3 with S3_BUCKET.
const mediaIndex = await openMediaIndex({ databaseUrl: process.env.DATABASE_URL, sqliteFile: join(editorDataDir(), 'media.sqlite') });
// Scheduled publishes and draft share links: PostgreSQL with DATABASE_URL (each schedule runs once across processes),
// else EDITOR_DATA_DIR/publishing.sqlite. Their clock is the reservation clock (TEST_CLOCK=1 lets tests move it).
const publishingStore = await PublishingStore.open({ databaseUrl: process.env.DATABASE_URL, sqliteFile: join(editorDataDir(), 'publishing.sqlite') });
const editor = createEditor({
  publishingStore,
  now: reservations.clock.now,
  schedulePollMs: Number(process.env.SCHEDULED_PUBLISH_POLL_MS ?? 15_000),
  tenantsDir,
  templatesDir,
  clientDir,
  registry,
  services,
  sessionStore: editorSessions,
  documentStore: tenantStore,
  onPublished: tenantStore.kind === 'files' ? undefined : (slug) => follower.refresh(slug),
  inventoryFeeds: feeds,
  mediaStorage: openImageStorage('media', join(editorDataDir(), 'media')),
  mediaIndex,
  staffStore: editorStaff,
  mail: editorMail,
  publicUrl: publicUrls.editor,
  devices,
});
// Operations: JSON request logs on stdout, Prometheus /metrics, /readyz for the load balancer (see observability.ts).
const logger = createLogger();
// Whether search answers: its index is built and the engine answers a search (the same check for /readyz and /metrics).
const searchAnswers = async () => {
  if (!catalogue.searchIndexed) throw new Error('the search index is not built yet (the search engine was unreachable); retrying');
  const slug = registry.defaultTenant;
  const doc = slug ? registry.docOf(slug) : undefined;
  if (doc) await catalogue.search(doc, { q: '', limit: 1 });
};
const metrics = new ServerMetrics({
  outboxBacklog: async () => (await leadStore.counts()).byStatus.pending ?? 0,
  mailBacklog: () => accountStore.mailBacklog(),
  searchReady: () =>
    searchAnswers().then(
      () => true,
      () => false,
    ),
});
// Search down leaves the process ready ('degraded'): every other page can be served, and every process shares the
// one search engine, so failing on it would take the whole site out of the balancer.
const readiness = new Readiness(
  {
    tenants: () => registry.readiness(),
    database: async () => void (await leadStore.counts()),
    search: searchAnswers,
  },
  undefined,
  new Set(['search']),
);
const app = createApp({
  registry,
  feedPhotos,
  clientDir,
  assets: manifestAssets(clientDir),
  services,
  editor,
  reservations,
  logger,
  metrics,
  readiness,
  log: errorLog(logger),
  ...(dev && {
    devMiddleware: devMiddleware(dev.vite),
    renderer: () => dev.vite.ssrLoadModule('/runtime/renderer/entry-server.tsx') as Promise<typeof import('../renderer/entry-server')>,
  }),
});
const stopWatchingSchemas = dev ? watchBlockSchemas(dev.vite, registry) : () => {};

const onListening = () => {
  console.log(`Dealer sites listening on port ${port} (tenants from ${tenantStore.kind === 'files' ? tenantsDir : 'PostgreSQL'})`);
  for (const t of loaded) {
    const status = t.ok ? '' : '  (NOT SERVED: invalid document, see errors above)';
    console.log(`  ${t.slug.padEnd(28)} http://${t.slug}.localhost:${port}/${status}`);
  }
  const fallback = registry.defaultTenant;
  if (fallback) console.log(`  default tenant (plain localhost): ${fallback} at http://localhost:${port}/`);
  console.log(`  editor: http://localhost:${port}/editor`);
  const build = reactServerBuild();
  if (build === 'production') console.log('React: production build (NODE_ENV=production)');
  else console.warn(`React: ${build} build: NODE_ENV is "${process.env.NODE_ENV ?? ''}"; set NODE_ENV=production in production (about 2.5x faster)`);
  if (dev) console.log(`Dev server (Vite middleware, hot reload) ready in ${Math.round(performance.now() - dev.startedAt)} ms`);
  const preparing = performance.now();
  catalogue.prepareSearch(() => console.log(`Search columns ready ${Math.round(performance.now() - preparing)} ms after listening`), {
    busy: () => performance.now() - lastRequestAt < 100,
  });
};
// In dev the app shares its HTTP server with Vite's hot-update websocket.
const server = dev ? dev.httpServer.on('request', app).listen(port, host, onListening) : app.listen(port, host, onListening);
// When the last request came in: the search columns are built in the background only between requests (prepareSearch).
let lastRequestAt = 0;
server.on('request', () => {
  lastRequestAt = performance.now();
});

// Graceful shutdown: /readyz turns 503 at once so the balancer stops sending, requests in flight finish, then the
// outbox worker stops after its current delivery (its lease would expire for another process anyway) and the stores
// close. A shutdown that hangs is cut short after SHUTDOWN_TIMEOUT_MS.
let shuttingDown = false;
const shutdown = (signal: string) => {
  if (shuttingDown) return;
  shuttingDown = true;
  readiness.drain();
  logger.info({ signal }, 'shutting down: draining requests');
  let storesClosing = false;
  setTimeout(
    () => {
      server.getConnections((_, open) => logger.error({ openConnections: open, storesClosing }, 'shutdown took too long; exiting'));
      setImmediate(() => process.exit(1));
    },
    Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
  ).unref();
  stopWatching();
  stopWatchingSchemas();
  void dev?.vite.close();
  // Stops listening (nginx's next connection is refused, which it retries on another process even for a POST, as
  // nothing was sent) but leaves idle keep-alive connections open: http.Server.close() would also close those at once,
  // and a request nginx is just then sending on one fails after it was sent, which nginx never retries for a POST (a
  // 502). Each such connection is closed instead after its next answer (Connection: close while draining) or by
  // nginx's keep-alive timeout, shorter than ours; the callback runs once the last one is gone.
  // After this turn's poll phase has accepted the connections already waiting in the listen queue: closing the socket
  // now would reset them after nginx sent a request on them (a 502 for a POST again). One arriving in between still is.
  setImmediate(() =>
    net.Server.prototype.close.call(server, () => {
      storesClosing = true;
      void Promise.allSettled([
        leads.close(),
        photoRetention.stop().then(() => tradeIn.store.close()),
        rateLimits.close(),
        reservations.close(),
        alertJob.stop().then(() => accounts.close()),
        unsubscribes.close(),
        views.close(),
        editorSessions.close(),
        follower.close().then(() => tenantStore.close()),
        feeds.close(),
        editor.staffMail.stop().then(() => editorStaff.close()),
        editor.scheduler.stop().then(() => publishingStore.close()),
        mediaIndex.close(),
      ]).finally(() => {
        tenantCache?.close();
        logger.info('shut down cleanly');
        process.exit(0);
      });
    }),
  );
  // By then nginx has closed its idle connections itself (its keep-alive timeout is shorter): any still idle belong to
  // other clients, which a closed connection costs nothing worse than a reconnect.
  setTimeout(() => server.closeIdleConnections(), server.keepAliveTimeout + 500).unref();
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
