// /cars/:slug/checkout (or /cars/:slug/buy-online, per settings.vehicle.reserve.checkoutPath): the car to reserve.
// The other path, a site that does not offer reserving, or a car not on this site: the site's 404.
import { checkoutPageServed } from '../domain/checkout';
import type { PageDataSource } from '../renderer/types';
import { carTitle, checkoutData, reserveSettings } from './checkout-common';

const checkout: PageDataSource = async ({ tenant, params, url, services }) => {
  const settings = reserveSettings(tenant);
  if (!checkoutPageServed(settings, url.pathname)) return { notFound: true };
  const car = params.slug && services.catalogue ? services.catalogue.bySlugFor(tenant, params.slug) : undefined;
  if (!car) return { notFound: true };
  const data = await checkoutData(tenant, car, services);
  return { data, meta: { title: `Reserve ${carTitle(car)}`, description: `Reserve the ${carTitle(car)} online with a ${data.deposit} refundable deposit.` } };
};

export default checkout;
