import { describe, expect, it } from 'vitest';
import { unsubscribeEmail, UNSUBSCRIBE_MESSAGES } from '.';

describe('unsubscribe email rule', () => {
  it("requires an address, with the lead forms' messages", () => {
    expect(unsubscribeEmail('')).toEqual({ ok: false, message: '* This field is required' });
    expect(unsubscribeEmail('   ')).toEqual({ ok: false, message: UNSUBSCRIBE_MESSAGES.required });
    expect(unsubscribeEmail(undefined)).toEqual({ ok: false, message: UNSUBSCRIBE_MESSAGES.required });
    expect(unsubscribeEmail(42)).toEqual({ ok: false, message: UNSUBSCRIBE_MESSAGES.required });
  });
  it('refuses what is not an email address', () => {
    for (const bad of ['ann', 'ann@', 'ann@example', 'a b@example.com', `${'a'.repeat(250)}@example.com`])
      expect(unsubscribeEmail(bad)).toEqual({ ok: false, message: 'Please enter a valid email address.' });
  });
  it('trims and lower-cases, so one address is one record', () => {
    expect(unsubscribeEmail('  Ann.Lee@Example.COM ')).toEqual({ ok: true, email: 'ann.lee@example.com' });
  });
});
