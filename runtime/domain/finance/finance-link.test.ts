import { describe, expect, it } from 'vitest';
import { financeLink } from './finance-link';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const car = { id: 1234, price: 45990, car_type: 'used', vin: 'JTMBFREV10D012345', dealership_slug: 'city-motors' };

describe('financeLink (docs/requirements/dealer-services.md#screens)', () => {
  it('default path /finance with the five query parameters and #finance-form', () => {
    expect(financeLink(car, withSettingsDefaults('finance'))).toBe(
      '/finance?preferredDealership=city-motors&vehiclePriceBudget=45990&car_id=1234&car_type=used&vin=JTMBFREV10D012345#finance-form',
    );
  });

  it('uses the configured path and keeps its own query', () => {
    expect(financeLink(car, withSettingsDefaults('finance', { financePath: '/apply-for-finance' }))).toMatch(/^\/apply-for-finance\?preferredDealership=/);
    expect(financeLink(car, withSettingsDefaults('finance', { financePath: '/finance-enquiry?src=car' }))).toMatch(
      /^\/finance-enquiry\?src=car&preferredDealership=city-motors&/,
    );
  });

  it('leaves out missing values and a price of 0, and encodes', () => {
    expect(financeLink({ id: 7, price: 0, car_type: 'new', vin: null, dealership_slug: 'a b' }, withSettingsDefaults('finance'))).toBe(
      '/finance?preferredDealership=a+b&car_id=7&car_type=new#finance-form',
    );
  });
});
