import { describe, expect, it } from 'vitest';
import { regoExpiryText } from './rego-expiry';

const now = new Date('2025-07-10T02:00:00Z'); // 10/07/2025 noon in Brisbane

describe('regoExpiryText (docs/requirements/vehicle-browsing.md#validation)', () => {
  it("shows 'Expires on {dd/mm/yyyy}' for a future date", () => {
    expect(regoExpiryText('2026-03-05', {}, now)).toBe('Expires on 05/03/2026');
    expect(regoExpiryText('2025-07-10T00:00:00+10:00', {}, now)).toBe('Expires on 10/07/2025');
  });
  it("shows 'Unregistered' for a past date only on enabled sites", () => {
    expect(regoExpiryText('2025-07-09T00:00:00+10:00', { unregisteredWhenRegoExpired: true }, now)).toBe('Unregistered');
    expect(regoExpiryText('2025-07-09T00:00:00+10:00', {}, now)).toBeNull();
  });
  it('shows nothing without a valid date', () => {
    expect(regoExpiryText(null, {}, now)).toBeNull();
    expect(regoExpiryText('soon', {}, now)).toBeNull();
  });
});
