// Money and kilometre inputs (docs/requirements/dealer-services.md#validation, #constants): thousands separators while typing, a $ prefix or a kms suffix,
// and quick-pick buttons. Pure helpers; the components in number-fields.tsx use them.
import { formatNumber } from '../../domain/format';

/** docs/requirements/dealer-services.md#constants: money quick picks run $5,000 to $70,000, or $300,000 to $800,000 on sites with the flag. */
const MONEY_QUICK_PICKS = [5000, 10000, 15000, 20000, 30000, 40000, 50000, 70000] as const;
const HIGH_VALUE_MONEY_QUICK_PICKS = [300000, 400000, 500000, 600000, 700000, 800000] as const;
/** Kilometre quick picks (the seed names the buttons, not their values). */
export const KMS_QUICK_PICKS = [10000, 30000, 50000, 80000, 100000, 150000] as const;

export const moneyQuickPicks = (highValue: boolean): readonly number[] => (highValue ? HIGH_VALUE_MONEY_QUICK_PICKS : MONEY_QUICK_PICKS);

/** The whole number a shopper typed ('$12,5a00' -> 12500); '' when there are no digits. */
export function parseWholeNumber(text: string): number | '' {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return '';
  return Number(digits.slice(0, 15));
}

/** What the input shows: '12,500' (the $ and kms are drawn beside it), '' for nothing. */
export function displayWholeNumber(value: number | '' | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatNumber(value) : '';
}

/** A quick pick's button text: '$5,000' or '50,000 kms'. */
export const quickPickLabel = (value: number, unit: 'money' | 'kms') => (unit === 'money' ? `$${formatNumber(value)}` : `${formatNumber(value)} kms`);
