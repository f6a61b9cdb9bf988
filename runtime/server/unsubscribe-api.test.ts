// POST /api/unsubscribe on the whole app: validated on the server, recorded per site, a repeat is idempotent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../editor/test-editor';
import { send } from './test-client';

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
    expect(r.json).toEqual({ unsubscribed: true, already: false, message: 'You have been unsubscribed. You will no longer receive marketing emails from us.' });
    expect(await app.unsubscribes.has('big-sky-cars', 'ann@example.com')).toBe(true);
    expect(await app.unsubscribes.has('harbourside-mazda', 'ann@example.com')).toBe(false);
  });

  it('a second unsubscribe of the same address is the same answer and one record', async () => {
    const r = await send(app.server, host('big-sky-cars'), 'POST', '/api/unsubscribe', { email: 'ann@example.com' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ unsubscribed: true, already: true });
    expect((await app.unsubscribes.list('big-sky-cars')).filter((x) => x.email === 'ann@example.com')).toHaveLength(1);
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
