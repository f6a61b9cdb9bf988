import { describe, expect, it } from 'vitest';
import { LENDERS, financeInfoForLender } from './lenders';
import schema from '../../../schemas/settings/finance.schema.json';

describe('lender table (docs/requirements/dealer-services.md#validation)', () => {
  it('has one rule for every lender id in the settings schema', () => {
    const ids = schema.properties.provider.enum.filter((id) => id !== 'none');
    expect(Object.keys(LENDERS).sort()).toEqual([...ids].sort());
    for (const [id, rule] of Object.entries(LENDERS)) expect(rule.id).toBe(id);
  });

  it('Taurus: year within the last 12 years, price above 500, available, comparison rate present', () => {
    expect(LENDERS.taurus.conditions).toEqual(['yearWithinMaxAge', 'priceAboveFloor', 'available', 'comparisonRatePresent']);
    expect(LENDERS.taurus.maxAgeYears).toBe(12);
  });

  it('360 Finance and AusLoans: available only', () => {
    expect(LENDERS['360-finance'].conditions).toEqual(['available']);
    expect(LENDERS.ausloans.conditions).toEqual(['available']);
  });

  it('Manual, Angle, Powertorque: price above 500, available, weekly payment; Nissan Finance: monthly payment', () => {
    for (const id of ['manual', 'angle', 'powertorque'] as const) {
      expect(LENDERS[id].conditions).toEqual(['priceAboveFloor', 'available', 'weeklyPaymentPresent']);
    }
    expect(LENDERS['nissan-finance'].conditions).toEqual(['priceAboveFloor', 'available', 'monthlyPaymentPresent']);
  });

  it('Angle calculator figures from the seed', () => {
    const angle = LENDERS.angle.calculator!;
    expect(angle.interestRanges).toEqual([
      { min: 7.5, max: 14.5 },
      { min: 1, max: 14.5 },
      { min: 5.99, max: 15.99 },
    ]);
    expect(angle.establishmentFees).toEqual([1300, 1360.5]);
    expect(angle.comparisonRatePlaceholder).toEqual({ min: 8.38, max: 19.42 });
    expect(angle.roundingModes).toContain('down');
  });
});

describe('financeInfoForLender', () => {
  const lenders = { Taurus: { interestRate: 9.9 }, '360 Finance': { interestRate: 7 }, nissan_finance: { interestRate: 5 } };
  it('finds a lender by name or id, loosely', () => {
    expect(financeInfoForLender(lenders, 'taurus')).toEqual({ interestRate: 9.9 });
    expect(financeInfoForLender(lenders, '360-finance')).toEqual({ interestRate: 7 });
    expect(financeInfoForLender(lenders, 'nissan-finance')).toEqual({ interestRate: 5 });
  });
  it('is undefined when missing', () => {
    expect(financeInfoForLender(lenders, 'angle')).toBeUndefined();
    expect(financeInfoForLender(null, 'angle')).toBeUndefined();
  });
});
