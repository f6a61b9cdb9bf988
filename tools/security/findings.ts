// The issue-9 findings as regression cases: each attempt is the attack that once worked, judged by the fix's answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, signIn, staffEmail } from '../../test-support/editor';
import { checkCrmTarget } from '../../runtime/net/crm-target';
import { type Answer, firstDomain, type SecurityModule, type Verdict } from './harness';

const expectStatus =
  (status: number, also?: (a: Answer) => string | undefined) =>
  (a: Answer): Verdict | undefined => {
    if (a.status !== status)
      return a.status >= 200 && a.status < 300
        ? { leak: `answered ${a.status}, expected ${status}` }
        : { fail: `expected ${status}, got ${a.status}: ${a.body.slice(0, 120)}` };
    const problem = also?.(a);
    return problem ? { fail: problem } : undefined;
  };

export const findings: SecurityModule = {
  name: 'findings (regression cases)',
  async run(ctx) {
    const { recorder: r, request, sites, app } = ctx;
    const [own, victim] = [sites.find((s) => s.slug === 'harbourside-mazda') ?? sites[0], sites.find((s) => s.slug === 'big-sky-cars') ?? sites[1]];
    const staff = await signIn(app.port, staffEmail(own.slug));
    const headers = { cookie: staff.cookie, 'x-csrf-token': staff.csrf };
    const opened = async () => JSON.parse((await request('localhost', 'GET', `/editor/api/tenants/${own.slug}`, { headers })).body);
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const publish = async (change: (doc: any) => void, h = headers) => {
      const o = await opened();
      const doc = structuredClone(o.doc);
      change(doc);
      return request('localhost', 'POST', `/editor/api/tenants/${own.slug}/revisions`, { headers: h, body: { baseRev: o.head.rev, doc, publish: true } });
    };
    const fileBefore = readFileSync(join(app.tenantsDir, `${own.slug}.json`), 'utf8');
    const fileUnchanged = () => (readFileSync(join(app.tenantsDir, `${own.slug}.json`), 'utf8') === fileBefore ? undefined : 'the tenant file was written');

    // 1. Domain takeover.
    const victimDomain = firstDomain(victim);
    for (const domain of [victimDomain, victimDomain.toUpperCase(), `${victimDomain}.`]) {
      await r.attempt(
        'findings/domain-takeover',
        `staff of ${own.slug} publish ${domain}`,
        () => publish((doc) => doc.domains.push(domain)),
        (a) =>
          a.status === 409
            ? a.body.includes(victim.slug) || a.body.includes(victim.name)
              ? { leak: 'the answer names the other site' }
              : fileUnchanged()
                ? { leak: fileUnchanged() }
                : undefined
            : a.status >= 400 && a.status < 500
              ? undefined
              : { leak: `answered ${a.status}` },
      );
    }
    await r.attempt(
      'findings/domain-takeover',
      `${victimDomain} still serves ${victim.slug}`,
      () => request(victimDomain, 'GET', '/'),
      (a) => (a.status === 200 && a.body.includes(victim.name) ? undefined : { leak: `the host now answers ${a.status} without ${victim.name}` }),
    );

    // 2. Template path traversal: the same refusal whether or not the file exists, and nothing written.
    const answers: string[] = [];
    for (const template of [
      `../${victim.slug}`,
      '../no-such-site',
      `..%2f${victim.slug}`,
      `templates/../../${victim.slug}`,
      '/etc/hostname',
      `..\\${victim.slug}`,
    ]) {
      const a = await r.attempt(
        'findings/template-traversal',
        `template ${JSON.stringify(template)}`,
        () => publish((doc) => (doc.template = template)),
        expectStatus(422, fileUnchanged),
      );
      if (a) answers.push(a.body.replaceAll(JSON.stringify(template).slice(1, -1).replaceAll('\\', '\\\\'), '…'));
    }
    await r.attempt(
      'findings/template-traversal',
      'an existing and a missing file get the same answer',
      async () => ({ status: 200, body: '', headers: {} }),
      () => (answers[0] === answers[1] ? undefined : { leak: 'the answers differ, so they reveal which files exist' }),
    );

    // 3. CRM endpoints: staff may not change them; non-public targets are refused at delivery.
    for (const url of ['https://127.0.0.1/steal', 'http://10.0.0.5/leads', 'https://crm.example/leads']) {
      await r.attempt(
        'findings/crm-ssrf',
        `staff of ${own.slug} set the CRM to ${url}`,
        () =>
          publish((doc) => {
            doc.settings.leads ??= {};
            doc.settings.leads.crm = { endpoints: [{ dealershipId: doc.dealerships[0].id, url }] };
          }),
        expectStatus(403, fileUnchanged),
      );
    }
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:169.254.169.254]/x',
      'https://169.254.169.254/latest',
      'https://10.1.2.3/',
      'https://100.64.0.1/',
      'https://[fd00:ec2::254]/',
      'https://0x7f000001/',
      'http://crm.example/',
      'https://localhost/',
    ]) {
      await r.attempt(
        'findings/crm-ssrf',
        `delivery to ${url} is refused`,
        async () => {
          const outcome = await checkCrmTarget(url, []).then(
            () => 'allowed',
            (e: Error) => e.message,
          );
          return { status: outcome === 'allowed' ? 200 : 403, body: outcome, headers: {} };
        },
        (a) => (a.status === 403 ? undefined : { leak: 'the server would post there' }),
      );
    }

    // 4. Media: covered per site pair by the isolation module; here, the unknown and bare hosts.
    const car = ctx.carsOf(victim)[0];
    for (const host of ['unknown.example', '127.0.0.1.nip.io', `${victim.slug}.localhost.evil.example`]) {
      await r.attempt('findings/media', `${host}/media/cars/${car.id}/0.svg`, () => request(host, 'GET', `/media/cars/${car.id}/0.svg`), expectStatus(404));
    }

    // Bad input: the list of issue 9, each a 4xx.
    const host = `${own.slug}.localhost`;
    const badInput: [string, () => Promise<Answer>, number][] = [
      ['malformed JSON', () => request(host, 'POST', '/api/search', { body: '{"queries": [' }), 400],
      ['oversized JSON', () => request(host, 'POST', '/api/search', { body: JSON.stringify({ queries: [{ q: 'x'.repeat(200_000) }] }) }), 413],
      ['bad %-encoding on a page', () => request(host, 'GET', '/cars/%E0%A4%A'), 400],
      ['bad %-encoding in the editor', () => request('localhost', 'GET', '/editor/api/tenants/%E0%A4%A', { headers }), 400],
      ['a missing /assets file', () => request(host, 'GET', '/assets/missing.js'), 404],
      ['a missing /editor/assets file', () => request('localhost', 'GET', '/editor/assets/missing.js'), 404],
      ['facets of the wrong type', () => request(host, 'POST', '/api/search', { body: { queries: [{ facets: 'make' }] } }), 400],
      ['sort of the wrong type', () => request(host, 'POST', '/api/search', { body: { queries: [{ sort: 'price:asc' }] } }), 400],
      ['attributesToRetrieve of the wrong type', () => request(host, 'POST', '/api/search', { body: { queries: [{ attributesToRetrieve: 'id' }] } }), 400],
      [
        'a 20,000-level draft',
        () =>
          request('localhost', 'POST', `/editor/api/tenants/${own.slug}/revisions`, {
            headers,
            body: `{"baseRev":1,"publish":false,"doc":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
          }),
        400,
      ],
      ['a malformed editor cookie', () => request('localhost', 'GET', '/editor/api/session', { headers: { cookie: 'editor_session=%E0%A4%A' } }), 200],
    ];
    for (const [what, send, status] of badInput) await r.attempt('findings/bad-input', what, send, expectStatus(status));
    const proto = await publish((doc) => Object.defineProperty(doc.theme, '__proto__', { value: { polluted: true }, enumerable: true }));
    await r.attempt(
      'findings/bad-input',
      'a __proto__ key refused by the validator',
      async () => proto,
      expectStatus(422, (a) => (a.body.includes('reserved') ? undefined : 'the problem does not name the key')),
    );
    for (const path of ['//evil.example/cars/x', `/__data?path=${encodeURIComponent('//evil.example/')}`]) {
      await r.attempt(
        'findings/bad-input',
        `${path} keeps links on the site`,
        () => request(host, 'GET', path),
        (a) => (a.body.includes('evil.example/') ? { leak: 'a link or JSON-LD points at evil.example' } : undefined),
      );
    }
    const key = `reuse-${Date.now()}`;
    const values = {
      name: 'Re Use',
      email: 'reuse@example.com',
      phone: '0412 345 678',
      message: 'First',
      category: 'General Enquiry',
      postcode: '4000',
      location: 'Brisbane',
      terms_conditions: true,
    };
    const leadHeaders = { 'idempotency-key': key, 'x-forwarded-for': '10.77.0.1' };
    await r.attempt(
      'findings/bad-input',
      'a lead with a new key',
      () => request(host, 'POST', '/api/leads', { headers: leadHeaders, body: { form: 'enquiry', values } }),
      (a) => (a.status === 201 || a.status === 422 ? undefined : { fail: `got ${a.status}` }),
    );
    await r.attempt(
      'findings/bad-input',
      'the same key with another body',
      () => request(host, 'POST', '/api/leads', { headers: leadHeaders, body: { form: 'enquiry', values: { ...values, message: 'Second' } } }),
      (a) =>
        a.status === 409 && a.body.includes('idempotency_key_reused')
          ? undefined
          : a.status === 422
            ? undefined
            : { fail: `expected 409 idempotency_key_reused, got ${a.status}` },
    );

    // Platform admins may still change CRM endpoints (the fix must not lock everyone out).
    const admin = await signIn(app.port, ADMIN_EMAIL);
    await r.attempt(
      'findings/crm-ssrf',
      'a platform admin may set a CRM endpoint',
      () =>
        publish(
          (doc) => {
            doc.settings.leads ??= {};
            doc.settings.leads.crm = { endpoints: [{ dealershipId: doc.dealerships[0].id, url: 'https://crm.harbourside.example/v2/leads' }] };
          },
          { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
        ),
      expectStatus(201),
    );
  },
};
