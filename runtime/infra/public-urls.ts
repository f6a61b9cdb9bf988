// Where links in mail (editor invites and password resets, shopper password resets, sign-up confirmations and notices) and links the
// server stores (trade-in photo links in leads) point. Only configuration decides, never a request's Host,
// X-Forwarded-Host or X-Forwarded-Proto: a forged Host once put an attacker's address into an editor reset link.
//   EDITOR_PUBLIC_URL   the editor's origin, e.g. https://editor.example.com. Required when NODE_ENV=production.
//   SITE_URL_TEMPLATE   the origin of every site's links, {slug} replaced, e.g. http://{slug}.localhost:3000: for local
//                       and test servers, whose sites' `url` is not reachable. In production, unset: each site's `url`.
// Outside production, without them: http://localhost:{PORT} and http://{slug}.localhost:{PORT}.
import type { TenantDocument } from '../../schemas/generated/tenant';

declare module '../services' {
  interface RuntimeServices {
    /** Where links in mail and stored links point (configuration only). */
    publicUrls?: PublicUrls;
  }
}

export interface PublicUrls {
  /** The editor's origin: staff mail links open {editor}/editor/... */
  readonly editor: string;
  /** The origin of a site's links; undefined when configuration gives none (a site without `url` in production). */
  site(tenant: Pick<TenantDocument, 'slug' | 'url'>): string | undefined;
}

export class PublicUrlConfigError extends Error {}

export interface PublicUrlEnv {
  NODE_ENV?: string;
  PORT?: string;
  EDITOR_PUBLIC_URL?: string;
  SITE_URL_TEMPLATE?: string;
}

/** An http(s) origin written as a URL without path, query or fragment (a trailing slash is fine); else why not. */
function originOf(value: string): { origin: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { problem: 'it is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'it must start with https:// or http://' };
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return { problem: 'it must be an origin only, without a path' };
  return { origin: url.origin };
}

/** The site's own `url` as an origin, if it has a usable one. */
export function canonicalOrigin(tenant: Pick<TenantDocument, 'url'>): string | undefined {
  if (!tenant.url) return undefined;
  try {
    const url = new URL(tenant.url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The link origins of a server from its environment. Throws PublicUrlConfigError (its message names the variable and
 * what to set) when production has no EDITOR_PUBLIC_URL or a variable does not hold an origin.
 */
export function publicUrlsFromEnv(env: PublicUrlEnv): PublicUrls {
  const production = env.NODE_ENV === 'production';
  const port = env.PORT?.trim() || '3000';
  let editor = `http://localhost:${port}`;
  if (env.EDITOR_PUBLIC_URL?.trim()) {
    const parsed = originOf(env.EDITOR_PUBLIC_URL);
    if ('problem' in parsed)
      throw new PublicUrlConfigError(
        `EDITOR_PUBLIC_URL is "${env.EDITOR_PUBLIC_URL}": ${parsed.problem}. Set it to the editor's public address, e.g. EDITOR_PUBLIC_URL=https://editor.example.com`,
      );
    editor = parsed.origin;
  } else if (production) {
    throw new PublicUrlConfigError(
      "EDITOR_PUBLIC_URL is not set. In production (NODE_ENV=production) the server needs the editor's public address for the links in staff mail (invites, password resets), e.g. EDITOR_PUBLIC_URL=https://editor.example.com; links are never taken from a request's Host header.",
    );
  }

  const template = env.SITE_URL_TEMPLATE?.trim();
  if (template) {
    const parsed = template.includes('{slug}') ? originOf(template.replaceAll('{slug}', 'site')) : { problem: 'it must contain {slug}' };
    if ('problem' in parsed)
      throw new PublicUrlConfigError(
        `SITE_URL_TEMPLATE is "${template}": ${parsed.problem}. Set it to the sites' address with {slug} in it, e.g. SITE_URL_TEMPLATE=http://{slug}.localhost:${port}, or leave it unset to use each site's url.`,
      );
  }
  return {
    editor,
    site(tenant) {
      if (template) return new URL(template.replaceAll('{slug}', tenant.slug)).origin;
      if (production) return canonicalOrigin(tenant);
      return `http://${tenant.slug}.localhost:${port}`;
    },
  };
}

/** Slugs of the sites configuration gives no link origin (their mail with links is not sent). */
export function sitesWithoutLinkOrigin(urls: PublicUrls, tenants: Pick<TenantDocument, 'slug' | 'url'>[]): string[] {
  return tenants.filter((t) => !urls.site(t)).map((t) => t.slug);
}
