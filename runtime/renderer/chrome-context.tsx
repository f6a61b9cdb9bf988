// What the header and footer need beyond the tenant document, computed on the server (the Range from the model
// catalogue) and sent with the page's boot data.
import { createContext, useContext } from 'react';
import type { RangeMenu } from '../domain/navigation/range-menu';

export interface SiteChrome {
  /** The site's Range, or null when its navigation has none (or, in the editor's preview, before it is known). */
  range: RangeMenu | null;
}

export const ChromeContext = createContext<SiteChrome>({ range: null });

export const useChrome = () => useContext(ChromeContext);
