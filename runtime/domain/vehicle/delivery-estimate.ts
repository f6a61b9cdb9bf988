// Delivery calculator (docs/requirements/vehicle-browsing.md#validation, #errors): idle, loading, then result or error.

export const DELIVERY_EMPTY_POSTCODE = 'Please enter a postcode.';
export const DELIVERY_UNAVAILABLE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** The provider's answer (docs/requirements/vehicle-browsing.md#data: delivery estimate result). */
export interface DeliveryEstimate {
  name: string;
  price: number;
}

/** Message to show before asking for an estimate, or null when the postcode may be sent. */
export function deliveryPostcodeError(postcode: string | null | undefined): string | null {
  return (postcode ?? '').trim() ? null : DELIVERY_EMPTY_POSTCODE;
}

export type DeliveryResult = { kind: 'estimate'; region: string; price: number } | { kind: 'unavailable'; message: string };

/** A missing estimate, or one without a usable price, shows the unavailable message. */
export function deliveryResult(estimate: Partial<DeliveryEstimate> | null | undefined): DeliveryResult {
  if (!estimate || !estimate.name || typeof estimate.price !== 'number' || !Number.isFinite(estimate.price)) {
    return { kind: 'unavailable', message: DELIVERY_UNAVAILABLE };
  }
  return { kind: 'estimate', region: estimate.name, price: estimate.price };
}
