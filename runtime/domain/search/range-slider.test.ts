import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RANGE_MAX,
  moveSliderHandle,
  normaliseRangeValue,
  parseRangeRefinement,
  rangeRefinementValue,
  rangeSelectionLabel,
  rangeValueLabel,
  sliderBounds,
  sliderStep,
} from './range-slider';
import { RANGE_SLIDER_DEBOUNCE_MS, SEARCH_BOX_DEBOUNCE_MS } from './constants';

describe('slider bounds and step (docs/requirements/vehicle-browsing.md#validation)', () => {
  it('default max 100000; the max follows facet stats only when positive', () => {
    expect(DEFAULT_RANGE_MAX).toBe(100000);
    expect(sliderBounds()).toEqual({ min: 0, max: 100000 });
    expect(sliderBounds({ min: 5000, max: 0 })).toEqual({ min: 5000, max: 100000 });
    expect(sliderBounds({ min: 5000, max: -1 })).toEqual({ min: 5000, max: 100000 });
    expect(sliderBounds({ min: 1990, max: 2025 })).toEqual({ min: 1990, max: 2025 });
  });
  it("the search's price slider: 5000 to 250000, step 500, whatever the stock (the hero's, without the attribute, follows the stock)", () => {
    expect(sliderBounds({ min: 1990, max: 412_000 }, 'price')).toEqual({ min: 5000, max: 250000 });
    expect(sliderStep(sliderBounds(undefined, 'price'), 'price')).toBe(500);
    expect(sliderBounds({ min: 0, max: 412_000 })).toEqual({ min: 0, max: 412_000 });
    expect(sliderBounds({ min: 0, max: 412_000 }, 'km')).toEqual({ min: 0, max: 412_000 });
  });
  it('step is the range divided by 100, rounded', () => {
    expect(sliderStep({ min: 0, max: 100000 })).toBe(1000);
    expect(sliderStep({ min: 2000, max: 85_550 })).toBe(836);
    expect(sliderStep({ min: 1990, max: 2025 })).toBe(1);
  });
  it('debounce 400 ms for the slider, 300 ms for the search box', () => {
    expect(RANGE_SLIDER_DEBOUNCE_MS).toBe(400);
    expect(SEARCH_BOX_DEBOUNCE_MS).toBe(300);
  });
});

describe('moving handles (docs/requirements/vehicle-browsing.md#validation)', () => {
  const bounds = { min: 2_350, max: 87_900 };
  const log = vi.fn();
  it('price rounds to the nearest 500, km to the nearest 1000; values at bounds snap to bounds', () => {
    expect(normaliseRangeValue('price', 12_499, bounds)).toBe(12_500);
    expect(normaliseRangeValue('price', 12_200, bounds)).toBe(12_000);
    expect(normaliseRangeValue('km', 12_500, bounds)).toBe(13_000);
    expect(normaliseRangeValue('price', 2_350, bounds)).toBe(2_350);
    expect(normaliseRangeValue('price', 87_900, bounds)).toBe(87_900);
    expect(normaliseRangeValue('km', 2_400, bounds)).toBe(2_350); // rounds to 2000, below the bound
    expect(normaliseRangeValue('year', 2_351, bounds)).toBe(2_351); // year is not rounded
  });
  it('out-of-range handle values are ignored and logged', () => {
    const current = { min: 5_000, max: 50_000 };
    expect(moveSliderHandle('price', current, 'min', 1_000, bounds, log)).toBe(current);
    expect(moveSliderHandle('price', current, 'max', 90_000, bounds, log)).toBe(current);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[0]).toContain('ignored');
  });
  it('min is clamped to at most the current max, max to at least the current min; price keeps min at most max - 1', () => {
    const current = { min: 5_000, max: 50_000 };
    expect(moveSliderHandle('km', current, 'min', 60_000, bounds, log)).toEqual({ min: 50_000, max: 50_000 });
    expect(moveSliderHandle('km', current, 'max', 3_000, bounds, log)).toEqual({ min: 5_000, max: 5_000 });
    expect(moveSliderHandle('price', current, 'min', 60_000, bounds, log)).toEqual({ min: 49_999, max: 50_000 });
    expect(moveSliderHandle('price', current, 'max', 3_000, bounds, log)).toEqual({ min: 5_000, max: 5_001 });
    expect(moveSliderHandle('km', current, 'max', 20_300, bounds, log)).toEqual({ min: 5_000, max: 20_000 });
  });
});

describe("values 'min:max'", () => {
  const bounds = { min: 0, max: 100_000 };
  it('writes and reads', () => {
    expect(rangeRefinementValue({ min: 10_000, max: 20_000 }, bounds)).toBe('10000:20000');
    expect(rangeRefinementValue({ min: 0, max: 100_000 }, bounds)).toBeNull();
    expect(parseRangeRefinement('10000:20000', bounds)).toEqual({ min: 10_000, max: 20_000 });
    expect(parseRangeRefinement(':20000', bounds)).toEqual({ min: 0, max: 20_000 });
    expect(parseRangeRefinement(undefined, bounds)).toEqual({ min: 0, max: 100_000 });
  });
});

describe('labels (docs/requirements/vehicle-browsing.md#validation)', () => {
  it('year plain, price currency, subscription price per week, km with unit', () => {
    expect(rangeValueLabel('year', 2019)).toBe('2019');
    expect(rangeValueLabel('price', 25000)).toBe('$25,000');
    expect(rangeValueLabel('subscription_price', 150)).toBe('$150 / week');
    expect(rangeValueLabel('km', 50000)).toBe('50,000 km');
  });
});

describe('rangeSelectionLabel', () => {
  it('names both ends of a selection', () => {
    expect(rangeSelectionLabel('price', { min: 10000, max: 20000 })).toBe('$10,000 - $20,000');
  });
});
