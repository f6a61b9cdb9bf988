import { describe, expect, it } from 'vitest';
import { dealershipPhone, locationPhone } from './dealership-phone';

const dealership = { config: { salesPhone: ' 07 4632 7111 ', servicePhone: '07 4632 7190' } };
const at = (location_type: string | null, phone = '07 4632 7100') => ({ location_type, contact_detail: { phone } });

describe('dealershipPhone', () => {
  it('gives the configured sales or service number, or nothing', () => {
    expect(dealershipPhone(dealership, 'sales')).toBe('07 4632 7111');
    expect(dealershipPhone(dealership, 'service')).toBe('07 4632 7190');
    expect(dealershipPhone({ config: { salesPhone: '07 4632 7111' } }, 'service')).toBe('');
    expect(dealershipPhone({}, 'sales')).toBe('');
    expect(dealershipPhone(undefined, 'sales')).toBe('');
  });
});

describe('locationPhone', () => {
  it("shows the dealership's number for the location's kind of calls in place of its own", () => {
    expect(locationPhone(at('sales'), dealership)).toBe('07 4632 7111');
    expect(locationPhone(at(null), dealership)).toBe('07 4632 7111'); // empty type means sales
    expect(locationPhone(at('service'), dealership)).toBe('07 4632 7190');
  });

  it("keeps the location's own number for a parts counter, or where the dealership configures none", () => {
    expect(locationPhone(at('parts'), dealership)).toBe('07 4632 7100');
    expect(locationPhone(at('service'), { config: { salesPhone: '07 4632 7111' } })).toBe('07 4632 7100');
    expect(locationPhone(at('sales'), undefined)).toBe('07 4632 7100');
    expect(locationPhone({ location_type: 'sales' }, {})).toBe('');
  });
});
