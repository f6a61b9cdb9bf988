// Stock search hero rules (docs/requirements/dealer-services.md#screens, #states).
import { slugify } from './filters';
import { serializeSearchState, EMPTY_SEARCH_STATE } from './search-state';
import type { ResolvedSearchSettings } from './settings';

export type CarTypeChoiceValue = '' | 'new' | 'used' | 'demo' | 'new,demo';

interface CarTypeChoice {
  value: CarTypeChoiceValue;
  label: string;
  /** car_type refinement values; [] for All. */
  carTypes: string[];
}

/** docs/requirements/dealer-services.md#states: All (empty), New, Used, Demo; New and Demo may merge into 'New / Demo'. */
const CAR_TYPE_CHOICE_LABELS: Readonly<Record<CarTypeChoiceValue, string>> = {
  '': 'All',
  new: 'New',
  used: 'Used',
  demo: 'Demo',
  'new,demo': 'New / Demo',
};

export interface HeroCarTypes {
  choices: CarTypeChoice[];
  /** Selected by default: All when present, otherwise the first choice. */
  selected: CarTypeChoiceValue;
  /** Hidden with fewer than 3 choices unless forced. */
  showSlider: boolean;
}

export function heroCarTypes(hero: Pick<ResolvedSearchSettings['hero'], 'carTypeChoices' | 'forceCarTypeSlider'>): HeroCarTypes {
  const choices = hero.carTypeChoices.map((value) => ({
    value,
    label: CAR_TYPE_CHOICE_LABELS[value],
    carTypes: value ? value.split(',') : [],
  }));
  return {
    choices,
    selected: choices.some((c) => c.value === '') ? '' : (choices[0]?.value ?? ''),
    showSlider: choices.length >= 3 || hero.forceCarTypeSlider,
  };
}

function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

/** Facets whose tiles link to /search/{slug} (docs/requirements/dealer-services.md#screens). */
const PATH_TILE_FACETS: readonly string[] = ['make', 'body'];

/**
 * docs/requirements/dealer-services.md#screens: make and body tiles link to /search/{make or body slug}; other facets link to a search
 * with a refinement on that attribute.
 */
export function facetTileHref(attribute: string, value: string, searchPath: string): string {
  if (PATH_TILE_FACETS.includes(attribute)) return `/search/${slugify(value)}`;
  return withQuery(searchPath, serializeSearchState({ ...EMPTY_SEARCH_STATE, refinements: { [attribute]: [value] } }));
}

/** docs/requirements/dealer-services.md#screens: the price slider button goes to a search sorted by price descending (with the chosen range). */
export function priceSearchHref(searchPath: string, priceRange?: string | null): string {
  const ranges = priceRange ? { price: priceRange } : {};
  return withQuery(searchPath, serializeSearchState({ ...EMPTY_SEARCH_STATE, sortBy: 'price_desc', ranges }));
}

export interface HeroSelection {
  carType?: CarTypeChoiceValue;
  /** attribute -> chosen value from the hero dropdowns (make, model, body, city, colour, fuel, price_range). */
  refinements?: Record<string, string | null | undefined>;
}

/** The hero's search button: the search path with the chosen car types and dropdown values as refinements. */
export function heroSearchHref(searchPath: string, selection: HeroSelection): string {
  const refinements: Record<string, string[]> = {};
  const carTypes = selection.carType ? selection.carType.split(',') : [];
  if (carTypes.length) refinements.car_type = carTypes;
  for (const [attribute, value] of Object.entries(selection.refinements ?? {})) if (value) refinements[attribute] = [value];
  return withQuery(searchPath, serializeSearchState({ ...EMPTY_SEARCH_STATE, refinements }));
}
