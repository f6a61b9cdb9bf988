import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { VehiclePageData } from '../page-data/types';
import type { BlockNode } from '../document/blocks';
import { BlockTree } from './BlockTree';
import { usePageLoaderData } from './page-state';
import { PageHead } from './PageHead';
import { PageContext, useSite } from './site-context';

export function PageView() {
  const data = usePageLoaderData();
  const site = useSite();
  const page = site.pages[data.route] ?? { title: 'Page not found', blocks: [] };
  const pageTitle = data.meta?.title ?? page.title;
  const description = data.meta?.description ?? page.description;
  const title = data.route === '/' ? `${site.name} | ${pageTitle}` : `${pageTitle} | ${site.name}`;
  // The same object while the page is the same: the editor's preview renders the page on every edit of the draft.
  const pageInfo = useMemo(() => ({ route: data.route, tenant: site.slug, data: data.page }), [data.route, site.slug, data.page]);
  useVehiclePageView((data.page as Partial<VehiclePageData> | undefined)?.car, site.slug);
  return (
    <PageContext.Provider value={pageInfo}>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      <PageHead site={site} data={data} title={title} description={description} />
      <main id="main" className="page">
        {page.blocks.length ? (
          <BlockTree blocks={page.blocks as unknown as BlockNode[]} data={data} />
        ) : (
          <div className="container not-found">
            <h1>Page not found</h1>
            <p>Sorry, we could not find that page.</p>
          </div>
        )}
      </main>
    </PageContext.Provider>
  );
}

/**
 * A shopper's view of a vehicle page is recorded and counted once per page view (use-vehicle-views.ts), whichever of
 * the page's blocks have hydrated: its code loads after the page has, on vehicle pages only.
 */
export function useVehiclePageView(car: VehiclePageData['car'] | undefined, site: string) {
  const key = useLocation().key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page view of a car (navigation key and slug), not again for a rebuilt car object of the same car
  useEffect(() => {
    if (!car) return;
    void import('../ui/vehicle/use-vehicle-views').then(({ recordVehiclePageView }) => recordVehiclePageView(car, site, key));
  }, [key, car?.slug, site]);
}
