import type { Car } from '../../schemas/generated/car';
import { createRng, mixSeed, type Rng } from './prng';
import { EXTERIOR_COLOURS, INTERIOR_COLOURS } from './catalogue/colours';
import { DISTRIBUTION_REGIONS, PAYMENT_PROCESSORS, TAGS_BY_CAR_TYPE } from './catalogue/listing-texts';
import { regPlate, nvic, slugify, stockNumber, vin } from './identifiers';
import { dealerComments, headlineFeatures, standardEquipment } from './listing-copy';
import { autograbData, financeLenders, youxQuote } from './listing-finance';
import { listingMedia } from './listing-media';
import { priceListing } from './listing-pricing';
import { dealershipFits, randomTraits, settleTraits, SHOWCASE, type ListingTraits } from './listing-traits';
import { DEFAULT_MAKE_ALIASES, feedSpellingsOf, normaliseMake } from './make-names';
import { pickVehicle } from './pick-vehicle';
import type { GenerateInventoryOptions, InventoryDealership, InventoryLocation } from './types';
import { blankSomeSpecs, vehicleSpecs } from './vehicle-specs';

// Deterministic sample inventory: each car draws from its own stream (seed, index), so the same
// inputs give byte-identical JSON and a car does not change when the count grows.

const DAY_MS = 86_400_000;
/** docs/requirements/dealer-services.md#validation: certified used Toyotas (badge) and used Mercedes-Benz (certified tag). */
export const DEFAULT_CERTIFIED_MAKES = ['Toyota', 'Mercedes-Benz'];
const COLOUR_NAMES = Object.keys(EXTERIOR_COLOURS);
const CARAVAN_COLOURS = ['White', 'Glacier White', 'Silver'];
const PRIVATE_SUBURBS: [string, string][] = [
  ['Paddington', '4064'],
  ['Newtown', '2042'],
  ['Fitzroy', '3065'],
  ['Glenelg', '5045'],
];

interface Context {
  seed: number;
  nowMs: number;
  currentYear: number;
  dealerships: InventoryDealership[];
  aliases: Readonly<Record<string, string>>;
  firstId: number;
  certifiedMakes: string[];
}

function chooseDealership(rng: Rng, ctx: Context, forced: Partial<ListingTraits>): { dealership: InventoryDealership; forced: Partial<ListingTraits> } {
  const fitting = ctx.dealerships.filter((d) => dealershipFits(d, forced));
  if (fitting.length) return { dealership: rng.pick(fitting), forced };
  // No dealer sells that kind or type: keep the rest of the showcase and let the dealer's stock decide.
  const { kind: _kind, carType: _type, ...rest } = forced;
  return { dealership: rng.pick(ctx.dealerships), forced: rest };
}

function chooseLocation(rng: Rng, dealership: InventoryDealership): InventoryLocation {
  const weights: Record<string, number> = {};
  dealership.locations.forEach((loc, i) => (weights[String(i)] = loc.primary ? 3 : 1));
  const location = dealership.locations[Number(rng.weighted(weights))];
  if (!location) throw new Error(`dealership ${dealership.id} has no locations to list a car at`);
  return location;
}

const isoSeconds = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString();

function distributionOf(location: InventoryLocation): string[] {
  // Stable per location: every second location lists the regions it delivers to.
  return location.id % 2 === 0 ? DISTRIBUTION_REGIONS.slice(location.id % 3, (location.id % 3) + 2) : [];
}

function buildCar(index: number, ctx: Context): Car {
  const rng = createRng(mixSeed(ctx.seed, index));
  const showcase = SHOWCASE[index]?.traits ?? {};
  const { dealership, forced } = chooseDealership(rng, ctx, showcase);
  const traits: ListingTraits = settleTraits({ ...randomTraits(rng, dealership), ...forced });
  const location = chooseLocation(rng, dealership);
  const id = ctx.firstId + index;

  const choice = pickVehicle(rng, { kind: traits.kind, carType: traits.carType, make: traits.make, model: traits.model, fuel: traits.fuel }, dealership);
  const feedSpellings = feedSpellingsOf(choice.spec.make, ctx.aliases);
  const feedMake = traits.feedMakeSpelling && feedSpellings.length ? rng.pick(feedSpellings) : choice.spec.make;
  const make = normaliseMake(feedMake, ctx.aliases);
  const model = choice.spec.model;
  const grade = choice.spec.badges[choice.badgeIndex];
  const badge = grade === model ? null : grade; // e.g. a KTM 390 Duke has no separate grade
  const series =
    choice.kind === 'car' ? choice.series : choice.kind === 'caravan' && choice.spec.series?.length ? choice.spec.series[id % choice.spec.series.length] : null;
  const pricing = priceListing(choice, traits, ctx.currentYear, rng);
  const { year } = pricing;
  const specs = vehicleSpecs(choice, year, rng);
  if (traits.blankSpecs && specs.variant) specs.variant = blankSomeSpecs(rng, specs.variant, 3);
  if (traits.blankSpecs && specs.specifications) specs.specifications = blankSomeSpecs(rng, specs.specifications, 2);
  const colour = choice.kind === 'caravan' ? rng.pick(CARAVAN_COLOURS) : rng.pick(COLOUR_NAMES);

  const nowMs = ctx.nowMs;
  const soldMs = traits.soldDaysAgo === null ? null : nowMs - traits.soldDaysAgo * DAY_MS;
  const createdMs = nowMs - traits.createdDaysAgo * DAY_MS;
  const updatedMs = createdMs + rng.next() * ((soldMs ?? nowMs) - createdMs);
  const status = pricing.preorder && traits.status !== 'sold' ? 'coming_soon' : traits.status;
  const tag = traits.tag === 'random' ? rng.pick(TAGS_BY_CAR_TYPE[traits.carType]) : (traits.tag ?? (traits.runout && rng.chance(0.4) ? 'Runout Sale' : null));
  const age = ctx.currentYear - year;
  const certified =
    traits.certified === 'if-eligible' ? (ctx.certifiedMakes.includes(make) && age <= 6 ? rng.chance(0.6) : rng.chance(0.04)) : traits.certified;

  const title = [year, make, model, badge, series].filter(Boolean).join(' ');
  const name = [year, make, model, badge].filter(Boolean).join(' ');
  const slug = slugify(`${year} ${make} ${model} ${badge ?? ''} ${id}`);
  const equipment = choice.kind === 'caravan' && traits.equipment !== 'empty' ? standardEquipment(rng, 'short') : standardEquipment(rng, traits.equipment);
  const registered = traits.carType !== 'new' && choice.kind !== 'caravan' ? true : choice.kind === 'caravan' && traits.carType === 'used';
  const regoExpiry = !registered
    ? null
    : traits.regoExpired
      ? nowMs - rng.int(5, 300) * DAY_MS
      : traits.carType === 'used' && rng.chance(0.15)
        ? null
        : nowMs + rng.int(10, 360) * DAY_MS;
  const buildMonth = year >= ctx.currentYear ? rng.int(1, new Date(nowMs).getUTCMonth() + 1) : rng.int(1, 12);
  const nvicCode = choice.kind !== 'caravan' && rng.chance(0.85) ? nvic(rng) : null;
  const categories = [
    ...(tag && ['Runout Sale', 'Special Offer', 'Factory Bonus'].includes(tag) ? [tag] : []),
    ...(pricing.offer_price !== null || pricing.before_price !== null ? ['Special Offers'] : []),
    ...(pricing.subscription_price !== null ? ['Subscription'] : []),
  ];
  const privateSeller = traits.privateSeller ? rng.pick(PRIVATE_SUBURBS) : null;
  const media = listingMedia(rng, id, traits, specs.simple_body);

  return {
    id,
    slug,
    path: `/cars/${slug}`,
    name,
    title,
    carsales_title: [year, feedMake, model, series, badge, specs.bodyconfiguration].filter(Boolean).join(' '),
    make,
    model,
    make_model: `${make}:${model}`,
    badge,
    series,
    year,
    km: pricing.km,
    colour,
    interior_colour: choice.kind === 'car' ? rng.pick(INTERIOR_COLOURS) : null,
    ...specs,
    stocknum: stockNumber(traits.carType, id),
    vin: choice.kind === 'caravan' ? null : vin(rng, year),
    nvic: nvicCode,
    has_nvic: nvicCode !== null,
    regplate: registered ? regPlate(rng, location.state) : null,
    rego_expiry: regoExpiry === null ? null : new Date(regoExpiry).toISOString().slice(0, 10),
    build_date: `${year}-${String(buildMonth).padStart(2, '0')}`,
    compliance_date: `${year}-${String(Math.min(12, buildMonth + rng.int(0, 1))).padStart(2, '0')}`,
    price: pricing.price,
    before_price: pricing.before_price,
    offer_price: pricing.offer_price,
    subscription_price: pricing.subscription_price,
    preorder: pricing.preorder,
    price_type: pricing.price_type,
    car_type: traits.carType,
    item_type: choice.kind,
    status,
    tag,
    reserved: traits.reserved && status !== 'sold',
    certified,
    sold: status === 'sold',
    sold_date_timestamp: soldMs === null ? null : Math.floor(soldMs / 1000),
    created_at: isoSeconds(createdMs),
    created_at_timestamp: Math.floor(createdMs / 1000),
    updated_at: isoSeconds(updatedMs),
    custom_rank: Math.round(
      1000 -
        Math.min(traits.createdDaysAgo, 180) * 3 +
        Math.min(traits.photos, 20) * 10 +
        (traits.spin ? 150 : 0) +
        (pricing.price > 0 ? 50 : 0) +
        rng.int(0, 100),
    ),
    views: Math.floor(rng.next() ** 2 * 4000),
    ...media,
    standardEquipment: equipment,
    filtered_features: headlineFeatures(equipment),
    categories,
    dealercomments: dealerComments(rng, traits.comments, { title, body: specs.simple_body ?? 'vehicle', colour, features: equipment }),
    location: {
      id: location.id,
      name: location.name,
      slug: location.slug,
      phone: location.phone,
      primary: location.primary ?? false,
      address: {
        street: location.street,
        city: location.city,
        state: location.state,
        postcode: location.postcode,
        place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${location.street}, ${location.city} ${location.state} ${location.postcode}`)}`,
        distribution_locations: distributionOf(location),
      },
    },
    location_id: location.id,
    location_name: location.name,
    city: location.city,
    state: location.state,
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    dealership_name: dealership.name,
    show_on_dealer_website: !traits.hidden,
    private_suburb: privateSeller?.[0] ?? null,
    private_postcode: privateSeller?.[1] ?? null,
    payment_processors: rng.chance(0.15) ? rng.sample(PAYMENT_PROCESSORS, rng.int(1, 2)) : [],
    finance_lenders: traits.finance ? financeLenders(rng, pricing.price, nowMs) : null,
    youxQuote: traits.youx ? youxQuote(rng, pricing.price) : null,
    autograb_data: traits.autograb ? autograbData(rng, pricing.price) : null,
  };
}

export function generateInventory(options: GenerateInventoryOptions & { certifiedMakes?: string[] }): Car[] {
  const { count = 5000, seed = 1, dealerships, now = Date.now(), makeAliases = DEFAULT_MAKE_ALIASES, firstId = 100001, from = 0 } = options;
  if (!dealerships.length) throw new Error('generateInventory needs at least one dealership');
  const empty = dealerships.find((d) => !d.locations.length);
  if (empty) throw new Error(`dealership ${empty.slug} has no locations`);
  const ctx: Context = {
    seed,
    nowMs: now,
    currentYear: new Date(now).getUTCFullYear(),
    dealerships,
    aliases: makeAliases,
    firstId,
    certifiedMakes: options.certifiedMakes ?? DEFAULT_CERTIFIED_MAKES,
  };
  const cars: Car[] = new Array(count);
  for (let i = 0; i < count; i++) cars[i] = buildCar(from + i, ctx);
  return cars;
}
