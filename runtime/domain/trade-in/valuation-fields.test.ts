import { describe, expect, it } from 'vitest';
import { buildLeadPayload } from '../leads';
import { leadEmail } from '../../leads/email';
import { adjustmentAnswers, valuationRows, type TradeInValuationFields } from './valuation-fields';

const details = { service_history: 'Partial service history', number_of_keys: '2', car_condition: 'Fair' };
const valuation: TradeInValuationFields = {
  evalid: '0b7c8a52-8d0e-4e43-9a3c-3a1f0f6c9d11',
  rego: 'abc123',
  state: 'nsw',
  regoState: 'NSW',
  manualEntry: '2019 Toyota Corolla Ascent Sport Hatchback',
  images: ['https://site.example/api/eval-expert/images/1?sig=x'],
  postcode: '2000',
  odometer: 64500,
  ...details,
  adjustment_answers: adjustmentAnswers(details),
  comments: 'One owner',
  offer_price: 18500,
  offer_valid_until: '2026-12-06',
  offer_accepted: false,
  form_completed: true,
  PreferredContactMethod: 'Phone',
  finance: 'No',
  vehicle: {
    EvalID: '0b7c8a52-8d0e-4e43-9a3c-3a1f0f6c9d11',
    VIN: 'JTNK4RBE90J012345',
    EngineNo: 'E0J012345',
    Registration: 'ABC123',
    RegExpiry: '2026-03-31',
    Make: 'Toyota',
    Model: 'Corolla',
    Series: 'ZWE211R',
    Variant: 'Ascent Sport',
    Year: 2019,
    Transmission: 'Automatic',
    redbookCode: 'AUVTOYO2019AEAB',
    Body: 'Hatchback',
    Cylinders: 4,
    CompMth: 3,
    CompYr: 2019,
    BuildMth: 1,
    BuildYr: 2019,
  },
};

describe('the valuation the dealer reads', () => {
  it('keeps the adjustment answers as asked: question and answer, in order', () => {
    expect(valuation.adjustment_answers).toEqual([
      { question: 'Service history', answer: 'Partial service history' },
      { question: 'Number of keys', answer: '2' },
      { question: 'Car condition', answer: 'Fair' },
    ]);
  });

  it('lists the vehicle result fields, the adjustment answers, the offer and the photos', () => {
    expect(valuationRows(valuation)).toEqual([
      ['Trade-in vehicle', '2019 Toyota Corolla Ascent Sport ZWE211R'],
      ['Registration', 'ABC123 NSW'],
      ['Registration expiry', '2026-03-31'],
      ['VIN', 'JTNK4RBE90J012345'],
      ['Engine number', 'E0J012345'],
      ['Body', 'Hatchback'],
      ['Transmission', 'Automatic'],
      ['Cylinders', '4'],
      ['Compliance date', '03/2019'],
      ['Build date', '01/2019'],
      ['Redbook code', 'AUVTOYO2019AEAB'],
      ['Description chosen', '2019 Toyota Corolla Ascent Sport Hatchback'],
      ['Odometer', '64,500 km'],
      ['Service history', 'Partial service history'],
      ['Number of keys', '2'],
      ['Car condition', 'Fair'],
      ['Instant offer', '$18,500 (valid until 2026-12-06)'],
      ['Evaluation id', '0b7c8a52-8d0e-4e43-9a3c-3a1f0f6c9d11'],
      ['Photos', 'https://site.example/api/eval-expert/images/1?sig=x'],
    ]);
  });

  it('leaves out what the service did not give, and says when there is no instant offer', () => {
    const rows = valuationRows({
      ...valuation,
      manualEntry: null,
      offer_price: null,
      offer_valid_until: null,
      images: [],
      vehicle: { Make: 'Ford', Model: 'Falcon', Year: 2009 },
    });
    expect(rows.map(([label]) => label)).toEqual([
      'Trade-in vehicle',
      'Registration',
      'Odometer',
      'Service history',
      'Number of keys',
      'Car condition',
      'Instant offer',
      'Evaluation id',
    ]);
    expect(rows).toContainEqual(['Instant offer', 'None: our team values the car']);
  });

  it("is in the Trade-in Enquiry lead's email to the dealership, escaped in its HTML", () => {
    const payload = buildLeadPayload(
      { name: 'Ann', email: 'ann@example.com', phone: '0412345678', postcode: '2000', message: 'One owner' },
      { form: 'trade-in', url: '/trade-in', leadId: 'L9' },
    );
    payload.valuation = { ...valuation, adjustment_answers: adjustmentAnswers({ ...details, car_condition: 'Good <as new>' }) };
    const mail = leadEmail(payload, { from: 'a@b.co', to: ['c@d.co'] }, 'L9');
    expect(mail.text).toContain('VIN: JTNK4RBE90J012345');
    expect(mail.text).toContain('Trade-in vehicle: 2019 Toyota Corolla Ascent Sport ZWE211R');
    expect(mail.text).toContain('Instant offer: $18,500 (valid until 2026-12-06)');
    expect(mail.html).toContain('<th align="left" valign="top">Car condition</th><td>Good &lt;as new&gt;</td>');
  });
});
