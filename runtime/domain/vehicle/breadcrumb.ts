// Vehicle page breadcrumb (docs/requirements/vehicle-browsing.md#screens,
// docs/requirements/dealer-services.md#screens): Home, type, make, model if known, body, title.
import { makeSlug, modelDisplayName, modelSearchPath, normaliseMakeName } from '../make-names';
import type { VehicleCar } from './car';
import { vehicleTitle, type TitleCar } from './vehicle-title';

export interface Crumb {
  /** Starts at 1 for Home. */
  position: number;
  name: string;
  /** Site-relative link; the last crumb (the vehicle) has none. */
  href?: string;
}

export type BreadcrumbCar = TitleCar & Pick<VehicleCar, 'car_type' | 'simple_body' | 'item_type'>;

/** Crumb names of car types; search paths are /search/{type}-cars (docs/requirements/dealer-services.md#screens). */
const CAR_TYPE_CRUMB_NAMES: Readonly<Record<string, string>> = {
  new: 'New Cars',
  used: 'Used Cars',
  demo: 'Demo Cars',
};

export function vehicleBreadcrumb(car: BreadcrumbCar): Crumb[] {
  const items: Omit<Crumb, 'position'>[] = [{ name: 'Home', href: '/' }];
  const type = (car.car_type ?? '').toLowerCase();
  const item = (car.item_type ?? '').trim().toLowerCase();
  if (item && item !== 'car') {
    // Caravans and motorcycles: 'Used Caravans', searched by their body slug with the type (/search/caravan?car_type=used)
    const itemName = `${item.charAt(0).toUpperCase()}${item.slice(1)}s`;
    const typeName = type ? `${type.charAt(0).toUpperCase()}${type.slice(1)} ` : '';
    items.push({ name: `${typeName}${itemName}`, href: `/search/${makeSlug(item)}${type ? `?car_type=${encodeURIComponent(type)}` : ''}` });
  } else if (type) items.push({ name: CAR_TYPE_CRUMB_NAMES[type] ?? car.car_type!, href: `/search/${makeSlug(type)}-cars` });
  const make = normaliseMakeName(car.make);
  if (make) items.push({ name: make, href: `/search/${makeSlug(make)}` });
  const model = (car.model ?? '').trim();
  if (model) items.push({ name: modelDisplayName(make, model), href: modelSearchPath(make, model) });
  const body = (car.simple_body ?? '').trim();
  // docs/requirements/dealer-services.md#screens: body tiles link to /search/{body slug}
  if (body) items.push({ name: body, href: `/search/${makeSlug(body)}` });
  items.push({ name: vehicleTitle(car) });
  return items.map((item, i) => ({ position: i + 1, ...item }));
}
