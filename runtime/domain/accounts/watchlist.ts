// Saving a car to the watchlist (docs/requirements/vehicle-browsing.md#states, #roles;
// docs/requirements/dealer-services.md#states, #roles): what a click on the save button does.
import { signInHref } from './redirect';

export type WatchlistClick = { kind: 'sign-in'; href: string } | { kind: 'need-phone' } | { kind: 'sold' } | { kind: 'save' } | { kind: 'remove' };

export interface WatchlistClickInput {
  signedIn: boolean;
  hasPhone: boolean;
  saved: boolean;
  /** in_stock or coming_soon (docs/requirements/vehicle-browsing.md#states availability). */
  available: boolean;
  /** The current page (path and query), where sign-in brings the shopper back. */
  path: string;
}

export function watchlistClick(i: WatchlistClickInput): WatchlistClick {
  if (!i.signedIn) return { kind: 'sign-in', href: signInHref('watchlist', i.path, i.path) };
  // docs/requirements/vehicle-browsing.md#roles: a missing phone number only logs a console warning (and the shopper is asked to add one)
  if (!i.hasPhone) return { kind: 'need-phone' };
  if (i.saved) return { kind: 'remove' };
  // docs/requirements/vehicle-browsing.md#states: a sold car cannot be saved unless already saved
  if (!i.available) return { kind: 'sold' };
  return { kind: 'save' };
}

/** A price drop since the car was saved: how much, or null when the price is the same, higher or unknown. */
export function priceDrop(priceAtSave: number | null | undefined, priceNow: number | null | undefined): number | null {
  if (!priceAtSave || !priceNow || priceAtSave <= 10 || priceNow <= 10) return null;
  return priceNow < priceAtSave ? priceAtSave - priceNow : null;
}
