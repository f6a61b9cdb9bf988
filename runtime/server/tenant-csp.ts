// Sources a site's own settings add to the Content-Security-Policy of its pages: the external service booking page it
// embeds, Google Maps when it has a maps key, the host of its PMTiles map archive, Stripe's card form when the server
// takes payments with Stripe, and the public Meilisearch host when browsers search it directly, the tag manager's script and collection origins only
// for a site that sets a GTM container or GA4 measurement id.
// Only https origins from validated settings are added (the schema requires https for the booking page).
import type { TenantDocument } from '../../schemas/generated/tenant';
import { directSearchConfig, siteSearchesDirectly } from '../search/meilisearch/tenant-tokens';
import { impelOrigin, VIMEO_FRAME_ORIGIN } from '../domain/vehicle/page-extras';
import { GA4_COLLECT_ORIGINS, hasTagManager, TAG_MANAGER_ORIGIN } from '../domain/analytics/tag-manager';

export type CspExtras = Partial<Record<'frame-src' | 'script-src' | 'connect-src', string[]>>;

const httpsOrigin = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

export function tenantCspSources(doc: TenantDocument, env: NodeJS.ProcessEnv = process.env): CspExtras {
  const frames: string[] = [];
  const scripts: string[] = [];
  const connects: string[] = [];
  const service = (doc.settings as { service?: { form?: string; externalBooking?: { url?: string } } }).service;
  if (service?.form === 'external-frame') {
    const origin = httpsOrigin(service.externalBooking?.url);
    if (origin) frames.push(origin);
  }
  const hasMapsKey =
    Boolean((doc.settings as { locations?: { map?: { googleMapsKey?: string; key?: string } } }).locations?.map?.googleMapsKey) ||
    doc.dealerships.some((d) => d.locations.some((l) => l.address?.map_key));
  if (hasMapsKey) frames.push('https://www.google.com');
  // The browser reads a self-hosted PMTiles archive with fetch (Range requests); a path on the site's host needs nothing.
  const map = doc.settings.locations?.map;
  const archive = map?.tiles === 'pmtiles' ? httpsOrigin(map.pmtilesUrl) : null;
  if (archive) connects.push(archive);
  // Vehicle pages: a car's external video on Vimeo (YouTube's no-cookie player is allowed for every page), loaded on a
  // click; the site's impel walkaround viewer when it has one.
  frames.push(VIMEO_FRAME_ORIGIN);
  const impel = impelOrigin(doc.settings.vehicle?.gallery?.impelViewerUrl);
  if (impel) frames.push(impel);
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    scripts.push('https://js.stripe.com');
    frames.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connects.push('https://api.stripe.com');
  }
  // Browsers search Meilisearch directly with tenant tokens when the operator configured a public search host and the
  // site turned hosted search on.
  const direct = directSearchConfig(env);
  if (siteSearchesDirectly(doc.settings, direct)) connects.push(new URL(direct.publicHost).origin);
  if (hasTagManager(doc.settings.analytics)) {
    scripts.push(TAG_MANAGER_ORIGIN);
    connects.push(TAG_MANAGER_ORIGIN, ...GA4_COLLECT_ORIGINS);
  }
  return { 'frame-src': frames, 'script-src': scripts, 'connect-src': connects };
}
