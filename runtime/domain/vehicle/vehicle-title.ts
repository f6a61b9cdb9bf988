// Vehicle title: year, make and model, badge and series (docs/requirements/vehicle-browsing.md#screens, search result card).
import { modelDisplayName, normaliseMakeName } from '../make-names';
import type { VehicleCar } from './car';

export type TitleCar = Pick<VehicleCar, 'year' | 'make' | 'model' | 'badge' | 'series'>;

/** The line above a vehicle's title: its type and stock number ('Used · Stock U1234'). */
export function vehicleKicker(car: Pick<VehicleCar, 'car_type' | 'stocknum'>): string {
  return [car.car_type === 'new' ? 'New' : car.car_type === 'demo' ? 'Demo' : 'Used', car.stocknum && `Stock ${car.stocknum}`].filter(Boolean).join(' · ');
}

/** 'Mazda' + '3' -> 'Mazda Mazda3', 'Mercedes Benz' + 'C-Class' -> 'Mercedes-Benz C-Class': the make and model of every title. */
export function makeModelName(make: string, model?: string | null): string {
  return [normaliseMakeName(make), model ? modelDisplayName(make, model) : ''].filter(Boolean).join(' ');
}

export function vehicleTitle(car: TitleCar): string {
  const parts = [car.year, makeModelName(car.make, car.model), car.badge, car.series];
  return parts
    .map((p) => (p === null || p === undefined ? '' : String(p).trim()))
    .filter((p) => p && p.toLowerCase() !== 'null')
    .join(' ');
}
