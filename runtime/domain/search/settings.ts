// Search settings with every default filled in from the seed (schemas/settings/search.schema.json).
import type { SearchSettings } from '../../../schemas/generated/tenant';

type DeepRequired<T> = { [K in keyof T]-?: T[K] extends (infer U)[] ? U[] : T[K] extends object | undefined ? DeepRequired<NonNullable<T[K]>> : T[K] };

export type ResolvedSearchSettings = DeepRequired<SearchSettings>;
export type DefaultFilter = ResolvedSearchSettings['defaultFilter'];

export const DEFAULT_SEARCH_SETTINGS: ResolvedSearchSettings = {
  pageSize: 21, // docs/requirements/vehicle-browsing.md#constants
  defaultSortBy: 'custom_rank_desc', // docs/requirements/vehicle-browsing.md#calls: custom rank descending
  excludeZeroPriceFromAscendingSort: false,
  makeListMode: 'showAll',
  makesShownBeforeShowAll: 7, // docs/requirements/vehicle-browsing.md#screens
  popularMakesCount: 20, // docs/requirements/vehicle-browsing.md#constants
  modelSelection: true,
  modelListLimit: 30, // docs/requirements/vehicle-browsing.md#screens
  promoPositions: [8, 17], // docs/requirements/vehicle-browsing.md#screens
  randomiseFirstPromoPosition: false,
  collapseSoldRuns: false,
  soldVisibleDays: 3, // docs/requirements/vehicle-browsing.md#states
  certifiedOnly: false,
  configuredStockCount: null,
  enquireButtonLabel: 'Enquire',
  purchaseMode: 'none',
  cardButtons: ['enquire', 'test-drive', 'finance', 'details', 'purchase'],
  cardPrimaryButton: 'enquire',
  cardSaveButtons: ['watchlist', 'favourite', 'compare'],
  searchPath: '/search/new-used-and-demo-cars', // docs/requirements/dealer-services.md#screens
  defaultFilter: { usedOnly: false, inStockOnly: false, excludedMakes: [], excludedStocknums: [] },
  hero: {
    heading: 'Search Our New & Used Vehicles', // docs/requirements/dealer-services.md#screens
    carTypeChoices: ['', 'new', 'used', 'demo'], // docs/requirements/dealer-services.md#states
    forceCarTypeSlider: false,
  },
};

const defined = <T extends object>(o: T | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

// Resolved once per settings object (a document's settings never change in place; a publish gives new objects):
// a search page resolves them for every result card.
const resolvedOf = new WeakMap<SearchSettings, ResolvedSearchSettings>();
const NO_SETTINGS: SearchSettings = {};

/** Fills missing settings (and missing nested fields) with the seed defaults. Do not modify the answer. */
export function resolveSearchSettings(settings: SearchSettings = NO_SETTINGS): ResolvedSearchSettings {
  let resolved = resolvedOf.get(settings);
  if (!resolved) {
    resolved = {
      ...DEFAULT_SEARCH_SETTINGS,
      ...defined(settings),
      defaultFilter: { ...DEFAULT_SEARCH_SETTINGS.defaultFilter, ...defined(settings.defaultFilter) },
      hero: { ...DEFAULT_SEARCH_SETTINGS.hero, ...defined(settings.hero) },
    } as ResolvedSearchSettings;
    resolvedOf.set(settings, resolved);
  }
  return resolved;
}
