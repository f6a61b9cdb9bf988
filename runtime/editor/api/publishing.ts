// Scheduled publishes, draft share links and the site's locks:
//   GET  /api/tenants/:slug/schedules                 the pending schedule and the recent ones, with the site's time zone
//   POST /api/tenants/:slug/schedules                 {"rev": n, "at": "2026-12-01T09:00"} (wall time in the site's zone)
//   POST /api/tenants/:slug/schedules/:id/cancel
//   GET  /api/tenants/:slug/share-links               links that still work
//   POST /api/tenants/:slug/share-links               {"rev": n}: a read-only link to that draft, shown once
//   POST /api/tenants/:slug/share-links/:id/revoke
//   GET  /api/tenants/:slug/locks                     what is locked (template and site), with the reasons
import type { Router } from 'express';
import { siteTimeZone } from '../../domain/time/site-time-zone';
import { lockProblems, lockRefusal, siteLocks } from '../publishing/locks-check';
import { siteClockLabel } from '../../domain/time/site-clock-label';
import { scheduleView } from '../publishing/publishing';
import type { EditorApi } from './context';

const NO_PUBLISHING = { error: 'This server does not schedule publishes or share drafts.' };

export function publishingRoutes(router: Router, api: EditorApi): void {
  const { options, json, signedIn, granted, log } = api;
  const { documents, publishing } = options;
  const author = (req: { editorAccount?: { email: string; name: string } }) => ({ email: req.editorAccount!.email, name: req.editorAccount!.name });

  router.get('/api/tenants/:slug/locks', signedIn, granted, async (req, res) => {
    res.json({ locks: await siteLocks(documents, String(req.params.slug)) });
  });

  router.get('/api/tenants/:slug/schedules', signedIn, granted, async (req, res) => {
    if (!publishing) return res.status(404).json(NO_PUBLISHING);
    const slug = String(req.params.slug);
    const head = await documents.revisions.head(slug);
    const timeZone = siteTimeZone((head?.doc ?? {}) as Parameters<typeof siteTimeZone>[0]);
    const pending = await publishing.store.pendingOf(slug);
    res.json({
      timeZone,
      now: publishing.now(),
      pending: pending ? scheduleView(pending) : null,
      schedules: (await publishing.store.listOf(slug)).map(scheduleView),
    });
  });

  router.post('/api/tenants/:slug/schedules', signedIn, granted, json, async (req, res) => {
    if (!publishing) return res.status(404).json(NO_PUBLISHING);
    const slug = String(req.params.slug);
    const { rev, at } = req.body ?? {};
    const draft = await publishing.draftOf(slug, rev);
    if (!draft.ok) return res.status(422).json({ error: draft.error });
    // A schedule publishes what staff could publish now: locked values are refused when it is made, not hours later.
    const locked = await lockProblems(documents, slug, draft.doc, req.editorAccount!.admin);
    if (locked.length) return res.status(403).json(lockRefusal(locked, true));
    try {
      const result = await publishing.schedule({ slug, rev, local: at, author: author(req) });
      res.status(result.status).json(result.body);
    } catch (e) {
      log('editor: scheduling a publish', e);
      res.status(503).json({ error: 'The schedule could not be stored. Nothing was scheduled; please try again.' });
    }
  });

  router.post('/api/tenants/:slug/schedules/:id/cancel', signedIn, granted, async (req, res) => {
    if (!publishing) return res.status(404).json(NO_PUBLISHING);
    const slug = String(req.params.slug);
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || !(await publishing.cancel(slug, id, author(req)))) {
      return res.status(409).json({ error: 'That publish is not scheduled any more (it ran, or was cancelled). Reload to see where it stands.' });
    }
    res.json({ cancelled: scheduleView((await publishing.store.get(id))!) });
  });

  router.get('/api/tenants/:slug/share-links', signedIn, granted, async (req, res) => {
    if (!publishing) return res.status(404).json(NO_PUBLISHING);
    const slug = String(req.params.slug);
    const head = await documents.revisions.head(slug);
    const timeZone = siteTimeZone((head?.doc ?? {}) as Parameters<typeof siteTimeZone>[0]);
    const links = await publishing.store.activeShareLinks(slug, publishing.now());
    res.json({
      links: links.map((l) => ({
        id: l.tokenHash,
        rev: l.rev,
        createdBy: l.createdBy,
        expiresAt: l.expiresAt,
        expires: siteClockLabel(l.expiresAt, timeZone),
      })),
    });
  });

  router.post('/api/tenants/:slug/share-links', signedIn, granted, json, async (req, res) => {
    if (!publishing) return res.status(404).json(NO_PUBLISHING);
    const slug = String(req.params.slug);
    const draft = await publishing.draftOf(slug, req.body?.rev);
    if (!draft.ok) return res.status(422).json({ error: draft.error });
    const { token, link } = await publishing.share(slug, draft.rev, author(req));
    const timeZone = siteTimeZone(draft.doc as Parameters<typeof siteTimeZone>[0]);
    // Built from the editor's configured origin, never from this request's Host.
    res.status(201).json({
      url: `${options.publicUrl.replace(/\/$/, '')}/editor/share/${token}`,
      id: link.tokenHash,
      rev: link.rev,
      expiresAt: link.expiresAt,
      expires: siteClockLabel(link.expiresAt, timeZone),
    });
  });

  router.post('/api/tenants/:slug/share-links/:id/revoke', signedIn, granted, async (req, res) => {
    if (!publishing) return res.status(404).json(NO_PUBLISHING);
    if (!(await publishing.store.revokeShareLink(String(req.params.slug), String(req.params.id), publishing.now()))) {
      return res.status(404).json({ error: 'There is no such preview link (it may have expired or been withdrawn already).' });
    }
    res.json({ revoked: true });
  });
}
