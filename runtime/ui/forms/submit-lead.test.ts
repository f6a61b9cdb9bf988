import { describe, expect, it, vi } from 'vitest';
import { interpretLeadResponse, submitLead, withoutEmptyValues } from './submit-lead';

describe('lead submission outcomes (docs/requirements/dealer-services.md#errors)', () => {
  it('a 201 with a lead_id succeeds', () => {
    expect(interpretLeadResponse(201, { lead_id: 'L-1' })).toEqual({ ok: true, leadId: 'L-1' });
  });

  it('a success without a lead_id is a failure with the form error', () => {
    expect(interpretLeadResponse(200, {})).toMatchObject({ ok: false, message: 'An error occurred when submitting this form' });
  });

  it('a refusal shows the form error, the server message and the field errors', () => {
    expect(
      interpretLeadResponse(400, { error: 'Please check the highlighted fields.', fields: { email: 'Please enter a valid email address.', bad: 3 } }),
    ).toEqual({
      ok: false,
      message: 'An error occurred when submitting this form',
      detail: 'Please check the highlighted fields.',
      fields: { email: 'Please enter a valid email address.' },
      retrySameKey: false,
    });
    expect(interpretLeadResponse(429, { error: 'Too many submissions' })).toMatchObject({ detail: 'Too many submissions', retrySameKey: false });
  });

  it('an answer that is not JSON is unexpected, and a server failure may be retried with the same key', () => {
    expect(interpretLeadResponse(502, null)).toEqual({ ok: false, message: 'An unexpected error occured', retrySameKey: true });
    expect(interpretLeadResponse(500, { error: 'Database unavailable' })).toMatchObject({ detail: 'Database unavailable', retrySameKey: true });
  });

  it('a network failure is unexpected', async () => {
    const failing = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(submitLead({ form: 'enquiry', values: {} }, 'key-12345678', failing)).resolves.toEqual({
      ok: false,
      message: 'An unexpected error occured',
      retrySameKey: true,
    });
  });

  it('posts JSON with the idempotency key in the header and the body', async () => {
    const ok = vi.fn().mockResolvedValue(new Response(JSON.stringify({ lead_id: 'abc' }), { status: 201 }));
    await expect(submitLead({ form: 'enquiry', values: { name: 'Jo' } }, 'key-12345678', ok)).resolves.toEqual({ ok: true, leadId: 'abc' });
    const [path, init] = ok.mock.calls[0] ?? [];
    expect(path).toBe('/api/leads');
    expect(init.headers['Idempotency-Key']).toBe('key-12345678');
    expect(JSON.parse(init.body)).toEqual({ form: 'enquiry', values: { name: 'Jo' }, idempotency_key: 'key-12345678' });
  });

  it('empty text counts as not given', () => {
    expect(withoutEmptyValues({ name: '', email: '  ', opt_in: false, rego: 'ABC', budget: 0 })).toEqual({ opt_in: false, rego: 'ABC', budget: 0 });
  });
});
