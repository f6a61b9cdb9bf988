// The site's public address: every canonical link, sitemap entry and share image is built from the site's configured
// `url` (never from the request's Host or path, which a visitor or a proxy controls).
import type { TenantDocument } from '../../../schemas/generated/tenant';

type SiteIdentity = Pick<TenantDocument, 'slug' | 'url' | 'domains'>;

/** Origin of the site: its configured url, else its first production domain, else the development address. */
export function siteAddress(site: SiteIdentity): string {
  if (site.url) {
    try {
      const url = new URL(site.url);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    } catch {
      // an unparseable url falls through (the schema's format check normally refuses it)
    }
  }
  if (site.domains?.length) return `https://${site.domains[0]}`;
  return `http://${site.slug}.localhost`;
}

/** A path of this site: one leading slash, no trailing slash (except the home page). */
export function normalisePath(path: string): string {
  const clean = '/' + path.replace(/^[/\\]+/, '');
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** The absolute address of a site path (the path's own host part, if any, cannot change the origin). */
export function absoluteSiteUrl(site: SiteIdentity, path: string): string {
  return siteAddress(site) + normalisePath(path);
}

/** An image address made absolute on the site (an absolute http(s) address is kept as it is). */
export function absoluteImageUrl(site: SiteIdentity, src: string): string {
  if (/^https?:\/\//i.test(src)) return src;
  return absoluteSiteUrl(site, src);
}
