// A Trade-in Enquiry with a valuation as ADF: the shopper's car as <vehicle interest="trade-in"> with the appraisal,
// the listed car as one to buy, and the valuation and photo links in the comments (all escaped).
import { describe, expect, it } from 'vitest';
import { buildLeadPayload } from '../domain/leads';
import { leadToAdf } from './adf';
import { adfDtdErrors } from '../../test-support/adf-dtd';

describe('ADF of a valued trade-in', () => {
  it('names the trade-in vehicle, its odometer and appraisal, and lists the photo links', () => {
    const payload = buildLeadPayload(
      { name: 'Ann', email: 'a@b.co', phone: '0412345678', postcode: '4000', message: 'Tidy <car>' },
      { form: 'trade-in', url: '/cars/trade-in?car_id=5', leadId: 'lead-9', car: { id: 5, make: 'Mazda', model: 'CX-5', car_type: 'used' } },
    );
    payload.valuation = {
      evalid: 'e',
      rego: 'EVAL01',
      state: 'qld',
      regoState: 'QLD',
      manualEntry: null,
      images: ['http://site.localhost/api/eval-expert/images/x?expires=1&sig=a&b'],
      postcode: '4000',
      odometer: 30000,
      service_history: 'Full service history',
      number_of_keys: '2',
      car_condition: 'Good',
      adjustment_answers: [],
      comments: 'Tidy <car>',
      offer_price: 18500,
      offer_valid_until: '2026-11-30',
      offer_accepted: false,
      form_completed: true,
      PreferredContactMethod: 'SMS',
      finance: 'No',
      vehicle: { Make: 'Toyota', Model: 'Corolla', Year: 2022, VIN: 'MR0', Variant: 'Ascent Sport' },
    };
    const xml = leadToAdf(payload, { createdAt: 0 });
    expect(adfDtdErrors(xml)).toBe('');
    expect(xml).toContain('<vehicle interest="buy" status="used"><id source="Website">5</id>');
    expect(xml).toContain(
      '<vehicle interest="trade-in" status="used"><year>2022</year><make>Toyota</make><model>Corolla</model><vin>MR0</vin><trim>Ascent Sport</trim><odometer status="original" units="km">30000</odometer><price type="appraisal" currency="AUD">18500</price>',
    );
    expect(xml).toContain('Trade-in: EVAL01 (QLD), offer $18500 valid until 2026-11-30');
    expect(xml).toContain('http://site.localhost/api/eval-expert/images/x?expires=1&amp;sig=a&amp;b');
    expect(xml).toContain('Tidy &lt;car&gt;');
  });
});
