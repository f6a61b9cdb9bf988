import type { Rng } from './prng';
import type { SimpleFuel } from './catalogue/types';
import type { CarType, InventoryDealership, ItemKind } from './types';

// What kind of listing a car is (status, age, price style, media, copy), drawn at realistic rates.
// The showcase list forces the rare cases onto the first cars so every seed behaviour has a car.

type PriceMode = 'normal' | 'zero' | 'subscription' | 'was-now' | 'offer' | 'was-now-offer' | 'preorder';
export type CopyLength = 'empty' | 'short' | 'long';

export interface ListingTraits {
  kind: ItemKind;
  carType: CarType;
  make?: string;
  model?: string;
  fuel?: SimpleFuel;
  status: 'in_stock' | 'coming_soon' | 'sold';
  /** Days before `now` the car sold; null unless sold. */
  soldDaysAgo: number | null;
  createdDaysAgo: number;
  /** A specific tag, 'random' to pick one for the car type, or null. */
  tag: string | null | 'random';
  runout: boolean;
  reserved: boolean;
  certified: boolean | 'if-eligible';
  hidden: boolean;
  priceMode: PriceMode;
  photos: number;
  spin: boolean;
  video: boolean;
  externalVideo: boolean;
  historyFile: boolean;
  autograb: boolean;
  finance: boolean;
  youx: boolean;
  comments: CopyLength;
  equipment: CopyLength;
  blankSpecs: boolean;
  privateSeller: boolean;
  feedMakeSpelling: boolean;
  regoExpired: boolean;
}

const kindsOf = (d: InventoryDealership): ItemKind[] => (d.kinds?.length ? d.kinds : ['car']);
const typesOf = (d: InventoryDealership): CarType[] => (d.carTypes?.length ? d.carTypes : ['new', 'used', 'demo']);

function randomKind(rng: Rng, dealership: InventoryDealership): ItemKind {
  const kinds = kindsOf(dealership);
  if (kinds.length === 1 && kinds[0]) return kinds[0];
  const weights: Partial<Record<ItemKind, number>> = {};
  for (const kind of kinds) weights[kind] = kind === 'car' ? 70 : 15;
  return rng.weighted(weights);
}

function randomCarType(rng: Rng, dealership: InventoryDealership): CarType {
  const allowed = typesOf(dealership);
  const base: Record<CarType, number> = { new: 35, used: 55, demo: 10 };
  const weights: Partial<Record<CarType, number>> = {};
  for (const type of allowed) weights[type] = base[type];
  return rng.weighted(weights);
}

export function randomTraits(rng: Rng, dealership: InventoryDealership): ListingTraits {
  const kind = randomKind(rng, dealership);
  const carType = randomCarType(rng, dealership);
  const status = rng.weighted({ in_stock: 82, coming_soon: 5, sold: 13 });
  // docs/requirements/vehicle-browsing.md#states: sold cars stay visible 3 days, so about a third of sold stock sold inside that window.
  const soldDaysAgo = status === 'sold' ? (rng.chance(0.35) ? rng.float(0.05, 2.95) : rng.float(3.2, 90)) : null;
  const createdDaysAgo = (soldDaysAgo ?? 0) + (rng.chance(0.1) ? rng.float(0, 8) : rng.float(8, 180));
  const used = carType === 'used';
  return {
    kind,
    carType,
    status,
    soldDaysAgo,
    createdDaysAgo,
    tag: status === 'sold' ? (rng.chance(0.3) ? 'SOLD' : null) : rng.chance(0.14) ? 'random' : null,
    runout: carType === 'new' && rng.chance(0.1),
    reserved: status !== 'sold' && rng.chance(0.03),
    certified: used ? 'if-eligible' : false,
    hidden: rng.chance(0.02),
    priceMode: rng.weighted({ normal: 73, zero: 3, subscription: 4, 'was-now': 8, offer: 5, 'was-now-offer': 2, preorder: carType === 'new' ? 1 : 0 }),
    photos: rng.weighted({ none: 3, one: 6, many: 91 }) === 'many' ? rng.int(5, 24) : rng.chance(0.33) ? 0 : 1,
    spin: kind === 'car' && rng.chance(0.05),
    video: rng.chance(0.08),
    externalVideo: rng.chance(0.05),
    historyFile: used && rng.chance(0.2),
    autograb: used && rng.chance(0.35),
    finance: rng.chance(0.25),
    youx: rng.chance(0.15),
    comments: rng.weighted({ empty: 15, short: 55, long: 30 }),
    equipment: rng.weighted({ empty: 10, short: 30, long: 60 }),
    blankSpecs: rng.chance(0.15),
    privateSeller: used && rng.chance(0.03),
    feedMakeSpelling: rng.chance(0.3),
    regoExpired: used && rng.chance(0.2),
  };
}

/** Forced traits for the first cars, one per behaviour the seeds describe (named for test messages). */
export const SHOWCASE: { name: string; traits: Partial<ListingTraits> }[] = [
  { name: 'sold 1 day ago', traits: { status: 'sold', soldDaysAgo: 1, createdDaysAgo: 40 } },
  { name: 'sold 2.5 days ago', traits: { status: 'sold', soldDaysAgo: 2.5, createdDaysAgo: 60, tag: 'SOLD' } },
  { name: 'sold 20 days ago', traits: { status: 'sold', soldDaysAgo: 20, createdDaysAgo: 90 } },
  { name: 'spin with hotspots', traits: { kind: 'car', spin: true, photos: 12, status: 'in_stock' } },
  { name: 'spin used car', traits: { kind: 'car', carType: 'used', spin: true, photos: 8, status: 'in_stock' } },
  { name: 'one image', traits: { photos: 1, status: 'in_stock' } },
  { name: 'no image', traits: { photos: 0, status: 'in_stock' } },
  { name: 'price 0', traits: { priceMode: 'zero', status: 'in_stock' } },
  { name: 'subscription price', traits: { priceMode: 'subscription', status: 'in_stock' } },
  { name: 'was/now price', traits: { priceMode: 'was-now', status: 'in_stock' } },
  { name: 'offer price', traits: { priceMode: 'offer', status: 'in_stock' } },
  { name: 'preorder', traits: { kind: 'car', carType: 'new', priceMode: 'preorder', status: 'coming_soon' } },
  { name: 'new caravan', traits: { kind: 'caravan', carType: 'new', status: 'in_stock' } },
  { name: 'used caravan', traits: { kind: 'caravan', carType: 'used', status: 'in_stock' } },
  { name: 'new motorcycle', traits: { kind: 'motorcycle', carType: 'new', status: 'in_stock' } },
  { name: 'used motorcycle', traits: { kind: 'motorcycle', carType: 'used', status: 'in_stock' } },
  { name: 'certified used Toyota', traits: { kind: 'car', carType: 'used', make: 'Toyota', certified: true, status: 'in_stock', createdDaysAgo: 20 } },
  {
    name: 'certified used Mercedes-Benz',
    traits: { kind: 'car', carType: 'used', make: 'Mercedes-Benz', certified: true, status: 'in_stock', feedMakeSpelling: true },
  },
  { name: 'reserved', traits: { reserved: true, status: 'in_stock' } },
  { name: 'coming soon', traits: { status: 'coming_soon', tag: null } },
  { name: 'created yesterday', traits: { createdDaysAgo: 1, status: 'in_stock', tag: null } },
  { name: 'Runout Sale', traits: { kind: 'car', carType: 'new', runout: true, tag: 'Runout Sale', status: 'in_stock' } },
  { name: 'Test Drive Only', traits: { kind: 'car', carType: 'demo', tag: 'Test Drive Only', status: 'in_stock' } },
  { name: 'hidden from dealer website', traits: { hidden: true, status: 'in_stock' } },
  { name: 'video', traits: { video: true, externalVideo: true, photos: 10, status: 'in_stock' } },
  {
    name: 'history report and market data',
    traits: { kind: 'car', carType: 'used', historyFile: true, autograb: true, status: 'in_stock', priceMode: 'normal' },
  },
  { name: 'long comments and features', traits: { comments: 'long', equipment: 'long' } },
  { name: 'empty comments and features', traits: { comments: 'empty', equipment: 'empty' } },
  { name: 'blank specs', traits: { kind: 'car', blankSpecs: true } },
  { name: 'electric', traits: { kind: 'car', fuel: 'Electric', status: 'in_stock' } },
  { name: 'hybrid', traits: { kind: 'car', fuel: 'Hybrid', status: 'in_stock' } },
  { name: 'finance lenders and youx quote', traits: { kind: 'car', finance: true, youx: true, status: 'in_stock', priceMode: 'normal' } },
  { name: 'feed says Suzuki Australia', traits: { kind: 'car', make: 'Suzuki', feedMakeSpelling: true, finance: true } },
  { name: 'feed says Isuzu UTE', traits: { kind: 'car', make: 'Isuzu', feedMakeSpelling: true } },
  { name: 'expired rego', traits: { kind: 'car', carType: 'used', regoExpired: true, status: 'in_stock' } },
  { name: 'Mazda numeric model', traits: { kind: 'car', make: 'Mazda', model: '3' } },
  { name: 'MG numeric model', traits: { kind: 'car', make: 'MG', model: '3' } },
  { name: 'private seller', traits: { kind: 'car', carType: 'used', privateSeller: true } },
];

/** Drops traits that only make sense for another car type or kind, after showcase traits override random ones. */
export function settleTraits(traits: ListingTraits): ListingTraits {
  const used = traits.carType === 'used';
  return {
    ...traits,
    certified: traits.certified === 'if-eligible' && !used ? false : traits.certified,
    runout: traits.runout && traits.carType === 'new',
    privateSeller: traits.privateSeller && used,
    regoExpired: traits.regoExpired && used,
    spin: traits.spin && traits.kind === 'car',
    priceMode: traits.priceMode === 'preorder' && traits.carType !== 'new' ? 'normal' : traits.priceMode,
    soldDaysAgo: traits.status === 'sold' ? (traits.soldDaysAgo ?? 10) : null,
    createdDaysAgo: Math.max(traits.createdDaysAgo, traits.status === 'sold' ? (traits.soldDaysAgo ?? 10) + 1 : 0),
  };
}

/** Whether a dealership can carry a showcase listing (kind and car type it sells). */
export function dealershipFits(dealership: InventoryDealership, traits: Partial<ListingTraits>): boolean {
  if (traits.kind && !kindsOf(dealership).includes(traits.kind)) return false;
  if (traits.carType && !typesOf(dealership).includes(traits.carType)) return false;
  return true;
}
