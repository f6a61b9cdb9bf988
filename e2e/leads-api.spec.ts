// POST /api/leads as Chromium sends it: a same-site fetch is accepted (201 { lead_id }) and a retry with the same
// Idempotency-Key answers the same lead_id; a post from another dealer's site (real Origin header) is refused.
import { expect, test } from '@playwright/test';
import { port, siteUrl } from './helpers';

const values = { name: 'Pat', email: 'pat@example.com', phone: '0412 345 678', message: 'Is the car still available?', category: 'General Enquiry' };

async function submit(page: import('@playwright/test').Page, target: string, key: string, body: unknown) {
  return page.evaluate(
    async ({ target, key, body }) => {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
        });
        return { status: res.status, json: await res.json() };
      } catch (e) {
        return { status: 0, json: { error: String(e) } };
      }
    },
    { target, key, body },
  );
}

test('a same-site submission is stored once and answered with its lead_id, retries included', async ({ page }) => {
  await page.goto(siteUrl('harbourside-mazda', '/contact'));
  const key = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const first = await submit(page, '/api/leads', key, { form: 'contact', values, context: { url: page.url() } });
  expect(first.status).toBe(201);
  expect(first.json.lead_id).toMatch(/^[0-9a-f-]{36}$/);
  const retry = await submit(page, '/api/leads', key, { form: 'contact', values, context: { url: page.url() } });
  expect(retry).toEqual(first);
});

test('missing fields come back named with the seed messages', async ({ page }) => {
  await page.goto(siteUrl('harbourside-mazda', '/contact'));
  const r = await submit(page, '/api/leads', `e2e-${Date.now()}-bad`, { form: 'contact', values: { ...values, name: '', phone: '12' } });
  expect(r.status).toBe(422);
  expect(r.json.error).toBe('Please fix the following errors:');
  expect(r.json.fields.name).toBe('* This field is required');
  expect(r.json.fields.phone).toBe('Please enter a valid Australian phone number.');
});

test("another dealer's site cannot post leads into this one", async ({ page }) => {
  await page.goto(siteUrl('big-sky-cars', '/'));
  const seen: number[] = [];
  page.on('response', (res) => res.url().includes('/api/leads') && res.request().method() === 'POST' && seen.push(res.status()));
  // A JSON post with the key header needs a CORS preflight, which this API never grants: the browser does not send it.
  const preflighted = await submit(page, siteUrl('harbourside-mazda', '/api/leads'), `e2e-${Date.now()}-xsite`, { form: 'contact', values });
  expect(preflighted.status).toBe(0);
  // Our pages' Content-Security-Policy (connect-src 'self') stops even a "simple" cross-site post in the browser.
  const blocked = await page.evaluate(
    async (target) => {
      try {
        await fetch(target, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' });
        return false;
      } catch {
        return true;
      }
    },
    siteUrl('harbourside-mazda', '/api/leads'),
  );
  expect(blocked).toBe(true);
  expect(seen).toEqual([]);
  // An attacker's own page has no such policy: its simple post reaches the server, which refuses it by its Origin.
  const simple = await page.request.post(`http://127.0.0.1:${port}/api/leads`, {
    headers: { host: `harbourside-mazda.localhost:${port}`, origin: `http://big-sky-cars.localhost:${port}`, 'content-type': 'text/plain' },
    data: JSON.stringify({ form: 'contact', values: { name: 'x' }, idempotency_key: 'e2e-simple-xsite-' + Date.now() }),
  });
  expect(simple.status()).toBe(403);
});
