// Calculator slider bounds and input clamping (docs/requirements/dealer-services.md#validation "Finance calculator bounds").
import { formatMoney } from '../format';
import type { ResolvedFinanceSettings } from './settings';
import { lenderInterestRange } from './site-lenders';

export type CalculatorField = 'amount' | 'price' | 'term' | 'interest' | 'deposit' | 'residual';

export interface FieldBounds {
  min: number;
  max: number;
  step: number;
  /** Selectable values instead of a range (term increments). */
  options?: number[];
  /** Purchase price only: message template with {min} and {max}. */
  outOfRangeMessage?: string;
}

export type CalculatorBounds = Record<CalculatorField, FieldBounds>;

/** The car fields bounds and defaults read. */
export interface CalculatorCar {
  price?: number | null;
}

/** Starting values the bounds must hold (a vehicle page starts from the loan behind the car's figure). */
export interface BoundsStart {
  amount: number;
  termYears: number;
  interestRate: number;
  deposit: number;
  residual: number;
}

/** A range stretched to hold a starting value: the calculator must be able to show the figure it starts from. */
function holding(bounds: FieldBounds, value: number | undefined): FieldBounds {
  if (value === undefined || !Number.isFinite(value)) return bounds;
  const options = bounds.options && !bounds.options.includes(value) ? [...bounds.options, value].sort((a, b) => a - b) : bounds.options;
  return { ...bounds, min: Math.min(bounds.min, value), max: Math.max(bounds.max, value), ...(options ? { options } : {}) };
}

/** The site's quick picks for money fields: the high-value list when its flag is on (docs/requirements/dealer-services.md#constants). */
export function financeQuickPicks(financeSettings: ResolvedFinanceSettings): readonly number[] {
  const settings = financeSettings;
  return settings.highValueQuickPicks ? settings.quickPicks.highValue : settings.quickPicks.standard;
}

/** Bounds of every calculator input for a site and (optionally) a car and the values the calculator starts from. */
export function calculatorBounds(financeSettings: ResolvedFinanceSettings, car?: CalculatorCar, start?: BoundsStart): CalculatorBounds {
  const { calculator: c } = financeSettings;
  const price = car?.price ?? 0;
  // docs/requirements/dealer-services.md#validation: max 1.05 times price on one site when price is over 100000
  const amountMax = c.amount.maxMode === 'price-multiple' && price > c.amount.priceMultipleAbove ? price * c.amount.priceMultiple : c.amount.max;
  // docs/requirements/dealer-services.md#validation: interest is locked on one site variant: the default is the only value
  // docs/requirements/dealer-services.md#validation: Angle provider 7.5 to 14.5, 1 to 14.5 or 5.99 to 15.99, as the site picks (interest.lenderRange)
  const range = lenderInterestRange(financeSettings) ?? { min: c.interest.min, max: c.interest.max };
  const interest = c.interest.locked
    ? { min: c.interest.default, max: c.interest.default, step: c.interest.step }
    : { min: range.min, max: range.max, step: c.interest.step };
  const term: FieldBounds = {
    min: c.term.min,
    max: c.term.max,
    step: c.term.step,
    ...(c.term.increments.length > 0 ? { options: [...c.term.increments].sort((a, b) => a - b) } : {}),
  };
  return {
    amount: holding({ min: c.amount.min, max: amountMax, step: c.amount.step }, start?.amount),
    price: { min: c.amount.min, max: c.amount.purchasePriceMax, step: c.amount.step, outOfRangeMessage: c.amount.outOfRangeMessage },
    term: holding(term, start?.termYears),
    interest: holding(interest, start?.interestRate),
    deposit: holding({ min: c.deposit.min, max: c.deposit.max, step: c.deposit.step }, start?.deposit),
    residual: holding({ min: c.residual.min, max: c.residual.max, step: c.residual.step }, start?.residual),
  };
}

export interface ClampedInput {
  value: number;
  /** Shown under the input; null when the value is fine. */
  message: string | null;
}

/** 'Cannot be less than $1,000 or more than $250,000' from the template and the real bounds. */
function outOfRangeMessage(template: string, bounds: FieldBounds): string {
  return template.replace('{min}', formatMoney(bounds.min)).replace('{max}', formatMoney(bounds.max));
}

function nearest(options: number[], value: number): number {
  return options.reduce((best, option) => (Math.abs(option - value) < Math.abs(best - value) ? option : best));
}

/**
 * Clamps one calculator input. The purchase price keeps what was typed (at or below 0 becomes 0)
 * and carries the out-of-range message at or beyond its bounds; other inputs are clamped to
 * min and max (docs/requirements/dealer-services.md#validation), and a term with configured increments snaps to the nearest one.
 */
export function clampCalculatorInput(field: CalculatorField, value: number, bounds: FieldBounds): ClampedInput {
  const finite = Number.isFinite(value) ? value : bounds.min;
  if (field === 'price') {
    const price = finite <= 0 ? 0 : finite; // docs/requirements/dealer-services.md#validation: values at or below 0 become 0
    // docs/requirements/dealer-services.md#validation: the message shows "when at or beyond bounds"
    const outside = price <= bounds.min || price >= bounds.max;
    // calculatorBounds gives the price the site's message template; bounds without one carry no message.
    const template = bounds.outOfRangeMessage;
    return { value: price, message: outside && template !== undefined ? outOfRangeMessage(template, bounds) : null };
  }
  if (bounds.options && bounds.options.length > 0) return { value: nearest(bounds.options, finite), message: null };
  return { value: Math.min(bounds.max, Math.max(bounds.min, finite)), message: null };
}
