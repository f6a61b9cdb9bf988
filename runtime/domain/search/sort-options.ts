// Sort choices of the search page and how each becomes a Meilisearch sort (docs/requirements/vehicle-browsing.md#screens, #validation, #calls).

export type SortId = 'custom_rank_desc' | 'price_asc' | 'price_desc' | 'year_desc' | 'year_asc' | 'km_asc' | 'km_desc' | 'car_type' | 'newest';

export interface SortOption {
  id: SortId;
  label: string;
  /** Meilisearch `sort` rules, first wins. */
  sort: string[];
}

/**
 * docs/requirements/vehicle-browsing.md#screens "Sort by car type orders new, demo, used": Meilisearch sorts strings alphabetically
 * (demo, new, used), so index documents carry a numeric `car_type_rank` (carTypeRank below)
 * and the sort is ascending on it.
 */
const CAR_TYPE_RANK: Readonly<Record<string, number>> = { new: 1, demo: 2, used: 3 };

/** Rank for the `car_type_rank` index field; unknown types sort last. */
export function carTypeRank(carType: string | null | undefined): number {
  return CAR_TYPE_RANK[carType ?? ''] ?? 4;
}

export const SORT_OPTIONS: readonly SortOption[] = [
  // docs/requirements/vehicle-browsing.md#calls: results sorted by custom rank descending by default
  { id: 'custom_rank_desc', label: 'Featured', sort: ['custom_rank:desc'] },
  { id: 'price_asc', label: 'Price (Low to High)', sort: ['price:asc'] },
  { id: 'price_desc', label: 'Price (High to Low)', sort: ['price:desc'] },
  { id: 'year_desc', label: 'Year (Newest First)', sort: ['year:desc'] },
  { id: 'year_asc', label: 'Year (Oldest First)', sort: ['year:asc'] },
  { id: 'km_asc', label: 'Kilometres (Low to High)', sort: ['km:asc'] },
  { id: 'km_desc', label: 'Kilometres (High to Low)', sort: ['km:desc'] },
  { id: 'car_type', label: 'Car Type (New, Demo, Used)', sort: ['car_type_rank:asc', 'custom_rank:desc'] },
  { id: 'newest', label: 'Recently Added', sort: ['created_at_timestamp:desc'] },
];

const DEFAULT_SORT_ID: SortId = 'custom_rank_desc';

export function isSortId(value: string | null | undefined): value is SortId {
  return SORT_OPTIONS.some((o) => o.id === value);
}

export function sortOption(id: string | null | undefined, fallback: SortId = DEFAULT_SORT_ID): SortOption {
  return SORT_OPTIONS.find((o) => o.id === id) ?? SORT_OPTIONS.find((o) => o.id === fallback)!;
}

/**
 * docs/requirements/vehicle-browsing.md#validation "Ascending price sort excludes price 0 on flagged sites": a price of 0 means
 * "no price" (docs/requirements/vehicle-browsing.md#data), so those cars would otherwise lead the list. We drop them with a
 * `price > 0` filter (rather than pushing them last) because the seed says "excludes".
 */
export function sortExcludesZeroPrice(id: SortId, excludeZeroPriceFromAscendingSort: boolean): boolean {
  return excludeZeroPriceFromAscendingSort && id === 'price_asc';
}
