// Lender rules as data (docs/requirements/dealer-services.md#validation "Finance display rules", #constants finance constants).
// Lender names are data: code reads this table, never names a lender in an if.
import type { LenderId } from './settings';

/** A condition a car and its finance figures must meet before a lender's finance shows. */
export type LenderCondition =
  | 'available' // status in_stock or coming_soon (docs/requirements/dealer-services.md#states)
  | 'priceAboveFloor' // price above settings.priceFloor, 500 (docs/requirements/dealer-services.md#validation)
  | 'yearWithinMaxAge' // car year within the last maxAgeYears years
  | 'comparisonRatePresent'
  | 'weeklyPaymentPresent'
  | 'monthlyPaymentPresent';

export interface RateRange {
  min: number;
  max: number;
}

/** Calculator figures the seed gives for a lender; a site picks one in its settings. */
interface LenderCalculatorPresets {
  /** Interest slider ranges in percent. */
  interestRanges?: RateRange[];
  /** Establishment fees in dollars. */
  establishmentFees?: number[];
  /** Comparison rate range shown as a placeholder, percent. */
  comparisonRatePlaceholder?: RateRange;
  /** Rounding modes the lender uses ('down' in some cases). */
  roundingModes?: ('up' | 'down')[];
  /** The offer end date is shown with this lender's finance (docs/requirements/dealer-services.md#constants). */
  showsOfferEndDate?: boolean;
}

export interface LenderRule {
  id: LenderId;
  /** Display name, also how the feed keys finance_lenders (matched loosely, see financeInfoForLender). */
  name: string;
  conditions: LenderCondition[];
  /** For 'yearWithinMaxAge'. */
  maxAgeYears?: number;
  calculator?: LenderCalculatorPresets;
}

export const LENDERS: Record<LenderId, LenderRule> = {
  // docs/requirements/dealer-services.md#validation: Taurus: year within the last 12 years, price above 500, available, comparison rate present
  taurus: {
    id: 'taurus',
    name: 'Taurus',
    conditions: ['yearWithinMaxAge', 'priceAboveFloor', 'available', 'comparisonRatePresent'],
    maxAgeYears: 12,
  },
  // docs/requirements/dealer-services.md#validation: 360 Finance and AusLoans: car must be available
  '360-finance': { id: '360-finance', name: '360 Finance', conditions: ['available'] },
  ausloans: { id: 'ausloans', name: 'AusLoans', conditions: ['available'] },
  // docs/requirements/dealer-services.md#validation: Manual, Angle and Powertorque: price above 500, available, weekly payment present
  manual: { id: 'manual', name: 'Manual', conditions: ['priceAboveFloor', 'available', 'weeklyPaymentPresent'] },
  angle: {
    id: 'angle',
    name: 'Angle',
    conditions: ['priceAboveFloor', 'available', 'weeklyPaymentPresent'],
    calculator: {
      // docs/requirements/dealer-services.md#validation: Angle provider 7.5 to 14.5, 1 to 14.5 or 5.99 to 15.99
      interestRanges: [
        { min: 7.5, max: 14.5 },
        { min: 1, max: 14.5 },
        { min: 5.99, max: 15.99 },
      ],
      // docs/requirements/dealer-services.md#constants gives these for "a lender on one site" / "one lender" without naming it;
      // kept with Angle, the only lender the seed gives calculator figures for.
      establishmentFees: [1300, 1360.5],
      comparisonRatePlaceholder: { min: 8.38, max: 19.42 },
      roundingModes: ['up', 'down'],
      showsOfferEndDate: true, // docs/requirements/dealer-services.md#constants: offer end date shown on Angle finance
    },
  },
  powertorque: {
    id: 'powertorque',
    name: 'Powertorque',
    conditions: ['priceAboveFloor', 'available', 'weeklyPaymentPresent'],
  },
  // docs/requirements/dealer-services.md#validation: Nissan Finance: price above 500, available, monthly payment present
  'nissan-finance': {
    id: 'nissan-finance',
    name: 'Nissan Finance',
    conditions: ['priceAboveFloor', 'available', 'monthlyPaymentPresent'],
  },
  // The seed gives no display rule for Youx; its figure is the quote's weekly repayment, so it needs an available
  // car and a weekly figure, and (like every lender) a price above the floor of 500.
  youx: { id: 'youx', name: 'Youx', conditions: ['priceAboveFloor', 'available', 'weeklyPaymentPresent'] },
};

function lenderKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The finance figures of one lender from a car's finance_lenders, keyed by lender name
 * (docs/requirements/dealer-services.md#data). Keys match loosely: 'Taurus', 'taurus', '360 Finance', '360-finance'.
 */
export function financeInfoForLender<T>(financeLenders: Record<string, T> | null | undefined, id: LenderId): T | undefined {
  if (!financeLenders) return undefined;
  const wanted = new Set([lenderKey(id), lenderKey(LENDERS[id].name)]);
  const key = Object.keys(financeLenders).find((k) => wanted.has(lenderKey(k)));
  return key === undefined ? undefined : financeLenders[key];
}
