// Regression cases of issue 31's attack run: reservation hoarding and upload quotas. Each attempt is the attack that once worked, judged by the fix.
//   abuse/reservation-hoarding  29 holds from one address: at most the limit are taken, the rest 429 with Retry-After;
//                               a real shopper from another address still reserves; one account across addresses too
//   abuse/gated-checkout        a site that gates its checkout refuses signed-out holds (401); signed in, it takes them
//   abuse/upload-flood          photos from one address: quota answers (413/429), the bytes kept on disk bounded
//   abuse/photo-retention       the clean-up removes old photos of valuations without a lead, keeps a lead's photos
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { holdLimitsOf } from '../../runtime/reservations/hold-limits';
import { reserveSettingsOf } from '../../runtime/reservations/service';
import { removeExpiredPhotos, uploadQuotaOf } from '../../runtime/trade-in';
import type { Answer, SecurityContext, SecurityModule, Verdict } from './harness';
import { cookieOf } from '../../test-support/cookies';
import { atLeast, itemAt } from '../../test-support/at-least';

const MB = 1024 * 1024;
const DAY = 86_400_000;
const shopper = { name: 'Jo Citizen', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' };

/** Total bytes of the files under `dir` (0 when it does not exist). */
function bytesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

/** A multipart photo upload (the harness's request sends text and JSON only). */
function uploadPhoto(ctx: SecurityContext, host: string, evalid: string, bytes: Buffer, address: string): Promise<Answer> {
  const boundary = `----abuse${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="evalid"\r\n\r\n${evalid}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="car.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: ctx.app.port,
        method: 'POST',
        path: '/api/eval-expert/image-upload',
        headers: { host, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length, 'x-forwarded-for': address },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET'
        ? resolve({ status: 413, body: '(connection closed by the server while sending the body)', headers: {} })
        : reject(e),
    );
    req.end(body);
  });
}

const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);
const json = (a: Answer) => {
  try {
    return JSON.parse(a.body);
  } catch {
    return {};
  }
};

/** A refusal with its status, a sentence for the shopper and, for 429, a Retry-After. */
const refusedWith =
  (statuses: number[]) =>
  (a: Answer): Verdict | undefined => {
    if (a.status >= 200 && a.status < 300) return { leak: `answered ${a.status}: the quota let it through` };
    if (!statuses.includes(a.status)) return { fail: `expected ${statuses.join(' or ')}, got ${a.status}: ${a.body.slice(0, 120)}` };
    const error = json(a).error;
    if (typeof error !== 'string' || error.length < 20) return { fail: `no sentence in the answer: ${a.body.slice(0, 120)}` };
    if (a.status === 429 && !(Number(a.headers['retry-after']) > 0)) return { fail: 'a 429 without Retry-After' };
    return undefined;
  };

/** A shopper account on a site (CSRF cookie and token as the browser has them), confirmed by following the mailed
 *  link; its session cookie. */
async function signUp(ctx: SecurityContext, host: string, address: string): Promise<string> {
  const first = await ctx.request(host, 'GET', '/api/account', { headers: { 'x-forwarded-for': address } });
  const csrf = cookieOf(([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.includes('shopper_csrf=')));
  const asBrowser = { cookie: csrf, 'x-csrf-token': csrf.replace(/^[^=]*=/, ''), origin: `http://${host}`, 'x-forwarded-for': address };
  const email = `abuse-${randomUUID()}@example.com`;
  const answer = await ctx.request(host, 'POST', '/api/account/sign-up', {
    body: { name: 'Jo Citizen', email, password: 'a long enough password', phone: '0412 345 678' },
    headers: asBrowser,
  });
  if (answer.status !== 201) throw new Error(`sign-up on ${host}: ${answer.status} ${answer.body.slice(0, 120)}`);
  const token = await ctx.confirmationToken(email);
  const confirmed = await ctx.request(host, 'POST', '/api/account/confirm-account', { body: { token }, headers: asBrowser });
  const session = ([] as string[]).concat(confirmed.headers['set-cookie'] ?? []).find((c) => c.includes('shopper_session='));
  if (confirmed.status !== 200 || !session) throw new Error(`confirming the sign-up on ${host}: ${confirmed.status} ${confirmed.body.slice(0, 120)}`);
  return cookieOf(session);
}

function freeCars(ctx: SecurityContext, site: TenantDocument) {
  return ctx.carsOf(site).filter((c) => c.status === 'in_stock' && !c.reserved);
}

async function reservationHoarding(ctx: SecurityContext, site: TenantDocument) {
  const { recorder: r, request } = ctx;
  const host = `${site.slug}.localhost`;
  const cars = freeCars(ctx, site);
  const attacker = '10.31.0.1';
  const limits = holdLimitsOf(reserveSettingsOf(site));
  const reserve = (carSlug: string, headers: Record<string, string>) =>
    request(host, 'POST', '/api/checkout/reservations', { body: { car_id: carSlug, values: shopper, idempotency_key: `abuse-${randomUUID()}` }, headers });

  // 29 holds from one address, as fast as they go.
  let taken = 0;
  for (let i = 0; i < 29; i++) {
    const started = Date.now();
    await r.attempt(
      'abuse/reservation-hoarding',
      `hold ${i + 1} of 29 from ${attacker}`,
      () => reserve(itemAt(cars, i, 'the free cars').slug, { 'x-forwarded-for': attacker }),
      (a) => {
        if (a.status === 201) {
          taken++;
          if (taken > limits.holdsPerAddress) return { leak: `hold ${taken} taken: the limit is ${limits.holdsPerAddress}` };
          // An unpaid hold whose card never reaches the provider keeps the car 5 minutes, not 30.
          const due = json(a).payment_due_by - started;
          return due <= 5 * 60_000 + 5_000 ? undefined : { leak: `the unpaid hold keeps the car ${Math.round(due / 60_000)} minutes` };
        }
        if (i < limits.holdsPerAddress) return { fail: `hold ${i + 1} refused (${a.status}) within the limit: ${a.body.slice(0, 120)}` };
        const verdict = refusedWith([429])(a);
        if (verdict) return verdict;
        return json(a).reason === 'too-many-holds-address' ? undefined : { fail: `reason ${json(a).reason}` };
      },
    );
  }
  await r.attempt(
    'abuse/reservation-hoarding',
    'a real shopper from another address reserves another car',
    () => reserve(itemAt(cars, 29, 'the free cars').slug, { 'x-forwarded-for': '10.31.0.2' }),
    (a) => (a.status === 201 ? undefined : { fail: `the shopper got ${a.status}: ${a.body.slice(0, 120)}` }),
  );

  // One shopper account from many addresses: the account's limit.
  const session = await signUp(ctx, host, '10.31.1.1');
  let byAccount = 0;
  for (let i = 0; i < limits.holdsPerAccount + 2; i++) {
    await r.attempt(
      'abuse/reservation-hoarding',
      `hold ${i + 1} of one account from address ${i + 1}`,
      () => reserve(itemAt(cars, 30 + i, 'the free cars').slug, { 'x-forwarded-for': `10.31.2.${i + 1}`, cookie: session }),
      (a) => {
        if (a.status === 201) {
          byAccount++;
          return byAccount > limits.holdsPerAccount ? { leak: `hold ${byAccount} of one account taken` } : undefined;
        }
        if (i < limits.holdsPerAccount) return { fail: `hold ${i + 1} refused (${a.status}) within the limit` };
        return refusedWith([429])(a) ?? (json(a).reason === 'too-many-holds-account' ? undefined : { fail: `reason ${json(a).reason}` });
      },
    );
  }
}

async function gatedCheckout(ctx: SecurityContext, site: TenantDocument) {
  const { recorder: r, request } = ctx;
  const host = `${site.slug}.localhost`;
  const [car, other] = atLeast(2, freeCars(ctx, site), `the free cars of ${site.slug}`);
  const body = (kind: string) => ({ car_id: car.slug, kind, values: shopper, idempotency_key: `abuse-${randomUUID()}` });
  const signedOut = (a: Answer): Verdict | undefined => {
    if (a.status >= 200 && a.status < 300) return { leak: `a signed-out hold was taken (${a.status})` };
    if (a.status !== 401) return { fail: `expected 401, got ${a.status}: ${a.body.slice(0, 120)}` };
    return json(a).reason === 'sign-in-required' && /sign in/i.test(json(a).error) ? undefined : { fail: `no reason to sign in: ${a.body.slice(0, 120)}` };
  };
  for (const kind of ['reserve', 'purchase'])
    await r.attempt(
      'abuse/gated-checkout',
      `signed-out ${kind} on ${site.slug}`,
      () => request(host, 'POST', '/api/checkout/reservations', { body: body(kind), headers: { 'x-forwarded-for': '10.32.0.1' } }),
      signedOut,
    );
  await r.attempt(
    'abuse/gated-checkout',
    'a made-up session cookie',
    () =>
      request(host, 'POST', '/api/checkout/reservations', {
        body: body('reserve'),
        headers: { 'x-forwarded-for': '10.32.0.2', cookie: `shopper_session=${'A'.repeat(43)}` },
      }),
    signedOut,
  );
  const session = await signUp(ctx, host, '10.32.0.3');
  await r.attempt(
    'abuse/gated-checkout',
    'a signed-in shopper reserves',
    () =>
      request(host, 'POST', '/api/checkout/reservations', {
        body: { ...body('reserve'), car_id: other.slug },
        headers: { 'x-forwarded-for': '10.32.0.3', cookie: session },
      }),
    (a) => (a.status === 201 ? undefined : { fail: `the signed-in shopper got ${a.status}: ${a.body.slice(0, 120)}` }),
  );
}

async function evaluation(ctx: SecurityContext, host: string, address: string): Promise<string> {
  const a = await ctx.request(host, 'POST', '/api/eval-expert/enter-vin', { body: { rego: 'EVAL01', state: 'qld' }, headers: { 'x-forwarded-for': address } });
  const evalId = json(a)[0]?.EvalID;
  if (a.status !== 200 || typeof evalId !== 'string') throw new Error(`enter-vin on ${host}: ${a.status} ${a.body.slice(0, 120)}`);
  return evalId;
}

async function uploadFlood(ctx: SecurityContext, site: TenantDocument): Promise<{ flooded: string[] }> {
  const { recorder: r, app } = ctx;
  const host = `${site.slug}.localhost`;
  const quota = uploadQuotaOf(site);
  const attacker = '10.33.0.1';
  const folder = (evalId: string) => join(app.uploadsDir, site.slug, evalId);
  const evaluations = [await evaluation(ctx, host, attacker), await evaluation(ctx, host, attacker), await evaluation(ctx, host, attacker)];
  const photo = jpeg(5 * MB - 1024);

  // A burst at once: uploads past the in-flight allowance are refused before their bytes are written.
  const burst = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      r.attempt(
        'abuse/upload-flood',
        `burst upload ${i + 1} of 6`,
        () => uploadPhoto(ctx, host, itemAt(evaluations, 0, 'the valuations'), photo, attacker),
        (a) => (a.status === 201 ? undefined : refusedWith([409, 413, 429])(a)),
      ),
    ),
  );
  if (!burst.some((a) => a?.status === 429)) console.log('note: no upload of the burst overlapped another (none refused as in flight)');

  // Then one after another, 80MB in all across the evaluations: the quotas answer.
  for (let i = 0; i < 16; i++) {
    const evalId = itemAt(evaluations, i % evaluations.length, 'the valuations');
    await r.attempt(
      'abuse/upload-flood',
      `upload ${i + 1} of 16 (5MB) to valuation ${(i % evaluations.length) + 1}`,
      () => uploadPhoto(ctx, host, evalId, photo, attacker),
      (a) => (a.status === 201 ? undefined : refusedWith([409, 413, 429])(a)),
    );
  }
  await r.attempt(
    'abuse/upload-flood',
    `bytes kept for ${attacker} are within its ${Math.round(quota.addressBytes / MB)}MB an hour`,
    async () => {
      const kept = evaluations.map((e) => bytesUnder(folder(e)));
      return { status: 200, body: JSON.stringify(kept), headers: {} };
    },
    (a) => {
      const kept = JSON.parse(a.body) as number[];
      const total = kept.reduce((s, n) => s + n, 0);
      if (total > quota.addressBytes) return { leak: `${(total / MB).toFixed(1)}MB kept from one address` };
      if (kept.some((n) => n > quota.evaluationBytes)) return { leak: `a valuation holds ${(Math.max(...kept) / MB).toFixed(1)}MB` };
      if (total < quota.addressBytes - 2 * 5 * MB) return { fail: `only ${(total / MB).toFixed(1)}MB kept: honest uploads within the quota were refused` };
      return undefined;
    },
  );
  // No half-written file is left behind by a refused upload.
  await r.attempt(
    'abuse/upload-flood',
    'no partial files left by refused uploads',
    async () => ({ status: 200, body: JSON.stringify(evaluations.flatMap((e) => (existsSync(folder(e)) ? readdirSync(folder(e)) : []))), headers: {} }),
    (a) => ((JSON.parse(a.body) as string[]).some((f) => f.endsWith('.part')) ? { leak: 'a .part file was left on disk' } : undefined),
  );
  const honest = await evaluation(ctx, host, '10.33.0.2');
  await r.attempt(
    'abuse/upload-flood',
    'a shopper from another address uploads a photo',
    () => uploadPhoto(ctx, host, honest, jpeg(200_000), '10.33.0.2'),
    (a) => (a.status === 201 ? undefined : { fail: `the shopper got ${a.status}: ${a.body.slice(0, 120)}` }),
  );
  return { flooded: evaluations };
}

async function photoRetention(ctx: SecurityContext, site: TenantDocument, flooded: string[]) {
  const { recorder: r, app } = ctx;
  const host = `${site.slug}.localhost`;
  const address = '10.34.0.1';
  const unlinked = await evaluation(ctx, host, address);
  const enquired = await evaluation(ctx, host, address);
  for (const e of [unlinked, enquired]) {
    const a = await uploadPhoto(ctx, host, e, jpeg(100_000), address);
    if (a.status !== 201) throw new Error(`photo upload: ${a.status} ${a.body}`);
  }
  const lead = await ctx.request(host, 'POST', '/api/leads', {
    headers: { 'x-forwarded-for': address },
    body: {
      form: 'trade-in',
      idempotency_key: `abuse-${randomUUID()}`,
      values: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: '0412 345 678',
        postcode: '4000',
        odometer: 30_000,
        service_history: 'Full service history',
        number_of_keys: '2',
        car_condition: 'Good',
        message: 'One owner',
        PreferredContactMethod: 'SMS',
        finance: 'No',
      },
      context: { evalid: enquired, url: `http://${host}/trade-in` },
    },
  });
  if (lead.status !== 201) throw new Error(`trade-in lead: ${lead.status} ${lead.body.slice(0, 200)}`);
  const store = app.tradeIn.store;
  const photosOf = async (e: string) => (await store.images(site.slug, e)).filter((i) => existsSync(join(app.uploadsDir, i.storageKey)));
  const kept = await photosOf(enquired);
  const clean = (days: number) =>
    removeExpiredPhotos({
      store: () => store,
      images: () => app.tradeIn.images,
      tenantBySlug: (slug) => ctx.sites.find((s) => s.slug === slug),
      now: () => Date.now() + days * DAY,
    });

  await r.attempt(
    'abuse/photo-retention',
    'a day on, nothing is removed',
    async () => ({ status: 200, body: JSON.stringify(await clean(1)), headers: {} }),
    (a) => (JSON.parse(a.body).removed === 0 && kept.length === 1 ? undefined : { fail: `removed ${a.body} a day after upload` }),
  );
  await r.attempt(
    'abuse/photo-retention',
    'eight days on, photos of valuations without a lead are removed (records and files)',
    async () => ({ status: 200, body: JSON.stringify(await clean(8)), headers: {} }),
    () => undefined,
  );
  for (const e of [unlinked, ...flooded])
    await r.attempt(
      'abuse/photo-retention',
      `valuation ${e.slice(0, 8)} without a lead keeps no photo`,
      async () => ({
        status: 200,
        body: JSON.stringify({ records: (await store.images(site.slug, e)).length, bytes: bytesUnder(join(app.uploadsDir, site.slug, e)) }),
        headers: {},
      }),
      (a) => {
        const left = JSON.parse(a.body);
        return left.records || left.bytes ? { leak: `${left.records} records and ${left.bytes} bytes remain` } : undefined;
      },
    );
  await r.attempt(
    'abuse/photo-retention',
    "the lead's photo is kept, and its signed link still opens",
    async () => {
      const stored = await store.images(site.slug, enquired);
      const [image] = stored;
      if (stored.length !== 1 || !image || !existsSync(join(app.uploadsDir, image.storageKey)))
        return { status: 404, body: JSON.stringify(stored), headers: {} };
      return ctx.request(host, 'GET', app.tradeIn.signer.path(site.slug, image.id), { headers: { 'x-forwarded-for': address } });
    },
    (a) =>
      a.status === 200 && a.headers['content-type'] === 'image/jpeg' ? undefined : { fail: `the lead's photo is gone (${a.status} ${a.body.slice(0, 80)})` },
  );
}

export const abuse: SecurityModule = {
  name: 'abuse: reservation hoarding and upload quotas',
  async run(ctx) {
    const open = ctx.sites.find((s) => s.slug === 'big-sky-cars')!;
    const gated = ctx.sites.find((s) => s.slug === 'harbourside-mazda')!;
    await reservationHoarding(ctx, open);
    await gatedCheckout(ctx, gated);
    const { flooded } = await uploadFlood(ctx, gated);
    await photoRetention(ctx, gated, flooded);
  },
};
