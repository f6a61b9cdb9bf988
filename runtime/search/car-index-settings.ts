// Index settings for the cars index (field names: seed 000 §3), shared by the embedded engine,
// the Meilisearch indexing CLI and the bench.
import type { IndexSettings } from './types.js';

/** Seed 000 §7: the production car index. Tenants read it through their scope. */
export const CAR_INDEX_UID = 'Car_production';

/** Seed 000 §3 "Search facets" plus the fields the tenant scope filters on. */
export const CAR_FILTERABLE_ATTRIBUTES = [
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
  // seed 000 §7: initial results sorted by custom rank descending; §2: sort by price, km, year, car type.
  sortableAttributes: ['price', 'km', 'year', 'created_at_timestamp', 'custom_rank', 'car_type', 'subscription_price'],
  faceting: { maxValuesPerFacet: 250 }, // seed 000 §9: model facet limit 250, the largest facet limit
  // Exact totals for whole dealer groups (Meilisearch's default cap is 1000).
  pagination: { maxTotalHits: 200_000 },
};
