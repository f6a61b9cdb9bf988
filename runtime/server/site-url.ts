// The address a page is rendered for. Its origin is the site's: the request's host (which picked the tenant) or,
// when that does not parse as a plain host, the site's configured URL. The path can never change it: "//evil.example/x"
// and "/\evil.example" are paths of this site, so JSON-LD, canonical links and redirects stay on it.
import type { TenantDocument } from '../../schemas/generated/tenant';

/** A path of this site: leading slashes and backslashes collapsed into one slash. */
function sitePath(raw: string): string {
  return '/' + raw.replace(/^[/\\]+/, '');
}

/** The site's origin for a request that arrived with this Host header. */
function siteOrigin(tenant: Pick<TenantDocument, 'slug' | 'url'>, hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim();
  if (/^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) || /^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return `http://${host.toLowerCase()}`;
  if (tenant.url) {
    try {
      return new URL(tenant.url).origin;
    } catch {
      // fall through to the development address
    }
  }
  return `http://${tenant.slug}.localhost`;
}

/** The full URL of a site path for a request: the path's own host part, if any, is ignored. */
export function siteUrl(tenant: Pick<TenantDocument, 'slug' | 'url'>, hostHeader: string | undefined, path: string): URL {
  const origin = siteOrigin(tenant, hostHeader);
  const url = new URL(sitePath(path), origin);
  return url.origin === origin ? url : new URL('/', origin);
}
