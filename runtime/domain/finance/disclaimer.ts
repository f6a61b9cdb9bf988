// Finance disclaimer: example values and the Show More / Show Less collapse (docs/requirements/dealer-services.md#screens, #constants).
import { formatNumber } from '../format';
import type { ResolvedFinanceSettings } from './settings';

export const SHOW_MORE = 'Show More';
export const SHOW_LESS = 'Show Less';

export interface DisclaimerValues {
  /** '5' */
  termYears: string;
  /** '10.0' */
  depositPercent: string;
  /** '30.0' */
  finalPaymentPercent: string;
}

/**
 * docs/requirements/dealer-services.md#constants: the disclaimer shows the site's example, by default a 5-year term, 10.0% deposit, 30.0% final payment.
 * Never the shopper's calculator inputs: the disclaimer describes the advertised example.
 */
export function disclaimerValues(financeSettings: ResolvedFinanceSettings): DisclaimerValues {
  const { disclaimer } = financeSettings;
  return {
    termYears: formatNumber(disclaimer.termYears, Number.isInteger(disclaimer.termYears) ? 0 : 1),
    depositPercent: formatNumber(disclaimer.depositPercent, 1),
    finalPaymentPercent: formatNumber(disclaimer.finalPaymentPercent, 1),
  };
}

/** The disclaimer template with its {termYears}, {depositPercent} and {finalPaymentPercent} filled in. */
export function disclaimerText(financeSettings: ResolvedFinanceSettings): string {
  const { disclaimer } = financeSettings;
  const values = disclaimerValues(financeSettings);
  return disclaimer.text.replace(/\{(termYears|depositPercent|finalPaymentPercent)\}/g, (_, key: keyof DisclaimerValues) => values[key]);
}

export interface CollapsedDisclaimer {
  text: string;
  truncated: boolean;
  /** 'Show More' when collapsed, 'Show Less' when expanded; null when the text is short enough. */
  toggleLabel: string | null;
}

/** docs/requirements/dealer-services.md#constants: disclaimer truncated to 197 characters when collapsed (then '...'). */
export function collapseDisclaimer(text: string, expanded: boolean, collapsedLength = 197): CollapsedDisclaimer {
  if (text.length <= collapsedLength) return { text, truncated: false, toggleLabel: null };
  if (expanded) return { text, truncated: false, toggleLabel: SHOW_LESS };
  return { text: `${text.slice(0, collapsedLength)}...`, truncated: true, toggleLabel: SHOW_MORE };
}

export interface CalculatorDisclaimer extends CollapsedDisclaimer {
  /** Which text shows: the repayment disclaimer, or the brand's own (docs/requirements/dealer-services.md#screens). */
  showing: 'repayment' | 'brand';
}

/**
 * The calculator's disclaimer: the repayment text with the seed's example figures (5-year term, 10.0% deposit, 30.0%
 * final payment; never the shopper's inputs), collapsed to 197 characters with Show More / Show Less; on a site with a
 * brand disclaimer the toggle switches between the repayment text and the brand's text instead (docs/requirements/dealer-services.md#screens, #constants).
 */
export function calculatorDisclaimer(financeSettings: ResolvedFinanceSettings, expanded = false): CalculatorDisclaimer {
  const { disclaimer } = financeSettings;
  const repayment = disclaimerText(financeSettings);
  const brand = disclaimer.brandDisclaimer.trim();
  if (brand) {
    return expanded
      ? { text: brand, truncated: false, toggleLabel: SHOW_LESS, showing: 'brand' }
      : { text: repayment, truncated: false, toggleLabel: SHOW_MORE, showing: 'repayment' };
  }
  return { ...collapseDisclaimer(repayment, expanded, disclaimer.collapsedLength), showing: 'repayment' };
}
