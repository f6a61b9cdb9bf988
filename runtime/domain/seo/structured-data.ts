// The schema.org JSON-LD a page carries, rendered by the page shell (PageView) rather than by a block a site might
// remove: the car with its offer and breadcrumb on vehicle pages, AutoDealer on location pages, Organization on the
// home page. One place builds each type.
import type { Car } from '../../../schemas/generated/car';
import type { Dealership, Location, TenantDocument } from '../../../schemas/generated/tenant';
// Each rule from its own file, not the folders' index: the site entry imports this module, and the bundler's chunking
// (vite.config.ts siteChunk) counts every module an index re-exports as the entry's.
import type { DealerLocation } from '../locations/location';
import { autoDealerJsonLd } from '../locations/location-json-ld';
import { vehicleBreadcrumb } from '../vehicle/breadcrumb';
import { breadcrumbJsonLd, carOfferJsonLd } from '../vehicle/json-ld';
import { shareImage, logoShareImage } from './share-image';
import { absoluteSiteUrl, siteAddress } from './site-address';
import { resolvedSettings } from '../settings';

type Site = Pick<TenantDocument, 'slug' | 'name' | 'url' | 'domains' | 'theme' | 'settings'>;

export function organizationJsonLd(site: Site): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: absoluteSiteUrl(site, '/'),
    logo: logoShareImage(site),
  };
}

const postalAddress = (location: Location | undefined) =>
  location
    ? {
        '@type': 'PostalAddress',
        streetAddress: location.address.street,
        addressLocality: location.address.city,
        addressRegion: location.address.state,
        postalCode: location.address.postcode,
        addressCountry: 'AU',
      }
    : undefined;

export interface VehicleStructuredDataInput {
  car: Car;
  dealership: Pick<Dealership, 'name'>;
  location?: Location;
}

/** Car with its Offer (seller: the dealership, at the car's location) and the page's BreadcrumbList. */
export function vehicleJsonLd(site: Site, { car, dealership, location }: VehicleStructuredDataInput): Record<string, unknown>[] {
  const origin = siteAddress(site);
  const carData = carOfferJsonLd({ ...car, primary_image_url: shareImage(site, car.primary_image_url, car.id) }, origin, dealership.name);
  const offers = carData.offers as Record<string, unknown>;
  const address = postalAddress(location);
  if (offers.seller && address) offers.seller = { ...(offers.seller as object), address };
  return [carData, breadcrumbJsonLd(vehicleBreadcrumb(car), origin)];
}

export interface LocationStructuredDataInput {
  location: DealerLocation;
  dealership: { name: string };
  path: string;
}

/** AutoDealer of a location page, at the page's canonical address. */
export function locationJsonLd(site: Site, { location, dealership, path }: LocationStructuredDataInput): Record<string, unknown>[] {
  return [
    autoDealerJsonLd(location, {
      origin: siteAddress(site),
      pagePath: path,
      dealershipName: dealership.name,
      reviews: resolvedSettings(site.settings).locations,
    }),
  ];
}
