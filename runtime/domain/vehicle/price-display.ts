// Price display priority on the vehicle page (docs/requirements/vehicle-browsing.md#states, docs/requirements/dealer-services.md#states).
import { formatMoney } from '../format';
import type { VehicleCar } from './car';
import type { ResolvedVehiclePriceSettings } from '../../../schemas/generated/settings';

export type PriceDisplay =
  | { kind: 'subscription'; amount: number; text: string }
  | { kind: 'price'; amount: number; text: string; was?: { amount: number; text: string } }
  | { kind: 'preorder'; text: 'PREORDER' }
  | { kind: 'no-price'; text: string };

export type PriceCar = Pick<VehicleCar, 'price' | 'before_price' | 'offer_price' | 'subscription_price' | 'preorder'>;

// docs/requirements/vehicle-browsing.md#states: a reduced or trade-in price counts only above 10 (feeds use 1 or 10 as "no price").
const MIN_SHOWN_PRICE_EXCLUSIVE = 10;

const shown = (n: number | null | undefined): n is number => typeof n === 'number' && n > MIN_SHOWN_PRICE_EXCLUSIVE;

/**
 * The "now" price is the offer (reduced / trade-in) price when above 10, else the price.
 * The "was" price is before_price, or the price when an offer price replaced it; it is
 * shown only when it differs from the now price.
 */
export function priceDisplay(car: PriceCar, s: ResolvedVehiclePriceSettings): PriceDisplay {
  const subscription = car.subscription_price ?? 0;
  if (s.subscriptionsEnabled && subscription > 0) {
    return { kind: 'subscription', amount: subscription, text: formatMoney(subscription) };
  }
  const now = shown(car.offer_price) ? car.offer_price : shown(car.price) ? car.price : undefined;
  if (now !== undefined) {
    const wasCandidate = shown(car.before_price) ? car.before_price : now !== car.price && shown(car.price) ? car.price : undefined;
    const display: PriceDisplay = { kind: 'price', amount: now, text: formatMoney(now) };
    if (wasCandidate !== undefined && wasCandidate !== now) display.was = { amount: wasCandidate, text: formatMoney(wasCandidate) };
    return display;
  }
  if (car.preorder) return { kind: 'preorder', text: 'PREORDER' };
  return { kind: 'no-price', text: s.noPriceText };
}
