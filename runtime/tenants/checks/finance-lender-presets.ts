// The calculator presets a site picks by number (settings.finance.calculator.interest.lenderRange,
// .lenderEstablishmentFee) must exist for its lender (docs/requirements/dealer-services.md#validation, #constants give them for Angle only): otherwise the
// calculator would silently fall back to the site's own figures.
import { LENDERS } from '../../domain/finance/lenders';
import type { Check } from './types';

export const financeLenderPresets: Check = {
  meta: { code: 'finance-lender-presets', description: "A lender preset picked in settings.finance.calculator exists for the site's finance provider." },
  run(doc) {
    const finance = doc.settings?.finance;
    if (!finance) return [];
    const provider = finance.provider ?? 'none';
    const presets = provider === 'none' ? undefined : LENDERS[provider]?.calculator;
    const name = provider === 'none' ? 'no finance provider' : (LENDERS[provider]?.name ?? provider);
    const problems: { path: string; message: string }[] = [];
    const range = finance.calculator?.interest?.lenderRange ?? 0;
    const ranges = presets?.interestRanges ?? [];
    if (range > ranges.length) {
      problems.push({
        path: 'settings.finance.calculator.interest.lenderRange',
        message: `interest range ${range} is not one of the seed's ranges for ${name} (${ranges.length ? `1 to ${ranges.length}` : 'it has none'}); use 0 for the site's own min and max`,
      });
    }
    const fee = finance.calculator?.lenderEstablishmentFee ?? 0;
    const fees = presets?.establishmentFees ?? [];
    if (fee > fees.length) {
      problems.push({
        path: 'settings.finance.calculator.lenderEstablishmentFee',
        message: `establishment fee ${fee} is not one of the seed's fees for ${name} (${fees.length ? `1 to ${fees.length}` : 'it has none'}); use 0 for settings.finance.calculator.establishmentFee`,
      });
    }
    return problems;
  },
};
