// Browser entry: reads the boot data the server rendered, preloads the first page's blocks above the fold, then hydrates.
// Later navigations fetch page data from /__data (the same server loaders) and preload that page's blocks.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { BlockNode } from '../document/blocks';
import { blockTypesOf } from '../document/blocks';
import { createSiteRouter, SiteRouterProvider } from './browser-router';
import { Document, type BootData } from './Document';
import { pageFold } from './fold';
import { gateHydration, keepServerHtml } from './lazy-hydration';
import { preloadBlocks } from './registry';
import { createBrowserRoutes, NOT_FOUND_ROUTE } from './routes';
import { configureSearchTransport } from '../ui/search-transport';
import type { PageData } from './types';
import './styles/site.css';

const bootJson = document.getElementById('__boot')!.textContent!;
const boot = JSON.parse(bootJson) as BootData;
const { site } = boot;
configureSearchTransport({ direct: boot.directSearch === true });

const typesOfRoute = (route: string) => blockTypesOf((site.pages[route]?.blocks ?? []) as unknown as BlockNode[]);

async function fetchPage(route: string, url: URL, signal: AbortSignal): Promise<PageData | { redirect: string }> {
  const [response] = await Promise.all([
    fetch(`/__data?path=${encodeURIComponent(url.pathname + url.search)}`, { signal, headers: { accept: 'application/json' } }),
    preloadBlocks(typesOfRoute(route)),
  ]);
  // 404 and 410 (a car sold long ago) carry the site's not-found page.
  if (!response.ok && response.status !== 404 && response.status !== 410) throw new Error(`page data: HTTP ${response.status}`);
  const data = (await response.json()) as PageData;
  // A moved page, or a gated one for a signed-out shopper (to sign-in): the server render redirects the same way.
  if (data.redirect?.startsWith('/')) return { redirect: data.redirect };
  // The boot data holds other pages in outline only; the page's full document comes with its data.
  if (data.pageDocument) site.pages[data.route] = data.pageDocument as (typeof site.pages)[string];
  // The page's blocks, now that its document is known (an outline already named them; this covers a changed page).
  await preloadBlocks(typesOfRoute(data.route));
  return data;
}

const loaderData = ((boot.hydrationData as { loaderData?: Record<string, unknown> })?.loaderData ?? {}) as Record<string, PageData | undefined>;
const firstPage = Object.values(loaderData).find((data): data is PageData => !!data && typeof data.route === 'string') ?? {
  route: NOT_FOUND_ROUTE,
  blocks: {},
  blockErrors: {},
};
const router = createSiteRouter(createBrowserRoutes(site), fetchPage, firstPage);

// The first page hydrates its first blocks at once (their code was modulepreloaded), the others as their schemas
// declare (block-hydration.ts, fold.ts, lazy-hydration.ts).
const fold = pageFold((site.pages[firstPage.route]?.blocks ?? []) as unknown as BlockNode[]);
gateHydration(fold.gated, { navigations: router.subscribe });
keepServerHtml(fold.serverHtml, (href) => router.navigator.push(href));
await preloadBlocks(fold.eager.map((block) => block.type));

startTransition(() => {
  hydrateRoot(
    document,
    <Document boot={boot} bootJson={bootJson}>
      <SiteRouterProvider router={router} />
    </Document>,
  );
});
