// A fast-check fuzz of every JSON API: arbitrary JSON, malformed text, deep nesting, oversized bodies, valid bodies
// with one value swapped for a wrongly typed one, truncated bodies and odd content types. Every answer must be a
// 2xx or 4xx without a stack trace or another site's secret. The inputs are drawn from a fixed seed, so a failure
// can be reproduced (FUZZ_SEED to vary it).
import fc from 'fast-check';
import { signIn, staffEmail } from '../../test-support/editor';
import type { Answer, SecurityContext, SecurityModule, Verdict } from './harness';
import { cookieOf } from '../../test-support/cookies';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_API = Number(process.env.FUZZ_RUNS ?? 110);

export interface Api {
  name: string;
  host: 'site' | 'editor' | 'shopper';
  path: string;
  /** A body the API accepts, which the wrongly-typed variants start from. */
  valid: Record<string, unknown>;
}

interface FuzzCase {
  kind: string;
  body: string;
  contentType?: string;
}

/** A copy of `value` with the value at one path (chosen by `pick`) replaced. */
function replaceAt(value: unknown, pick: number, replacement: unknown): unknown {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (v && typeof v === 'object') for (const [k, child] of Object.entries(v)) walk(child, [...path, Array.isArray(v) ? Number(k) : k]);
  };
  walk(value, []);
  const path = paths[pick % paths.length] ?? [];
  const last = path.at(-1);
  if (last === undefined) return replacement;
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const copy = structuredClone(value) as any;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg];
  node[last] = replacement;
  return copy;
}

const nested = (levels: number, open: string, close: string, inner = '1') => open.repeat(levels) + inner + close.repeat(levels);

function casesFor(api: Api, runs: number, seed: number): FuzzCase[] {
  const valid = JSON.stringify(api.valid);
  const anyJson = fc.jsonValue({ maxDepth: 6 });
  const arbitrary: fc.Arbitrary<FuzzCase> = fc.oneof(
    anyJson.map((v) => ({ kind: 'arbitrary JSON', body: JSON.stringify(v) })),
    fc.string({ maxLength: 200 }).map((s) => ({ kind: 'malformed text', body: s })),
    fc.string({ unit: 'binary', maxLength: 200 }).map((s) => ({ kind: 'binary text', body: s })),
    fc
      .tuple(fc.integer({ min: 60, max: 30_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
      .map(([n, [o, c]]) => ({ kind: `nested ${n} levels`, body: nested(n, o, c) })),
    fc.tuple(fc.nat(), anyJson).map(([pick, v]) => ({ kind: 'wrongly typed value', body: JSON.stringify(replaceAt(api.valid, pick, v)) })),
    fc
      .tuple(fc.nat(), fc.constantFrom(null, true, -1, 1e308, '', 'x'.repeat(500), [], {}, [[[[]]]], { __proto__: 1 }, { constructor: { prototype: 1 } }))
      .map(([pick, v]) => ({ kind: 'edge value', body: JSON.stringify(replaceAt(api.valid, pick, v)) })),
    fc.nat({ max: valid.length }).map((n) => ({ kind: 'truncated body', body: valid.slice(0, n) })),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'multipart/form-data; boundary=x',
          'application/xml',
        ),
        anyJson,
      )
      .map(([type, v]) => ({ kind: `content type ${type}`, body: JSON.stringify(v), contentType: type })),
  );
  const drawn = fc.sample(arbitrary, { numRuns: runs, seed });
  // Oversized: a few sizes well over every limit (a body of several megabytes each).
  drawn.push({ kind: 'oversized 64 kB', body: JSON.stringify({ ...api.valid, pad: 'x'.repeat(64 * 1024) }) });
  drawn.push({ kind: 'oversized 6 MB', body: JSON.stringify({ ...api.valid, pad: 'x'.repeat(6 * 1024 * 1024) }) });
  drawn.push({ kind: 'empty body', body: '' });
  drawn.push({ kind: 'prototype keys', body: valid.replace('{', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},') });
  return drawn;
}

function judge(ctx: SecurityContext) {
  return (a: Answer): Verdict | undefined => {
    if (a.body.includes(ctx.canary)) return { leak: 'a server-only secret in the answer' };
    if (/\n\s+at .+\((?:\/|node:)/.test(a.body) || a.body.includes('node_modules/')) return { leak: 'a stack trace in the answer' };
    if (a.status < 200 || (a.status >= 300 && a.status < 400)) return { fail: `unexpected status ${a.status}` };
    return undefined;
  };
}

/** What sending to a fuzzed API needs besides its body: the host it answers on and the headers it wants. */
export interface FuzzedApis {
  apis: Api[];
  hostOf(api: Api): string;
  headersOf(api: Api): Record<string, string>;
}

/** Every JSON API the fuzz sends to, each with a body it accepts; other modules iterate them too (hosts.ts). */
export const fuzzedApis = {
  async of(ctx: SecurityContext): Promise<FuzzedApis> {
    const own = ctx.sites.find((s) => s.slug === 'southern-cross-motor-group') ?? ctx.sites[0];
    const car = ctx.carsOf(own).find((c) => c.status === 'in_stock') ?? ctx.carsOf(own)[0];
    const staff = await signIn(ctx.app.port, staffEmail(own.slug));
    const opened = JSON.parse((await ctx.request('localhost', 'GET', `/editor/api/tenants/${own.slug}`, { headers: { cookie: staff.cookie } })).body);
    const leadValues = {
      name: 'Fuzz Tester',
      email: 'fuzz@example.com',
      phone: '0412 345 678',
      message: 'Hello',
      category: 'General Enquiry',
      postcode: '4000',
      location: 'Brisbane',
      terms_conditions: true,
    };
    // A shopper's CSRF cookie and token (GET /api/account hands them out), so fuzzed bodies reach the account APIs.
    const accountAnswer = await ctx.request(`${own.slug}.localhost`, 'GET', '/api/account');
    const shopperCsrf = JSON.parse(accountAnswer.body).csrfToken as string;
    const shopperCookie = ([] as string[])
      .concat(accountAnswer.headers['set-cookie'] ?? [])
      .map((c) => cookieOf(c))
      .join('; ');
    const apis: Api[] = [
      {
        name: 'account-sign-up',
        host: 'shopper',
        path: '/api/account/sign-up',
        valid: { name: 'Fuzz Shopper', email: 'fuzz-shopper@example.com', password: 'a long enough password', phone: '0412 345 678' },
      },
      {
        name: 'account-sign-in',
        host: 'shopper',
        path: '/api/account/sign-in',
        valid: { email: 'fuzz-shopper@example.com', password: 'a long enough password' },
      },
      { name: 'account-forgot-password', host: 'shopper', path: '/api/account/forgot-password', valid: { email: 'fuzz-shopper@example.com' } },
      { name: 'account-confirm-account', host: 'shopper', path: '/api/account/confirm-account', valid: { token: 'x'.repeat(43) } },
      {
        name: 'account-reset-password',
        host: 'shopper',
        path: '/api/account/reset-password',
        valid: { token: 'x'.repeat(43), password: 'another long password' },
      },
      { name: 'watchlist-save-car', host: 'shopper', path: '/api/watchlist/save-car', valid: { phone_number: '0412345678', car_id: car.id } },
      { name: 'saved-searches', host: 'shopper', path: '/api/saved-searches', valid: { name: 'Utes', url: '/search/ute' } },
      { name: 'eval-expert-enter-vin', host: 'site', path: '/api/eval-expert/enter-vin', valid: { rego: 'TRADE1', state: 'qld' } },
      { name: 'eval-expert-manual-entry', host: 'site', path: '/api/eval-expert/manual-entry', valid: { vin: 'JM0BP2H7A00123456', desc: '2019 Mazda 3' } },
      {
        name: 'eval-expert-update-eval',
        host: 'site',
        path: '/api/eval-expert/update-eval',
        valid: { evalid: 'not-an-evaluation', km: 60000, userEmail: '', cName: 'A', cEmail: 'a@b.co', cPhone: '0412345678' },
      },
      { name: 'miscellaneous', host: 'site', path: '/api/miscellaneous', valid: { column_name: 'valuation', rego: 'TRADE1', state: 'qld' } },
      {
        name: 'checkout-reservations',
        host: 'site',
        path: '/api/checkout/reservations',
        valid: {
          car_id: car.id,
          details: { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' },
          idempotency_key: 'fuzz-reservation-0001',
        },
      },
      {
        name: 'payments-confirm',
        host: 'site',
        path: '/api/payments/local/intents/00000000-0000-0000-0000-000000000000/confirm',
        valid: { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      },
      {
        name: 'search',
        host: 'site',
        path: '/api/search',
        valid: { queries: [{ q: 'mazda', filter: 'price > 1000', facets: ['make'], sort: ['price:asc'], hitsPerPage: 10, page: 1 }] },
      },
      {
        name: 'leads',
        host: 'site',
        path: '/api/leads',
        valid: {
          form: 'enquiry',
          values: leadValues,
          context: { car_id: car.id, url: `http://${own.slug}.localhost/cars/${car.slug}`, visited_pages: ['/'] },
          idempotency_key: 'fuzz-key-0001',
        },
      },
      { name: 'unsubscribe', host: 'site', path: '/api/unsubscribe', valid: { email: 'fuzz-unsubscribe@example.com' } },
      { name: 'models', host: 'site', path: '/api/models', valid: { make: 'mazda', body: 'suv', page: 1 } },
      {
        name: 'youx-quote',
        host: 'site',
        path: '/api/youx/quote',
        valid: { selfAssessedCreditScore: 'excellent', purchasePrice: 25000, loanTerm: 60, year: 2020, vin: null, nvic: null, whoIsHelping: 'myself' },
      },
      { name: 'phone-reveal', host: 'site', path: '/api/cars/phone-reveal', valid: { car_id: car.id, dealership_id: car.dealership_id, website_id: own.slug } },
      { name: 'editor-login', host: 'editor', path: '/editor/api/login', valid: { email: 'nobody@example.com', password: 'not the password' } },
      {
        name: 'editor-revisions',
        host: 'editor',
        path: `/editor/api/tenants/${own.slug}/revisions`,
        valid: { baseRev: opened.head.rev, doc: opened.doc, publish: false },
      },
      { name: 'editor-preview', host: 'editor', path: `/editor/api/tenants/${own.slug}/preview`, valid: { path: '/', doc: opened.doc } },
      { name: 'editor-site-search', host: 'editor', path: `/editor/api/tenants/${own.slug}/site/api/search`, valid: { queries: [{ q: '', hitsPerPage: 5 }] } },
      {
        name: 'editor-grants',
        host: 'editor',
        path: `/editor/api/accounts/${encodeURIComponent(staffEmail(own.slug))}/grants`,
        valid: { tenants: [own.slug] },
      },
      { name: 'editor-invite', host: 'editor', path: '/editor/api/accounts', valid: { email: 'fuzz-invite@example.com', name: 'Fuzz', sites: [own.slug] } },
      { name: 'editor-password-reset', host: 'editor', path: '/editor/api/password-reset', valid: { email: 'nobody@example.com' } },
      { name: 'editor-link', host: 'editor', path: `/editor/api/links/${'x'.repeat(43)}`, valid: { password: 'a long enough password' } },
      { name: 'editor-own-password', host: 'editor', path: '/editor/api/password', valid: { current: 'not the password', password: 'a long enough password' } },
    ];
    return {
      apis,
      hostOf: (api) => (api.host === 'editor' ? 'localhost' : `${own.slug}.localhost`),
      headersOf: (api): Record<string, string> =>
        api.host === 'editor'
          ? { cookie: staff.cookie, 'x-csrf-token': staff.csrf }
          : api.host === 'shopper'
            ? { cookie: shopperCookie, 'x-csrf-token': shopperCsrf, origin: `http://${own.slug}.localhost` }
            : {},
    };
  },
};

export const fuzz: SecurityModule = {
  name: 'fuzz of every JSON API',
  async run(ctx) {
    const { apis, hostOf, headersOf } = await fuzzedApis.of(ctx);
    let n = 0;
    for (const [i, api] of apis.entries()) {
      for (const c of casesFor(api, RUNS_PER_API, SEED + i)) {
        n++;
        const headers: Record<string, string> = {
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          'idempotency-key': `fuzz-${SEED}-${n}`,
          ...headersOf(api),
        };
        if (c.contentType) headers['content-type'] = c.contentType;
        const host = hostOf(api);
        await ctx.recorder.attempt(
          `fuzz/${api.name}`,
          `${c.kind}: ${c.body.slice(0, 80)}`,
          () => ctx.request(host, 'POST', api.path, { body: c.body, headers }),
          judge(ctx),
        );
      }
    }
  },
};
