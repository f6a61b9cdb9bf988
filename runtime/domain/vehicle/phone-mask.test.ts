import { describe, expect, it } from 'vitest';
import { maskedPhone } from './phone-mask';

describe('maskedPhone (docs/requirements/vehicle-browsing.md#states)', () => {
  it('masks after the first five characters', () => {
    expect(maskedPhone('07 3123 4567')).toBe('07 31XX XXXX');
    expect(maskedPhone('1300 123 456')).toBe('1300 XXX XXX');
  });
  it('shows the number when revealed or on unmasked sites', () => {
    expect(maskedPhone('07 3123 4567', {}, true)).toBe('07 3123 4567');
    expect(maskedPhone('07 3123 4567', { phoneMasked: false })).toBe('07 3123 4567');
  });
});
