// Fields the search index must hold for the requests built here (for the indexer and engine adapters).
import { SEARCH_FACETS } from './constants';
import { ROUTE_SLUG_FIELDS } from './filters';
import { REFINEMENT_ATTRIBUTES, RANGE_ATTRIBUTES } from './search-state';
import { SORT_OPTIONS } from './sort-options';

/** Attributes used in filters: facets, refinements, ranges, visibility and default-filter fields, route slugs. */
export const FILTERABLE_ATTRIBUTES: readonly string[] = [
  ...new Set([
    ...SEARCH_FACETS,
    ...REFINEMENT_ATTRIBUTES,
    ...RANGE_ATTRIBUTES,
    'status',
    'sold_date_timestamp',
    'show_on_dealer_website',
    'stocknum', // visibility and default filter
    ...ROUTE_SLUG_FIELDS,
    'model_slug',
  ]),
].sort();

/** Attributes named by the sort options (custom_rank, car_type_rank, price, year, km, created_at_timestamp). */
export const SORTABLE_ATTRIBUTES: readonly string[] = [...new Set(SORT_OPTIONS.flatMap((o) => o.sort.map((rule) => rule.split(':')[0] ?? rule)))].sort();
