// robots.txt of a site: everything shoppers see may be crawled; the editor, the APIs, page data and print views not.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { siteAddress } from './site-address';

const DISALLOWED_PATHS = ['/editor', '/api/', '/__data', '/print', '/cars/*/print', '/*/pdf'];

export function robotsTxt(site: Pick<TenantDocument, 'slug' | 'url' | 'domains'>): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${siteAddress(site)}/sitemap.xml`, ''].join('\n');
}
