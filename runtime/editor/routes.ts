// The editor's HTTP surface, mounted at /editor before the tenant middleware (it serves every host):
//   GET  /editor, /editor/...            the editor app        GET /editor/preview/:slug   the preview frame
//   POST /editor/api/login, /logout, /logout-everywhere      GET /editor/api/session
//   GET  /editor/api/tenants             only the tenants the account is granted
//   GET  /editor/api/tenants/:slug       the working document; POST .../revisions saves a draft or publishes
//   GET  /editor/api/tenants/:slug/revisions[/:rev]   history; POST .../preview runs the page loaders on a draft
//   GET/POST /editor/api/accounts...     platform admins: accounts, invites, grants, reset links, disabling
//   GET/POST /editor/api/links/:token    a one-time link (invite or reset): check it, set the password (signs in)
//   POST /editor/api/password            staff change their own password    GET .../tenants/:slug/audit  the audit log
// Every state-changing request needs the session's CSRF token (X-CSRF-Token) and a same-origin Origin; a tenant the
// account is not granted gets 403 whether or not it exists.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { pageDataFor } from '../renderer/entry-server';
import { blockTypesWithLoaders } from '../renderer/server-loaders';
import { siteRangeMenu } from '../page-data/range-menu';
import type { RuntimeServices } from '../services';
import { searchApi } from '../server/routes/search-api';
import { siteUrl } from '../server/site-url';
import { crmUrlProblem } from '../net/crm-target';
import { clashesWith, siteIdentity, type SiteIdentity } from '../tenants/checks/unique-across-tenants';
import { totalHitsOf } from '../search/types';
import { validateTenantDocument } from '../tenants/validate';
import { AccountError, EMAIL_PATTERN, mayEdit, publicAccount, type Account, type AccountStore } from './accounts';
import { editorAssets, EDITOR_ENTRY, PREVIEW_ENTRY, shellHtml } from './assets';
import type { FeedStatus } from '../inventory/feeds';
import type { EditorDocuments } from './documents';
import { deepEqual } from './file-patch';
import { deviceCookie, deviceCookieName, readCookie, sameOrigin, sessionCookie, sessionCookieName } from './http';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password';
import { PASSWORD_RESET_REQUESTS, RateLimits } from '../infra/rate-limit';
import { KNOWN_DEVICE_DAYS, KnownDevices } from '../accounts/known-device';
import { SignInLimiter, type SignInAttempt } from '../accounts/sign-in-limiter';
import { waitText } from '../domain/accounts/messages';
import { sameToken, SessionStore, type Session } from './sessions';
import { jsonBody } from '../server/json-body';
import { isServerBusy } from '../infra/http-errors';
import { MAX_UPLOAD_BYTES, MediaError, isReferenced, type MediaLibrary } from './media';
import { LINK_NOT_VALID, MAX_PASSWORD_LENGTH, StaffAccountError, type StaffAccounts } from './staff-accounts';
import type { EditorStaffStore } from './staff-store';

/** The request's bytes, up to `limit` (null when larger: the rest is not read). */
function readBytes(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        resolve(null);
        req.pause();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

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
  /** Live (published, validated) documents of the other tenants, for checks across sites. */
  liveTenants?: () => TenantDocument[];
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
}

/** What identifies a staff account to the known-device cookie. */
const editorDeviceKey = (email: string) => `editor|${email}`;

declare module 'express-serve-static-core' {
  interface Request {
    editorSession?: Session;
    editorAccount?: Account;
  }
}

const FORBIDDEN = { error: 'You do not have access to this site.' };
const SITE_URL_REQUIRED =
  "The site needs its public address (url, e.g. https://www.example.com.au) before it is published: the links in its shoppers' mail are built from it. Nothing was published.";
const CRM_ADMIN_ONLY =
  'Only a platform admin may change where leads are sent (settings.leads.crm). Undo that change, or ask a platform admin to make it; nothing was saved.';

/** settings.leads.crm of a document as written (no schema defaults). */
const crmSettingsOf = (d: unknown): unknown => (d as { settings?: { leads?: { crm?: unknown } } } | undefined)?.settings?.leads?.crm;
const SESSION_SECONDS = 8 * 60 * 60;

export function editorRouter(options: EditorOptions): Router {
  const { documents, accounts, clientDir, services = {}, log = (m, e) => console.error(m, e ?? '') } = options;
  const sessions = options.sessions ?? new SessionStore(SESSION_SECONDS * 1000);
  const limits = options.rateLimits ?? services.rateLimits ?? RateLimits.memory();
  const signInLimiter = options.signInLimiter ?? new SignInLimiter(undefined, limits, { scope: 'editor' });
  const devices = options.devices ?? KnownDevices.random();
  const assets = editorAssets(clientDir);
  const router = express.Router();
  const json = jsonBody({ limit: '5mb' });

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

  // After the session cookie: clients that read only the first Set-Cookie still find the session.
  const rememberDevice = (req: Request, res: Response, email: string) =>
    res.append('set-cookie', deviceCookie(req, devices.issue(editorDeviceKey(email)), KNOWN_DEVICE_DAYS * 86_400));

  router.post('/api/login', json, async (req, res) => {
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
    const password = typeof req.body?.password === 'string' ? req.body.password : '';
    // Not a guess at any account: answered before it counts against anyone's limits.
    if (!EMAIL_PATTERN.test(email) || email.length > 254 || !password || password.length > MAX_PASSWORD_LENGTH)
      return res.status(400).json({ error: 'Enter your email address and your password.' });
    // The whole editor is one budget (site "editor"): spraying staff accounts from many addresses slows sign-ins down.
    const attempt: SignInAttempt = {
      site: 'editor',
      address: req.ip ?? '',
      account: email,
      knownDevice: devices.knows(editorDeviceKey(email), readCookie(req, deviceCookieName(req))),
    };
    const verdict = await signInLimiter.begin(attempt);
    if (!verdict.ok)
      return tooMany(
        res,
        verdict.retryAfterSeconds,
        verdict.reason === 'account'
          ? `Too many failed sign-ins to this account. Try again in ${waitText(verdict.retryAfterSeconds)}, or use "Forgotten your password?".`
          : undefined,
      );
    const account = accounts.find(email);
    // An unknown, invited (no password yet) or disabled account takes as long as a wrong password: no enumeration.
    const usable = account && account.passwordHash && !account.disabled ? account : undefined;
    const ok = usable ? await verifyPassword(password, usable.passwordHash) : (await verifyPassword(password, await dummyHash()), false);
    if (!ok || !account || account.disabled) {
      await signInLimiter.failed(attempt);
      return res.status(401).json({ error: 'The email or password is not right.' });
    }
    await signInLimiter.succeeded(attempt);
    if (needsRehash(account.passwordHash)) {
      // An older, cheaper hash: replace it now that the password is known (the sign-in goes on if that fails).
      try {
        const upgraded = await hashPassword(password);
        accounts.update(account.email, (a) => (a.passwordHash = upgraded));
      } catch (e) {
        log(`editor: could not rehash the password of ${account.email}`, e);
      }
    }
    await sessions.destroy(readCookie(req, sessionCookieName(req)));
    const session = await sessions.create(account.email);
    res.set('set-cookie', sessionCookie(req, session.token, SESSION_SECONDS));
    rememberDevice(req, res, account.email);
    res.json({ account: publicAccount(account), csrf: session.csrf });
  });

  router.post('/api/logout', async (req, res) => {
    await sessions.destroy(req.editorSession?.token);
    res.set('set-cookie', sessionCookie(req, '', 0));
    res.json({ ok: true });
  });

  // Ends every session of the signed-in account, in every browser and server process (a lost laptop, a shared PC).
  router.post('/api/logout-everywhere', async (req, res) => {
    if (!req.editorAccount) return res.status(401).json({ error: 'Please sign in.' });
    const ended = await sessions.destroyAll(req.editorAccount.email);
    res.set('set-cookie', sessionCookie(req, '', 0));
    res.json({ ok: true, ended });
  });

  // Not being signed in is a normal answer here (the editor then shows the sign-in form), not an error.
  router.get('/api/session', (req, res) => {
    if (!req.editorAccount) return res.json({ account: null });
    res.json({ account: publicAccount(req.editorAccount), csrf: req.editorSession!.csrf });
  });

  const signedIn = (req: Request, res: Response, next: NextFunction) => (req.editorAccount ? next() : res.status(401).json({ error: 'Please sign in.' }));
  const admin = (req: Request, res: Response, next: NextFunction) =>
    req.editorAccount?.admin ? next() : res.status(403).json({ error: 'Only a platform admin may do this.' });
  // A tenant the account may not edit gets the same answer whether or not it exists.
  const granted = async (req: Request, res: Response, next: NextFunction) => {
    const slug = String(req.params.slug);
    if (!mayEdit(req.editorAccount!, slug)) return res.status(403).json(FORBIDDEN);
    if (!(await documents.exists(slug))) return res.status(404).json({ error: 'There is no site with this id.' });
    next();
  };

  router.get('/api/tenants', signedIn, async (req, res) => {
    res.json({ tenants: (await documents.list()).filter((t) => mayEdit(req.editorAccount!, t.slug)) });
  });

  router.get('/api/tenants/:slug', signedIn, granted, async (req, res) => {
    res.json(await documents.open(String(req.params.slug)));
  });

  // Real examples for previewing a page with required parameters (/cars/:slug): cars of the site's own stock,
  // or its locations, never the 404 page.
  // What adding and removing dealerships needs besides the document: the dealership ids other sites use (a new id must
  // not clash: stock is filed under it; only the ids, never the sites) and how many cars this site shows from each of its
  // dealerships (one with stock is not removed).
  router.get('/api/tenants/:slug/dealerships', signedIn, granted, async (req, res) => {
    const slug = String(req.params.slug);
    const sites = options.sites?.() ?? (options.liveTenants?.() ?? []).map(siteIdentity);
    const takenByOtherSites = [...new Set(sites.filter((t) => t.slug !== slug).flatMap((t) => t.dealershipIds ?? []))];
    const live = options.liveTenants?.().find((t) => t.slug === slug);
    const stock: Record<number, number> = {};
    for (const dealership of live && services.catalogue ? live.dealerships : []) {
      try {
        stock[dealership.id] = totalHitsOf(await services.catalogue!.search({ ...live!, dealerships: [dealership] }, { q: '', limit: 0 }));
      } catch (e) {
        log('editor: dealership stock', e);
      }
    }
    res.json({ takenByOtherSites, stock });
  });

  router.get('/api/tenants/:slug/preview-examples', signedIn, granted, async (req, res) => {
    const slug = String(req.params.slug);
    const route = typeof req.query.route === 'string' ? req.query.route : '';
    const opened = await documents.open(slug);
    const page = (opened?.doc as { pages?: Record<string, { data?: string }> } | undefined)?.pages?.[route];
    if (!page) return res.status(404).json({ error: 'There is no page at that route.' });
    const param = /:([A-Za-z0-9]+)(?=\/|$)/.exec(route);
    if (!param) return res.json({ examples: [] });
    const fill = (value: string) => route.replace(/\/:[A-Za-z0-9]+\?/g, '').replace(`:${param[1]}`, encodeURIComponent(value));
    const live = options.liveTenants?.().find((t) => t.slug === slug);
    const examples: { path: string; label: string }[] = [];
    if ((page.data === 'vehicle' || page.data === 'checkout' || route.startsWith('/cars/')) && live && services.catalogue) {
      try {
        const found = await services.catalogue.search(live, { limit: 12, sort: ['year:desc'] });
        for (const hit of found.hits as { slug?: string; year?: number; make?: string; model?: string; badge?: string }[]) {
          if (hit.slug) examples.push({ path: fill(hit.slug), label: [hit.year, hit.make, hit.model, hit.badge].filter(Boolean).join(' ') });
        }
      } catch (e) {
        log('editor: preview examples', e);
      }
    } else if (page.data === 'location') {
      for (const d of (opened?.doc as { dealerships?: { name: string; locations?: { slug: string; name: string }[] }[] } | undefined)?.dealerships ?? []) {
        for (const l of d.locations ?? []) examples.push({ path: fill(l.slug), label: l.name });
      }
    }
    res.json({ examples });
  });

  // Media library: upload (the raw file as the body, its name in X-File-Name), list, delete when unused.
  const mediaError = (res: Response, e: unknown) => {
    if (e instanceof MediaError) return res.status(e.status).json({ error: e.message });
    log('editor: media', e);
    return res.status(500).json({ error: 'The image could not be stored. Please try again.' });
  };
  router.get('/api/tenants/:slug/media', signedIn, granted, async (req, res) => {
    if (!options.media) return res.status(404).json({ error: 'This server keeps no media library.' });
    const slug = String(req.params.slug);
    const used = JSON.stringify((await documents.open(slug))?.doc ?? {});
    res.json({ media: (await options.media.list(slug)).map((m) => ({ ...m, referenced: isReferenced(m, used) })), maxBytes: MAX_UPLOAD_BYTES });
  });
  router.post('/api/tenants/:slug/media', signedIn, granted, async (req, res) => {
    if (!options.media) return res.status(404).json({ error: 'This server keeps no media library.' });
    const bytes = await readBytes(req, MAX_UPLOAD_BYTES);
    if (!bytes)
      return res
        .status(413)
        .set('connection', 'close')
        .json({ error: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Save it smaller and upload it again.` });
    let name = 'image';
    try {
      name =
        decodeURIComponent(String(req.get('x-file-name') ?? 'image'))
          .replace(/[^\w .()-]+/g, '')
          .trim() || 'image';
    } catch {
      // a malformed name: keep the default
    }
    try {
      const item = await options.media.upload(String(req.params.slug), bytes, name, req.editorAccount!.email);
      res.status(201).json({ media: { ...item, referenced: false } });
    } catch (e) {
      mediaError(res, e);
    }
  });
  // The library's own view of an image (thumbnails in the editor, whatever host the editor runs on).
  router.get('/api/tenants/:slug/media/:id/:file', signedIn, granted, async (req, res, next) => {
    try {
      const found = await options.media?.open(String(req.params.slug), String(req.params.id), String(req.params.file));
      if (!found) return res.status(404).json({ error: 'There is no such image in this site’s library.' });
      res.set({ 'content-type': found.type, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
      found.stream.on('error', next).pipe(res);
    } catch (e) {
      next(e);
    }
  });
  router.delete('/api/tenants/:slug/media/:id', signedIn, granted, async (req, res) => {
    if (!options.media) return res.status(404).json({ error: 'This server keeps no media library.' });
    const slug = String(req.params.slug);
    try {
      await options.media.remove(slug, String(req.params.id), JSON.stringify((await documents.open(slug))?.doc ?? {}));
      res.json({ ok: true });
    } catch (e) {
      mediaError(res, e);
    }
  });

  // The site's stock feed: when it was last imported, what changed and every rejected row with the reason.
  router.get('/api/tenants/:slug/inventory-feed', signedIn, granted, async (req, res) => {
    res.json({ feed: (await options.inventoryFeeds?.status(String(req.params.slug))) ?? null });
  });

  router.get('/api/tenants/:slug/revisions', signedIn, granted, async (req, res) => {
    const slug = String(req.params.slug);
    await documents.open(slug);
    res.json({ revisions: await documents.revisions.list(slug) });
  });

  router.get('/api/tenants/:slug/revisions/:rev', signedIn, granted, async (req, res) => {
    const revision = await documents.revisions.get(String(req.params.slug), Number(req.params.rev));
    if (!revision) return res.status(404).json({ error: 'There is no such revision.' });
    res.json(revision);
  });

  router.post('/api/tenants/:slug/revisions', signedIn, granted, json, async (req, res) => {
    const slug = String(req.params.slug);
    const { baseRev, doc, publish, restoredFrom } = req.body ?? {};
    if (!Number.isInteger(baseRev) || !doc || typeof doc !== 'object' || Array.isArray(doc)) {
      return res.status(400).json({ error: 'The body must be {"baseRev": <number>, "doc": {...}, "publish": true|false}.' });
    }
    const account = req.editorAccount!;
    // A draft too: a staff draft that changed the CRM would otherwise go live with an admin's next publish.
    if (!account.admin && !deepEqual(crmSettingsOf(doc) ?? null, crmSettingsOf((await documents.revisions.latestLive(slug))?.doc) ?? null)) {
      return res.status(403).json({ error: CRM_ADMIN_ONLY });
    }
    if (publish) {
      // Another site's domain would hand this site that site's host, another site's dealership id its stock: refused
      // before anything is written.
      const others = (options.sites?.() ?? (options.liveTenants?.() ?? []).map(siteIdentity)).filter((t) => t.slug !== slug);
      const dealershipIds = (Array.isArray(doc.dealerships) ? doc.dealerships : []).map((d: { id?: unknown }) => d?.id).filter(Number.isInteger);
      const taken = clashesWith(
        { slug, domains: Array.isArray(doc.domains) ? doc.domains.filter((d: unknown) => typeof d === 'string') : [], dealershipIds },
        others,
      );
      if (taken.length)
        return res
          .status(409)
          .json({ error: `${taken.map((p) => p.message.replace(/^./, (c) => c.toUpperCase())).join('. ')}. Nothing was published.`, problems: taken });
      // Where leads go is set by platform admins only: a site's staff could otherwise send shoppers' details anywhere.
      if (
        !account.admin &&
        crmChanged(
          doc,
          (options.liveTenants?.() ?? []).find((t) => t.slug === slug),
        )
      ) {
        return res.status(403).json({ error: CRM_ADMIN_ONLY });
      }
      const endpoints: unknown[] = Array.isArray(crmSettingsOf(doc) && (crmSettingsOf(doc) as { endpoints?: unknown }).endpoints)
        ? (crmSettingsOf(doc) as { endpoints: unknown[] }).endpoints
        : [];
      const unsafe = endpoints.flatMap((e, i) => {
        const url = (e as { url?: unknown })?.url;
        const problem = typeof url === 'string' ? crmUrlProblem(url) : undefined;
        return problem ? [{ path: `settings.leads.crm.endpoints[${i}].url`, message: problem, code: 'editor' }] : [];
      });
      if (unsafe.length) return res.status(422).json({ error: 'The document has problems; nothing was published.', problems: unsafe });
      // Links in the site's shopper mail are built from its url alone (in production, unless SITE_URL_TEMPLATE gives
      // one): a live site without it could not mail a working link.
      if (services.publicUrls && !services.publicUrls.site({ slug, url: typeof doc.url === 'string' ? doc.url : undefined }))
        return res.status(422).json({ error: SITE_URL_REQUIRED, problems: [{ path: 'url', message: SITE_URL_REQUIRED, code: 'editor' }] });
    }
    const result = await documents.save(slug, {
      baseRev,
      doc,
      publish: !!publish,
      author: { email: account.email, name: account.name },
      restoredFrom: restoredFrom ?? undefined,
    });
    if (result.ok) {
      // The audit entry is committed before the save is acknowledged (the revision itself is already on disk).
      try {
        await options.staffStore?.recordAudit({
          tenant: slug,
          at: Date.parse(result.revision.at) || Date.now(),
          email: account.email,
          name: account.name,
          action: result.revision.restoredFrom ? 'restored' : publish ? 'published' : 'saved',
          rev: result.revision.rev,
          restoredFrom: result.revision.restoredFrom ?? null,
          published: !!publish,
        });
      } catch (e) {
        log(`editor: could not record revision ${result.revision.rev} of ${slug} in the audit log`, e);
        return res.status(503).json({
          error: `Revision ${result.revision.rev} was saved, but the audit log could not record it. Please tell a platform admin.`,
          revision: result.revision,
        });
      }
      return res.status(201).json(result);
    }
    if (result.status === 409) {
      const c = result.conflict;
      const what = c.kind === 'draft' ? 'saved a draft' : c.kind === 'published' ? 'published' : 'changed the file';
      return res.status(409).json({
        error: `${c.authorName}${c.author ? ` (${c.author})` : ''} ${what} as revision ${c.rev} after you opened revision ${baseRev}. Your changes were not saved, and they are still here in the editor.`,
        conflict: c,
      });
    }
    const restore = result.problems.find((p) => p.path === 'restoredFrom');
    res.status(422).json({
      error: restore ? `Revision ${restore.message}. Nothing was saved.` : 'The document has problems; nothing was published.',
      problems: result.problems,
    });
  });

  // Page data of a draft: the same loaders the live site runs, on the draft document (validated first).
  router.post('/api/tenants/:slug/preview', signedIn, granted, json, async (req, res) => {
    try {
      const path = typeof req.body?.path === 'string' && req.body.path.startsWith('/') ? req.body.path : '/';
      const tenant = previewTenant(String(req.params.slug), req.body?.doc, options.liveTenants?.() ?? []);
      if (!tenant) return res.status(422).json({ error: 'The draft does not validate; the preview shows the last valid version.' });
      const host = `${tenant.slug}.localhost`;
      const { status, data } = await pageDataFor({ tenant, services, log }, siteUrl(tenant, host, path));
      // The header's Range comes from the model catalogue on the server, as for the live page (its boot data's chrome).
      // The block types with server loaders: a new page of other blocks shows in the preview before its data comes.
      res.status(200).json({ status, data, chrome: { range: siteRangeMenu(tenant) }, loaderTypes: blockTypesWithLoaders() });
    } catch (e) {
      log('editor preview data failed', e);
      res.status(500).json({ error: 'The preview could not be loaded.' });
    }
  });

  // Site APIs the preview's blocks call from the browser (search), answered for the previewed tenant.
  router.use(
    '/api/tenants/:slug/site',
    signedIn,
    granted,
    (req, _res, next) => {
      req.tenant = (options.liveTenants?.() ?? []).find((t) => t.slug === req.params.slug);
      if (!req.tenant) return _res.status(503).json({ error: 'This site is not being served right now.' });
      next();
    },
    searchApi(() => services.catalogue),
  );

  // Staff: the site's reservations, and cancelling one with a full refund through the payment provider.
  router.get('/api/tenants/:slug/reservations', signedIn, granted, async (req, res) => {
    if (!services.reservations) return res.status(503).json({ error: 'Reservations are not available on this server.' });
    res.json({ reservations: await services.reservations.listFor(String(req.params.slug)) });
  });
  router.post('/api/tenants/:slug/reservations/:id/cancel', signedIn, granted, async (req, res) => {
    if (!services.reservations) return res.status(503).json({ error: 'Reservations are not available on this server.' });
    try {
      const result = await services.reservations.cancelAndRefund(String(req.params.id), String(req.params.slug));
      res
        .status(result.ok ? 200 : result.message.startsWith('No reservation') ? 404 : 409)
        .json(result.ok ? { message: result.message, refund_id: result.refundId ?? null } : { error: result.message });
    } catch (error) {
      log(`cancel of reservation ${String(req.params.id)} failed`, error);
      res.status(503).json({ error: 'The payment provider could not be reached. Nothing was changed; please try again.' });
    }
  });

  router.get('/api/tenants/:slug/audit', signedIn, granted, async (req, res) => {
    if (!options.staffStore) return res.status(404).json({ error: 'This server keeps no audit log.' });
    try {
      res.json({ entries: await options.staffStore.auditOf(String(req.params.slug)) });
    } catch (e) {
      log('editor: audit log', e);
      res.status(503).json({ error: 'The audit log cannot be read right now. Please try again in a moment.' });
    }
  });

  // Staff accounts: platform admins only; each operation checks its input (staff-accounts.ts).
  const staffCall = (work: (req: Request, res: Response) => Promise<unknown>) => async (req: Request, res: Response) => {
    if (!options.staff) return res.status(404).json({ error: 'Accounts cannot be managed on this server.' });
    try {
      await work(req, res);
    } catch (e) {
      if (isServerBusy(e)) throw e; // 503 with Retry-After, from the app's error handler
      if (e instanceof StaffAccountError) return res.status(e.status).json({ error: e.message });
      if (e instanceof AccountError) return res.status(400).json({ error: e.message });
      log('editor: accounts', e);
      res.status(503).json({ error: 'The change could not be stored. Nothing was changed; please try again.' });
    }
  };
  // Links in staff mail: the configured origin only (a forged Host once put an attacker's address into a reset link).
  const linkOrigin = options.publicUrl.replace(/\/+$/, '');
  router.get('/api/accounts', signedIn, admin, async (_req, res) => res.json({ accounts: accounts.all().map(publicAccount), sites: await documents.list() }));
  router.post(
    '/api/accounts',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.status(201).json({ account: await options.staff!.invite(req.body, linkOrigin), message: 'The invitation was sent.' });
    }),
  );
  router.post(
    '/api/accounts/:email/grants',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.json({ account: options.staff!.grant(String(req.params.email), req.body?.sites ?? req.body?.tenants, !!req.body?.revoke) });
    }),
  );
  router.post(
    '/api/accounts/:email/password-link',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.json({ account: await options.staff!.sendReset(String(req.params.email), linkOrigin), message: 'A password link was sent.' });
    }),
  );
  router.post(
    '/api/accounts/:email/disabled',
    signedIn,
    admin,
    json,
    staffCall(async (req, res) => {
      res.json({ account: await options.staff!.setDisabled(String(req.params.email), req.body?.disabled, req.editorAccount!) });
    }),
  );

  // Forgotten password: the same answer whether or not the account exists.
  router.post(
    '/api/password-reset',
    json,
    staffCall(async (req, res) => {
      const verdict = await limits.consume(PASSWORD_RESET_REQUESTS, req.ip ?? '');
      if (!verdict.allowed)
        return tooMany(res, verdict.retryAfterSeconds, `Too many password reset requests. Try again in ${waitText(verdict.retryAfterSeconds)}.`);
      // At most a few mails per account per hour whatever the address (staff-accounts.ts); the answer is the same.
      await options.staff!.requestReset(req.body?.email, linkOrigin);
      res.status(202).json({ message: 'If an account exists for this email, a link to choose a new password is on its way.' });
    }),
  );

  // One-time links: whether one works (the page shows the form or says it has expired), and using it.
  router.get(
    '/api/links/:token',
    staffCall(async (req, res) => {
      const info = await options.staff!.linkInfo(String(req.params.token));
      if (!info) return res.status(410).json({ error: LINK_NOT_VALID });
      res.json(info);
    }),
  );
  router.post(
    '/api/links/:token',
    json,
    staffCall(async (req, res) => {
      const account = await options.staff!.redeem(String(req.params.token), req.body?.password);
      await sessions.destroy(readCookie(req, sessionCookieName(req)));
      const session = await sessions.create(account.email);
      res.set('set-cookie', sessionCookie(req, session.token, SESSION_SECONDS));
      // Setting a password from a mailed link proves the mailbox: this browser is the owner's.
      rememberDevice(req, res, account.email);
      res.json({ account: publicAccount(account), csrf: session.csrf });
    }),
  );

  // Staff change their own password; other sessions end and this browser gets a new one.
  router.post(
    '/api/password',
    signedIn,
    json,
    staffCall(async (req, res) => {
      await options.staff!.changeOwnPassword(req.editorAccount!, req.body?.current, req.body?.password);
      const session = await sessions.create(req.editorAccount!.email);
      res.set('set-cookie', sessionCookie(req, session.token, SESSION_SECONDS));
      res.json({ csrf: session.csrf, message: 'Your password was changed. You were signed out everywhere else.' });
    }),
  );

  router.use('/api', (_req, res) => res.status(404).json({ error: 'No such editor API.' }));

  router.get('/preview/:slug', async (req, res) => {
    const slug = String(req.params.slug);
    if (!req.editorAccount) return res.status(401).type('text/plain').send('Please sign in to the editor.');
    if (!mayEdit(req.editorAccount, slug) || !(await documents.exists(slug))) return res.status(403).type('text/plain').send(FORBIDDEN.error);
    const entry = assets(PREVIEW_ENTRY);
    if (!entry) return res.status(503).type('text/plain').send('The editor is not built (see editor/README.md).');
    res.type('html').send(shellHtml('Preview', entry, 'preview-root', { slug }));
  });

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

function tooMany(res: Response, retryAfterSeconds: number, message?: string) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  res.set('retry-after', String(retryAfterSeconds));
  return res
    .status(429)
    .json({ error: message ?? `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retry_after: retryAfterSeconds });
}

/**
 * Whether a document's lead CRM settings differ from the live site's (both with schema defaults filled in). A site
 * that is not live has no CRM settings to keep: any endpoint counts as a change.
 */
function crmChanged(doc: unknown, live: TenantDocument | undefined): boolean {
  const crmOf = (d: unknown): any => (d as { settings?: { leads?: { crm?: unknown } } } | undefined)?.settings?.leads?.crm;
  const draft = validateTenantDocument(doc);
  if (!draft.ok) return false; // not publishable anyway: the save answers 422 with its problems
  const crm = crmOf(draft.doc);
  if (!live) return Array.isArray(crm?.endpoints) && crm.endpoints.length > 0;
  return !deepEqual(crm ?? null, crmOf(live) ?? null);
}

/** The draft, validated, for a preview; limited to this site's own dealerships so a preview never shows other stock. */
function previewTenant(slug: string, draft: unknown, live: TenantDocument[]): TenantDocument | undefined {
  const result = validateTenantDocument(draft);
  if (!result.ok || result.doc.slug !== slug) return undefined;
  const own = live.find((t) => t.slug === slug);
  const ownIds = new Set((own?.dealerships ?? []).map((d) => d.id));
  const doc = result.doc;
  return { ...doc, dealerships: doc.dealerships.filter((d) => ownIds.has(d.id)) as TenantDocument['dealerships'] };
}
