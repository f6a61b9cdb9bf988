// Which checkout pages a site serves: /cars/:slug/{checkoutPath} where reserving is offered (the other of checkout /
// buy-online is the site's 404), and /checkout-journey where online purchase is. The page data and the sign-in gate
// read the same rule, so a page that is a 404 never asks the shopper to sign in first.
import { reserveOffered, type ReserveSettings } from './reservation';

export function checkoutPageServed(settings: ReserveSettings & { checkoutPath?: string; onlinePurchaseEnabled?: boolean }, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/checkout-journey') return Boolean(settings.onlinePurchaseEnabled) && reserveOffered({ ...settings, enabled: true });
  const segment = path.split('/').pop();
  return reserveOffered(settings) && segment === (settings.checkoutPath ?? 'checkout');
}
