// What search engines and link previews read from every page: the canonical address (from the site's configured url,
// never the request's host), robots, Open Graph and Twitter card tags with an absolute raster image, and the page's
// schema.org JSON-LD. Part of the page shell, so no site can lose it by removing a block. React hoists the <link>
// and <meta> elements into <head>; the JSON-LD scripts stay at the top of the page.
import { useLocation } from 'react-router';
import type { DealerLocation } from '../domain/locations';
// From their own files, not the folder's index (see structured-data.ts).
import { pageIndexing } from '../domain/seo/indexing';
import { shareImage } from '../domain/seo/share-image';
import { locationJsonLd, organizationJsonLd, vehicleJsonLd } from '../domain/seo/structured-data';
import type { LocationPageData, VehiclePageData } from '../page-data/types';
import { scriptJson } from './Document';
import type { PublicSite } from './site-context';
import type { PageData } from './types';

function structuredData(site: PublicSite, data: PageData): Record<string, unknown>[] {
  const page = site.pages[data.route];
  if (data.route === '/') return [organizationJsonLd(site)];
  if (page?.data === 'vehicle') {
    const vehicle = data.page as VehiclePageData | undefined;
    if (vehicle?.car) return vehicleJsonLd(site, { car: vehicle.car, dealership: vehicle.dealership, location: vehicle.location ?? vehicle.primaryLocation });
  }
  if (page?.data === 'location') {
    const location = data.page as LocationPageData | undefined;
    if (location?.location)
      return locationJsonLd(site, { location: location.location as DealerLocation, dealership: location.dealership, path: location.path });
  }
  return [];
}

export function PageHead({ site, data, title, description }: { site: PublicSite; data: PageData; title: string; description?: string }) {
  const location = useLocation();
  const { canonical, noindex } = pageIndexing(site, data.route, location);
  const vehicle = site.pages[data.route]?.data === 'vehicle' ? (data.page as VehiclePageData | undefined) : undefined;
  const image = shareImage(site, data.meta?.image, vehicle?.car?.id);
  const jsonLd = structuredData(site, data);
  return (
    <>
      {canonical && <link rel="canonical" href={canonical} />}
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={vehicle ? 'product' : 'website'} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={image} />
      <meta property="og:locale" content="en_AU" />
      <meta name="twitter:card" content={vehicle ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      {description && <meta name="twitter:description" content={description} />}
      <meta name="twitter:image" content={image} />
      {jsonLd.map((item) => (
        <script
          // a page has at most one item of each schema.org type
          key={String(item['@type'])}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptJson (Document.tsx) escapes < and > so the JSON cannot end the script
          dangerouslySetInnerHTML={{ __html: scriptJson(item) }}
        />
      ))}
    </>
  );
}
