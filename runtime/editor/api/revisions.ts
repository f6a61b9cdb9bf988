// Revisions: history, one revision, saving a draft or publishing (with the checks only a publish needs), and the
// audit log of saves, publishes and restores.
import type { Router } from 'express';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { crmUrlProblem } from '../../net/crm-target';
import { clashesWith } from '../../tenants/checks/unique-across-tenants';
import { validateTenantDocument } from '../../tenants/validate';
import { deepEqual } from '../file-patch';
import { lockProblems, lockRefusal } from '../publishing/locks-check';
import type { EditorApi } from './context';

const SITE_URL_REQUIRED =
  "The site needs its public address (url, e.g. https://www.example.com.au) before it is published: the links in its shoppers' mail are built from it. Nothing was published.";
const CRM_ADMIN_ONLY =
  'Only a platform admin may change where leads are sent (settings.leads.crm). Undo that change, or ask a platform admin to make it; nothing was saved.';

/** settings.leads.crm of a document as written (no schema defaults). */
const crmSettingsOf = (d: unknown): unknown => (d as { settings?: { leads?: { crm?: unknown } } } | undefined)?.settings?.leads?.crm;

export function revisionsRoutes(router: Router, api: EditorApi): void {
  const { options, services, log, json, signedIn, granted } = api;
  const { documents } = api.options;
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
    // Locked blocks, props and settings: refused here, whatever the editor's UI let through.
    const locked = await lockProblems(documents, slug, doc, account.admin);
    if (locked.length) return res.status(403).json(lockRefusal(locked, !!publish));
    // A draft too: a staff draft that changed the CRM would otherwise go live with an admin's next publish.
    if (!account.admin && !deepEqual(crmSettingsOf(doc) ?? null, crmSettingsOf((await documents.revisions.latestLive(slug))?.doc) ?? null)) {
      return res.status(403).json({ error: CRM_ADMIN_ONLY });
    }
    if (publish) {
      // Another site's domain would hand this site that site's host, another site's dealership id its stock: refused
      // before anything is written.
      const others = (options.sites?.() ?? []).filter((t) => t.slug !== slug);
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
      if (!account.admin && crmChanged(doc, options.liveTenant?.(slug))) {
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

  router.get('/api/tenants/:slug/audit', signedIn, granted, async (req, res) => {
    if (!options.staffStore) return res.status(404).json({ error: 'This server keeps no audit log.' });
    try {
      res.json({ entries: await options.staffStore.auditOf(String(req.params.slug)) });
    } catch (e) {
      log('editor: audit log', e);
      res.status(503).json({ error: 'The audit log cannot be read right now. Please try again in a moment.' });
    }
  });
}

/**
 * Whether a document's lead CRM settings differ from the live site's (both with schema defaults filled in). A site
 * that is not live has no CRM settings to keep: any endpoint counts as a change.
 */
function crmChanged(doc: unknown, live: TenantDocument | undefined): boolean {
  // biome-ignore lint/suspicious/noExplicitAny: CRM settings are read by path from the validated tenant document
  const crmOf = (d: unknown): any => (d as { settings?: { leads?: { crm?: unknown } } } | undefined)?.settings?.leads?.crm;
  const draft = validateTenantDocument(doc);
  if (!draft.ok) return false; // not publishable anyway: the save answers 422 with its problems
  const crm = crmOf(draft.doc);
  if (!live) return Array.isArray(crm?.endpoints) && crm.endpoints.length > 0;
  return !deepEqual(crm ?? null, crmOf(live) ?? null);
}
