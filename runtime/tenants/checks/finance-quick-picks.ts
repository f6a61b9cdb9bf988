// The finance calculator's quick picks fill its purchase price: a pick outside the calculator's limits would either
// be cut to the largest loan amount without a word or greet the shopper with the out-of-range message.
import { formatMoney } from '../../domain/format';
import { resolvedSettings } from '../../domain/settings';
import type { Check } from './types';

export const financeQuickPicks: Check = {
  meta: {
    code: 'finance-quick-picks',
    description: "The finance quick picks a site offers lie inside its calculator's purchase price and loan amount limits.",
  },
  run(doc) {
    // Ajv has filled the defaults in; a document it refused may still lack the parts this check reads.
    const settings = doc.settings && resolvedSettings(doc.settings).finance;
    const list = settings?.highValueQuickPicks ? 'highValue' : 'standard';
    const picks = settings?.quickPicks?.[list];
    const amount = settings?.calculator?.amount;
    if (!Array.isArray(picks) || !amount) return [];
    const { min, max, purchasePriceMax } = amount;
    // the out-of-range message shows at the purchase price's limits, so a pick must lie strictly inside them
    const upper = Math.min(max, purchasePriceMax - 1);
    return picks.flatMap((pick, i) =>
      pick > min && pick <= upper
        ? []
        : [
            {
              path: `settings.finance.quickPicks.${list}[${i}]`,
              message:
                `quick pick ${formatMoney(pick)} is outside the calculator's limits: more than ${formatMoney(min)} (settings.finance.calculator.amount.min), ` +
                `at most ${formatMoney(max)} (settings.finance.calculator.amount.max) and less than ${formatMoney(purchasePriceMax)} ` +
                '(settings.finance.calculator.amount.purchasePriceMax); change the pick or the limits',
            },
          ],
    );
  },
};
