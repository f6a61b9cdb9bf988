// The finance calculator's quick picks fill its purchase price: a pick outside the calculator's limits would either
// be cut to the largest loan amount without a word or greet the shopper with the out-of-range message.
import { formatMoney } from '../../domain/format';
import { resolveFinanceSettings } from '../../domain/finance/settings';
import type { Check } from './types';

export const financeQuickPicks: Check = {
  meta: {
    code: 'finance-quick-picks',
    description: "The finance quick picks a site offers lie inside its calculator's purchase price and loan amount limits.",
  },
  run(doc) {
    const given = doc.settings?.finance;
    if (!given) return [];
    const settings = resolveFinanceSettings(given);
    const list = settings.highValueQuickPicks ? 'highValue' : 'standard';
    const { min, max, purchasePriceMax } = settings.calculator.amount;
    // the out-of-range message shows at the purchase price's limits, so a pick must lie strictly inside them
    const upper = Math.min(max, purchasePriceMax - 1);
    return settings.quickPicks[list].flatMap((pick, i) =>
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
