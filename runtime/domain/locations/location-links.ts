// Where a location card may link (docs/requirements/dealer-services.md#screens): only to pages that exist on the site (never a link to a 404).
import { matchPath } from 'react-router';
import type { DealerLocation } from './location';

type Pages = Record<string, unknown>;

/** Whether a path on this site matches one of its page patterns (the '*' not-found page does not count). */
export function pathResolves(pages: Pages, path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return Object.keys(pages).some((route) => route !== '*' && pages[route] != null && matchPath(route, pathname) != null);
}

/** Location page patterns, in the order a card prefers them for 'View Details'. */
const LOCATION_PAGE_PREFIXES = ['/our-location', '/locations', '/contact-us'] as const;

/** The location's own page ('View Details'), or null when the site has no location page. */
export function locationDetailsPath(pages: Pages, location: Pick<DealerLocation, 'slug'>): string | null {
  if (!location.slug) return null;
  for (const prefix of LOCATION_PAGE_PREFIXES) {
    const path = `${prefix}/${location.slug}`;
    if (pages[`${prefix}/:slug`] != null) return path;
  }
  return null;
}

/** View Our Stock: /search/{location slug}, only where that search route exists on the site. */
export function locationStockPath(pages: Pages, location: Pick<DealerLocation, 'slug'>): string | null {
  if (!location.slug) return null;
  const path = `/search/${location.slug}`;
  return pathResolves(pages, path) ? path : null;
}

/** A site whose dealerships all sell one make links its location block to /contact (docs/requirements/dealer-services.md#screens). */
export function isSingleManufacturerSite(dealerships: ReadonlyArray<{ manufacturer?: string | null }>): boolean {
  const makes = new Set(dealerships.map((d) => (d.manufacturer ?? '').trim().toLowerCase()));
  return makes.size === 1 && !makes.has('');
}

/** tel: link of a phone number: digits only, +61 kept as the country code the number was written with. */
export function phoneHref(phone: string): string {
  return `tel:${(phone ?? '').replace(/[^0-9+]/g, '')}`;
}

/** sms: link of a mobile number, digits only like phoneHref's tel: link. */
export function smsHref(mobile: string): string {
  return `sms:${(mobile ?? '').replace(/[^0-9+]/g, '')}`;
}

/** The location a location page shows: by its own slug, or a dealership's slug (its primary location). */
export function locationForSlug<L extends DealerLocation>(
  dealerships: ReadonlyArray<{ id: number; slug: string; locations: readonly L[] }>,
  slug: string,
): { location: L; dealershipId: number } | null {
  for (const d of dealerships) {
    const location = d.locations.find((l) => l.slug === slug && l.visible !== false);
    if (location) return { location, dealershipId: d.id };
  }
  const dealership = dealerships.find((d) => d.slug === slug);
  if (!dealership) return null;
  const visible = dealership.locations.filter((l) => l.visible !== false);
  const location = visible.find((l) => l.primary) ?? visible[0];
  return location ? { location, dealershipId: dealership.id } : null;
}

/** Get Directions: the location's place URL, else directions to its coordinates or address on Google Maps. */
export function directionsUrl(location: Pick<DealerLocation, 'address'>): string | null {
  const a = location.address;
  if (!a) return null;
  if (a.place_url) return a.place_url;
  const destination =
    typeof a.lat === 'number' && typeof a.long === 'number' ? `${a.lat},${a.long}` : [a.street, a.city, a.state, a.postcode].filter(Boolean).join(', ');
  return destination ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}` : null;
}
