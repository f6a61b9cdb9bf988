// Outbox delivery to a local test CRM: JSON and ADF bodies, retries with exponential backoff, give-up, crash recovery.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildLeadPayload } from '../domain/leads';
import { escapeXml, leadToAdf } from './adf';
import { pinnedCrmPost } from '../net/crm-target';
import { DeliveryWorker, type CrmEndpoint } from './delivery';
import { SqlLeadStore } from './sql-store';
import { atLeast } from '../../test-support/at-least';

let crm: Server;
let url: string;
let received: { headers: IncomingHttpHeaders; body: string }[] = [];
let failNext = 0;

beforeAll(async () => {
  crm = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end('down');
      } else res.writeHead(202).end('ok');
    });
  });
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`;
});
afterAll(() => new Promise<void>((r) => crm.close(() => r())));
beforeEach(() => {
  received = [];
  failNext = 0;
});

function setup(endpoint: Partial<CrmEndpoint> | 'none' = {}) {
  const store = SqlLeadStore.openSqlite(':memory:');
  let clock = 1_000_000;
  const worker = new DeliveryWorker(
    store,
    () =>
      endpoint === 'none' ? 'none' : { url, format: 'json', timeoutSeconds: 5, maxAttempts: 5, backoffSeconds: 5, dealershipName: 'City Motors', ...endpoint },
    // The test CRM is on loopback over http, which only an allow-listed host may use. The jitter at its top: each wait
    // is the whole exponential one (backoff.test.ts covers the jitter).
    { now: () => clock, random: () => 1, log: () => {}, post: pinnedCrmPost({ allow: ['127.0.0.1'] }) },
  );
  const add = async () => {
    const leadId = randomUUID();
    const payload = buildLeadPayload(
      { name: "Ann <O'Neil> & Co", email: 'a@b.co', phone: '0400 000 000', message: 'Call after 5 & "not" before', postcode: '4000' },
      {
        form: 'enquiry',
        url: 'https://site/cars/x',
        leadId,
        car: { id: 9, make: 'Mazda', model: 'CX-5', stocknum: 'S1', car_type: 'used', status: 'in_stock', dealership_id: 7 },
      },
    );
    await store.insert({ leadId, tenant: 't', idempotencyKey: leadId, dealershipId: 7, payload, createdAt: clock });
    return leadId;
  };
  return { store, worker, add, tick: (ms: number) => (clock += ms), at: () => clock };
}

describe('ADF XML', () => {
  it('escapes every value staff will read', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    const leadId = 'lead-1';
    const p = buildLeadPayload(
      { name: 'Ann</name><x>', last_name: 'Lee', email: 'a@b.co', phone: '0400000000', message: '<script>alert(1)</script>', postcode: '4000' },
      { form: 'test-drive', url: '/cars/x?a=1&b=2', leadId, car: { id: 9, make: 'Mazda', model: 'CX-5', stocknum: 'S1', car_type: 'new' } },
    );
    const xml = leadToAdf(p, { createdAt: Date.parse('2026-11-22T00:00:00Z'), dealershipName: 'City & Co' });
    expect(xml).toContain('<?adf version="1.0"?>');
    expect(xml).toContain('<adf><prospect status="new"><id sequence="1" source="Website">lead-1</id><requestdate>2026-11-22T00:00:00.000Z</requestdate>');
    expect(xml).toContain(
      '<vehicle interest="test-drive" status="new"><id source="Website">9</id><year></year><make>Mazda</make><model>CX-5</model><stock>S1</stock></vehicle>',
    );
    expect(xml).toContain(
      '<name part="first">Ann&lt;/name&gt;&lt;x&gt;</name><name part="last">Lee</name><email>a@b.co</email><phone type="voice">0400000000</phone>',
    );
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(xml).toContain('<vendorname>City &amp; Co</vendorname>');
    expect(xml).toContain('<url>/cars/x?a=1&amp;b=2</url>');
    expect(xml).not.toContain('<script>');
  });
});

describe('DeliveryWorker', () => {
  it('sends the JSON payload with the lead_id as idempotency key and records delivery', async () => {
    const { store, worker, add } = setup();
    const id = await add();
    expect(await worker.runOnce()).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = atLeast(1, received, 'the requests sent');
    expect(request.headers['idempotency-key']).toBe(id);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toMatchObject({ lead_id: id, source: 'Website', name: "Ann <O'Neil> & Co", 'Vehicle Make': 'Mazda' });
    expect((await store.get(id))!.delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await worker.runOnce()).toBe(0);
  });

  it('sends ADF XML when the endpoint asks for it', async () => {
    const { worker, add } = setup({ format: 'adf', authorization: 'Bearer abc' });
    const id = await add();
    await worker.runOnce();
    const [request] = atLeast(1, received, 'the requests sent');
    expect(request.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(request.headers.authorization).toBe('Bearer abc');
    expect(request.body).toContain(`<id sequence="1" source="Website">${id}</id>`);
    expect(request.body).toContain('<name part="first">Ann &lt;O&apos;Neil&gt; &amp; Co</name>');
    expect(request.body).toContain('<vendorname>City Motors</vendorname>');
  });

  it('retries with exponential backoff until the CRM accepts', async () => {
    const { store, worker, add, tick } = setup();
    const id = await add();
    failNext = 2;
    await worker.runOnce();
    expect((await store.get(id))!.delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    tick(4_999);
    expect(await worker.runOnce()).toBe(0);
    tick(1);
    expect(await worker.runOnce()).toBe(1); // 2nd attempt after 5 s, fails
    tick(9_999);
    expect(await worker.runOnce()).toBe(0);
    tick(1);
    expect(await worker.runOnce()).toBe(1); // 3rd after 10 s more, accepted
    expect((await store.get(id))!.delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(received).toHaveLength(3);
  });

  it('gives up after maxAttempts and marks the delivery failed; no endpoint is recorded, not retried', async () => {
    const { store, worker, add, tick } = setup({ maxAttempts: 2 });
    const id = await add();
    failNext = 5;
    await worker.runOnce();
    tick(5_000);
    await worker.runOnce();
    expect((await store.get(id))!.delivery).toMatchObject({ status: 'failed', attempts: 2 });
    const none = setup('none');
    const id2 = await none.add();
    await none.worker.runOnce();
    expect((await none.store.get(id2))!.delivery).toMatchObject({ status: 'no_endpoint', attempts: 0 });
  });

  it('a worker that crashed after claiming loses nothing: the lease ends and the lead is sent', async () => {
    const { store, worker, add, tick } = setup();
    const id = await add();
    await store.claimDue(1_000_000, 10, 30_000); // claimed by a worker that then died
    expect(await worker.runOnce()).toBe(0);
    tick(29_999);
    expect(await worker.runOnce()).toBe(0);
    tick(1);
    expect(await worker.runOnce()).toBe(1);
    expect((await store.get(id))!.delivery!.status).toBe('delivered');
  });

  it('an unreachable endpoint counts as a failed attempt', async () => {
    const { store, worker, add } = setup({ url: 'http://127.0.0.1:9/leads' });
    const id = await add();
    await worker.runOnce();
    const d = (await store.get(id))!.delivery!;
    expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    expect(d.lastError).toBeTruthy();
  });
});
