import { describe, expect, it } from 'vitest';
import { deliveryPostcodeError, deliveryResult } from './delivery-estimate';
import { limitPostcodeInput, postcodeError } from './postcode';

describe('delivery estimate (docs/requirements/vehicle-browsing.md#validation, #errors)', () => {
  it("asks for a postcode when empty: 'Please enter a postcode.'", () => {
    expect(deliveryPostcodeError('')).toBe('Please enter a postcode.');
    expect(deliveryPostcodeError('  ')).toBe('Please enter a postcode.');
    expect(deliveryPostcodeError('4000')).toBeNull();
  });
  it('shows the estimate or the unavailable message', () => {
    expect(deliveryResult({ name: 'Brisbane Metro', price: 350 })).toEqual({ kind: 'estimate', region: 'Brisbane Metro', price: 350 });
    expect(deliveryResult(null)).toEqual({
      kind: 'unavailable',
      message: "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    });
    expect(deliveryResult({ name: 'Nowhere' }).kind).toBe('unavailable');
  });
});

describe('postcode validation (docs/requirements/dealer-services.md#validation)', () => {
  it('needs exactly 4 digits', () => {
    expect(postcodeError('4000')).toBeNull();
    expect(postcodeError('400')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(postcodeError('40001')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(postcodeError('40a0')).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(postcodeError('')).toBe('Invalid postcode. Please enter a 4-digit number.');
  });
  it('limits input to 4 characters', () => {
    expect(limitPostcodeInput('400012')).toBe('4000');
  });
});
