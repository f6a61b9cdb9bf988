// Numbers of the search page that are not per-site settings (docs/requirements/vehicle-browsing.md#screens,
// #validation, #calls, #constants; docs/requirements/dealer-services.md#constants).
import { COUNT_ANIMATION_MS } from '../motion/count-up';

/** docs/requirements/vehicle-browsing.md#screens: the search box waits 300 ms after typing. */
export const SEARCH_BOX_DEBOUNCE_MS = 300;
/** docs/requirements/vehicle-browsing.md#screens, #constants: range slider debounce 400 ms. */
export const RANGE_SLIDER_DEBOUNCE_MS = 400;
/** 'Show Me N cars' counts to its new value in 1 s, as every counted figure does. */
export const SHOW_ME_COUNT_ANIMATION_MS = COUNT_ANIMATION_MS;

/** docs/requirements/vehicle-browsing.md#constants: facet limits (values returned per facet). Keys are index attributes. */
export const FACET_LIMITS: Readonly<Record<string, number>> = {
  body: 30,
  make: 100,
  model: 250,
  make_model: 250, // the make -> model list draws from the same model vocabulary
  colour: 30,
  car_type: 6, // "type 6"
  price_range: 30,
  location_name: 30, // "location 30"
  fuel: 30,
  city: 20,
  dealership_name: 40, // "dealership 40"
  // The index stores the seed's body and fuel facets in simple_body / simple_fuel (car fields, docs/requirements/vehicle-browsing.md#data).
  simple_body: 30,
  simple_fuel: 30,
};

/** Facets requested for the main results: the limited ones plus those the page shows as ranges or flags. */
export const SEARCH_FACETS: readonly string[] = [
  ...Object.keys(FACET_LIMITS),
  'certified',
  'item_type',
  'status',
  'tag',
  'drive',
  'transmission',
  'seats',
  'state',
  'badge',
  'series',
  'price',
  'km',
  'year',
  'subscription_price',
  'simple_transmission',
  'simple_drive',
  'weekly_price_range', // bands of the weekly repayment (runtime/domain/search/price-ranges.ts)
  'categories', // the offers page filters on categories (docs/requirements/vehicle-browsing.md#screens)
  'filtered_features',
];

/** docs/requirements/vehicle-browsing.md#constants: above this hit count the engine's count is not trusted (see result-count.ts). */
export const HIT_COUNT_TRUST_LIMIT = 1999;

/** docs/requirements/dealer-services.md#data, #constants: search history keeps the last 5 searches. */
export const SEARCH_HISTORY_MAX = 5;

/** docs/requirements/vehicle-browsing.md#screens: the first promo position may move up to 3 either side of its base. */
export const PROMO_FIRST_POSITION_JITTER = 3;
