import { describe, expect, it } from 'vitest';
import { makeSlug, modelDisplayName, normaliseMakeName } from './make-names';

describe('normaliseMakeName (docs/requirements/vehicle-browsing.md#constants)', () => {
  it('maps feed names to display names', () => {
    expect(normaliseMakeName('Suzuki Australia')).toBe('Suzuki');
    expect(normaliseMakeName('Isuzu UTE')).toBe('Isuzu');
    expect(normaliseMakeName('Mercedes Benz')).toBe('Mercedes-Benz');
    expect(normaliseMakeName('mercedes  benz')).toBe('Mercedes-Benz');
  });
  it('leaves other makes alone', () => {
    expect(normaliseMakeName('Toyota')).toBe('Toyota');
    expect(normaliseMakeName(' Land Rover ')).toBe('Land Rover');
  });
});

describe('modelDisplayName', () => {
  it('prefixes numeric Mazda and MG models', () => {
    expect(modelDisplayName('Mazda', '3')).toBe('Mazda3');
    expect(modelDisplayName('MG', '3')).toBe('MG3');
    expect(modelDisplayName('mg', '4')).toBe('MG4');
  });
  it('keeps named models and other makes', () => {
    expect(modelDisplayName('Mazda', 'CX-5')).toBe('CX-5');
    expect(modelDisplayName('MG', 'ZS')).toBe('ZS');
    expect(modelDisplayName('Peugeot', '308')).toBe('308');
  });
});

describe('makeSlug (docs/requirements/dealer-services.md#validation: spaces become hyphens)', () => {
  it('lower-cases and hyphenates', () => {
    expect(makeSlug('Land Rover')).toBe('land-rover');
    expect(makeSlug('Mercedes-Benz')).toBe('mercedes-benz');
    expect(makeSlug('Alfa  Romeo')).toBe('alfa-romeo');
  });
});
