import { describe, expect, it } from 'vitest';
import { collapseDisclaimer, disclaimerText, disclaimerValues } from './disclaimer';

const defaults = withSettingsDefaults('finance');
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

describe('disclaimer values (docs/requirements/dealer-services.md#constants)', () => {
  it('default: 5-year term, 10.0% deposit, 30.0% final payment', () => {
    expect(disclaimerValues(defaults)).toEqual({ termYears: '5', depositPercent: '10.0', finalPaymentPercent: '30.0' });
    const text = disclaimerText(defaults);
    expect(text).toContain('5-year term, 10.0% deposit, 30.0% final payment');
    expect(text).toContain('5-year secured consumer fixed rate loan of $30,000');
  });

  it("a site's own example figures replace the seed's", () => {
    expect(disclaimerValues(withSettingsDefaults('finance', { disclaimer: { termYears: 6.5, depositPercent: 12.5, finalPaymentPercent: 25 } }))).toEqual({
      termYears: '6.5',
      depositPercent: '12.5',
      finalPaymentPercent: '25.0',
    });
  });
});

describe('collapse at 197 characters', () => {
  const long = defaults.disclaimer.text;
  it('collapsed: the first 197 characters and Show More', () => {
    const collapsed = collapseDisclaimer(long, false);
    expect(collapsed.text).toBe(`${long.slice(0, 197)}...`);
    expect(collapsed.toggleLabel).toBe('Show More');
    expect(collapsed.truncated).toBe(true);
  });
  it('expanded: the whole text and Show Less', () => {
    expect(collapseDisclaimer(long, true)).toEqual({ text: long, truncated: false, toggleLabel: 'Show Less' });
  });
  it('197 characters or fewer: no toggle', () => {
    const exact = 'x'.repeat(197);
    expect(collapseDisclaimer(exact, false)).toEqual({ text: exact, truncated: false, toggleLabel: null });
    expect(collapseDisclaimer('x'.repeat(198), false).text).toBe(`${'x'.repeat(197)}...`);
  });
});
