// The stock search hero's dropdowns and their counts (docs/requirements/dealer-services.md#screens "Stock search hero", #states visibility rule).
// Pure: the server loader and the browser build the same multi-search queries and read the answers the same way,
// so the first server-rendered counts and the later browser ones agree. The site's scope (its dealerships and the
// visibility rule) is added by the server to every query; nothing here needs to repeat it.
import { collator, formatMoney } from '../../runtime/domain/format';
import { modelDisplayName } from '../../runtime/domain/make-names';
import { quoteFilterValue, rangeFilterClause, type FilterClause } from '../../runtime/domain/search/filters';
import { parseSearchState, serializeSearchState } from '../../runtime/domain/search/search-state';
import { heroSearchHref, type CarTypeChoiceValue } from '../../runtime/domain/search/stock-search-hero';
import { PRICE_RANGE_EDGES } from '../../runtime/domain/search/price-ranges';

export type HeroDropdownId = 'make' | 'model' | 'body' | 'city' | 'colour' | 'fuel' | 'type' | 'price';
export type FacetDropdownId = Exclude<HeroDropdownId, 'price'>;

export interface HeroDropdown {
  id: HeroDropdownId;
  label: string;
  /** The empty option. */
  anyLabel: string;
  /** URL refinement key of the search page (runtime/domain/search/search-state.ts REFINEMENT_ATTRIBUTES). */
  urlAttribute: string;
  /** Index field the counts come from. */
  indexAttribute: string;
}

// docs/requirements/dealer-services.md#screens: make, model, body or city, colour, fuel or type, price range.
export const HERO_DROPDOWNS: Readonly<Record<HeroDropdownId, HeroDropdown>> = {
  make: { id: 'make', label: 'Make', anyLabel: 'All Makes', urlAttribute: 'make', indexAttribute: 'make' },
  model: { id: 'model', label: 'Model', anyLabel: 'All Models', urlAttribute: 'model', indexAttribute: 'model' },
  // The index stores the body type as simple_body; the search page's URL key is `body`.
  body: { id: 'body', label: 'Body Type', anyLabel: 'All Body Types', urlAttribute: 'body', indexAttribute: 'simple_body' },
  city: { id: 'city', label: 'City', anyLabel: 'All Cities', urlAttribute: 'city', indexAttribute: 'city' },
  colour: { id: 'colour', label: 'Colour', anyLabel: 'All Colours', urlAttribute: 'colour', indexAttribute: 'colour' },
  fuel: { id: 'fuel', label: 'Fuel Type', anyLabel: 'All Fuel Types', urlAttribute: 'fuel', indexAttribute: 'fuel' },
  type: { id: 'type', label: 'Vehicle Type', anyLabel: 'All Vehicle Types', urlAttribute: 'item_type', indexAttribute: 'item_type' },
  price: { id: 'price', label: 'Price', anyLabel: 'Any Price', urlAttribute: 'price', indexAttribute: 'price' },
};

export interface PriceBucket {
  /** 'min:max' range value of the search page's price refinement. */
  value: string;
  label: string;
}

const PRICE_EDGES = PRICE_RANGE_EDGES; // the price_range facet's bands (runtime/domain/search/price-ranges.ts)
export const PRICE_BUCKETS: readonly PriceBucket[] = [
  { value: `1:${PRICE_EDGES[0] - 1}`, label: `Under ${formatMoney(PRICE_EDGES[0])}` },
  ...PRICE_EDGES.slice(1).map((edge, i) => ({
    value: `${PRICE_EDGES[i]}:${edge - 1}`,
    label: `${formatMoney(PRICE_EDGES[i]!)} to ${formatMoney(edge)}`,
  })),
  { value: `${PRICE_EDGES.at(-1)}:`, label: `${formatMoney(PRICE_EDGES.at(-1)!)} and over` },
];

export interface HeroSelection {
  carType: CarTypeChoiceValue;
  values: Partial<Record<HeroDropdownId, string>>;
}

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  /** A make tile's logo, where the make has one. */
  logo?: string;
}

export interface HeroCounts {
  /** Cars matching the whole selection. */
  total: number;
  options: Partial<Record<FacetDropdownId, FacetOption[]>>;
  /** Count per PRICE_BUCKETS entry (same order). */
  prices: number[];
}

/** Counts of the site's whole stock for the facet tiles. */
export interface HeroStock {
  tiles: Partial<Record<FacetDropdownId, FacetOption[]>>;
}

export interface HeroData {
  counts: HeroCounts;
  stock: HeroStock;
}

/** A multi-search query as POST /api/search takes it (the server fills in its own index). */
export interface HeroQuery {
  filter: FilterClause[];
  facets: string[];
  hitsPerPage: 0;
  q: '';
}

/** The part of a multi-search answer this file reads. */
export interface HeroResult {
  totalHits?: number;
  estimatedTotalHits?: number;
  facetDistribution?: Record<string, Record<string, number>>;
}

const MAX_QUERIES_PER_REQUEST = 10; // runtime/server/routes/search-api.ts

const isFacet = (id: HeroDropdownId): id is FacetDropdownId => id !== 'price';

function carTypeClauses(carType: CarTypeChoiceValue): FilterClause[] {
  const types = carType ? carType.split(',') : [];
  return types.length ? [types.map((t) => `car_type = ${quoteFilterValue(t)}`)] : [];
}

/** The filter of a selection, optionally without one dropdown's own choice (its options then show every value). */
export function selectionFilter(selection: HeroSelection, dropdowns: readonly HeroDropdownId[], except?: HeroDropdownId): FilterClause[] {
  const clauses = carTypeClauses(selection.carType);
  for (const id of dropdowns) {
    const value = selection.values[id];
    if (!value || id === except) continue;
    if (id === 'price') {
      const clause = rangeFilterClause('price', value);
      if (clause) clauses.push(clause);
    } else clauses.push(`${HERO_DROPDOWNS[id].indexAttribute} = ${quoteFilterValue(value)}`);
  }
  return clauses;
}

const countQuery = (filter: FilterClause[], facets: string[]): HeroQuery => ({ q: '', filter, facets, hitsPerPage: 0 });

/**
 * The queries behind the hero's counts, in requests of at most 10 queries:
 * 1. the whole selection (its total, and the options of dropdowns nothing is chosen in),
 * 2. one per chosen dropdown without its own choice (so choosing Toyota still lists the other makes; the model
 *    list keeps the make, so it narrows to that make's models),
 * 3. one per price bucket, without the price choice.
 */
export function heroCountQueries(selection: HeroSelection, dropdowns: readonly HeroDropdownId[]): HeroQuery[][] {
  const facetIds = dropdowns.filter(isFacet);
  const chosen = facetIds.filter((id) => selection.values[id]);
  const queries = [
    countQuery(
      selectionFilter(selection, dropdowns),
      facetIds.filter((id) => !chosen.includes(id)).map((id) => HERO_DROPDOWNS[id].indexAttribute),
    ),
    ...chosen.map((id) => countQuery(selectionFilter(selection, dropdowns, id), [HERO_DROPDOWNS[id].indexAttribute])),
  ];
  const priceQueries = dropdowns.includes('price')
    ? PRICE_BUCKETS.map((bucket) => countQuery([...selectionFilter(selection, dropdowns, 'price'), rangeFilterClause('price', bucket.value)!], []))
    : [];
  const requests: HeroQuery[][] = [];
  for (const list of [queries, priceQueries]) {
    for (let i = 0; i < list.length; i += MAX_QUERIES_PER_REQUEST) requests.push(list.slice(i, i + MAX_QUERIES_PER_REQUEST));
  }
  return requests;
}

const totalOf = (r: HeroResult | undefined) => r?.totalHits ?? r?.estimatedTotalHits ?? 0;

function optionLabel(id: FacetDropdownId, value: string, make: string | undefined): string {
  if (id === 'model' && make) return modelDisplayName(make, value);
  if (id === 'type') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/** A facet distribution as options sorted by name ('CX-3' before 'CX-30', '3 Series' before '911'). */
export function facetOptions(id: FacetDropdownId, distribution: Record<string, number> | undefined, make?: string): FacetOption[] {
  return Object.entries(distribution ?? {})
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, count, label: optionLabel(id, value, make) }))
    .sort((a, b) => collator('en-AU', { numeric: true, sensitivity: 'base' }).compare(a.label, b.label));
}

/** Reads the answers of heroCountQueries' requests (results concatenated in request order). */
export function heroCountsFromResults(selection: HeroSelection, dropdowns: readonly HeroDropdownId[], results: HeroResult[]): HeroCounts {
  const facetIds = dropdowns.filter(isFacet);
  const chosen = facetIds.filter((id) => selection.values[id]);
  const [main, ...rest] = results;
  const perChosen = rest.slice(0, chosen.length);
  const priceResults = rest.slice(chosen.length);
  const options: HeroCounts['options'] = {};
  for (const id of facetIds) {
    const attribute = HERO_DROPDOWNS[id].indexAttribute;
    const source = chosen.includes(id) ? perChosen[chosen.indexOf(id)] : main;
    options[id] = facetOptions(id, source?.facetDistribution?.[attribute], selection.values.make);
  }
  return {
    total: totalOf(main),
    options,
    prices: dropdowns.includes('price') ? PRICE_BUCKETS.map((_, i) => totalOf(priceResults[i])) : [],
  };
}

/** The query for the site's whole stock: its facet tiles. */
export function heroStockQuery(tiles: readonly FacetDropdownId[]): HeroQuery {
  return countQuery([], [...new Set(tiles.map((id) => HERO_DROPDOWNS[id].indexAttribute))]);
}

export function heroStockFromResult(tiles: readonly FacetDropdownId[], result: HeroResult | undefined, tileCount: number): HeroStock {
  const out: HeroStock['tiles'] = {};
  for (const id of tiles) {
    out[id] = facetOptions(id, result?.facetDistribution?.[HERO_DROPDOWNS[id].indexAttribute])
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
      .slice(0, tileCount);
  }
  return { tiles: out };
}

/** docs/requirements/dealer-services.md#screens: the search button goes to the search page with the car type and the dropdowns' choices. */
export function heroSelectionHref(searchPath: string, selection: HeroSelection, dropdowns: readonly HeroDropdownId[]): string {
  const refinements: Record<string, string | undefined> = {};
  for (const id of dropdowns) if (id !== 'price') refinements[HERO_DROPDOWNS[id].urlAttribute] = selection.values[id];
  const href = heroSearchHref(searchPath, { carType: selection.carType, refinements });
  const price = dropdowns.includes('price') ? selection.values.price : undefined;
  if (!price) return href;
  // The price range joins the refinements in the search page's own stable URL order.
  const [path] = href.split('?');
  const state = parseSearchState(href);
  return `${path}?${serializeSearchState({ ...state, ranges: { ...state.ranges, price } })}`;
}

/** Choosing a value: a new make clears the model (docs/requirements/dealer-services.md#screens: the model list depends on the make). */
export function chooseValue(selection: HeroSelection, id: HeroDropdownId, value: string): HeroSelection {
  const values = { ...selection.values, [id]: value || undefined };
  if (id === 'make' && value !== selection.values.make) delete values.model;
  if (!value) delete values[id];
  return { ...selection, values };
}
