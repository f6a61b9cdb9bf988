// Delivery estimates by postcode (docs/requirements/vehicle-browsing.md#data "Delivery estimate result: name (region), price"): a local table of
// Australian postcode regions, the offline provider behind the delivery estimate endpoint.
import type { DeliveryEstimate } from './delivery-estimate';

type AustralianState = 'NSW' | 'ACT' | 'VIC' | 'QLD' | 'SA' | 'WA' | 'TAS' | 'NT';
type DeliveryZone = 'metro' | 'regional' | 'remote';

export interface PostcodeRegion {
  from: number;
  to: number;
  name: string;
  state: AustralianState;
  zone: DeliveryZone;
}

// First match wins: specific regions before the state-wide ranges. Postcodes in no range get no estimate.
const POSTCODE_REGIONS: readonly PostcodeRegion[] = [
  { from: 2000, to: 2234, name: 'Sydney Metro', state: 'NSW', zone: 'metro' },
  { from: 2250, to: 2263, name: 'Central Coast', state: 'NSW', zone: 'regional' },
  { from: 2280, to: 2310, name: 'Newcastle', state: 'NSW', zone: 'regional' },
  { from: 2500, to: 2530, name: 'Wollongong', state: 'NSW', zone: 'regional' },
  { from: 2600, to: 2618, name: 'Canberra', state: 'ACT', zone: 'metro' },
  { from: 2900, to: 2920, name: 'Canberra', state: 'ACT', zone: 'metro' },
  { from: 2640, to: 2660, name: 'Riverina', state: 'NSW', zone: 'regional' },
  { from: 2830, to: 2898, name: 'Far West NSW', state: 'NSW', zone: 'remote' },
  { from: 1000, to: 2999, name: 'Regional NSW', state: 'NSW', zone: 'regional' },
  { from: 3000, to: 3207, name: 'Melbourne Metro', state: 'VIC', zone: 'metro' },
  { from: 3750, to: 3810, name: 'Melbourne Metro', state: 'VIC', zone: 'metro' },
  { from: 3211, to: 3228, name: 'Geelong', state: 'VIC', zone: 'regional' },
  { from: 3000, to: 3999, name: 'Regional Victoria', state: 'VIC', zone: 'regional' },
  { from: 8000, to: 8999, name: 'Melbourne Metro', state: 'VIC', zone: 'metro' },
  { from: 4000, to: 4207, name: 'Brisbane Metro', state: 'QLD', zone: 'metro' },
  { from: 4208, to: 4230, name: 'Gold Coast', state: 'QLD', zone: 'metro' },
  { from: 4500, to: 4521, name: 'Brisbane Metro', state: 'QLD', zone: 'metro' },
  { from: 4550, to: 4575, name: 'Sunshine Coast', state: 'QLD', zone: 'regional' },
  { from: 4350, to: 4352, name: 'Toowoomba', state: 'QLD', zone: 'regional' },
  { from: 4800, to: 4895, name: 'Far North Queensland', state: 'QLD', zone: 'remote' },
  { from: 4000, to: 4999, name: 'Regional Queensland', state: 'QLD', zone: 'regional' },
  { from: 9000, to: 9999, name: 'Brisbane Metro', state: 'QLD', zone: 'metro' },
  { from: 5000, to: 5199, name: 'Adelaide Metro', state: 'SA', zone: 'metro' },
  { from: 5700, to: 5799, name: 'Outback South Australia', state: 'SA', zone: 'remote' },
  { from: 5000, to: 5999, name: 'Regional South Australia', state: 'SA', zone: 'regional' },
  { from: 6000, to: 6199, name: 'Perth Metro', state: 'WA', zone: 'metro' },
  { from: 6700, to: 6797, name: 'North West WA', state: 'WA', zone: 'remote' },
  { from: 6000, to: 6797, name: 'Regional Western Australia', state: 'WA', zone: 'regional' },
  { from: 7000, to: 7099, name: 'Hobart', state: 'TAS', zone: 'regional' },
  { from: 7000, to: 7999, name: 'Regional Tasmania', state: 'TAS', zone: 'remote' },
  { from: 800, to: 832, name: 'Darwin', state: 'NT', zone: 'remote' },
  // Not listed, so no estimate: the rest of the NT and anything outside 0800-9999.
];

/** Islands no carrier delivers a car to: Norfolk Island (2899), Christmas and Cocos Islands (6798-6799). */
const UNSERVED_POSTCODES: readonly { from: number; to: number }[] = [
  { from: 2899, to: 2899 },
  { from: 6798, to: 6799 },
];

/** Dollars by zone, and the extra for delivery from another state. */
const DELIVERY_PRICES: Readonly<Record<DeliveryZone, number>> = { metro: 290, regional: 590, remote: 1190 };
const INTERSTATE_SURCHARGE = 450;

export function postcodeRegion(postcode: string): PostcodeRegion | null {
  const text = postcode.trim();
  if (!/^\d{4}$/.test(text)) return null;
  const n = Number(text);
  if (UNSERVED_POSTCODES.some((r) => n >= r.from && n <= r.to)) return null;
  return POSTCODE_REGIONS.find((r) => n >= r.from && n <= r.to) ?? null;
}

/** The estimate for delivering a car from a dealer in `fromState` to `postcode`, or null when none can be given. */
export function deliveryEstimateFor(postcode: string, fromState?: string | null): DeliveryEstimate | null {
  const region = postcodeRegion(postcode);
  if (!region) return null;
  const interstate = fromState && fromState.trim().toUpperCase() !== region.state;
  return { name: region.name, price: DELIVERY_PRICES[region.zone] + (interstate ? INTERSTATE_SURCHARGE : 0) };
}
