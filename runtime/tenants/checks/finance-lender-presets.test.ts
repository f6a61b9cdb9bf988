import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { financeLenderPresets } from './finance-lender-presets';

const doc = (finance: Record<string, unknown>) => ({ settings: { finance } }) as unknown as TenantDocument;
const run = (finance: Record<string, unknown>) => financeLenderPresets.run(doc(finance), { schema: {} });

describe('finance-lender-presets check', () => {
  it("accepts Angle's three interest ranges and two establishment fees", () => {
    expect(run({ provider: 'angle', calculator: { interest: { lenderRange: 3 }, lenderEstablishmentFee: 2 } })).toEqual([]);
    expect(run({ provider: 'taurus' })).toEqual([]);
  });

  it('refuses a preset the lender does not have', () => {
    expect(run({ provider: 'taurus', calculator: { interest: { lenderRange: 1 } } })).toEqual([
      {
        path: 'settings.finance.calculator.interest.lenderRange',
        message: "interest range 1 is not one of the seed's ranges for Taurus (it has none); use 0 for the site's own min and max",
      },
    ]);
    expect(run({ provider: 'none', calculator: { lenderEstablishmentFee: 1 } })[0]?.path).toBe('settings.finance.calculator.lenderEstablishmentFee');
  });
});
