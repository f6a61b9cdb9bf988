// The tenant document (as the browser may see it) and the current page, available to every block.
import { createContext, useContext } from 'react';
import tenantSchema from '../../schemas/tenant.schema.json';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { stripServerOnly } from '../tenants/server-only';
import { pagesWithGarageGate } from '../domain/accounts/garage';
import { resolvedSettings } from '../domain/settings';

export type PublicSite = TenantDocument;

const publicCache = new WeakMap<TenantDocument, PublicSite>();

/**
 * The part of a tenant document that is sent to the browser: values marked "x-server-only" in the schema removed, and
 * the pages of features the site has off (the garage) left out. Server and browser route and link from it alike.
 */
export function publicSite(doc: TenantDocument): PublicSite {
  let site = publicCache.get(doc);
  if (!site) {
    site = stripServerOnly(doc, tenantSchema as Record<string, unknown>);
    const pages = pagesWithGarageGate(site.pages, resolvedSettings(site.settings).accounts);
    if (pages !== site.pages) site = { ...site, pages };
    publicCache.set(doc, site);
  }
  return site;
}

type PageDocument = PublicSite['pages'][string];
type BlockOutline = { id: string; type: string; slots?: Record<string, BlockOutline[]> };

/** A block tree without props: which blocks a page holds (to preload their code, or to see whether a page has a form). */
function outline(blocks: BlockOutline[]): BlockOutline[] {
  return blocks.map(({ id, type, slots }) =>
    slots ? { id, type, slots: Object.fromEntries(Object.entries(slots).map(([name, children]) => [name, outline(children ?? [])])) } : { id, type },
  );
}

const browserCache = new WeakMap<PublicSite, Map<string, PublicSite>>();

/**
 * The site as one page's browser sees it (and as the server renders that page, so both render the same): the public
 * document with only the current page in full. Every other page keeps its title and an outline of its blocks (types
 * and ids, no props), enough for routes, links that check a page exists, and block preloading; its full document comes
 * with its data (/__data) when the shopper navigates there. A home page's boot data shrinks from the whole site's pages
 * to one page.
 */
export function browserSite(site: PublicSite, route: string): PublicSite {
  let perRoute = browserCache.get(site);
  if (!perRoute) browserCache.set(site, (perRoute = new Map()));
  let trimmed = perRoute.get(route);
  if (!trimmed) {
    const pages: Record<string, PageDocument> = {};
    for (const [path, page] of Object.entries(site.pages)) {
      // `data` stays: it says a route is a catalogue page (/:model, /:brand/overview), which pageExists must know.
      const kind = (page as { data?: string }).data;
      pages[path] =
        path === route
          ? page
          : ({
              title: page.title,
              ...(kind && kind !== 'none' ? { data: kind } : {}),
              blocks: outline(page.blocks as unknown as BlockOutline[]),
            } as unknown as PageDocument);
    }
    trimmed = { ...site, pages };
    perRoute.set(route, trimmed);
  }
  return trimmed;
}

export const SiteContext = createContext<PublicSite | null>(null);

export function useSite(): PublicSite {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() used outside <SiteContext.Provider>');
  return site;
}

export interface PageInfo {
  route: string;
  tenant: string;
  /** What the page's route bound once (a vehicle, the first search results, ...). */
  data?: unknown;
}

export const PageContext = createContext<PageInfo>({ route: '', tenant: '' });

/** The data the page's route bound once, shared by every block on the page. */
export const usePageData = <T,>() => useContext(PageContext).data as T | undefined;

/** The route pattern of the page being rendered (e.g. /service). */
export const usePageRoute = () => useContext(PageContext).route;
