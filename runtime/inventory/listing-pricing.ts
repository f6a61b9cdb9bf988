import type { Rng } from './prng';
import type { VehicleChoice } from './pick-vehicle';
import type { ListingTraits } from './listing-traits';

// Year, kilometres and prices that fit the car type: new this year with few km, demo under 10,000 km,
// used older and priced by age and km. Prices end in 990 like dealer stock.

export interface Pricing {
  year: number;
  km: number;
  price: number;
  before_price: number | null;
  offer_price: number | null;
  subscription_price: number | null;
  preorder: boolean;
  price_type: string;
}

const dealerRound = (value: number): number => Math.max(990, Math.round(value / 1000) * 1000 - 10);

function newPrice(choice: VehicleChoice, rng: Rng): number {
  const premium = choice.kind === 'car' ? { Petrol: 1, Diesel: 1.05, Hybrid: 1.06, 'Plug-in Hybrid': 1.2, Electric: 1 }[choice.powertrain.fuel] : 1;
  return choice.spec.basePrice * (1 + 0.13 * choice.badgeIndex) * premium * rng.float(0.98, 1.04);
}

function usedAge(rng: Rng, currentYear: number, since: number): number {
  const oldest = Math.max(1, currentYear - since);
  const age = rng.weighted({ 1: 14, 2: 16, 3: 15, 4: 12, 5: 10, 6: 8, 7: 7, 8: 6, 9: 4, 10: 3, 12: 3, 15: 2 });
  return Math.min(Number(age), oldest);
}

export function priceListing(choice: VehicleChoice, traits: ListingTraits, currentYear: number, rng: Rng): Pricing {
  const listNew = newPrice(choice, rng);
  const since = choice.spec.since;
  let year: number;
  let km: number;
  let value: number;
  if (traits.carType === 'new') {
    year = traits.runout ? currentYear - 1 : currentYear;
    km = rng.int(0, 50);
    value = traits.runout ? listNew * 0.94 : listNew;
  } else if (traits.carType === 'demo') {
    year = rng.chance(0.7) ? currentYear : currentYear - 1;
    km = rng.int(500, 9900);
    value = listNew * rng.float(0.86, 0.93);
  } else {
    const age = usedAge(rng, currentYear, since);
    year = currentYear - age;
    const perYear = choice.kind === 'motorcycle' ? 3500 : rng.float(9000, 19000);
    km = Math.round(age * perYear + rng.int(0, 6000));
    const heavyUse = km > age * 16000 ? 0.92 : 1;
    value = listNew * Math.pow(0.86, age) * heavyUse * rng.float(0.95, 1.05);
  }
  if (choice.kind === 'caravan') km = 0; // caravans have no odometer
  const price = dealerRound(value);
  const pricing: Pricing = {
    year,
    km,
    price,
    before_price: null,
    offer_price: null,
    subscription_price: null,
    preorder: false,
    price_type: traits.carType === 'used' ? rng.pick(['egc', 'driveaway']) : rng.weighted({ driveaway: 7, egc: 3 }),
  };
  switch (traits.priceMode) {
    case 'zero':
      pricing.price = 0;
      break;
    case 'subscription':
      pricing.subscription_price = Math.max(99, Math.round(price / 180));
      break;
    case 'was-now':
      pricing.before_price = price + rng.pick([500, 1000, 1500, 2000, 3000, 5000]);
      break;
    case 'offer':
      pricing.offer_price = price - rng.pick([500, 1000, 2000]);
      break;
    case 'was-now-offer':
      pricing.before_price = price + 2000;
      pricing.offer_price = price - 1000;
      break;
    case 'preorder':
      pricing.preorder = true;
      if (rng.chance(0.5)) pricing.price = 0;
      break;
  }
  return pricing;
}
