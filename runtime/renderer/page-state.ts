// What the page shell reads from whichever router renders it: the current page's data and whether a navigation is
// loading. The server renders under react-router's static router with the data its loaders gave (entry-server.tsx);
// the site in the browser (browser-router.tsx) and the editor preview load page data themselves under react-router's
// declarative Router (its data router would cost 29 KB of script on the first load).
import { createContext, useContext } from 'react';
import type { PageData } from './types';

export const PageDataContext = createContext<PageData | null>(null);

export function usePageLoaderData(): PageData {
  const data = useContext(PageDataContext);
  if (!data) throw new Error('usePageLoaderData() used outside a page route');
  return data;
}

export type NavigationState = 'idle' | 'loading';

export const NavigationStateContext = createContext<NavigationState>('idle');

export const useNavigationState = () => useContext(NavigationStateContext);
