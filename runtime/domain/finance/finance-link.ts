// Finance link from a car (docs/requirements/dealer-services.md#screens: query preferredDealership, vehiclePriceBudget, car_id,
// car_type, vin; ends with the fragment #finance-form).
import type { ResolvedFinanceSettings } from './settings';

/** The car fields the link reads. */
export interface FinanceLinkCar {
  id: number | string;
  price?: number | null;
  car_type?: string | null;
  vin?: string | null;
  dealership_slug?: string | null;
}

const FINANCE_FORM_FRAGMENT = '#finance-form';

/** '/finance?preferredDealership=...&vehiclePriceBudget=...&car_id=...&car_type=...&vin=...#finance-form' */
export function financeLink(car: FinanceLinkCar, financeSettings: ResolvedFinanceSettings): string {
  return financeLinkAt(car, financeSettings.financePath);
}

/** The same link to a given finance page path (a search result card knows the path, not the whole finance settings). */
export function financeLinkAt(car: FinanceLinkCar, financePath: string): string {
  const query = new URLSearchParams();
  const add = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  };
  add('preferredDealership', car.dealership_slug);
  add('vehiclePriceBudget', car.price && car.price > 0 ? car.price : null);
  add('car_id', car.id);
  add('car_type', car.car_type);
  add('vin', car.vin);
  const [path = ''] = financePath.split('#');
  const joiner = path.includes('?') ? '&' : '?';
  const search = query.toString();
  return `${path}${search ? joiner + search : ''}${FINANCE_FORM_FRAGMENT}`;
}
