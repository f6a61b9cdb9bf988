// sitemap.xml (sitemaps.org protocol 0.9): the site's indexable pages, its visible cars (lastmod from updated_at),
// make and model searches of its stock and its locations. More addresses than fit one file become a sitemap index of
// numbered files (/sitemap-1.xml, ...).
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { dealershipFilterOf, shownDealerships } from '../locations/shown-dealerships';
import { noindexRoutes, NOT_FOUND_ROUTE } from './indexing';
import { absoluteSiteUrl, siteAddress } from './site-address';

export interface SitemapEntry {
  /** Path on the site. */
  path: string;
  /** W3C datetime of the last change, when known. */
  lastmod?: string;
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** sitemaps.org: at most 50,000 addresses per file. */
const MAX_URLS_PER_SITEMAP = 50_000;

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

type Site = Pick<TenantDocument, 'slug' | 'url' | 'domains' | 'settings' | 'pages' | 'dealerships'>;

/** A page pattern's own address when it needs no parameter: optional parameters dropped; null when it needs one. */
export function staticPathOf(pattern: string): string | null {
  if (pattern === NOT_FOUND_ROUTE || pattern.includes('*')) return null;
  const segments = pattern.split('/').filter(Boolean);
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith(':')) {
      if (segment.endsWith('?')) continue;
      return null;
    }
    kept.push(segment);
  }
  return '/' + kept.join('/');
}

/** The site's pages that need no parameter and may be indexed. */
export function sitemapPages(site: Site): SitemapEntry[] {
  const hidden = new Set(noindexRoutes(site));
  const paths = new Set<string>();
  for (const pattern of Object.keys(site.pages)) {
    if (hidden.has(pattern)) continue;
    const path = staticPathOf(pattern);
    if (path !== null) paths.add(path);
  }
  return [...paths].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b))).map((path) => ({ path }));
}

/** Location page patterns, in order of preference: the sitemap names each location once, at the first the site has. */
const LOCATION_PAGE_PATTERNS = ['/our-location/:slug', '/locations/:slug', '/contact-us/:slug'];

/** One address per visible location, on the site's location page (none when the site has no location page). */
export function sitemapLocations(site: Site): SitemapEntry[] {
  const pattern = LOCATION_PAGE_PATTERNS.find((p) => site.pages[p] && !noindexRoutes(site).includes(p));
  if (!pattern) return [];
  return shownDealerships(site.dealerships, dealershipFilterOf(site.settings)).flatMap((d) =>
    d.locations.filter((l) => l.visible !== false && l.slug).map((l) => ({ path: pattern.replace(':slug', l.slug!) })),
  );
}

export interface SitemapFiles {
  /** The body of /sitemap.xml: a urlset, or a sitemap index when the addresses need several files. */
  root: string;
  /** Numbered sitemaps (/sitemap-1.xml is parts[0]); empty when the root holds every address. */
  parts: string[];
}

function urlset(site: Site, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${xmlEscape(absoluteSiteUrl(site, e.path))}</loc>${e.lastmod ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap files for these entries, at most `perFile` addresses each. */
export function sitemapFiles(site: Site, entries: readonly SitemapEntry[], perFile = site.settings.seo?.urlsPerSitemap ?? MAX_URLS_PER_SITEMAP): SitemapFiles {
  const size = Math.max(1, Math.min(MAX_URLS_PER_SITEMAP, perFile));
  if (entries.length <= size) return { root: urlset(site, entries), parts: [] };
  const parts: string[] = [];
  for (let i = 0; i < entries.length; i += size) parts.push(urlset(site, entries.slice(i, i + size)));
  const origin = siteAddress(site);
  const items = parts.map((_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return { root: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('\n')}\n</sitemapindex>\n`, parts };
}

/** A feed's updated_at as a W3C datetime (sitemaps.org lastmod); undefined when it does not parse. */
export function lastmodOf(updatedAt: unknown): string | undefined {
  if (typeof updatedAt !== 'string' || !updatedAt) return undefined;
  const ms = Date.parse(updatedAt);
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
}
