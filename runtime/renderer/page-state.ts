// What the page shell reads from whichever router renders it: the current page's data and whether a navigation is
// loading. The server and the editor preview use react-router's data routers (routes.tsx feeds these from
// useLoaderData and useNavigation); the site in the browser uses a lighter router of its own (browser-router.tsx)
// that keeps react-router's data layer out of the first load.
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
