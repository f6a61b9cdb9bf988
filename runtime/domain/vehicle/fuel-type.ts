import type { VehicleCar } from './car';

type FuelFields = Pick<VehicleCar, 'simple_fuel' | 'fuel'>;

/** The car's fuel type as shown: the simplified value when the feed has one. */
export function fuelTypeName(car: FuelFields): string {
  return (car.simple_fuel || car.fuel || '').trim();
}

/** Fully electric (not hybrid): the fuel calculator is hidden for these (docs/requirements/vehicle-browsing.md#screens). */
export function isElectric(car: FuelFields): boolean {
  const fuel = fuelTypeName(car).toLowerCase();
  return fuel.includes('electric') && !fuel.includes('hybrid');
}

/** Electric or hybrid: these get the fuel-type tag when enabled (docs/requirements/vehicle-browsing.md#states). */
export function isElectricOrHybrid(car: FuelFields): boolean {
  const fuel = fuelTypeName(car).toLowerCase();
  return fuel.includes('electric') || fuel.includes('hybrid');
}
