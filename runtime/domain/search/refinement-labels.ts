// Labels of facet values and of the current refinements (docs/requirements/vehicle-browsing.md#validation).
import { rangeValueLabel } from './range-slider';
import type { RangeAttribute, SearchState } from './search-state';

/** docs/requirements/vehicle-browsing.md#validation: new, used, demo shown in friendly words. */
export const CAR_TYPE_LABELS: Readonly<Record<string, string>> = { new: 'New', used: 'Used', demo: 'Demo' };

/** Certified facet values ('true'/'false' as the engine returns booleans). */
const CERTIFIED_LABELS: Readonly<Record<string, string>> = { true: 'Certified', false: 'Not Certified' };

/** Names shown before a refinement chip's value. */
export const ATTRIBUTE_LABELS: Readonly<Record<string, string>> = {
  badge: 'Badge',
  series: 'Series',
  status: 'Status',
  car_type: 'Type',
  categories: 'Category',
  city: 'City',
  colour: 'Colour',
  dealership_name: 'Dealership',
  filtered_features: 'Features',
  item_type: 'Item Type',
  location_name: 'Location',
  make: 'Make',
  make_model: 'Model',
  model: 'Model',
  price_range: 'Price Range',
  seats: 'Seats',
  body: 'Body',
  drive: 'Drive',
  fuel: 'Fuel',
  transmission: 'Transmission',
  state: 'State',
  tag: 'Tag',
  weekly_price_range: 'Weekly Price',
  certified: 'Certified',
  price: 'Price',
  km: 'Kilometres',
  year: 'Year',
  subscription_price: 'Subscription Price',
  simple_body: 'Body',
  simple_fuel: 'Fuel',
  simple_transmission: 'Transmission',
  simple_drive: 'Drive',
};

/** docs/requirements/vehicle-browsing.md#validation: friendly car types; values with a colon ('Toyota:Corolla') show the text after the colon. */
export function refinementLabel(attribute: string, value: string): string {
  if (attribute === 'car_type' && CAR_TYPE_LABELS[value]) return CAR_TYPE_LABELS[value];
  if (attribute === 'certified' && CERTIFIED_LABELS[value]) return CERTIFIED_LABELS[value];
  const colon = value.indexOf(':');
  return colon >= 0 ? value.slice(colon + 1) : value;
}

export interface FacetItem {
  label: string;
  value: string;
  count: number;
}

/** Facet items from an engine distribution, labelled; the certified facet hides 'false' when the site shows only
 * certified (docs/requirements/vehicle-browsing.md#validation). */
export function facetItems(
  attribute: string,
  distribution: Record<string, number> | undefined,
  { certifiedOnly = false, seriesOrder = [] }: { certifiedOnly?: boolean; seriesOrder?: readonly string[] } = {},
): FacetItem[] {
  const items = Object.entries(distribution ?? {})
    .filter(([value]) => !(certifiedOnly && attribute === 'certified' && value === 'false'))
    .map(([value, count]) => ({ label: refinementLabel(attribute, value), value, count }));
  return attribute === 'series' ? inListedOrder(items, seriesOrder) : items;
}

/** Items whose value is listed come first, in the list's order (any case); the rest keep their order after them. */
function inListedOrder<T extends { value: string }>(items: readonly T[], order: readonly string[]): T[] {
  if (!order.length) return [...items];
  const rank = new Map(order.map((v, i) => [v.toLowerCase(), i]));
  const rankOf = (item: T) => rank.get(item.value.toLowerCase()) ?? order.length;
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rankOf(a.item) - rankOf(b.item) || a.i - b.i)
    .map(({ item }) => item);
}

export interface CurrentRefinement {
  attribute: string;
  /** The URL value: a facet value or 'min:max'. */
  value: string;
  label: string;
}

/** Chips for the current refinements, attributes in the URL's order; ranges read 'Price: $10,000 - $20,000'. */
export function currentRefinements(state: SearchState): CurrentRefinement[] {
  const chips: CurrentRefinement[] = [];
  const attributes = [...Object.keys(state.refinements), ...Object.keys(state.ranges)].sort();
  for (const attribute of attributes) {
    const range = state.ranges[attribute as RangeAttribute];
    if (range) {
      chips.push({ attribute, value: range, label: `${ATTRIBUTE_LABELS[attribute] ?? attribute}: ${rangeText(attribute, range)}` });
      continue;
    }
    for (const value of state.refinements[attribute] ?? []) {
      chips.push({ attribute, value, label: refinementLabel(attribute, value) });
    }
  }
  return chips;
}

/** '$10,000 - $20,000', 'from 2018' or 'up to 50,000 km' for a 'min:max' value with open sides. */
function rangeText(attribute: string, range: string): string {
  const [min = '', max = ''] = range.split(':');
  const label = (raw: string) => rangeValueLabel(attribute, Number(raw));
  if (min && max) return `${label(min)} - ${label(max)}`;
  return min ? `from ${label(min)}` : `up to ${label(max)}`;
}
