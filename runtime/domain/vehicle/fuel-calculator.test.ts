import { describe, expect, it } from 'vitest';
import { fuelCalculator } from './fuel-calculator';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const fuel = (s = {}) => withSettingsDefaults('vehicle', { fuelCalculator: s }).fuelCalculator;

describe('fuelCalculator (docs/requirements/vehicle-browsing.md#constants)', () => {
  it('uses 1.70 per litre, 250 km per week and 10 L/100km when unknown', () => {
    expect(fuelCalculator({ simple_fuel: 'Petrol' }, fuel())).toEqual({
      hidden: false,
      litresPer100Km: 10,
      consumptionKnown: false,
      fuelPricePerLitre: 1.7,
      kmPerWeek: 250,
      weeklyCost: 42.5,
      yearlyCost: 2210,
    });
  });
  it("uses the car's combined consumption and the shopper's inputs", () => {
    const calc = fuelCalculator({ simple_fuel: 'Diesel', variant: { fuelconsumptioncombined: '7.6' } }, fuel(), { kmPerWeek: 400, fuelPricePerLitre: 2 });
    expect(calc).toMatchObject({ litresPer100Km: 7.6, consumptionKnown: true, weeklyCost: 60.8, yearlyCost: 3161.6 });
  });
  it('is hidden for electric cars but not hybrids', () => {
    expect(fuelCalculator({ simple_fuel: 'Electric' }, fuel())).toEqual({ hidden: true });
    expect(fuelCalculator({ fuel: 'Hybrid Petrol/Electric' }, fuel()).hidden).toBe(false);
  });
});
