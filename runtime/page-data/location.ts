// Location pages bind their location once (docs/requirements/dealer-services.md#screens: /our-location/{slug}, /locations/{slug or dealership slug},
// /contact-us/{slug}); an unknown slug renders the site's own 404 page.
import { dealershipFilterOf, locationForSlug, shownDealerships } from '../domain/locations';
import type { PageDataSource } from '../renderer/types';
import type { LocationPageData } from './types';

const location: PageDataSource = async ({ tenant, params, url, now }) => {
  const slug = params.slug;
  if (!slug) return { notFound: true };
  const found = locationForSlug(shownDealerships(tenant.dealerships, dealershipFilterOf(tenant.settings)), slug);
  if (!found) return { notFound: true };
  const dealership = tenant.dealerships.find((d) => d.id === found.dealershipId)!;
  const data: LocationPageData = {
    location: { ...found.location, dealership_id: dealership.id, dealership_slug: dealership.slug },
    dealership: {
      id: dealership.id,
      name: dealership.name,
      slug: dealership.slug,
      ...(dealership.manufacturer ? { manufacturer: dealership.manufacturer } : {}),
    },
    nowMs: now.getTime(),
    path: url.pathname,
  };
  const { city, state } = found.location.address;
  return {
    data,
    meta: {
      title: `${found.location.name} | ${city} ${state}`,
      description: `${found.location.name}, ${found.location.address.street}, ${city} ${state}: opening hours, holiday hours, directions and contact details.`,
    },
  };
};

export default location;
