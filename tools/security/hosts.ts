// Regression cases of issue 31's attack run: hosts, proxies and response headers. Each attempt is the attack that once worked, judged by the fix.
//   hosts/www-takeover     another site's staff publish the www. host a site answers on without listing it
//   hosts/duplicate-host   two Host headers in one request (a raw socket: Node's client sends one)
//   hosts/metrics          /metrics through a proxy (Forwarded, X-Real-IP, ...), with and without METRICS_TOKEN
//   hosts/api-headers      every JSON API family's answer is an attachment (api.json) with nosniff
//   hosts/view-counter     one address adds one view per car and day
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, signIn, staffEmail } from '../../test-support/editor';
import { DUPLICATE_HOST } from '../../runtime/server/host-header';
import { rawRequest } from '../../test-support/raw-http';
import { fuzzedApis } from './fuzz';
import { type Answer, firstDomain, type SecurityContext, type SecurityModule, type Verdict } from './harness';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/** A JSON answer must be a download named api.json with nosniff; an empty answer (204) has nothing to render. */
function jsonAnswerHeaders(a: Answer): Verdict | undefined {
  const type = one(a.headers['content-type']) ?? '';
  if (!/^application\/json\b/.test(type)) return a.body === '' ? undefined : { fail: `not a JSON answer (${type || 'no Content-Type'})` };
  const problems: string[] = [];
  if (one(a.headers['content-disposition']) !== 'attachment; filename="api.json"')
    problems.push(`Content-Disposition is ${one(a.headers['content-disposition']) ?? '(missing)'}`);
  if (one(a.headers['x-content-type-options']) !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  return problems.length ? { fail: problems.join('; ') } : undefined;
}

async function wwwTakeover(ctx: SecurityContext) {
  const { recorder: r, request, sites, app } = ctx;
  const fam = 'hosts/www-takeover';
  const own = sites.find((s) => s.slug === 'harbourside-mazda') ?? sites[0];
  const victim = sites.find((s) => s.slug === 'big-sky-cars') ?? sites[1];
  const domain = firstDomain(victim).replace(/^www\./, '');
  const staff = await signIn(app.port, staffEmail(own.slug));
  const admin = await signIn(app.port, ADMIN_EMAIL);
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const publish = async (slug: string, who: { cookie: string; csrf: string }, change: (doc: any) => void) => {
    const headers = { cookie: who.cookie, 'x-csrf-token': who.csrf };
    const opened = JSON.parse((await request('localhost', 'GET', `/editor/api/tenants/${slug}`, { headers })).body);
    const doc = structuredClone(opened.doc);
    change(doc);
    return request('localhost', 'POST', `/editor/api/tenants/${slug}/revisions`, { headers, body: { baseRev: opened.head.rev, doc, publish: true } });
  };
  const created = (a: Answer): Verdict | undefined => (a.status === 201 ? undefined : { fail: `expected 201, got ${a.status}: ${a.body.slice(0, 160)}` });
  const serves = (host: string) => () => request(host, 'GET', '/');
  const servesVictim = (a: Answer): Verdict | undefined =>
    a.status === 200 && a.body.includes(victim.name) ? undefined : { leak: `the host answers ${a.status} without ${victim.name}` };
  const ownFile = join(app.tenantsDir, `${own.slug}.json`);
  const before = readFileSync(ownFile, 'utf8');
  /** 409 naming neither the other site nor its id, and nothing written. */
  const refusedQuietly = (a: Answer): Verdict | undefined => {
    if (a.status !== 409)
      return a.status >= 200 && a.status < 300 ? { leak: `published (${a.status})` } : { fail: `expected 409, got ${a.status}: ${a.body.slice(0, 160)}` };
    if (a.body.includes(victim.slug) || a.body.includes(victim.name)) return { leak: 'the answer names the other site' };
    if (readFileSync(ownFile, 'utf8') !== before) return { leak: 'the tenant file was written' };
    return /already served by another site/.test(a.body) ? undefined : { fail: `the answer gives no reason: ${a.body.slice(0, 160)}` };
  };

  // The victim lists its bare domain only (it still answers on www.), and a www. host of another name only.
  const originalDomains = [...(victim.domains ?? [])];
  const sales = `sales.${domain}`;
  await r.attempt(
    fam,
    `an admin sets ${victim.slug}'s domains to ${domain} and www.${sales}`,
    () => publish(victim.slug, admin, (doc) => (doc.domains = [domain, `www.${sales}`])),
    created,
  );
  try {
    await r.attempt(fam, `www.${domain} answers for ${victim.slug} although it is not listed`, serves(`www.${domain}`), servesVictim);
    for (const host of [`www.${domain}`, `WWW.${domain.toUpperCase()}`, `www.${domain}.`, sales]) {
      await r.attempt(fam, `staff of ${own.slug} publish ${host}`, () => publish(own.slug, staff, (doc) => doc.domains.push(host)), refusedQuietly);
    }
    for (const host of [`www.${domain}`, domain, `www.${sales}`, `WWW.${domain}:80`])
      await r.attempt(fam, `${host} still serves ${victim.slug}`, serves(host), servesVictim);
    await r.attempt(fam, `${sales} (never listed) serves no site`, serves(sales), (a) => (a.status === 404 ? undefined : { leak: `answered ${a.status}` }));
  } finally {
    // A site may list both forms of its own domain: putting the shipped list back must work.
    await r.attempt(fam, `an admin puts ${victim.slug}'s domains back`, () => publish(victim.slug, admin, (doc) => (doc.domains = originalDomains)), created);
  }
  await r.attempt(fam, `www.${domain} serves ${victim.slug} after the restore`, serves(`www.${domain}`), servesVictim);
}

async function duplicateHost(ctx: SecurityContext) {
  const { recorder: r, sites, app } = ctx;
  const fam = 'hosts/duplicate-host';
  const own = sites.find((s) => s.slug === 'harbourside-mazda') ?? sites[0];
  const victim = sites.find((s) => s.slug === 'big-sky-cars') ?? sites[1];
  const victimCar = ctx.carsOf(victim).find((c) => c.status === 'in_stock') ?? ctx.carsOf(victim)[0];
  const raw = (path: string, hostLines: string[]) => async (): Promise<Answer> =>
    rawRequest(app.port, `GET ${path} HTTP/1.1\r\n${hostLines.join('\r\n')}\r\nAccept: */*\r\nConnection: close\r\n\r\n`);
  const pairs: [string, string[]][] = [
    ['own then victim', [`Host: ${own.slug}.localhost`, `Host: ${firstDomain(victim)}`]],
    ['victim then own', [`Host: ${firstDomain(victim)}`, `Host: ${own.slug}.localhost`]],
    ['the same host twice', [`Host: ${firstDomain(victim)}`, `Host: ${firstDomain(victim)}`]],
    ['two spellings of the name', [`Host: ${own.slug}.localhost`, `hOsT: ${victim.slug}.localhost`]],
    ['an unknown host first', ['Host: unknown.example', `Host: ${victim.slug}.localhost`]],
  ];
  for (const [what, hostLines] of pairs) {
    for (const path of ['/', `/cars/${victimCar.slug}`, '/__data?path=/', '/api/account', '/editor/api/session', `/media/cars/${victimCar.id}/0.svg`]) {
      await r.attempt(fam, `${what}: GET ${path}`, raw(path, hostLines), (a) => {
        if (a.status >= 200 && a.status < 400) return { leak: `answered ${a.status}` };
        if (a.body.includes(victim.name) || a.body.includes(victimCar.vin ?? '\u0000')) return { leak: "the answer carries a site's data" };
        if (a.status !== 400) return { fail: `expected 400, got ${a.status}` };
        return a.body.includes(DUPLICATE_HOST) ? undefined : { fail: `the 400 gives no reason: ${a.body.slice(0, 120)}` };
      });
    }
  }
  await r.attempt(fam, 'one Host header is served as before', raw('/', [`Host: ${firstDomain(victim)}`]), (a) =>
    a.status === 200 && a.body.includes(victim.name) ? undefined : { fail: `got ${a.status}` },
  );
}

async function metrics(ctx: SecurityContext) {
  const { recorder: r, request } = ctx;
  const fam = 'hosts/metrics';
  // The suite's app runs without metrics: a request past the gate gets 404 "not enabled", one stopped by it 403.
  const refused = (a: Answer): Verdict | undefined =>
    a.status === 403 ? undefined : { leak: `answered ${a.status}: the gate let it through${a.status === 200 ? ' and metrics came back' : ''}` };
  const admitted = (a: Answer): Verdict | undefined =>
    a.status === 200 || a.status === 404 ? undefined : { fail: `expected the gate to let it through, got ${a.status}` };
  const proxied: Record<string, string>[] = [
    { forwarded: 'for=203.0.113.9;proto=https;host=metrics.example' },
    { forwarded: 'for=10.0.0.5' },
    { 'x-real-ip': '203.0.113.9' },
    { 'x-real-ip': '127.0.0.1' },
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-host': 'metrics.example' },
    { 'x-forwarded-proto': 'https' },
    { via: '1.1 edge' },
    { 'true-client-ip': '203.0.113.9' },
    { 'cf-connecting-ip': '203.0.113.9' },
  ];
  const previous = process.env.METRICS_TOKEN;
  delete process.env.METRICS_TOKEN;
  try {
    await r.attempt(fam, 'no token: this machine, no proxy', () => request('localhost', 'GET', '/metrics'), admitted);
    for (const headers of proxied)
      await r.attempt(fam, `no token: through a proxy (${JSON.stringify(headers)})`, () => request('localhost', 'GET', '/metrics', { headers }), refused);
    process.env.METRICS_TOKEN = `scrape-${ctx.canary}`;
    const bearer = `Bearer scrape-${ctx.canary}`;
    await r.attempt(fam, 'token set: this machine without it', () => request('localhost', 'GET', '/metrics'), refused);
    await r.attempt(fam, 'token set: a wrong token', () => request('localhost', 'GET', '/metrics', { headers: { authorization: `${bearer}x` } }), refused);
    for (const headers of proxied.slice(0, 3))
      await r.attempt(
        fam,
        `token set: through a proxy without it (${JSON.stringify(headers)})`,
        () => request('localhost', 'GET', '/metrics', { headers }),
        refused,
      );
    await r.attempt(
      fam,
      'token set: through a proxy with it',
      () => request('localhost', 'GET', '/metrics', { headers: { ...proxied[0], authorization: bearer } }),
      admitted,
    );
  } finally {
    if (previous === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = previous;
  }
}

async function apiHeaders(ctx: SecurityContext) {
  const { recorder: r, request, sites } = ctx;
  const fam = 'hosts/api-headers';
  const { apis, hostOf, headersOf } = await fuzzedApis.of(ctx);
  let n = 0;
  const address = () => `192.0.2.${++n % 250}`;
  for (const api of apis) {
    // Its answer to a body it accepts, and its refusal of a malformed one.
    for (const [what, body] of [
      ['a valid body', JSON.stringify(api.valid)],
      ['malformed JSON', '{"'],
    ] as const) {
      await r.attempt(
        fam,
        `${api.name}: ${what}`,
        () =>
          request(hostOf(api), 'POST', api.path, {
            body,
            headers: { ...headersOf(api), 'x-forwarded-for': address(), 'idempotency-key': `hosts-${api.name}-${what}` },
          }),
        jsonAnswerHeaders,
      );
    }
  }
  // The GET families, the probes and the editor's API signed out and in.
  const site = sites.find((s) => s.slug === 'southern-cross-motor-group') ?? sites[0];
  const host = `${site.slug}.localhost`;
  const car = ctx.carsOf(site).find((c) => c.status === 'in_stock') ?? ctx.carsOf(site)[0];
  const staff = await signIn(ctx.app.port, staffEmail(site.slug));
  const gets: [string, string, Record<string, string>?][] = [
    [host, '/__data?path=/'],
    [host, '/__data'],
    [host, `/__data?path=${encodeURIComponent(`/cars/${car.slug}`)}`],
    [host, '/api/account'],
    [host, '/api/watchlist'],
    [host, `/api/cars/${car.slug}/view.json`],
    [host, '/api/cars/no-such-car/view.json'],
    [host, `/api/delivery-estimate?postcode=4000&car_id=${car.id}`],
    [host, '/api/delivery-estimate?postcode='],
    [host, '/healthz'],
    [host, '/readyz'],
    ['localhost', '/metrics', { forwarded: 'for=203.0.113.9' }],
    ['localhost', '/editor/api/session'],
    ['localhost', '/editor/api/tenants'],
    ['localhost', '/editor/api/tenants', { cookie: staff.cookie }],
    ['localhost', `/editor/api/tenants/${site.slug}`, { cookie: staff.cookie }],
    ['localhost', '/editor/api/tenants/%E0%A4%A', { cookie: staff.cookie }],
  ];
  for (const [h, path, headers] of gets) await r.attempt(fam, `GET ${h}${path}`, () => request(h, 'GET', path, { headers }), jsonAnswerHeaders);
  // Pages stay pages: shown, not saved.
  await r.attempt(
    fam,
    `GET ${host}/ is a page, not a download`,
    () => request(host, 'GET', '/'),
    (a) =>
      a.status === 200 && one(a.headers['content-disposition']) === undefined
        ? undefined
        : { fail: `got ${a.status} with Content-Disposition ${one(a.headers['content-disposition'])}` },
  );
}

async function viewCounter(ctx: SecurityContext) {
  const { recorder: r, request, sites } = ctx;
  const fam = 'hosts/view-counter';
  const site = sites.find((s) => s.slug === 'big-sky-cars') ?? sites[0];
  const host = `${site.slug}.localhost`;
  const car = ctx.carsOf(site).filter((c) => c.status === 'in_stock')[7] ?? ctx.carsOf(site)[0];
  const path = `/api/cars/${car.slug}/view.json`;
  // A crawler's call answers the count without adding to it: the starting point.
  const start = await request(host, 'GET', path);
  const base = JSON.parse(start.body).views as number;
  const view = (address: string) => () => request(host, 'GET', path, { headers: { 'user-agent': BROWSER, 'x-forwarded-for': address } });
  const expect =
    (views: number, counted: boolean) =>
    (a: Answer): Verdict | undefined => {
      if (a.status !== 200) return { fail: `expected 200, got ${a.status}: ${a.body.slice(0, 120)}` };
      const json = JSON.parse(a.body);
      if (json.views > views) return { leak: `views rose to ${json.views} (at most ${views})` };
      return json.views === views && json.counted === counted
        ? undefined
        : { fail: `expected ${views} views (counted: ${counted}), got ${json.views} (counted: ${json.counted})` };
    };
  for (let i = 0; i < 30; i++) await r.attempt(fam, `view ${i + 1} of 30 from one address`, view('198.51.100.7'), expect(base + 1, i === 0));
  await r.attempt(fam, 'another address adds one view', view('198.51.100.8'), expect(base + 2, true));
  await r.attempt(fam, 'the second address again adds none', view('198.51.100.8'), expect(base + 2, false));
}

export const hosts: SecurityModule = {
  name: 'hosts: hosts, proxies and response headers',
  async run(ctx) {
    await wwwTakeover(ctx);
    await duplicateHost(ctx);
    await metrics(ctx);
    await apiHeaders(ctx);
    await viewCounter(ctx);
  },
};
