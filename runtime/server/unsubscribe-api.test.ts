// POST /api/unsubscribe on the whole app: validated on the server, recorded per site, a repeat is idempotent, the answer
// never tells whether the address was on the list, and a mail's signed link is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/editor';
import { send } from '../../test-support/http-client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ total: 60 });
}, 60_000);
afterAll(async () => app?.close());

const host = (slug: string) => `${slug}.localhost`;

describe('POST /api/unsubscribe', () => {
  it('records the address for the site it was sent to, and says so', async () => {
    const r = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', { email: ' Ann@Example.com ' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ unsubscribed: true, message: 'You have been unsubscribed. You will no longer receive marketing emails from us.' });
    expect(await app.unsubscribes.has('big-sky-cars', 'ann@example.com')).toBe(true);
    expect(await app.unsubscribes.has('harbourside-mazda', 'ann@example.com')).toBe(false);
  });

  it('a second unsubscribe of the same address is the same answer and one record', async () => {
    const first = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', { email: 'cy@example.com' });
    const again = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', { email: 'cy@example.com' });
    expect(again.status).toBe(200);
    // Word for word the same: nobody can learn from the answer who is on the list.
    expect(again.raw.toString('utf8')).toBe(first.raw.toString('utf8'));
    expect(again.json).toEqual({ unsubscribed: true, message: 'You have been unsubscribed. You will no longer receive marketing emails from us.' });
    expect((await app.unsubscribes.list('big-sky-cars')).filter((x) => x.email === 'cy@example.com')).toHaveLength(1);
  });

  it("accepts a mail's signed link for its address and site, and refuses any other token, storing nothing", async () => {
    // Sites of their own here: each site allows a client 10 unsubscribes a minute.
    const [SITE, OTHER] = ['southern-cross-motor-group', 'outback-caravans-motorcycles'];
    const token = app.unsubscribeLinks.token(SITE, 'dee@example.com');
    const signed = await send(app.server, host(SITE), 'POST', '/api/unsubscribe', { email: 'Dee@Example.com', token });
    expect(signed.status).toBe(200);
    expect(signed.json).toEqual({ unsubscribed: true, message: 'You have been unsubscribed. You will no longer receive marketing emails from us.' });
    expect(await app.unsubscribes.has(SITE, 'dee@example.com')).toBe(true);
    const badLink = 'This unsubscribe link is not valid for this address. Please enter your email address and press Unsubscribe.';
    for (const [site, email, given] of [
      [SITE, 'eve@example.com', token],
      [OTHER, 'dee@example.com', token],
      [SITE, 'eve@example.com', 'forged'],
      [SITE, 'eve@example.com', ''],
      [SITE, 'eve@example.com', 42],
    ] as [string, string, unknown][]) {
      const r = await send(app.server, host(site), 'POST', '/api/unsubscribe', { email, token: given });
      expect(r.status, `${site} ${email} ${given}`).toBe(400);
      expect(r.json).toEqual({ error: badLink });
    }
    expect(await app.unsubscribes.has(SITE, 'eve@example.com')).toBe(false);
    expect(await app.unsubscribes.has(OTHER, 'dee@example.com')).toBe(false);
  });

  it('refuses a missing or bad address with the form messages, and bad bodies with a 4xx', async () => {
    const missing = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: '* This field is required', fields: { email: '* This field is required' } });
    const bad = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Please enter a valid email address.');
    const broken = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', '{"email":');
    expect(broken.status).toBe(400);
    const array = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', ['x']);
    expect(array.status).toBe(400);
  });
});
