// The lenders a site shows (settings.finance.lenders, else its provider) and what the seed gives for them:
// the lender disclaimers of a car's finance_lenders, the calculator presets, the comparison-rate placeholder and the
// offer end date (docs/requirements/dealer-services.md#scope, #validation, #calls, #constants).
import { formatDate } from '../format';
import { financeEligibility, type FinanceCar, type LenderFinanceInfo } from './display-rules';
import { financeInfoForLender, LENDERS, type RateRange } from './lenders';
import type { LenderId, ResolvedFinanceSettings } from './settings';

/** One lender's entry in a car's finance_lenders, with the texts the feed sends beside the figures. */
export interface CarLenderInfo extends LenderFinanceInfo {
  disclaimer?: string | null;
  offerEndDate?: string | null;
  /** The loan the lender's figures are for. */
  termYears?: number | null;
  termMonths?: number | null;
  deposit?: number | null;
  balloon?: number | null;
}

export type CarFinanceLenders = Record<string, CarLenderInfo> | null | undefined;

/** Lenders the site shows, in order: settings.lenders, else the provider; none when finance is off or hidden. */
export function siteLenders(financeSettings: ResolvedFinanceSettings): LenderId[] {
  const settings = financeSettings;
  if (settings.hidden || settings.provider === 'none') return [];
  return settings.lenders.length > 0 ? [...settings.lenders] : [settings.provider];
}

/** The lender whose calculator presets the site uses: its provider. */
function presetLender(financeSettings: ResolvedFinanceSettings): LenderId | null {
  const { provider } = financeSettings;
  return provider === 'none' ? null : provider;
}

export interface LenderDisclaimer {
  lender: LenderId;
  /** 'Angle' */
  name: string;
  text: string;
}

/**
 * docs/requirements/dealer-services.md#calls (finance_lenders by car id: disclaimer text): the disclaimer of each lender the site shows whose
 * finance shows for this car, in the site's order, each text once.
 */
export function lenderDisclaimers(
  car: FinanceCar & { finance_lenders?: CarFinanceLenders },
  financeSettings: ResolvedFinanceSettings,
  now: Date = new Date(),
): LenderDisclaimer[] {
  const out: LenderDisclaimer[] = [];
  for (const lender of siteLenders(financeSettings)) {
    const info = financeInfoForLender(car.finance_lenders ?? null, lender);
    const text = info?.disclaimer?.trim();
    if (!info || !text || out.some((d) => d.text === text)) continue;
    if (!financeEligibility(car, info, financeSettings, now, lender).show) continue;
    out.push({ lender, name: LENDERS[lender].name, text });
  }
  return out;
}

/** docs/requirements/dealer-services.md#validation: the interest range a site picked from its lender's ranges (calculator.interest.lenderRange), or null. */
export function lenderInterestRange(financeSettings: ResolvedFinanceSettings): RateRange | null {
  const settings = financeSettings;
  const lender = presetLender(settings);
  const index = settings.calculator.interest.lenderRange;
  if (!lender || index < 1) return null;
  return LENDERS[lender].calculator?.interestRanges?.[index - 1] ?? null;
}

/** docs/requirements/dealer-services.md#constants: the establishment fee a site picked from its lender's fees (calculator.lenderEstablishmentFee), or null. */
export function lenderEstablishmentFee(financeSettings: ResolvedFinanceSettings): number | null {
  const settings = financeSettings;
  const lender = presetLender(settings);
  const index = settings.calculator.lenderEstablishmentFee;
  if (!lender || index < 1) return null;
  return LENDERS[lender].calculator?.establishmentFees?.[index - 1] ?? null;
}

/** docs/requirements/dealer-services.md#constants: the comparison rate range placeholder of the site's lender ('8.38% - 19.42%'), or null. */
export function comparisonRatePlaceholder(financeSettings: ResolvedFinanceSettings): string | null {
  const lender = presetLender(financeSettings);
  const range = lender ? LENDERS[lender].calculator?.comparisonRatePlaceholder : undefined;
  return range ? `${range.min.toFixed(2)}% - ${range.max.toFixed(2)}%` : null;
}

/** docs/requirements/dealer-services.md#constants: 'Offer ends 31/12/2026' on the finance of a lender that shows its offer end date (Angle); else null. */
export function offerEndText(lender: LenderId, info: CarLenderInfo | null | undefined): string | null {
  if (!LENDERS[lender].calculator?.showsOfferEndDate || !info?.offerEndDate) return null;
  const date = new Date(`${info.offerEndDate.slice(0, 10)}T12:00:00+10:00`);
  return Number.isNaN(date.getTime()) ? null : `Offer ends ${formatDate(date)}`;
}
