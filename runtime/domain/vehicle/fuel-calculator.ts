// Fuel calculator (docs/requirements/vehicle-browsing.md#constants): 1.70 per litre, 250 km per week, 10 L/100km when consumption unknown.
import type { VehicleCar } from './car';
import { isElectric } from './fuel-type';
import type { ResolvedVehicleFuelCalculatorSettings } from '../../../schemas/generated/settings';

export type FuelCar = Pick<VehicleCar, 'simple_fuel' | 'fuel' | 'variant'>;

export interface FuelCalculatorInputs {
  fuelPricePerLitre?: number;
  kmPerWeek?: number;
}

export type FuelCalculator =
  | { hidden: true }
  | {
      hidden: false;
      litresPer100Km: number;
      consumptionKnown: boolean;
      fuelPricePerLitre: number;
      kmPerWeek: number;
      weeklyCost: number;
      yearlyCost: number;
    };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The car's combined consumption in L/100km, or null when the feed has none. */
function carConsumption(car: FuelCar): number | null {
  const value = Number(car.variant?.fuelconsumptioncombined);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Hidden for electric cars (docs/requirements/vehicle-browsing.md#screens). Costs in dollars rounded to cents; a year is 52 weeks. */
export function fuelCalculator(car: FuelCar, s: ResolvedVehicleFuelCalculatorSettings, inputs: FuelCalculatorInputs = {}): FuelCalculator {
  if (isElectric(car)) return { hidden: true };
  const known = carConsumption(car);
  const litresPer100Km = known ?? s.litresPer100KmWhenUnknown;
  const fuelPricePerLitre = inputs.fuelPricePerLitre ?? s.fuelPricePerLitre;
  const kmPerWeek = inputs.kmPerWeek ?? s.kmPerWeek;
  const weekly = (kmPerWeek / 100) * litresPer100Km * fuelPricePerLitre;
  return {
    hidden: false,
    litresPer100Km,
    consumptionKnown: known !== null,
    fuelPricePerLitre,
    kmPerWeek,
    weeklyCost: round2(weekly),
    yearlyCost: round2(weekly * 52),
  };
}
