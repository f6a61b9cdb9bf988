// What the header and footer need beyond the tenant document, computed on the server (the Range from the model
// catalogue) and sent with the page's boot data.
import { createContext, useContext } from 'react';
import type { RangeMenu } from '../domain/navigation/range-menu';

export interface SiteChrome {
  /** The site's Range, or null when its navigation has none (or, in the editor's preview, before it is known). */
  range: RangeMenu | null;
  /**
   * Header and footer links to catalogue pages (brand overviews, model pages) that exist on this site: only the server
   * knows which brands and models a site has, and a link counts as missing without it. Absent: none.
   */
  catalogueLinks?: string[];
}

export const ChromeContext = createContext<SiteChrome>({ range: null });

/** Whether a header or footer link leads to a page of the site, catalogue pages included. */
export function chromeLinkExists(chrome: SiteChrome, pageExists: (href: string) => boolean, href: string): boolean {
  return pageExists(href) || (chrome.catalogueLinks?.includes(href.split('#')[0] ?? href) ?? false);
}

export const useChrome = () => useContext(ChromeContext);
