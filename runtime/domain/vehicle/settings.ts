// Seed defaults of every vehicle setting. They mirror the defaults in
// schemas/settings/vehicle.schema.json (settings.test.ts fails if the two drift apart).
import type {
  VehicleFavouriteSettings,
  VehicleFuelCalculatorSettings,
  VehicleGallerySettings,
  VehiclePriceComparisonSettings,
  VehiclePriceSettings,
  VehicleReserveSettings,
  VehicleSettings,
  VehicleSimilarCarsSettings,
  VehicleTagSettings,
} from '../../../schemas/generated/tenant';

export type Resolved<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export const TAG_DEFAULTS: Resolved<VehicleTagSettings> = {
  electricTagEnabled: false,
  certifiedBadgeEnabled: false,
  certifiedMake: 'Toyota',
  certifiedRequiresFlag: true,
  certifiedLogoUrl: '/assets/badges/certified-used.svg',
  runoutSaleGreen: false,
  newTagText: 'New', // seed 001 §9: tag names New and JUST SOLD
  newTagDays: 8, // seed 000 §9: new tag applies for 8 days
  soldTagText: 'SOLD',
};

export const PRICE_DEFAULTS: Resolved<VehiclePriceSettings> = {
  subscriptionsEnabled: false,
  noPriceText: 'Enquire for price.', // seed 000 §4
};

export const PRICE_COMPARISON_DEFAULTS: Resolved<VehiclePriceComparisonSettings> = {
  cardEnabled: true,
  marketPriceBadgeEnabled: true,
};

export const RESERVE_DEFAULTS: Resolved<VehicleReserveSettings> = {
  enabled: false,
  amount: 200, // seed 000 §9: default reserve deposit $200
  showAmount: true,
  onlinePurchaseEnabled: false,
  checkoutPath: 'checkout',
  holdHours: 48, // seed 000 §9: held 48 hours
  paymentWindowMinutes: 30,
  unpaidHoldMinutes: 5,
  limits: { holdsPerAddress: 3, holdsPerAccount: 3, holdsPerSite: 20, siteWindowMinutes: 30 },
};

export const GALLERY_DEFAULTS: Resolved<VehicleGallerySettings> = {
  defaultImageUrl: '/media/placeholder.svg', // the stand-in photo the server draws (inventory media-paths)
  newArrivalPlaceholdersEnabled: false,
  newArrivalPlaceholderImages: [],
  defaultSpinView: 'spinner', // seed 000 §4: default view is spinner
  spinAutoRotate: false,
  spinAutoRotateIntervalMs: 100, // seed 000 §4
  impelViewerUrl: '', // no walkaround unless the site names its viewer
};

export const FAVOURITE_DEFAULTS: Resolved<VehicleFavouriteSettings> = {
  favouritesEnabled: false,
  compareEnabled: false,
  eligibility: 'any',
};

export const SIMILAR_CARS_DEFAULTS: Resolved<VehicleSimilarCarsSettings> = {
  maxResults: 6, // seed 000 §9
  hitsPerQuery: 10,
  indexUid: 'Car_production', // seed 000 §7
};

export const FUEL_CALCULATOR_DEFAULTS: Resolved<VehicleFuelCalculatorSettings> = {
  fuelPricePerLitre: 1.7, // seed 000 §9
  kmPerWeek: 250,
  litresPer100KmWhenUnknown: 10,
};

export const VEHICLE_SETTINGS_DEFAULTS: Resolved<VehicleSettings> = {
  tags: TAG_DEFAULTS,
  price: PRICE_DEFAULTS,
  priceComparison: PRICE_COMPARISON_DEFAULTS,
  reserve: RESERVE_DEFAULTS,
  phoneMasked: true, // seed 000 §4: some sites show it unmasked
  unregisteredWhenRegoExpired: false,
  gallery: GALLERY_DEFAULTS,
  favourites: FAVOURITE_DEFAULTS,
  similarCars: SIMILAR_CARS_DEFAULTS,
  fuelCalculator: FUEL_CALCULATOR_DEFAULTS,
  sidebarButtons: ['call', 'finance', 'enquire', 'test-drive', 'trade-in'],
  tabs: ['Dealer Comments', "What's Included", 'Why Buy From Us?', 'Reserve Online', 'Protect Your Car', 'Features'],
  showViews: false,
  sidebarIcons: ['km', 'transmission', 'fuel', 'body'],
  seeMoreFromDealer: true,
  blogs: { heading: 'From the blog', max: 3, posts: [] },
};

// Each settings group resolved once per group object: a search page resolves the same groups for every card. A
// document's settings never change in place (a publish or an edit makes a new document).
const resolvedGroups = new WeakMap<object, WeakMap<object, object>>();
const NOT_GIVEN = {};

/** A settings group with its missing options filled from the seed defaults. The answer is shared: never change it. */
export function withDefaults<T extends object>(defaults: Resolved<T>, given: T | undefined): Resolved<T> {
  let byGiven = resolvedGroups.get(defaults);
  if (!byGiven) resolvedGroups.set(defaults, (byGiven = new WeakMap()));
  let out = byGiven.get(given ?? NOT_GIVEN) as Resolved<T> | undefined;
  if (!out) {
    const merged = { ...defaults } as Record<string, unknown>;
    for (const [key, value] of Object.entries(given ?? {})) if (value !== undefined) merged[key] = value;
    byGiven.set(given ?? NOT_GIVEN, (out = merged as Resolved<T>));
  }
  return out;
}
