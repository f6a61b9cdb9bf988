// Search result card price line: price, price type label, weekly repayment (seed 000 §2).
import { formatMoney } from '../format';
import type { VehicleCar } from './car';
import { priceDisplay, type PriceCar, type PriceDisplay } from './price-display';
import type { ResolvedVehiclePriceSettings } from '../settings';

/** Labels for feed price_type codes; unknown codes show as given. Extend per feed. */
export const PRICE_TYPE_LABELS: Readonly<Record<string, string>> = {
  driveaway: 'Drive Away',
  egc: 'Excl. Govt. Charges',
};

export function priceTypeLabel(priceType: string | null | undefined, labels = PRICE_TYPE_LABELS): string | null {
  const code = (priceType ?? '').trim();
  if (!code) return null;
  return labels[code.toLowerCase()] ?? code;
}

export interface WeeklyRepayment {
  amount: number;
  text: string;
  suffix: 'per week';
}

/** The finance quote's weekly repayment, when there is one above 0. */
export function weeklyRepayment(car: Pick<VehicleCar, 'youxQuote'>): WeeklyRepayment | null {
  const amount = car.youxQuote?.weeklyRepaymentAmount ?? 0;
  if (!(amount > 0)) return null;
  return { amount, text: formatMoney(amount), suffix: 'per week' };
}

export interface CardPrice {
  price: PriceDisplay;
  priceTypeLabel: string | null;
  weekly: WeeklyRepayment | null;
}

export function cardPrice(car: PriceCar & Pick<VehicleCar, 'price_type' | 'youxQuote'>, settings: ResolvedVehiclePriceSettings): CardPrice {
  const price = priceDisplay(car, settings);
  // A label like "Drive Away" only makes sense beside an actual amount.
  const label = price.kind === 'price' ? priceTypeLabel(car.price_type) : null;
  return { price, priceTypeLabel: label, weekly: weeklyRepayment(car) };
}
