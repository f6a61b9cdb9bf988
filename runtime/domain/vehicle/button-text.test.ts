import { describe, expect, it } from 'vitest';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';
import { financeButtonTexts } from './button-text';

describe('finance button texts (the site configuration button-text options)', () => {
  it('default to Get Finance and, on finance cards, Get Pre-Approved', () => {
    expect(financeButtonTexts(withSettingsDefaults('vehicle', {}))).toEqual({ finance: 'Get Finance', financeCard: 'Get Pre-Approved' });
    expect(financeButtonTexts(undefined)).toEqual({ finance: 'Get Finance', financeCard: 'Get Pre-Approved' });
  });
  it("follow the site's choice of the spec's options", () => {
    const vehicle = withSettingsDefaults('vehicle', { buttonText: { finance: 'Get Pre-Approved', financeCard: 'Pre-Approved' } });
    expect(financeButtonTexts(vehicle)).toEqual({ finance: 'Get Pre-Approved', financeCard: 'Pre-Approved' });
  });
});
