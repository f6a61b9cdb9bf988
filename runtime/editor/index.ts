// Wires the editor's pieces for the server: accounts and revisions under the data folder (data/editor by default,
// EDITOR_DATA_DIR to change), tenant files in the folder the server serves, and a publish reloads that tenant.
import { join } from 'node:path';
import type { RuntimeServices } from '../services';
import type { TenantRegistry } from '../server/tenant-registry';
import { AccountStore } from './accounts';
import { EditorDocuments } from './documents';
import { FileTenantDocumentStore, loadStoredTenant, type TenantDocumentStore } from './document-store';
import { accountsFile, editorDataDir } from './paths';
import { editorRouter } from './routes';
import { type EditorSessionStore, SqlEditorSessionStore } from './session-store';
import { SessionStore } from './sessions';
import express, { type Router } from 'express';
import { MediaLibrary } from './media';
import type { MediaIndex } from './media-index';
import type { InventoryFeeds } from '../inventory/feeds';
import { LocalFolderImageStorage, type ImageStorage } from '../trade-in/image-storage';
import type { Transporter } from 'nodemailer';
import { MailWorker } from '../accounts/mail';
import { KnownDevices } from '../accounts/known-device';
import { SignInLimiter } from '../accounts/sign-in-limiter';
import { RateLimits } from '../infra/rate-limit';
import { StaffAccounts } from './staff-accounts';
import { type EditorStaffStore, SqlEditorStaffStore } from './staff-store';
import { Publishing } from './publishing/publishing';
import { PublishingStore } from './publishing/sql-store';
import { lockProblems } from './publishing/locks-check';
import type { PollingWorker } from '../infra/polling-worker';

export interface EditorSetup {
  tenantsDir: string;
  templatesDir: string;
  dataDir?: string;
  clientDir: string;
  registry: TenantRegistry;
  services?: RuntimeServices;
  /** Where sessions live: the server opens PostgreSQL with DATABASE_URL (openEditorSessionStore); by default the
   *  SQLite file sessions.sqlite in the data folder. */
  sessionStore?: EditorSessionStore;
  /** Where uploaded images' bytes go (default: the folder media/ in the data folder). */
  mediaStorage?: ImageStorage;
  /** Where tenant documents and revisions live: the server opens PostgreSQL with DATABASE_URL
   *  (openTenantDocumentStore); by default the tenants folder, with revisions in the data folder. */
  documentStore?: TenantDocumentStore;
  /** Serves a tenant this process just published (by default: loaded from the store and offered to the registry; the
   *  server passes its TenantFollower, which orders this with reloads other processes' publishes cause). */
  onPublished?: (slug: string) => Promise<void>;
  /** Which site owns which uploaded image: the server opens PostgreSQL with DATABASE_URL (openMediaIndex); by default
   *  the SQLite file media.sqlite in the data folder. */
  mediaIndex?: MediaIndex;
  /** The sites' scheduled stock feeds (their last import's outcome and rejected rows are shown in the editor). */
  inventoryFeeds?: Pick<InventoryFeeds, 'status'>;
  /** Invite and reset links, their mail outbox and the audit log: the server opens PostgreSQL with DATABASE_URL
   *  (openEditorStaffStore); by default the SQLite file staff.sqlite in the data folder. */
  staffStore?: EditorStaffStore;
  /** How staff mail is sent (SMTP_URL through transportFromEnv; by default written to the log). */
  mail?: { transport?: Transporter; from?: string; pollMs?: number; log?: (m: string) => void };
  /** The editor's public origin for links in mails (EDITOR_PUBLIC_URL, checked at start: runtime/infra/public-urls.ts).
   *  Tests may leave it out; a server never builds a link from a request's Host. */
  publicUrl?: string;
  /** Signs known-device cookies (SIGN_IN_DEVICE_SECRET or a key file); by default a key of this process. */
  devices?: KnownDevices;
  /** Scheduled publishes and share links: the server opens PostgreSQL with DATABASE_URL (PublishingStore.open); by
   *  default the SQLite file publishing.sqlite in the data folder. */
  publishingStore?: PublishingStore;
  /** The clock of schedules and share links (tests move it). */
  now?: () => number;
  /** How often this process looks for due publishes (default 15 s; 0: never by itself, tests call runDue). */
  schedulePollMs?: number;
}

/** The editor's router, with the routes it adds to every site (uploaded images at /uploads/..., only on their site). */
export type EditorRouter = Router & {
  siteRoutes: Router;
  staffMail: MailWorker;
  staffStore: EditorStaffStore;
  publishing: Publishing;
  /** Runs due scheduled publishes (stopped on shutdown). */
  scheduler: PollingWorker;
};

function siteMediaRoutes(media: MediaLibrary): Router {
  const router = express.Router();
  router.get('/uploads/:id/:file', async (req, res, next) => {
    try {
      const found = req.tenant ? await media.open(req.tenant.slug, String(req.params.id), String(req.params.file)) : null;
      if (!found) return res.status(404).set('cache-control', 'no-store').json({ error: 'There is no such image on this site.' });
      // An upload's address never changes its bytes (a new upload gets a new id).
      res.set({ 'content-type': found.type, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
      found.stream.on('error', next).pipe(res);
    } catch (e) {
      next(e);
    }
  });
  return router;
}

const SESSION_SECONDS = 8 * 60 * 60;
export const sessionsFile = (dataDir: string) => join(dataDir, 'sessions.sqlite');
export { openEditorSessionStore } from './session-store';
export { openEditorStaffStore } from './staff-store';
export const staffFile = (dataDir: string) => join(dataDir, 'staff.sqlite');

export { accountsFile, editorDataDir };

/** EDITOR_ADMIN_EMAIL + EDITOR_ADMIN_PASSWORD create a platform admin at start when that account does not exist. */
async function seedAdmin(accounts: AccountStore, env = process.env) {
  const email = env.EDITOR_ADMIN_EMAIL;
  const password = env.EDITOR_ADMIN_PASSWORD;
  if (!email || !password || accounts.find(email)) return;
  await accounts.create({ email, password, name: env.EDITOR_ADMIN_NAME ?? 'Platform admin', admin: true });
  console.log(`editor: created the platform admin account ${email}`);
}

export function createEditor({
  tenantsDir,
  templatesDir,
  dataDir = editorDataDir(),
  clientDir,
  registry,
  services,
  sessionStore,
  mediaStorage,
  documentStore,
  inventoryFeeds,
  mediaIndex,
  onPublished,
  staffStore: givenStaffStore,
  mail,
  publicUrl = 'http://localhost:3000',
  devices = KnownDevices.random(),
  publishingStore,
  now,
  schedulePollMs = 15_000,
}: EditorSetup): EditorRouter {
  const media = new MediaLibrary(mediaIndex ?? join(dataDir, 'media.sqlite'), mediaStorage ?? new LocalFolderImageStorage(join(dataDir, 'media')));
  const sessions = new SessionStore(SESSION_SECONDS * 1000, Date.now, sessionStore ?? SqlEditorSessionStore.openSqlite(sessionsFile(dataDir)));
  const accounts = new AccountStore(accountsFile(dataDir));
  seedAdmin(accounts).catch((e) => console.error(`editor: could not create the admin account: ${(e as Error).message}`));
  const store = documentStore ?? new FileTenantDocumentStore(tenantsDir, join(dataDir, 'tenants'));
  // A publish is served by this process at once; other processes follow the store (TenantRegistry.watch, TenantFollower).
  const documents = new EditorDocuments(
    store,
    templatesDir,
    onPublished ??
      (async (slug) => {
        const t = await loadStoredTenant(store, slug, templatesDir);
        if (t) registry.reloadIfValid(t);
      }),
  );
  const staffStore = givenStaffStore ?? SqlEditorStaffStore.openSqlite(staffFile(dataDir));
  const staffMail = new MailWorker(staffStore, { ...mail, log: mail?.log ?? ((m) => console.log(m.replace('account mail', 'editor mail'))) });
  staffMail.start();
  // The editor's sign-in counts as one budget, in the server's shared rate limits (PostgreSQL across processes).
  const signInLimiter = new SignInLimiter(undefined, services?.rateLimits ?? RateLimits.memory(), { scope: 'editor' });
  const staff = new StaffAccounts({
    accounts,
    store: staffStore,
    sessions,
    sites: () => registry.identities().map((t) => t.slug),
    onMailQueued: () => staffMail.kick(),
    resetMailAllowed: (email) => signInLimiter.resetMail(email),
  });
  // A scheduled publish runs the checks a publish by hand gets: the template's locks hold at the time it runs.
  const publishing = new Publishing({
    store: publishingStore ?? PublishingStore.openSqlite(join(dataDir, 'publishing.sqlite')),
    documents,
    staffStore,
    now,
    publishProblems: async (slug, doc) => (await lockProblems(documents, slug, doc, true))[0]?.message,
  });
  const scheduler = publishing.worker(schedulePollMs || 15_000);
  if (schedulePollMs > 0) scheduler.start();
  const router = editorRouter({
    publishing,
    media,
    staff,
    staffStore,
    publicUrl,
    signInLimiter,
    devices,
    documents,
    accounts,
    sessions,
    clientDir,
    services,
    liveTenant: (slug) => registry.docOf(slug),
    sites: () => registry.identities(),
    inventoryFeeds,
  });
  return Object.assign(router, { siteRoutes: siteMediaRoutes(media), staffMail, staffStore, publishing, scheduler });
}
