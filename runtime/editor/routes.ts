// The editor's HTTP surface, mounted at /editor before the tenant middleware (it serves every host):
//   GET  /editor, /editor/...            the editor app        GET /editor/preview/:slug   the preview frame
//   POST /editor/api/login, /logout, /logout-everywhere      GET /editor/api/session
//   GET  /editor/api/tenants             only the tenants the account is granted
//   GET  /editor/api/tenants/:slug       the working document; POST .../revisions saves a draft or publishes
//   GET  /editor/api/tenants/:slug/revisions[/:rev]   history; POST .../preview runs the page loaders on a draft
//   GET/POST /editor/api/accounts...     platform admins: accounts, invites, grants, reset links, disabling
//   GET/POST /editor/api/links/:token    a one-time link (invite or reset): check it, set the password (signs in)
//   POST /editor/api/password            staff change their own password    GET .../tenants/:slug/audit  the audit log
//   .../tenants/:slug/schedules, share-links, locks (api/publishing.ts)   GET /editor/share/:token  a shared draft, signed out
//   GET /editor/api/templates, POST .../templates/:name/publish   platform admins: locked template values (api/templates.ts)
// The routes of each resource are in api/ (sessions, documents, media, revisions, reservations, accounts).
// Every state-changing request needs the session's CSRF token (X-CSRF-Token) and a same-origin Origin; a tenant the
// account is not granted gets 403 whether or not it exists.
import express, { type Router } from 'express';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { RuntimeServices } from '../services';
import type { SiteIdentity } from '../tenants/checks/unique-across-tenants';
import type { FeedStatus } from '../inventory/feeds';
import { RateLimits } from '../infra/rate-limit';
import { KnownDevices } from '../accounts/known-device';
import { SignInLimiter } from '../accounts/sign-in-limiter';
import { jsonBody } from '../server/json-body';
import { mayEdit, type Account, type AccountStore } from './accounts';
import { editorAssets, EDITOR_ENTRY, PREVIEW_ENTRY, shellHtml } from './assets';
import type { EditorDocuments } from './documents';
import { readCookie, sameOrigin, sessionCookieName } from './http';
import type { MediaLibrary } from './media';
import { sameToken, SessionStore, type Session } from './sessions';
import type { StaffAccounts } from './staff-accounts';
import type { EditorStaffStore } from './staff-store';
import { accountsRoutes } from './api/accounts';
import { editorApi, FORBIDDEN, SESSION_SECONDS } from './api/context';
import { documentsRoutes } from './api/documents';
import { mediaRoutes } from './api/media';
import { reservationsRoutes } from './api/reservations';
import { publishingRoutes } from './api/publishing';
import { templatesRoutes } from './api/templates';
import { revisionsRoutes } from './api/revisions';
import type { Publishing } from './publishing/publishing';
import { shareViewRoute } from './share-view';
import { sessionsRoutes } from './api/sessions';

export interface EditorOptions {
  documents: EditorDocuments;
  accounts: AccountStore;
  clientDir: string;
  services?: RuntimeServices;
  sessions?: SessionStore;
  /** Password reset requests per address (default: services.rateLimits, else in memory). */
  rateLimits?: RateLimits;
  /** Sign-in limits (per address, address + account, account, and the editor's budget); by default in `rateLimits`. */
  signInLimiter?: SignInLimiter;
  /** Signs the known-device cookie (browsers an account signed in from skip the per-account friction). */
  devices?: KnownDevices;
  /** The live (published, validated) document of a site, read on demand (a server may hold thousands). */
  liveTenant?: (slug: string) => TenantDocument | undefined;
  /** Slug and domains of every site the server has loaded (valid or not): a domain belongs to one site only. */
  sites?: () => SiteIdentity[];
  log?: (message: string, error?: unknown) => void;
  /** The sites' media libraries (uploads); without one the media API answers 404. */
  media?: MediaLibrary;
  /** The sites' scheduled stock feeds: the last import's outcome and rejected rows. */
  inventoryFeeds?: { status(slug: string): Promise<FeedStatus | undefined> };
  /** Invites, reset links, disabling and password changes; without it those APIs answer 404. */
  staff?: StaffAccounts;
  /** Where the audit log is kept (saves, publishes and restores are recorded before they are acknowledged). */
  staffStore?: EditorStaffStore;
  /** The editor's public origin for links in mails (EDITOR_PUBLIC_URL, runtime/infra/public-urls.ts): never a request's. */
  publicUrl: string;
  /** Scheduled publishes and draft share links; without it those APIs answer 404. */
  publishing?: Publishing;
}

declare module 'express-serve-static-core' {
  interface Request {
    editorSession?: Session;
    editorAccount?: Account;
  }
}

export function editorRouter(options: EditorOptions): Router {
  const { documents, accounts, clientDir, services = {}, log = (m, e) => console.error(m, e ?? '') } = options;
  const sessions = options.sessions ?? new SessionStore(SESSION_SECONDS * 1000);
  const limits = options.rateLimits ?? services.rateLimits ?? RateLimits.memory();
  const signInLimiter = options.signInLimiter ?? new SignInLimiter(undefined, limits, { scope: 'editor' });
  const devices = options.devices ?? KnownDevices.random();
  const assets = editorAssets(clientDir);
  const router = express.Router();
  const api = editorApi(options, { services, log, sessions, limits, signInLimiter, devices, json: jsonBody({ limit: '5mb' }) });

  router.use(async (req, res, next) => {
    res.set('cache-control', 'no-store');
    res.set('referrer-policy', 'same-origin');
    let session: Session | undefined;
    try {
      session = await sessions.get(readCookie(req, sessionCookieName(req)));
    } catch (e) {
      log('editor: could not read the session store', e);
      return res.status(503).json({ error: 'The editor cannot check your sign-in right now. Please try again in a moment.' });
    }
    const account = session ? accounts.find(session.email) : undefined;
    // A disabled account is signed out everywhere at once (its sessions are also deleted when it is disabled).
    if (session && account && !account.disabled) {
      req.editorSession = session;
      req.editorAccount = account;
    }
    next();
  });

  // Cross-site request forgery: state changes need a same-origin request carrying the session's token.
  router.use('/api', (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (!sameOrigin(req)) return res.status(403).json({ error: 'Cross-site requests are not allowed.' });
    if (req.path === '/login' || req.path === '/password-reset' || req.path.startsWith('/links/')) return next();
    if (!req.editorSession) return res.status(401).json({ error: 'Please sign in.' });
    if (!sameToken(req.get('x-csrf-token'), req.editorSession.csrf))
      return res.status(403).json({ error: 'The security token is missing or out of date. Reload the editor and try again.' });
    next();
  });

  // Each resource's routes, in this order (none of their paths overlap; the /api fallback below comes after them all).
  sessionsRoutes(router, api);
  documentsRoutes(router, api);
  mediaRoutes(router, api);
  revisionsRoutes(router, api);
  reservationsRoutes(router, api);
  accountsRoutes(router, api);
  publishingRoutes(router, api);
  templatesRoutes(router, api);

  router.use('/api', (_req, res) => res.status(404).json({ error: 'No such editor API.' }));

  router.get('/preview/:slug', async (req, res) => {
    const slug = String(req.params.slug);
    if (!req.editorAccount) return res.status(401).type('text/plain').send('Please sign in to the editor.');
    if (!mayEdit(req.editorAccount, slug) || !(await documents.exists(slug))) return res.status(403).type('text/plain').send(FORBIDDEN.error);
    const entry = assets(PREVIEW_ENTRY);
    if (!entry) return res.status(503).type('text/plain').send('The editor is not built (see editor/README.md).');
    res.type('html').send(shellHtml('Preview', entry, 'preview-root', { slug }));
  });

  // A draft shared by a signed link: no editor account needed.
  shareViewRoute(router, { publishing: options.publishing, clientDir, services, liveTenant: (slug) => options.liveTenant?.(slug), log });

  // A file that is not there is a 404, not the editor's page (a missing script would otherwise get HTML).
  router.get(['/assets/{*file}', '/{*path}.:ext'], (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  router.get('/{*path}', (_req, res) => {
    const entry = assets(EDITOR_ENTRY);
    if (!entry) return res.status(503).type('text/plain').send('The editor is not built (see editor/README.md).');
    res.type('html').send(shellHtml('Site editor', entry, 'editor-root'));
  });

  return router;
}
