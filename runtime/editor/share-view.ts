// The page a draft share link opens (/editor/share/{token}?path=/...): the draft site rendered on the server by the
// live site's renderer, for someone without an editor account (a manager approving a change). Read-only: no scripts
// run (the policy allows none and they are left out), forms submit nowhere, links stay inside the preview, and a
// "Draft preview" bar says what it is. Search engines are told not to index it.
import type { Router } from 'express';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { type AssetResolver, renderPage } from '../renderer/entry-server';
import { manifestAssets } from '../server/assets';
import { siteUrl } from '../server/site-url';
import { previewTenant } from './api/documents';
import type { Publishing } from './publishing/publishing';
import type { RuntimeServices } from '../services';

const SHARE_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The rendered page made read-only: no scripts, site links kept inside the preview, the draft bar at the top. */
function readOnlyDraftPage(html: string, base: string, bar: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/(<a\b[^>]*?\shref=")(\/(?!\/)[^"]*)"/gi, (_m, start: string, path: string) => `${start}${base}?path=${encodeURIComponent(path)}"`)
    .replace(/(<body\b[^>]*>)/i, `$1${bar}`);
}

const plain = (title: string, message: string) =>
  `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;

export function shareViewRoute(
  router: Router,
  opts: {
    publishing?: Publishing;
    clientDir: string;
    services: RuntimeServices;
    liveTenant: (slug: string) => TenantDocument | undefined;
    log: (m: string, e?: unknown) => void;
  },
): void {
  let assets: AssetResolver | undefined;
  const assetsOf = () => {
    try {
      assets ??= manifestAssets(opts.clientDir);
    } catch {
      // No client build (tests): the page is rendered without block chunks, which a share page never loads anyway.
      assets = { forBlocks: () => ({ script: '', styles: [], modulePreloads: [] }) };
    }
    return assets;
  };
  router.get('/share/:token', async (req, res) => {
    res.set({ 'x-robots-tag': 'noindex, nofollow', 'content-security-policy': SHARE_CSP, 'referrer-policy': 'no-referrer' });
    const token = String(req.params.token);
    if (!opts.publishing) return res.status(404).type('html').send(plain('Preview link not found', 'This server does not share drafts.'));
    const shared = await opts.publishing.openShared(token);
    if (!shared.ok) return res.status(shared.status).type('html').send(plain('This preview link does not work', shared.error));
    const tenant = previewTenant(shared.slug, shared.doc, opts.liveTenant(shared.slug));
    if (!tenant) {
      return res
        .status(422)
        .type('html')
        .send(plain('This draft cannot be shown', 'The draft has problems the editor lists; it can be shared once they are fixed.'));
    }
    const path = typeof req.query.path === 'string' && req.query.path.startsWith('/') && !req.query.path.startsWith('//') ? req.query.path : '/';
    try {
      const result = await renderPage({ tenant, services: opts.services, log: opts.log }, siteUrl(tenant, `${tenant.slug}.localhost`, path), assetsOf());
      if (result.body.length === 0) {
        // A redirect inside the draft (a moved page): followed inside the preview.
        const to = result.headers.location ?? '/';
        return res.redirect(303, `/editor/share/${encodeURIComponent(token)}?path=${encodeURIComponent(to.startsWith('/') ? to : '/')}`);
      }
      const bar = `<div class="draft-preview-bar" role="status" style="position:sticky;top:0;z-index:1000;background:#7a4b00;color:#fff;padding:.6rem 1rem;font:600 15px/1.4 system-ui,sans-serif;text-align:center">Draft preview: revision ${shared.rev} of ${escapeHtml(tenant.name)}, not yet live. This page is read-only.</div>`;
      const html = readOnlyDraftPage(result.body.toString(), `/editor/share/${encodeURIComponent(token)}`, bar);
      res.status(result.status).type('html').send(html);
    } catch (e) {
      opts.log('editor: share link page', e);
      res.status(503).type('html').send(plain('The preview could not be shown', 'Please try again in a moment.'));
    }
  });
}
