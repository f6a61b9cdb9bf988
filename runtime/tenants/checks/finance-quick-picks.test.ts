import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { type SettingsInput, withSettingsDefaults } from '../../../test-support/settings-defaults';
import { validateTenantDocument } from '../validate';
import { financeQuickPicks } from './finance-quick-picks';

const doc = (finance: SettingsInput<'finance'>) => ({ settings: { finance: withSettingsDefaults('finance', finance) } }) as unknown as TenantDocument;
const run = (finance: SettingsInput<'finance'>) => financeQuickPicks.run(doc(finance), { schema: {} });

describe('finance-quick-picks check', () => {
  it('accepts the standard picks inside the default limits, and high-value picks inside raised limits', () => {
    expect(run({})).toEqual([]);
    expect(run({ highValueQuickPicks: true, calculator: { amount: { max: 1000000, purchasePriceMax: 1000000 } } })).toEqual([]);
  });

  it("refuses a high-value pick beyond the calculator's maximum, naming the pick's JSON path and the real limits", () => {
    const problems = run({ highValueQuickPicks: true });
    expect(problems.map((p) => p.path)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `settings.finance.quickPicks.highValue[${i}]`));
    expect(problems[0]?.message).toBe(
      "quick pick $300,000 is outside the calculator's limits: more than $1,000 (settings.finance.calculator.amount.min), at most $100,000 " +
        '(settings.finance.calculator.amount.max) and less than $250,000 (settings.finance.calculator.amount.purchasePriceMax); change the pick or the limits',
    );
  });

  it('refuses a pick at or below the minimum, and one at the purchase price limit (where the out-of-range message shows)', () => {
    const problems = run({ quickPicks: { standard: [1000, 5000, 250000] }, calculator: { amount: { max: 300000 } } });
    expect(problems.map((p) => p.path)).toEqual(['settings.finance.quickPicks.standard[0]', 'settings.finance.quickPicks.standard[2]']);
  });

  it('only the list in use is checked', () => {
    expect(run({ quickPicks: { highValue: [900000] } })).toEqual([]);
  });
});

describe('the validator', () => {
  it('runs the check on whole documents', () => {
    const result = validateTenantDocument({ settings: { finance: { highValueQuickPicks: true } } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.some((p) => p.path === 'settings.finance.quickPicks.highValue[5]' && p.code === 'finance-quick-picks')).toBe(true);
  });
});
