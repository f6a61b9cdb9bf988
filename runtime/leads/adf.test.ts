// Every lead category's ADF validates against the ADF 1.0 DTD (runtime/leads/adf-1.0.dtd) with xmllint, the
// reference validator: with and without a car, with and without contact details, with hostile text.
import { describe, expect, it } from 'vitest';
import { buildLeadPayload, FORM_CATEGORIES, type LeadFormKind } from '../domain/leads';
import { leadToAdf } from './adf';
import { adfDtdErrors } from '../../test-support/adf-dtd';

const dtdErrors = (xml: string, _name: string) => adfDtdErrors(xml);

const car = { id: 9, make: 'Mazda', model: 'CX-5', year: 2024, stocknum: 'S1', car_type: 'used' };
const contact = { name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '0400000000', postcode: '4000', message: 'Hi <b>there</b> & more' };
const forms = Object.keys(FORM_CATEGORIES) as LeadFormKind[];

describe('ADF XML against the ADF 1.0 DTD', () => {
  it('the DTD itself is well-formed and rejects a document that breaks it', () => {
    expect(dtdErrors('<adf><prospect><requestdate>x</requestdate><customer/></prospect></adf>', 'broken')).toMatch(/does not validate|validity error/);
  });

  for (const form of forms) {
    it(`${form} (${FORM_CATEGORIES[form].category}) with a car is valid`, () => {
      const p = buildLeadPayload(contact, { form, url: '/cars/x?a=1&b=2', leadId: `lead-${form}`, car });
      const xml = leadToAdf(p, { createdAt: Date.parse('2026-11-22T00:00:00Z'), dealershipName: 'City & Co', dealershipPhone: '07 3000 0000' });
      expect(dtdErrors(xml, `${form}-car`)).toBe('');
    });

    it(`${form} without a car, postcode or email is valid`, () => {
      const p = buildLeadPayload({ name: 'Bo', phone: '0400000001', message: 'x' }, { form, url: '/contact', leadId: `lead-${form}-2` });
      const xml = leadToAdf(p, { createdAt: 0 });
      expect(dtdErrors(xml, `${form}-bare`)).toBe('');
    });
  }

  it('orders vendor parts as the DTD does and always names a vehicle', () => {
    const p = buildLeadPayload(contact, { form: 'contact', url: '/contact', leadId: 'lead-x' });
    const xml = leadToAdf(p, { createdAt: 0, dealershipName: 'City Motors', dealershipEmail: 'sales@city.example' });
    expect(xml).toContain('<vehicle interest="buy"><year></year><make></make><model></model></vehicle>');
    expect(xml).toContain(
      '<vendorname>City Motors</vendorname><contact><name part="full" type="business">City Motors</name><email>sales@city.example</email></contact></vendor>',
    );
    expect(xml).toContain('<address><street line="1"></street><postalcode>4000</postalcode><country>AU</country></address>');
  });
});
