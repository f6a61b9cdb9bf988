// Lead delivery by email to a local SMTP sink (smtp-server on 127.0.0.1): a dealership without a CRM endpoint gets
// its leads by email through the same outbox, with the lead's fields (escaped in HTML), credentials read from the
// environment variables the settings name, retries while the SMTP server refuses, and non-public SMTP hosts refused.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { buildLeadPayload } from '../domain/leads';
import { DeliveryWorker } from './delivery';
import { checkSmtpHost, leadEmail, smtpCredentials, smtpLeadMailer } from './email';
import { endpointLookup } from './index';
import { SqlLeadStore } from './sql-store';
import { atLeast } from '../../test-support/at-least';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}
let sink: SMTPServer;
let port = 0;
let received: Received[] = [];
let refuseNext = 0;
const ENV = { LEADS_SMTP_USER: 'dealer-mailer', LEADS_SMTP_PASS: 's3cret pass' };

beforeAll(async () => {
  sink = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === ENV.LEADS_SMTP_USER && auth.password === ENV.LEADS_SMTP_PASS) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          const e = new Error('Mailbox busy, try later') as Error & { responseCode: number };
          e.responseCode = 451;
          return callback(e);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  port = (sink.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => sink.close(() => r())));
beforeEach(() => {
  received = [];
  refuseNext = 0;
});

/** The decoded body of the message's part of this content type (quoted-printable, base64 or plain). */
function part(raw: string, type: string): string {
  const at = raw.toLowerCase().indexOf(`content-type: ${type}`);
  expect(at, `a ${type} part`).toBeGreaterThanOrEqual(0);
  const rest = raw.slice(at);
  const headerEnd = rest.indexOf('\r\n\r\n');
  const headers = rest.slice(0, headerEnd).toLowerCase();
  let body = rest.slice(headerEnd + 4);
  const boundary = body.search(/\r\n--/);
  if (boundary >= 0) body = body.slice(0, boundary);
  if (headers.includes('quoted-printable')) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
  }
  if (headers.includes('base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function site(email: Record<string, unknown>, endpoints: unknown[] = []): TenantDocument {
  return {
    slug: 'mail-site',
    name: 'Mail Site',
    dealerships: [
      { id: 7, name: 'City Motors', slug: 'city-motors', locations: [] },
      { id: 8, name: 'Bay Cars', slug: 'bay-cars', locations: [] },
    ],
    settings: { leads: { crm: { endpoints, email, backoffSeconds: 5, maxAttempts: 3 } } },
  } as unknown as TenantDocument;
}

function setup(doc: TenantDocument, env: NodeJS.ProcessEnv = ENV) {
  const store = SqlLeadStore.openSqlite(':memory:');
  let clock = 1_000_000;
  const worker = new DeliveryWorker(
    store,
    endpointLookup((slug) => (slug === doc.slug ? doc : undefined)),
    {
      now: () => clock,
      random: () => 1,
      log: () => {},
      mailer: smtpLeadMailer({ allow: ['127.0.0.1'], env }),
    },
  );
  const add = async (dealershipId = 7) => {
    const leadId = randomUUID();
    const payload = buildLeadPayload(
      { name: "Ann <O'Neil> & Co", email: 'ann@example.com', phone: '0400 000 000', message: 'Call after 5 & <b>"not"</b> before', postcode: '4000' },
      {
        form: 'enquiry',
        url: 'https://mail-site.example/cars/x',
        leadId,
        car: { id: 9, make: 'Mazda', model: 'CX-5', stocknum: 'S1', car_type: 'used', status: 'in_stock', dealership_id: dealershipId },
      },
    );
    await store.insert({ leadId, tenant: doc.slug, idempotencyKey: leadId, dealershipId, payload, createdAt: clock });
    return leadId;
  };
  return { store, worker, add, tick: (ms: number) => (clock += ms) };
}

const smtp = () => ({ host: '127.0.0.1', port, requireTls: false, from: 'leads@mail-site.example', to: ['sales@mail-site.example'] });

describe('lead delivery by email', () => {
  it("emails a lead of a dealership without a CRM endpoint, with the lead's fields, escaped", async () => {
    const { store, worker, add } = setup(site({ ...smtp(), usernameEnv: 'LEADS_SMTP_USER', passwordEnv: 'LEADS_SMTP_PASS' }));
    const leadId = await add();
    expect(await worker.runOnce()).toBe(1);
    expect((await store.get(leadId))!.delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(received).toHaveLength(1);
    const [mail] = atLeast(1, received, 'the mails sent');
    expect(mail.from).toBe('leads@mail-site.example');
    expect(mail.to).toEqual(['sales@mail-site.example']);
    expect(mail.user).toBe('dealer-mailer');
    expect(mail.raw).toMatch(new RegExp(`Message-ID:\\s+<lead-${leadId}@dealer-sites.invalid>`, 'i'));
    expect(mail.raw).toMatch(new RegExp(`X-Lead-Id: ${leadId}`, 'i'));
    expect(mail.raw).toMatch(/Reply-To: ann@example.com/i);
    const text = part(mail.raw, 'text/plain');
    expect(text).toContain('Category: General Enquiry');
    expect(text).toContain("Name: Ann <O'Neil> & Co");
    expect(text).toContain('Email: ann@example.com');
    expect(text).toContain('Phone: 0400 000 000');
    expect(text).toContain('Message: Call after 5 & <b>"not"</b> before');
    expect(text).toContain('Vehicle: Mazda CX-5');
    expect(text).toContain('Stock number: S1');
    expect(text).toContain(`Lead id: ${leadId}`);
    const html = part(mail.raw, 'text/html');
    expect(html).toContain('for City Motors');
    expect(html).toContain('Ann &lt;O&#39;Neil&gt; &amp; Co');
    expect(html).toContain('Call after 5 &amp; &lt;b&gt;&quot;not&quot;&lt;/b&gt; before');
    expect(html).not.toContain('<b>"not"</b>');
  });

  it("sends to the dealership's own recipients, and keeps POSTing to dealerships with a CRM endpoint", async () => {
    const doc = site({ ...smtp(), dealerships: [{ dealershipId: 8, to: ['bay@mail-site.example', 'manager@mail-site.example'] }] }, [
      { dealershipId: 7, url: 'https://crm.example/leads' },
    ]);
    const lookup = endpointLookup(() => doc);
    expect(lookup('mail-site', 7)).toMatchObject({ url: 'https://crm.example/leads' });
    expect(lookup('mail-site', 8)).toMatchObject({ kind: 'email', to: ['bay@mail-site.example', 'manager@mail-site.example'], dealershipName: 'Bay Cars' });
    const { worker, add } = setup(doc);
    await add(8);
    await worker.runOnce();
    expect(received.map((r) => r.to)).toEqual([['bay@mail-site.example', 'manager@mail-site.example']]);
  });

  it('leaves the lead stored (no endpoint) when the site has no SMTP settings or no recipients', () => {
    expect(endpointLookup(() => site(undefined as never))('mail-site', 7)).toBe('none');
    expect(endpointLookup(() => site({ ...smtp(), to: [] }))('mail-site', 7)).toBe('none');
  });

  it('retries with backoff while the SMTP server refuses, then delivers once', async () => {
    refuseNext = 1;
    const { store, worker, add, tick } = setup(site(smtp()));
    const leadId = await add();
    await worker.runOnce();
    const after = (await store.get(leadId))!.delivery!;
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after.lastError).toMatch(/^email: .*451/);
    expect(received).toHaveLength(0);
    tick(4_999);
    expect(await worker.runOnce()).toBe(0);
    tick(1);
    expect(await worker.runOnce()).toBe(1);
    expect((await store.get(leadId))!.delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(received).toHaveLength(1);
  });

  it('keeps retrying, with the reason, while a named credential variable is not set (never sends without it)', async () => {
    const { store, worker, add } = setup(site({ ...smtp(), usernameEnv: 'LEADS_SMTP_USER', passwordEnv: 'LEADS_SMTP_PASS' }), {});
    const leadId = await add();
    await worker.runOnce();
    expect((await store.get(leadId))!.delivery).toMatchObject({
      status: 'pending',
      lastError: 'email: SMTP credentials: environment variable LEADS_SMTP_USER and LEADS_SMTP_PASS not set',
    });
    expect(received).toHaveLength(0);
  });

  it('refuses SMTP hosts that are not public unless allow-listed', async () => {
    await expect(checkSmtpHost('127.0.0.1', 25, [])).rejects.toThrow('not a public address');
    await expect(checkSmtpHost('169.254.169.254', 25, [])).rejects.toThrow('not a public address');
    await expect(checkSmtpHost('mail.internal', 25, [], async () => [{ address: '10.1.2.3', family: 4 }])).rejects.toThrow(
      'resolves to 10.1.2.3, which is not a public address',
    );
    await expect(checkSmtpHost('localhost', 25, [])).rejects.toThrow('not a public address');
    expect(await checkSmtpHost('smtp.example.com', 587, [], async () => [{ address: '93.184.216.34', family: 4 }])).toBe('93.184.216.34');
    expect(await checkSmtpHost('127.0.0.1', 25, ['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('reads credentials only from the variables the settings name', () => {
    expect(smtpCredentials({}, ENV)).toBeUndefined();
    expect(smtpCredentials({ usernameEnv: 'LEADS_SMTP_USER', passwordEnv: 'LEADS_SMTP_PASS' }, ENV)).toEqual({ user: 'dealer-mailer', pass: 's3cret pass' });
  });

  it('keeps a shopper-typed line break out of the subject header', () => {
    const payload = buildLeadPayload(
      { name: 'Eve\r\nBcc: victim@example.com', email: 'e@example.com', phone: '0400000000', message: 'x' },
      { form: 'enquiry', url: '/x', leadId: 'L1' },
    );
    const mail = leadEmail(payload, { from: 'a@b.co', to: ['c@d.co'] }, 'L1');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
