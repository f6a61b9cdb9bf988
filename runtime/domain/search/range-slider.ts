// Dual-handle range slider rules for price, km, year and subscription_price (docs/requirements/vehicle-browsing.md#screens, #validation, #constants).
import { formatMoney, formatNumber } from '../format';
import type { RangeAttribute } from './search-state';

export interface RangeBounds {
  min: number;
  max: number;
}
export interface RangeSelection {
  min: number;
  max: number;
}
export type SliderHandle = 'min' | 'max';

/** docs/requirements/vehicle-browsing.md#validation: default range maximum 100000. */
export const DEFAULT_RANGE_MAX = 100000;
/** docs/requirements/vehicle-browsing.md#constants: rounding step 1000 for price and km. */
const RANGE_ROUNDING_STEP = 1000;
/** docs/requirements/dealer-services.md#validation (validation): the search's price slider runs from 5000 to 250000 in
 * steps of 500, its minimum at most its maximum minus 1. */
const PRICE_SLIDER = { min: 5000, max: 250000, step: 500, gap: 1 } as const;

/** What price and km values round to between the bounds (none for the other attributes). */
export function rangeRoundingStep(attribute: string): number | null {
  if (attribute === 'price') return PRICE_SLIDER.step;
  return attribute === 'km' ? RANGE_ROUNDING_STEP : null;
}

/**
 * docs/requirements/vehicle-browsing.md#validation: the max follows facet stats only when positive, otherwise 100000. The search's price slider has the
 * fixed range of docs/requirements/dealer-services.md#validation instead; without an attribute (the hero's one-handle slider) the stock decides.
 */
export function sliderBounds(stats?: { min?: number | null; max?: number | null } | null, attribute?: string): RangeBounds {
  if (attribute === 'price') return { min: PRICE_SLIDER.min, max: PRICE_SLIDER.max };
  const min = typeof stats?.min === 'number' && Number.isFinite(stats.min) ? stats.min : 0;
  const max = typeof stats?.max === 'number' && stats.max > 0 ? stats.max : DEFAULT_RANGE_MAX;
  return { min: Math.min(min, max), max };
}

/** docs/requirements/vehicle-browsing.md#validation: step is the range divided by 100, rounded (at least 1 so the slider can move). */
export function sliderStep(bounds: RangeBounds, attribute?: string): number {
  if (attribute === 'price') return PRICE_SLIDER.step;
  return Math.max(1, Math.round((bounds.max - bounds.min) / 100));
}

/** Values at or beyond the bounds snap to them; price and km round to the nearest 1000 in between. */
export function normaliseRangeValue(attribute: string, value: number, bounds: RangeBounds): number {
  if (value <= bounds.min) return bounds.min;
  if (value >= bounds.max) return bounds.max;
  const step = rangeRoundingStep(attribute);
  const rounded = step ? Math.round(value / step) * step : value;
  return Math.min(bounds.max, Math.max(bounds.min, rounded));
}

export type SliderLog = (message: string) => void;

/**
 * Moves one handle (docs/requirements/vehicle-browsing.md#validation): the min handle below the range minimum or the max handle above the
 * range maximum is ignored and logged (console only, docs/requirements/vehicle-browsing.md#errors); min is clamped to at most the
 * current max and max to at least the current min.
 */
export function moveSliderHandle(
  attribute: string,
  current: RangeSelection,
  handle: SliderHandle,
  value: number,
  bounds: RangeBounds,
  log: SliderLog = (m) => console.warn(m),
): RangeSelection {
  if (!Number.isFinite(value) || (handle === 'min' && value < bounds.min) || (handle === 'max' && value > bounds.max)) {
    log(`Range slider ${attribute}: ${handle} value ${value} is outside ${bounds.min} to ${bounds.max}; ignored`);
    return current;
  }
  const next = normaliseRangeValue(attribute, value, bounds);
  // the price slider keeps its minimum at most its maximum minus 1 (docs/requirements/dealer-services.md#validation); the others may meet
  const gap = attribute === 'price' ? PRICE_SLIDER.gap : 0;
  return handle === 'min'
    ? { min: Math.max(bounds.min, Math.min(next, current.max - gap)), max: current.max }
    : { min: current.min, max: Math.min(bounds.max, Math.max(next, current.min + gap)) };
}

/** docs/requirements/vehicle-browsing.md#validation: values are sent as 'min:max'; the full range means no refinement (null). */
export function rangeRefinementValue(selection: RangeSelection, bounds: RangeBounds): string | null {
  if (selection.min <= bounds.min && selection.max >= bounds.max) return null;
  return `${selection.min}:${selection.max}`;
}

/** Reads 'min:max' back into handles; missing or bad sides fall back to the bounds. */
export function parseRangeRefinement(value: string | null | undefined, bounds: RangeBounds): RangeSelection {
  const [rawMin, rawMax] = (value ?? '').split(':');
  const num = (raw: string | undefined, fallback: number) => (raw && Number.isFinite(Number(raw)) ? Number(raw) : fallback);
  const min = Math.max(bounds.min, num(rawMin, bounds.min));
  const max = Math.min(bounds.max, num(rawMax, bounds.max));
  return min <= max ? { min, max } : { min: max, max: min };
}

/** docs/requirements/vehicle-browsing.md#validation: year plain, price as currency, subscription price adds '/ week', km adds a unit. */
export function rangeValueLabel(attribute: RangeAttribute | string, value: number): string {
  switch (attribute) {
    case 'year':
      return String(value);
    case 'price':
      return formatMoney(value);
    case 'subscription_price':
      return `${formatMoney(value)} / week`;
    case 'km':
      return `${formatNumber(value)} km`;
    default:
      return formatNumber(value);
  }
}

/** 'Price: $10,000 - $20,000' style label of a selection. */
export function rangeSelectionLabel(attribute: RangeAttribute | string, selection: RangeSelection): string {
  return `${rangeValueLabel(attribute, selection.min)} - ${rangeValueLabel(attribute, selection.max)}`;
}
