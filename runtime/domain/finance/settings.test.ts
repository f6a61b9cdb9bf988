import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import schema from '../../../schemas/settings/finance.schema.json';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

describe('finance settings', () => {
  it("the schema's defaults are the seed's values", () => {
    const s = withSettingsDefaults('finance');
    expect(s.excludedManufacturers).toEqual(['Suzuki']);
    expect(s.calculator.amount).toMatchObject({ default: 30000, min: 1000, max: 100000, step: 500 });
    expect(s.calculator.term).toMatchObject({ default: 5, min: 1, max: 7, step: 0.5 });
    expect(s.calculator.interest).toMatchObject({ default: 10, min: 0.5, max: 15, step: 0.5, locked: false });
    expect(s.calculator.deposit).toMatchObject({ min: 0, max: 250000, step: 0.5 });
    expect(s.calculator.residual).toMatchObject({ default: 0, min: 0, max: 250000, step: 0.5 });
    expect(s.calculator.establishmentFee).toBe(0);
    expect(s.calculator.rounding).toBe('up');
    expect(s.disclaimer.collapsedLength).toBe(197);
    expect(s.financePath).toBe('/finance');
    expect(s.priceFloor).toBe(500);
    expect(s.calculator.minimumRepayment).toBe(25);
  });

  it('rejects unknown keys and lenders', () => {
    const validate = new Ajv({ strict: true }).compile(schema);
    expect(validate({ provider: 'acme-finance' })).toBe(false);
    expect(validate({ calculator: { amount: { maximum: 5 } } })).toBe(false);
    expect(validate({ provider: 'angle', calculator: { interest: { min: 7.5, max: 14.5 } } })).toBe(true);
  });

  it('fills nested defaults around the options given; arrays given replace the default', () => {
    const s = withSettingsDefaults('finance', { provider: 'taurus', calculator: { term: { max: 5 } }, excludedManufacturers: [] });
    expect(s.provider).toBe('taurus');
    expect(s.calculator.term).toEqual({ default: 5, min: 1, max: 5, step: 0.5, increments: [] });
    expect(s.calculator.amount.default).toBe(30000);
    expect(s.excludedManufacturers).toEqual([]);
    expect(withSettingsDefaults('finance').calculator.term.max).toBe(7);
  });
});
