// The wizard's step error (docs/requirements/dealer-services.md#errors): the server's message, or 'An error occurred while submitting the form.
// Please try again.' when there is none (network failure, an answer that is not JSON).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postJson } from './api';

const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
afterEach(() => vi.unstubAllGlobals());

describe('postJson', () => {
  it('passes the data of a 2xx answer', async () => {
    vi.stubGlobal('fetch', answer(200, '[{"EvalID":"e"}]'));
    expect(await postJson('/api/eval-expert/enter-vin', { rego: 'X', state: 'qld' })).toEqual({ ok: true, data: [{ EvalID: 'e' }] });
  });
  it("shows the server's message and field errors", async () => {
    vi.stubGlobal('fetch', answer(422, '{"error":"Please fix the following errors:","fields":{"rego":"* This field is required"}}'));
    expect(await postJson('/x', {})).toEqual({ ok: false, error: 'Please fix the following errors:', fields: { rego: '* This field is required' } });
  });
  it("falls back to 'An error occurred while submitting the form. Please try again.'", async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    expect(await postJson('/x', {})).toEqual({ ok: false, error: 'An error occurred while submitting the form. Please try again.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await postJson('/x', {})).toEqual({ ok: false, error: 'An error occurred while submitting the form. Please try again.' });
  });
});
