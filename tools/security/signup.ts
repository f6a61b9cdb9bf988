// Regression cases of issue 31's attack run: sign-up flood (rate limit, hashing queue, page p99), and sign-up answers
// that must not tell a new email from a registered one. Each attempt is the attack that once worked, judged by the fix.
// Eight parallel sign-up loops from one address once ran scrypt without limit on libuv's shared threads and stalled
// every page. Now: sign-ups are limited per site and client address (429), and every scrypt waits in one bounded queue
// (runtime/passwords/hashing.ts) whose overflow is refused with 503 and Retry-After. No timing is measured here (the
// bench, npm run bench:signup-flood, does): the suite reads the queue's own counters, in this process.
import { SIGN_UP_RATE_LIMITED, SIGN_UPS_PER_ADDRESS } from '../../runtime/server/routes/accounts-api';
import { PASSWORD_HASHING_LIMITS, passwordHashing } from '../../runtime/passwords/hashing';
import { staffEmail, TEST_PASSWORD } from '../../test-support/editor';
import { setShopperPasswordCostForTests } from '../../runtime/accounts/password';
import { cookieNamesOf, isBusyRefusal, type Answer, type SecurityContext, type SecurityModule, type Verdict } from './harness';
import { cookieOf } from '../../test-support/cookies';

const PASSWORD = 'a long enough password';
const BUSY_MESSAGE = PASSWORD_HASHING_LIMITS.busyMessage;
const LOOPS = 8;

type Post = (path: string, body: unknown, address: string) => Promise<Answer>;

/** A shopper's browser on `host`: its CSRF cookie and token, each request from the client address it is given. */
async function shopperOn(ctx: SecurityContext, host: string): Promise<Post> {
  const first = await ctx.request(host, 'GET', '/api/account');
  const csrf = JSON.parse(first.body).csrfToken as string;
  const cookie = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .map((c) => cookieOf(c))
    .join('; ');
  return (path, body, address) =>
    ctx.request(host, 'POST', path, { body, headers: { cookie, 'x-csrf-token': csrf, origin: `http://${host}`, 'x-forwarded-for': address } });
}

const newShopper = (tag: string, n: number) => ({ name: `Flood ${n}`, email: `flood-${tag}-${n}-${Date.now().toString(36)}@example.com`, password: PASSWORD });

/** A check on the server's own counters, recorded as an attempt like the others. */
const counters = (stats: unknown) => async (): Promise<Answer> => ({ status: 200, body: JSON.stringify(stats), headers: {} });

/** A sign-up under flood: created, or refused with 503 + Retry-After + the busy message. Anything else fails. */
const createdOrBusy = (a: Answer): Verdict | undefined => {
  if (a.status === 201) return undefined;
  if (isBusyRefusal(a)) return JSON.parse(a.body).error === BUSY_MESSAGE ? undefined : { fail: `busy refusal without its message: ${a.body}` };
  return { fail: `expected 201 or a busy 503 with Retry-After, got ${a.status}: ${a.body.slice(0, 120)}` };
};

export const signup: SecurityModule = {
  name: 'signup: sign-up flood (rate limit, hashing queue, page p99)',
  async run(ctx) {
    // A cheaper scrypt for shoppers here: the queue's rules are the same at any cost, and at full cost a line of
    // sign-ups on a busy machine could outlast the suite's 30 s request timeout (bench:signup-flood uses full cost).
    setShopperPasswordCostForTests({ N: 2 ** 14, r: 8, p: 1 });
    try {
      await floodSignUp(ctx);
    } finally {
      setShopperPasswordCostForTests();
    }
  },
};

async function floodSignUp(ctx: SecurityContext) {
  const { recorder: r, sites } = ctx;
  const site = sites.find((s) => s.slug === 'big-sky-cars') ?? sites[0];
  const other = sites.find((s) => s.slug !== site.slug)!;
  const host = `${site.slug}.localhost`;
  const post = await shopperOn(ctx, host);
  const { concurrency, maxQueued } = passwordHashing.settings;
  const withinLimit = (what: string) => () => {
    const { peakRunning } = passwordHashing.stats();
    if (peakRunning < 1) return { fail: `no scrypt went through the queue ${what}` };
    return peakRunning <= concurrency ? undefined : { fail: `${peakRunning} scrypt computations ran at once ${what} (limit ${concurrency})` };
  };
  // The limit itself must leave libuv's shared threads (file reads, compression) free, and the line must end.
  const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  await r.attempt('signup/hashing-queue', 'the hashing limits leave thread-pool threads free', counters(passwordHashing.settings), () =>
    concurrency >= 1 && concurrency < threadPool && Number.isFinite(maxQueued)
      ? undefined
      : { fail: `${concurrency} hashes at once on a pool of ${threadPool} threads, a line of ${maxQueued}` },
  );

  // 1. The attack as it was: eight parallel sign-up loops from one address. After the limit, every answer is 429.
  const oneAddress = '10.131.0.1';
  let created = 0;
  let limited = 0;
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, loop) => {
      for (let i = 0; i < 4; i++) {
        const a = await r.attempt(
          'signup/rate-limit',
          `loop ${loop} sign-up ${i} from ${oneAddress}`,
          () => post('/api/account/sign-up', newShopper('one', loop * 10 + i), oneAddress),
          (a) => {
            if (a.status === 201 || isBusyRefusal(a)) return undefined;
            if (a.status !== 429) return { fail: `expected 201 or 429, got ${a.status}: ${a.body.slice(0, 120)}` };
            const body = JSON.parse(a.body);
            const retryAfter = Number(a.headers['retry-after']);
            if (!(retryAfter >= 1) || body.retry_after !== retryAfter) return { fail: `429 without a usable Retry-After (${a.headers['retry-after']})` };
            return body.error === SIGN_UP_RATE_LIMITED(Math.ceil(retryAfter / 60)) ? undefined : { fail: `429 with an unclear message: ${body.error}` };
          },
          { busyIsRefusal: true },
        );
        if (a?.status === 201) created++;
        if (a?.status === 429) {
          limited++;
          break;
        }
      }
    }),
  );
  await r.attempt('signup/rate-limit', `at most ${SIGN_UPS_PER_ADDRESS.points} accounts from one address, then 429`, counters({ created, limited }), () =>
    created > SIGN_UPS_PER_ADDRESS.points
      ? { leak: `${created} accounts were created from one address (limit ${SIGN_UPS_PER_ADDRESS.points})` }
      : limited === LOOPS
        ? undefined
        : { fail: `only ${limited} of ${LOOPS} loops were refused with 429` },
  );
  // The limit is per site: the same address can still make an account on another site.
  const elsewhere = await shopperOn(ctx, `${other.slug}.localhost`);
  await r.attempt(
    'signup/rate-limit',
    `${oneAddress} signs up on ${other.slug}`,
    () => elsewhere('/api/account/sign-up', newShopper('elsewhere', 1), oneAddress),
    (a) => (a.status === 201 ? undefined : { fail: `expected 201 on another site, got ${a.status}: ${a.body.slice(0, 120)}` }),
  );

  // 2. The same loops from rotating addresses (the rate limit cannot stop them): the queue bounds the hashing, and
  // pages and files answer meanwhile.
  passwordHashing.resetStats();
  let n = 0;
  const flood = Promise.all(
    Array.from({ length: LOOPS }, async (_, loop) => {
      for (let i = 0; i < 2; i++) {
        const address = `10.132.${loop}.${++n}`;
        await r.attempt(
          'signup/hashing-queue',
          `rotating flood: loop ${loop} sign-up ${i} from ${address}`,
          () => post('/api/account/sign-up', newShopper('rotating', n), address),
          createdOrBusy,
          { busyIsRefusal: true },
        );
      }
    }),
  );
  for (const [what, path] of [
    ['the home page', '/'],
    ['a static file', '/assets/app.js'],
  ] as const) {
    await r.attempt(
      'signup/hashing-queue',
      `${what} during the flood`,
      () => ctx.request(host, 'GET', path),
      (a) => (a.status === 200 ? undefined : { fail: `${what} answered ${a.status}` }),
    );
  }
  await flood;
  await r.attempt(
    'signup/hashing-queue',
    'scrypt computations at once during the rotating flood',
    counters(passwordHashing.stats()),
    withinLimit('during the flood'),
  );

  if (!(concurrency < threadPool && Number.isFinite(maxQueued))) return; // reported above; the overflow cannot be made

  // 3. Overflow, made certain: every hashing slot is held, so the line fills and the rest must be refused at once
  // with 503 and Retry-After (never a 500, never a wait without end). Released, the line's sign-ups all succeed.
  // A short line for this part: once released, its sign-ups hash one after another at full cost, and a line of 16 on
  // a busy machine could outlast the suite's 30 s request timeout. The refusal past the line is the same at any length.
  const line = Math.min(maxQueued, 4);
  passwordHashing.configure({ maxQueued: line });
  passwordHashing.resetStats();
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  const holders = Array.from({ length: concurrency }, () => passwordHashing.run(() => held));
  const extra = 6;
  let settled = 0;
  let allRefusedArrived!: () => void;
  const refusedArrived = new Promise<void>((done) => (allRefusedArrived = done));
  const answers: (Answer | undefined)[] = [];
  const overflow = Array.from({ length: line + extra }, (_, i) =>
    r
      .attempt(
        'signup/hashing-queue',
        `overflow sign-up ${i} while every slot is taken`,
        () => post('/api/account/sign-up', newShopper('overflow', i), `10.133.0.${i + 1}`),
        createdOrBusy,
        { busyIsRefusal: true },
      )
      .then((a) => {
        answers.push(a);
        // While the slots are held no sign-up can finish: the first answers to arrive are the refusals.
        if (++settled === extra) allRefusedArrived();
      }),
  );
  await refusedArrived;
  const whileFull = passwordHashing.stats();
  const busy = answers.filter((a) => a && isBusyRefusal(a)).length;
  await r.attempt('signup/hashing-queue', `${extra} over the line are refused, ${line} wait`, counters(whileFull), () =>
    busy === extra && whileFull.queued === line ? undefined : { fail: `${busy} refused (expected ${extra}), ${whileFull.queued} waiting (line of ${line})` },
  );
  // Sign-in (known or not) and staff sign-in refuse the same way while the queue is full; pages still answer.
  const staffLogin = () =>
    ctx.request('localhost', 'POST', '/editor/api/login', {
      body: { email: staffEmail(site.slug), password: TEST_PASSWORD },
      headers: { origin: 'http://localhost', 'x-forwarded-for': '10.134.0.1' },
    });
  for (const [what, send] of [
    ['shopper sign-in of an unknown email', () => post('/api/account/sign-in', { email: 'nobody-here@example.com', password: PASSWORD }, '10.134.0.2')],
    ['staff sign-in', staffLogin],
  ] as const) {
    await r.attempt(
      'signup/hashing-queue',
      `${what} while the queue is full`,
      send,
      (a) => (isBusyRefusal(a) ? undefined : { fail: `expected a busy 503 with Retry-After, got ${a.status}: ${a.body.slice(0, 120)}` }),
      { busyIsRefusal: true },
    );
  }
  await r.attempt(
    'signup/hashing-queue',
    'the home page while the queue is full',
    () => ctx.request(host, 'GET', '/'),
    (a) => (a.status === 200 ? undefined : { fail: `the home page answered ${a.status}` }),
  );
  release();
  await Promise.all([...holders, ...overflow]);
  passwordHashing.configure({ maxQueued });
  const createdAfter = answers.filter((a) => a?.status === 201).length;
  await r.attempt('signup/hashing-queue', `the ${line} waiting sign-ups all succeed once released`, counters(passwordHashing.stats()), () =>
    createdAfter === line ? withinLimit('after the release')() : { fail: `${createdAfter} of ${line} waiting sign-ups succeeded` },
  );

  // 4. An honest shopper afterwards: signs up (no cookie: nobody is signed in before the mailed link is followed),
  // follows the link (signed in), and signs in.
  const honest = newShopper('honest', 1);
  await r.attempt(
    'signup/honest',
    'sign-up after the floods',
    () => post('/api/account/sign-up', honest, '10.135.0.1'),
    (a) =>
      a.status === 201 && cookieNamesOf(a).length === 0
        ? undefined
        : { fail: `sign-up answered ${a.status} with cookies [${cookieNamesOf(a).join(', ')}]: ${a.body.slice(0, 120)}` },
  );
  await r.attempt(
    'signup/honest',
    'the mailed confirmation link signs the shopper in',
    async () => post('/api/account/confirm-account', { token: await ctx.confirmationToken(honest.email) }, '10.135.0.1'),
    (a) =>
      a.status === 200 && cookieNamesOf(a).some((c) => /shopper_session$/.test(c))
        ? undefined
        : { fail: `the link answered ${a.status} without a session: ${a.body.slice(0, 120)}` },
  );
  await r.attempt(
    'signup/honest',
    'sign-in after the floods',
    () => post('/api/account/sign-in', { email: honest.email, password: honest.password }, '10.135.0.1'),
    (a) => (a.status === 200 ? undefined : { fail: `sign-in answered ${a.status}: ${a.body.slice(0, 120)}` }),
  );

  // 5. A new email and a registered one (confirmed, or still unconfirmed) must get the very same answer: status,
  // body and the cookies it sets. A session cookie for new emails only once told an attacker who had an account.
  const unconfirmed = newShopper('unconfirmed', 1);
  await post('/api/account/sign-up', unconfirmed, '10.136.0.1');
  let probe = 0;
  const visible = (a: Answer) => JSON.stringify({ status: a.status, body: a.body, cookies: cookieNamesOf(a) });
  for (const [what, email] of [
    ['a confirmed account', honest.email],
    ['an unconfirmed account', unconfirmed.email],
  ]) {
    await r.attempt(
      'signup/enumeration',
      `sign-up with the email of ${what} and with a new email`,
      async () => {
        const registered = await post('/api/account/sign-up', { name: 'Someone Else', email, password: 'an attacker password' }, `10.136.1.${++probe}`);
        const fresh = await post('/api/account/sign-up', newShopper('fresh', probe), `10.136.1.${++probe}`);
        return { status: registered.status, body: JSON.stringify([visible(registered), visible(fresh)]), headers: {} };
      },
      (a) => {
        const [registered, fresh] = JSON.parse(a.body) as [string, string];
        if (registered !== fresh) return { leak: `a registered email gets ${registered}, a new one ${fresh}` };
        return JSON.parse(fresh).status === 201 ? undefined : { fail: `sign-up answered ${fresh}` };
      },
    );
  }
  await r.attempt('signup/honest', 'staff sign-in after the floods', staffLogin, (a) =>
    a.status === 200 ? undefined : { fail: `staff sign-in answered ${a.status}: ${a.body.slice(0, 120)}` },
  );
}
