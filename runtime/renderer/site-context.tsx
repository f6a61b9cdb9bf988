// The tenant document (as the browser may see it) and the current page, available to every block.
import { createContext, useContext } from 'react';
import tenantSchema from '../../schemas/tenant.schema.json';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { stripServerOnly } from '../tenants/server-only';

export type PublicSite = TenantDocument;

const publicCache = new WeakMap<TenantDocument, PublicSite>();

/** The part of a tenant document that is sent to the browser: values marked "x-server-only" in the schema removed. */
export function publicSite(doc: TenantDocument): PublicSite {
  let site = publicCache.get(doc);
  if (!site) {
    site = stripServerOnly(doc, tenantSchema as Record<string, unknown>);
    publicCache.set(doc, site);
  }
  return site;
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
