// Vehicle title: year, make and model, badge and series (seed 000 §2, search result card).
import { modelDisplayName, normaliseMakeName } from '../make-names';
import type { VehicleCar } from './car';

export type TitleCar = Pick<VehicleCar, 'year' | 'make' | 'model' | 'badge' | 'series'>;

export function vehicleTitle(car: TitleCar): string {
  const parts = [car.year, normaliseMakeName(car.make), modelDisplayName(car.make, car.model ?? ''), car.badge, car.series];
  return parts
    .map((p) => (p === null || p === undefined ? '' : String(p).trim()))
    .filter((p) => p && p.toLowerCase() !== 'null')
    .join(' ');
}
