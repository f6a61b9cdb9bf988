// Index settings for the cars index (field names: docs/requirements/vehicle-browsing.md#data), shared by the embedded engine,
// the Meilisearch indexing CLI and the bench.
import type { IndexSettings } from './types.js';

/** docs/requirements/vehicle-browsing.md#calls: the production car index. Tenants read it through their scope. */
export const CAR_INDEX_UID = 'Car_production';

/** docs/requirements/vehicle-browsing.md#data "Search facets" plus the fields the tenant scope filters on. */
const CAR_FILTERABLE_ATTRIBUTES = [
  'id',
  'make',
  'model',
  'badge',
  'series',
  'year',
  'km',
  'colour',
  'simple_body',
  'body',
  'simple_fuel',
  'fuel',
  'simple_transmission',
  'transmission',
  'simple_drive',
  'drive',
  'price',
  'subscription_price',
  'car_type',
  'item_type',
  'status',
  'tag',
  'reserved',
  'certified',
  'sold_date_timestamp',
  'created_at_timestamp',
  'stocknum',
  'dealership_id',
  'dealership_slug',
  'location_id',
  'location_name',
  'city',
  'state',
  'show_on_dealer_website',
  'make_model',
];

export const CAR_INDEX_SETTINGS: IndexSettings = {
  // Order matters: the attribute ranking rule prefers matches in earlier attributes.
  searchableAttributes: ['name', 'make', 'model', 'badge', 'stocknum'],
  filterableAttributes: CAR_FILTERABLE_ATTRIBUTES,
  // docs/requirements/vehicle-browsing.md#calls: initial results sorted by custom rank descending; #screens: sort by price, km, year, car type.
  sortableAttributes: ['price', 'km', 'year', 'created_at_timestamp', 'custom_rank', 'car_type', 'subscription_price'],
  faceting: { maxValuesPerFacet: 250 }, // docs/requirements/vehicle-browsing.md#constants: model facet limit 250, the largest facet limit
  // Exact totals for whole dealer groups (Meilisearch's default cap is 1000).
  pagination: { maxTotalHits: 200_000 },
};
