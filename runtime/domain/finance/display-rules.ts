// When finance shows for a car (docs/requirements/dealer-services.md#validation "Finance display rules") and when the
// calculator blocks show on the vehicle page (docs/requirements/vehicle-browsing.md#validation).
import { LENDERS, type LenderCondition } from './lenders';
import type { LenderId, ResolvedFinanceSettings } from './settings';

/** The car fields the rules read. */
export interface FinanceCar {
  make?: string | null;
  year?: number | null;
  price?: number | null;
  status?: string | null;
  /** The selling dealership: some dealerships of a group never show finance. */
  dealership_slug?: string | null;
}

/** One lender's figures for the car (docs/requirements/dealer-services.md#data finance info). */
export interface LenderFinanceInfo {
  interestRate?: number | null;
  comparisonRate?: number | null;
  paymentWeek?: number | null;
  paymentMonth?: number | null;
}

type FinanceEligibilityReason =
  | 'shown'
  | 'site-hidden'
  | 'no-provider'
  | 'manufacturer-excluded'
  | 'dealership-excluded'
  | 'lender-data-missing'
  | 'interest-rate-missing'
  | 'comparison-rate-missing'
  | 'not-available'
  | 'price-at-or-below-floor'
  | 'year-too-old'
  | 'weekly-payment-missing'
  | 'monthly-payment-missing';

export interface FinanceEligibility {
  show: boolean;
  reason: FinanceEligibilityReason;
}

// docs/requirements/dealer-services.md#states: in_stock and coming_soon count as available
const AVAILABLE_STATUSES = new Set(['in_stock', 'coming_soon']);

export function isAvailableForFinance(car: FinanceCar): boolean {
  return AVAILABLE_STATUSES.has(car.status ?? '');
}

function hasFigure(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

type ConditionCheck = (
  car: FinanceCar,
  info: LenderFinanceInfo,
  settings: ResolvedFinanceSettings,
  now: Date,
  maxAgeYears: number,
) => FinanceEligibilityReason | null;

const CONDITION_CHECKS: Record<LenderCondition, ConditionCheck> = {
  available: (car) => (isAvailableForFinance(car) ? null : 'not-available'),
  // docs/requirements/dealer-services.md#validation: finance display is hidden at or below a price of 500
  priceAboveFloor: (car, _i, settings) => ((car.price ?? 0) > settings.priceFloor ? null : 'price-at-or-below-floor'),
  // docs/requirements/dealer-services.md#validation (Taurus): car year within the last 12 years
  yearWithinMaxAge: (car, _i, _s, now, maxAgeYears) => (typeof car.year === 'number' && now.getFullYear() - car.year <= maxAgeYears ? null : 'year-too-old'),
  comparisonRatePresent: (_c, info) => (info.comparisonRate != null ? null : 'comparison-rate-missing'),
  weeklyPaymentPresent: (_c, info) => (hasFigure(info.paymentWeek) ? null : 'weekly-payment-missing'),
  monthlyPaymentPresent: (_c, info) => (hasFigure(info.paymentMonth) ? null : 'monthly-payment-missing'),
};

function sameMake(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether a lender's finance shows for a car, and why not (docs/requirements/dealer-services.md#validation). The lender is the
 * site's provider unless another (one of settings.lenders) is named.
 */
export function financeEligibility(
  car: FinanceCar,
  financeInfo: LenderFinanceInfo | null | undefined,
  financeSettings: ResolvedFinanceSettings,
  now: Date = new Date(),
  lender?: LenderId,
): FinanceEligibility {
  const settings = financeSettings;
  const no = (reason: FinanceEligibilityReason): FinanceEligibility => ({ show: false, reason });
  if (settings.hidden) return no('site-hidden');
  const lenderId = lender ?? (settings.provider === 'none' ? undefined : settings.provider);
  if (!lenderId) return no('no-provider');
  if (car.make && settings.excludedManufacturers.some((make) => sameMake(make, car.make!))) {
    return no('manufacturer-excluded');
  }
  if (car.dealership_slug && settings.excludedDealerships.includes(car.dealership_slug)) return no('dealership-excluded');
  if (!financeInfo || Object.keys(financeInfo).length === 0) return no('lender-data-missing');
  if (financeInfo.interestRate == null) return no('interest-rate-missing');
  if (financeInfo.comparisonRate == null) return no('comparison-rate-missing');
  // docs/requirements/dealer-services.md#validation: "Finance display is hidden at or below a price of 500", whatever the lender's own rule says
  if ((car.price ?? 0) <= settings.priceFloor) return no('price-at-or-below-floor');
  const rule = LENDERS[lenderId];
  for (const condition of rule.conditions) {
    const failed = CONDITION_CHECKS[condition](car, financeInfo, settings, now, rule.maxAgeYears ?? Infinity);
    if (failed) return no(failed);
  }
  return { show: true, reason: 'shown' };
}

/** docs/requirements/vehicle-browsing.md#validation: calculator blocks only when a provider is configured and the finance figure is above 0. */
export function showFinanceBlocks(financeSettings: ResolvedFinanceSettings, figure: number | null | undefined): boolean {
  const settings = financeSettings;
  return !settings.hidden && settings.provider !== 'none' && hasFigure(figure);
}
