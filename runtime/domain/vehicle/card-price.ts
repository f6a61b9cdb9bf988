// Search result card price line: price and price type label (docs/requirements/vehicle-browsing.md#screens). The weekly repayment beside it is the
// car page's finance figure: cardFinanceFigure in domain/finance.
import type { VehicleCar } from './car';
import { priceDisplay, type PriceCar, type PriceDisplay } from './price-display';
import type { ResolvedVehiclePriceSettings } from '../settings';

/** Labels for feed price_type codes; unknown codes show as given. Extend per feed. */
const PRICE_TYPE_LABELS: Readonly<Record<string, string>> = {
  driveaway: 'Drive Away',
  egc: 'Excl. Govt. Charges',
};

export function priceTypeLabel(priceType: string | null | undefined, labels = PRICE_TYPE_LABELS): string | null {
  const code = (priceType ?? '').trim();
  if (!code) return null;
  return labels[code.toLowerCase()] ?? code;
}

export interface CardPrice {
  price: PriceDisplay;
  priceTypeLabel: string | null;
}

export function cardPrice(car: PriceCar & Pick<VehicleCar, 'price_type'>, settings: ResolvedVehiclePriceSettings): CardPrice {
  const price = priceDisplay(car, settings);
  // A label like "Drive Away" only makes sense beside an actual amount.
  const label = price.kind === 'price' ? priceTypeLabel(car.price_type) : null;
  return { price, priceTypeLabel: label };
}
