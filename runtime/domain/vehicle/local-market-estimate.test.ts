import { describe, expect, it } from 'vitest';
import { comparableCars, localMarketEstimate, type EstimateCar } from './local-market-estimate';
import { priceComparisonCard } from './price-comparison';

const car: EstimateCar = { id: 1, make: 'Toyota', model: 'Corolla', year: 2020, km: 50000, price: 24000 };
const mk = (id: number, price: number, extra: Partial<EstimateCar> = {}): EstimateCar => ({ ...car, id, price, ...extra });

const inventory = [
  car,
  mk(2, 22000),
  mk(3, 26000, { year: 2022 }),
  mk(4, 30000, { km: 79000 }),
  mk(5, 18000, { year: 2017 }), // too old
  mk(6, 19000, { km: 90000 }), // too many km
  mk(7, 15000, { model: 'Camry' }),
  mk(8, 0), // no price
];

describe('localMarketEstimate', () => {
  it('uses same make and model with similar year and km, excluding the car itself', () => {
    expect(comparableCars(car, inventory).map((c) => c.id)).toEqual([2, 3, 4]);
  });
  it('derives range, fill and confidence', () => {
    expect(localMarketEstimate(car, inventory)).toEqual({
      fill: 0.75,
      listing_price: 24000,
      market_range_min: 22000,
      market_range_max: 30000,
      confidence: 0.3,
    });
  });
  it('feeds a visible price comparison card', () => {
    expect(priceComparisonCard(localMarketEstimate(car, inventory))).toMatchObject({ visible: true, label: 'Great Deal' });
  });
  it('gives nothing with too few comparables or no price', () => {
    expect(localMarketEstimate(car, inventory.slice(0, 3))).toBeNull();
    expect(localMarketEstimate({ ...car, price: 0 }, inventory)).toBeNull();
  });
});
