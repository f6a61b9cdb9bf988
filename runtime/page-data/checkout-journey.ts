// /checkout-journey?car_id={slug}: the online purchase journey's car, where the site offers online purchase.
// The shopper's progress is not page data: it lives on the server per shopper (journey cookie), fetched by the block.
import { checkoutPageServed } from '../domain/checkout';
import type { PageDataSource } from '../renderer/types';
import { carTitle, checkoutData, reserveSettings } from './checkout-common';
import type { CheckoutJourneyPageData } from './types';

/** A page path the site has (a link is only rendered to a page that exists). */
const hasPage = (pages: Record<string, unknown>, path: string) => Boolean(pages[path]);

const checkoutJourney: PageDataSource = async ({ tenant, url, services }) => {
  const settings = reserveSettings(tenant);
  if (!checkoutPageServed(settings, '/checkout-journey')) return { notFound: true };
  const slug = url.searchParams.get('car_id');
  const car = slug && services.catalogue ? services.catalogue.bySlugFor(tenant, slug) : undefined;
  if (!car) return { notFound: true };
  const pages = tenant.pages as Record<string, unknown>;
  const financePath = tenant.settings.finance?.financePath ?? '/finance';
  const data: CheckoutJourneyPageData = {
    ...(await checkoutData(tenant, car, services)),
    tradeInHref: hasPage(pages, '/cars/trade-in') ? `/cars/trade-in?car_id=${car.id}` : hasPage(pages, '/trade-in') ? '/trade-in' : null,
    preApprovalHref: financePath.startsWith('/') && hasPage(pages, financePath.split(/[?#]/)[0] ?? financePath) ? financePath : null,
  };
  // The journey is the online purchase flow: "reserve" being off on a site does not make its cars unavailable here.
  if (data.unavailable?.reason === 'not-offered') data.unavailable = null;
  return {
    data,
    meta: {
      title: `Buy ${carTitle(car)} online`,
      description: `Buy the ${carTitle(car)} online: details, trade-in, finance, delivery and a refundable deposit.`,
    },
  };
};

export default checkoutJourney;
