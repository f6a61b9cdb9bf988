// A site's working document and what editing it needs: the sites an account may edit, dealership ids and stock,
// preview examples, the stock feed's status, page data of a draft and the site APIs its preview calls.
import type { Router } from 'express';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { pageDataFor } from '../../renderer/entry-server';
import { blockTypesWithLoaders } from '../../renderer/server-loaders';
import { siteRangeMenu } from '../../page-data/range-menu';
import { catalogueNavLinks } from '../../page-data/catalogue-nav-links';
import { searchApi } from '../../server/routes/search-api';
import { siteUrl } from '../../server/site-url';
import { totalHitsOf } from '../../search/types';
import { validateTenantDocument } from '../../tenants/validate';
import { mayEdit } from '../accounts';
import type { EditorApi } from './context';

export function documentsRoutes(router: Router, api: EditorApi): void {
  const { options, services, log, json, signedIn, granted } = api;
  const { documents } = api.options;
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
    const sites = options.sites?.() ?? [];
    const takenByOtherSites = [...new Set(sites.filter((t) => t.slug !== slug).flatMap((t) => t.dealershipIds ?? []))];
    const live = options.liveTenant?.(slug);
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
    const live = options.liveTenant?.(slug);
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

  // The site's stock feed: when it was last imported, what changed and every rejected row with the reason.
  router.get('/api/tenants/:slug/inventory-feed', signedIn, granted, async (req, res) => {
    res.json({ feed: (await options.inventoryFeeds?.status(String(req.params.slug))) ?? null });
  });

  // Page data of a draft: the same loaders the live site runs, on the draft document (validated first).
  router.post('/api/tenants/:slug/preview', signedIn, granted, json, async (req, res) => {
    try {
      const path = typeof req.body?.path === 'string' && req.body.path.startsWith('/') ? req.body.path : '/';
      const tenant = previewTenant(String(req.params.slug), req.body?.doc, options.liveTenant?.(String(req.params.slug)));
      if (!tenant) return res.status(422).json({ error: 'The draft does not validate; the preview shows the last valid version.' });
      const host = `${tenant.slug}.localhost`;
      const { status, data } = await pageDataFor({ tenant, services, log }, siteUrl(tenant, host, path));
      // The header's Range comes from the model catalogue on the server, as for the live page (its boot data's chrome).
      // The block types with server loaders: a new page of other blocks shows in the preview before its data comes.
      res
        .status(200)
        .json({ status, data, chrome: { range: siteRangeMenu(tenant), catalogueLinks: catalogueNavLinks(tenant) }, loaderTypes: blockTypesWithLoaders() });
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
      req.tenant = options.liveTenant?.(String(req.params.slug));
      if (!req.tenant) return _res.status(503).json({ error: 'This site is not being served right now.' });
      next();
    },
    searchApi(() => services.catalogue),
  );
}

/** The draft, validated, for a preview; limited to this site's own dealerships so a preview never shows other stock. */
export function previewTenant(slug: string, draft: unknown, own: TenantDocument | undefined): TenantDocument | undefined {
  const result = validateTenantDocument(draft);
  if (!result.ok || result.doc.slug !== slug) return undefined;
  const ownIds = new Set((own?.dealerships ?? []).map((d) => d.id));
  const doc = result.doc;
  return { ...doc, dealerships: doc.dealerships.filter((d) => ownIds.has(d.id)) as TenantDocument['dealerships'] };
}
