// For tests: the whole app (sites, editor, leads on SQLite in memory) over a temporary copy of the shipped tenants, with
// a platform admin and one staff account per site, on a free loopback port. Used by editor tests and the attack suite.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Car } from '../schemas/generated/car';
import { buildDemoInventory } from '../runtime/inventory/demo-inventory';
import { createAccounts, openAccountStore } from '../runtime/accounts';
import { createLeadPipeline, SqlLeadStore, type LeadPipeline } from '../runtime/leads';
import { createReservationSystem, openReservationStore } from '../runtime/reservations';
import {
  createValuationProvider,
  ImageLinkSigner,
  LocalFolderImageStorage,
  openEvaluationStore,
  TradeInRateLimiter,
  tradeInLeadEnricher,
} from '../runtime/trade-in';
import type { TradeInServices } from '../runtime/server/routes/eval-expert-api';
import { EmbeddedSearchEngine } from '../runtime/search';
import { SqlUnsubscribeStore, UnsubscribeLinkSigner, type UnsubscribeStore } from '../runtime/unsubscribe';
import { createApp } from '../runtime/server/app';
import { CarCatalogue } from '../runtime/inventory/car-catalogue';
import { TenantRegistry } from '../runtime/server/tenant-registry';
import { tempTenantsDir } from './tenants';
import { AccountStore } from '../runtime/editor/accounts';
import { accountsFile, createEditor, type EditorRouter } from '../runtime/editor';
import type { Transporter } from 'nodemailer';
import type { MailWorker } from '../runtime/accounts/mail';
import { type PublicUrls, publicUrlsFromEnv } from '../runtime/infra/public-urls';
import { FeedError, InventoryFeeds, MemoryFeedCoordinator } from '../runtime/inventory/feeds';
import { cookieOf } from './cookies';
import { listenOnLoopback } from './server';

export const TEST_PASSWORD = 'a long test password';
export const ADMIN_EMAIL = 'admin@example.com';
/** The staff account of a site: {slug}@staff.example, granted that site only. */
export const staffEmail = (slug: string) => `${slug}@staff.example`;

export interface TestApp {
  server: Server;
  port: number;
  tenantsDir: string;
  registry: TenantRegistry;
  catalogue: CarCatalogue;
  /** Every car of the demo inventory, of every site. */
  cars: Car[];
  leads: LeadPipeline;
  unsubscribes: UnsubscribeStore;
  /** Signs the unsubscribe links of mails (as the server's mails would carry them). */
  unsubscribeLinks: UnsubscribeLinkSigner;
  registryLog: string[];
  /** The editor (its staff mail worker and store: invites, reset links, the audit log). */
  editor: EditorRouter;
  /** Shoppers' mail (reset links, sign-up notices): runOnce() sends what is queued through shopperMailTransport. */
  shopperMail: MailWorker;
  feeds: InventoryFeeds;
  /** The trade-in services (evaluations, photos) and the folder the photos are written to. */
  tradeIn: TradeInServices;
  uploadsDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  total?: number;
  now?: number;
  /** The folder served as the client build (an empty temporary one by default). */
  clientDir?: string;
  /** Changes the temporary copy of the tenant files before the app loads them. */
  prepare?: (tenantsDir: string) => void;
  /** Where the editor's staff mail goes (by default nowhere: a JSON transport, not logged). */
  editorMailTransport?: Transporter;
  /** Where shoppers' mail goes; sent only when a test calls TestApp.shopperMail.runOnce() (no background loop). */
  shopperMailTransport?: Transporter;
  /** Where links in mail point (a server's EDITOR_PUBLIC_URL, SITE_URL_TEMPLATE); by default localhost:3000. */
  publicUrls?: PublicUrls;
  /** Reads a stock feed (settings.inventory.feed); TestApp.feeds runs the schedule by hand (tick). */
  readFeed?: (source: string, site: string) => Promise<string>;
  /** The editor's clock for scheduled publishes and share links (TestApp.editor.publishing.runDue() runs what is due). */
  editorNow?: () => number;
}

export async function startTestApp({
  total = 1200,
  now = Date.now(),
  clientDir = mkdtempSync(join(tmpdir(), 'client-')),
  prepare,
  readFeed,
  editorMailTransport,
  shopperMailTransport,
  publicUrls = publicUrlsFromEnv({}),
  editorNow,
}: TestAppOptions = {}): Promise<TestApp> {
  const tenantsDir = tempTenantsDir({}, { withShippedTenants: true });
  prepare?.(tenantsDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'editor-data-'));
  const registryLog: string[] = [];
  const registry = new TenantRegistry(tenantsDir, join(tenantsDir, 'templates'), undefined, (m) => registryLog.push(m));
  const loaded = registry.loadAll();
  const tenants = loaded.flatMap((t) => (t.ok ? [t.doc] : []));
  const accounts = new AccountStore(accountsFile(dataDir));
  await accounts.create({ email: ADMIN_EMAIL, name: 'Ada Admin', password: TEST_PASSWORD, admin: true });
  for (const t of tenants) await accounts.create({ email: staffEmail(t.slug), name: `Staff of ${t.name}`, password: TEST_PASSWORD, tenants: [t.slug] });
  const cars = buildDemoInventory(tenants, { total, now });
  const catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  const leads = createLeadPipeline({
    store: SqlLeadStore.openSqlite(':memory:'),
    tenantBySlug: () => undefined,
    catalogue: () => catalogue,
    log: () => {},
    // A Trade-in Enquiry carries its valuation and links it to the lead, as in the server.
    enrich: tradeInLeadEnricher({ store: () => tradeIn.store, signer: () => tradeIn.signer }),
  });
  // Every shopper-facing service the server runs (accounts, trade-in, reservations), on throwaway files.
  const work = mkdtempSync(join(tmpdir(), 'test-app-'));
  const shopperAccounts = createAccounts({
    store: await openAccountStore({ sqliteFile: join(work, 'accounts.sqlite') }),
    carById: (tenant, id) => catalogue.byIdFor(tenant, id),
    linkOrigin: (site) => publicUrls.site(site),
    mail: { transport: shopperMailTransport, log: () => {} },
    log: () => {},
  });
  const uploadsDir = join(work, 'uploads');
  const tradeIn: TradeInServices = {
    provider: createValuationProvider(() => catalogue),
    store: await openEvaluationStore({ sqliteFile: join(work, 'trade-in.sqlite') }),
    images: new LocalFolderImageStorage(uploadsDir),
    signer: ImageLinkSigner.fromEnv(join(work, '.link-secret'), {}),
    limiter: new TradeInRateLimiter(),
  };
  const tenantBySlug = (slug: string) => tenants.find((t) => t.slug === slug);
  const reservations = createReservationSystem({
    store: await openReservationStore({ sqliteFile: join(work, 'reservations.sqlite') }),
    catalogue: () => catalogue,
    leads: () => leads.service,
    tenantBySlug,
    env: {},
  });
  const unsubscribes = SqlUnsubscribeStore.openSqlite(join(work, 'unsubscribes.sqlite'));
  const unsubscribeLinks = UnsubscribeLinkSigner.fromEnv(join(work, '.unsubscribe-link-secret'), {});
  const services = {
    catalogue,
    leads: leads.service,
    accounts: shopperAccounts.service,
    tradeIn,
    reservations: reservations.service,
    unsubscribes,
    unsubscribeLinks,
    publicUrls,
  };
  const feeds = new InventoryFeeds({
    tenants: () => registry.all.flatMap((t) => (t.ok ? [t.doc] : [])),
    catalogue: () => catalogue,
    coordinator: new MemoryFeedCoordinator(),
    read:
      readFeed ??
      (async () => {
        throw new FeedError('no feed in this test');
      }),
    log: () => {},
    now: () => now,
  });
  const editor = createEditor({
    tenantsDir,
    templatesDir: join(tenantsDir, 'templates'),
    dataDir,
    clientDir,
    registry,
    services,
    inventoryFeeds: feeds,
    mail: { transport: editorMailTransport, pollMs: 50, log: () => {} },
    publicUrl: publicUrls.editor,
    now: editorNow,
    schedulePollMs: 0,
  });
  const app = createApp({
    registry,
    clientDir,
    assets: { forBlocks: () => ({ script: '/x.js', styles: [], modulePreloads: [] }) },
    services,
    editor,
    reservations,
    log: () => {},
  });
  const server = await listenOnLoopback(app);
  return {
    server,
    port: (server.address() as AddressInfo).port,
    tenantsDir,
    registry,
    catalogue,
    cars,
    leads,
    unsubscribes,
    unsubscribeLinks,
    registryLog,
    editor,
    shopperMail: shopperAccounts.mail,
    feeds,
    tradeIn,
    uploadsDir,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await editor.staffMail.stop();
      await editor.staffStore.close();
      await editor.publishing.store.close();
      await Promise.allSettled([leads.close(), shopperAccounts.close(), tradeIn.store.close(), reservations.close(), unsubscribes.close()]);
    },
  };
}

export interface EditorClient {
  csrf: string;
  cookie: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

/** Signs in at /editor/api/login and returns a client that sends the session cookie and CSRF token. */
export async function signIn(port: number, email: string, password = TEST_PASSWORD): Promise<EditorClient> {
  const base = `http://127.0.0.1:${port}/editor/api`;
  const res = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${body.error}`);
  const cookie = cookieOf(res.headers.get('set-cookie'));
  const client: EditorClient = {
    csrf: body.csrf,
    cookie,
    async call(method, path, data, headers = {}) {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, 'x-csrf-token': client.csrf, ...(data !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: data === undefined ? undefined : typeof data === 'string' ? data : JSON.stringify(data),
      });
      const text = await r.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: r.status, body: parsed };
    },
  };
  return client;
}
