// Regression cases of issue 31's attack run: accounts and sign-in (takeover, lockout, reset mail, spraying). Each attempt is the attack that once worked, judged by the fix.
// The module starts an app of its own: production link configuration (EDITOR_PUBLIC_URL, each site's url), mail
// captured for reading, and counters no other module has touched (its failed sign-ins slow nobody else down).
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { setShopperPasswordCostForTests } from '../../runtime/accounts/password';
import { SIGN_IN_LIMITS, RESET_MAILS_PER_HOUR } from '../../runtime/accounts/sign-in-limiter';
import { ACCOUNT_MESSAGES as M } from '../../runtime/domain/accounts';
import { setPasswordCostForTests } from '../../runtime/editor/password';
import { ADMIN_EMAIL, TEST_PASSWORD, staffEmail, startTestApp, type TestApp } from '../../test-support/editor';
import { PublicUrlConfigError, publicUrlsFromEnv } from '../../runtime/infra/public-urls';
import { cookieNamesOf, newestConfirmationToken, type Answer, type Recorder, type SecurityModule, type Verdict } from './harness';
import { itemAt } from '../../test-support/at-least';
import { cookieOf } from '../../test-support/cookies';

const EDITOR_ORIGIN = 'https://editor.dealer-sites.example';
const ATTACKER = 'attacker.example';
const SHOPPER_PASSWORD = 'the owner password 1';
/** Sites of the test app by role: a site whose document has no url (production gives its mail no link). */
const OWN = 'harbourside-mazda';
const SPRAYED = 'big-sky-cars';
const NO_URL = 'outback-caravans-motorcycles';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A transport that keeps what the app sends, for the judges to read. */
const capture = (box: Mail[]) =>
  ({
    options: {},
    async sendMail(m: { to: string; subject: string; text: string }) {
      box.push({ to: String(m.to), subject: m.subject, text: m.text });
      return {};
    },
  }) as unknown as Transporter;

type Timed = Answer & { ms: number };

/** A browser of one host: keeps its cookies, and sends what a page of that host sends (Origin, CSRF token). */
class Browser {
  cookies = new Map<string, string>();
  csrf = '';
  constructor(
    private app: TestApp,
    readonly host: string,
  ) {}

  send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Timed> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const h: Record<string, string | number> = { host: this.host, ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (text !== undefined) Object.assign(h, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: this.app.port, method, path, headers: h }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const pair = cookieOf(c);
            const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
            if (/max-age=0/i.test(c)) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers, ms: performance.now() - started });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(180_000, () => req.destroy(new Error(`timeout: ${method} ${this.host}${path}`)));
      req.end(text);
    });
  }

  /** A page of the site: loads the shopper's CSRF token first. */
  async shopperPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Timed> {
    if (!this.csrf) this.csrf = JSON.parse((await this.send('GET', '/api/account')).body).csrfToken;
    return this.send('POST', path, body, { origin: `http://${this.host}`, 'x-csrf-token': this.csrf, ...headers });
  }
}

/** Signs up in this browser and follows the mailed confirmation link in it: a confirmed, signed-in, known browser. */
async function signUpConfirmed(
  browser: Browser,
  body: { name: string; email: string; password: string },
  address: string,
  flush: () => Promise<void>,
  shopperMails: Mail[],
) {
  await browser.shopperPost('/api/account/sign-up', body, from(address));
  await flush();
  const confirmed = await browser.shopperPost('/api/account/confirm-account', { token: newestConfirmationToken(shopperMails, body.email) }, from(address));
  if (confirmed.status !== 200) throw new Error(`confirming ${body.email}: ${confirmed.status} ${confirmed.body.slice(0, 120)}`);
}

const json = (a: Answer) => {
  try {
    return JSON.parse(a.body);
  } catch {
    return {};
  }
};
const from = (address: string) => ({ 'x-forwarded-for': address });
const expectStatus =
  (status: number, onOther: 'leak' | 'fail' = 'fail') =>
  (a: Answer): Verdict | undefined =>
    a.status === status ? undefined : { [onOther]: `expected ${status}, got ${a.status}: ${a.body.slice(0, 160)}` };

export const auth: SecurityModule = {
  name: 'auth: accounts and sign-in (takeover, lockout, reset mail, spraying)',
  async run(ctx) {
    const r = ctx.recorder;
    editorFailures = 0;
    // A cheap scrypt: these checks are about who gets in and what is mailed, the same at any cost, and at full cost
    // (a few hundred ms a hash, one at a time on 2 cores) the module's 180 sign-ins took most of the suite's time.
    setShopperPasswordCostForTests(TEST_COST);
    setPasswordCostForTests(TEST_COST);
    const editorMails: Mail[] = [];
    const shopperMails: Mail[] = [];
    const app = await startTestApp({
      total: 300,
      editorMailTransport: capture(editorMails),
      shopperMailTransport: capture(shopperMails),
      publicUrls: publicUrlsFromEnv({ NODE_ENV: 'production', EDITOR_PUBLIC_URL: EDITOR_ORIGIN }),
      prepare(tenantsDir) {
        const file = join(tenantsDir, `${NO_URL}.json`);
        const doc = JSON.parse(readFileSync(file, 'utf8'));
        delete doc.url;
        writeFileSync(file, JSON.stringify(doc, null, 2));
      },
    });
    // Mail is sent only when a check asks, so counts never depend on a worker's timing.
    await app.editor.staffMail.stop();
    const flush = async () => {
      while ((await app.editor.staffMail.runOnce()) > 0);
      while ((await app.shopperMail.runOnce()) > 0);
    };
    const siteUrl = (slug: string) => app.registry.all.flatMap((t) => (t.ok && t.doc.slug === slug ? [t.doc.url] : []))[0]!;
    try {
      await linkOrigins(r, app, flush, editorMails, shopperMails, siteUrl(OWN));
      await lockout(r, app, flush, shopperMails);
      await resetFlood(r, app, flush, editorMails, shopperMails);
      await spraying(r, app, flush, shopperMails);
    } finally {
      await app.close();
      setShopperPasswordCostForTests();
      setPasswordCostForTests();
    }
  },
};
const TEST_COST = { N: 2 ** 10, r: 8, p: 1 };

const tokenOf = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];

/** Finding 1: a forged Host (and X-Forwarded-*) must never reach a link in mail. */
async function linkOrigins(r: Recorder, app: TestApp, flush: () => Promise<void>, editorMails: Mail[], shopperMails: Mail[], ownUrl: string) {
  const family = 'auth/link-origin';
  const newest = (box: Mail[], to: string) => box.filter((m) => m.to === to).at(-1);
  const judgeMail =
    (box: Mail[], to: string, origin: string, path: string) =>
    (a: Answer): Verdict | undefined => {
      if (a.status >= 400) return { fail: `answered ${a.status}: ${a.body.slice(0, 120)}` };
      const mail = newest(box, to);
      if (!mail) return { fail: `no mail reached ${to}` };
      if (/attacker\.example|evil\.example|:6666/.test(mail.text)) return { leak: `the mail to ${to} links to the request's host: ${mail.text.slice(0, 200)}` };
      if (!mail.text.includes(`${origin}${path}`)) return { fail: `the mail to ${to} has no link to ${origin}${path}` };
      return undefined;
    };
  const forged = { 'x-forwarded-host': ATTACKER, 'x-forwarded-proto': 'https', forwarded: `host=${ATTACKER};proto=https` };

  // Editor: anyone's "forgot password" and the admin's invite and reset link, each with forged headers.
  const staff = ['big-sky-cars', 'harbourside-mazda', 'southern-cross-motor-group'].map(staffEmail);
  for (const [i, host] of [ATTACKER, `${ATTACKER}:443`, 'localhost'].entries()) {
    const email = itemAt(staff, i, 'the staff addresses');
    await r.attempt(
      family,
      `editor password reset for ${email} with Host ${host} and forged X-Forwarded-Host/Proto`,
      async () => {
        const a = await new Browser(app, host).send('POST', '/editor/api/password-reset', { email }, forged);
        await flush();
        return a;
      },
      judgeMail(editorMails, email, EDITOR_ORIGIN, '/editor/set-password#'),
    );
  }
  const admin = new Browser(app, 'localhost');
  const signedIn = json(await admin.send('POST', '/editor/api/login', { email: ADMIN_EMAIL, password: TEST_PASSWORD }));
  const adminHeaders = { ...forged, 'x-csrf-token': signedIn.csrf ?? '' };
  const invited = 'new-staff@dealer.example';
  await r.attempt(
    family,
    'an admin invite sent with forged X-Forwarded-Host/Proto',
    async () => {
      const a = await admin.send('POST', '/editor/api/accounts', { email: invited, name: 'New Staff', sites: [OWN] }, adminHeaders);
      await flush();
      return a;
    },
    judgeMail(editorMails, invited, EDITOR_ORIGIN, '/editor/set-password#'),
  );
  const other = staffEmail('outback-caravans-motorcycles');
  await r.attempt(
    family,
    "an admin's reset link sent with forged X-Forwarded-Host/Proto",
    async () => {
      const a = await admin.send('POST', `/editor/api/accounts/${encodeURIComponent(other)}/password-link`, {}, adminHeaders);
      await flush();
      return a;
    },
    judgeMail(editorMails, other, EDITOR_ORIGIN, '/editor/set-password#'),
  );

  // Shoppers: the link is the site's own url, whatever host (of that site) and forwarded headers the request names.
  const origin = new URL(ownUrl).origin;
  const shopper = `link-origin-${Date.now()}@example.com`;
  await r.attempt(
    family,
    `shopper sign-up on Host ${OWN}.localhost:6666 with forged X-Forwarded-Host/Proto: the confirmation link`,
    async () => {
      const a = await new Browser(app, `${OWN}.localhost:6666`).shopperPost(
        '/api/account/sign-up',
        { name: 'Link Owner', email: shopper, password: SHOPPER_PASSWORD },
        { ...forged, ...from(nextAddress()) },
      );
      await flush();
      return a;
    },
    judgeMail(shopperMails, shopper, origin, '/confirm-account?token='),
  );
  for (const host of [`${OWN}.localhost:6666`, `www.${new URL(ownUrl).hostname.replace(/^www\./, '')}`]) {
    await r.attempt(
      family,
      `shopper password reset on Host ${host} with forged X-Forwarded-Host/Proto`,
      async () => {
        const a = await new Browser(app, host).shopperPost('/api/account/forgot-password', { email: shopper }, forged);
        await flush();
        return a;
      },
      judgeMail(shopperMails, shopper, origin, '/reset-password?token='),
    );
  }
  // A site without url in production: the same answer, and no link built from the request.
  const bare = `no-url-${Date.now()}@example.com`;
  const browser = new Browser(app, `${NO_URL}.localhost:6666`);
  await browser.shopperPost('/api/account/sign-up', { name: 'No Url', email: bare, password: SHOPPER_PASSWORD }, from(nextAddress()));
  await r.attempt(
    family,
    `shopper password reset on ${NO_URL}, which has no url`,
    async () => {
      const a = await browser.shopperPost('/api/account/forgot-password', { email: bare }, forged);
      await flush();
      return a;
    },
    (a) => {
      if (a.status !== 202 || json(a).message !== M.resetSent) return { fail: `the answer differs: ${a.status} ${a.body.slice(0, 120)}` };
      const mails = shopperMails.filter((m) => m.to === bare);
      if (mails.some((m) => /localhost|attacker|http/.test(m.text))) return { leak: 'a mail carries a link built from the request' };
      return mails.some((m) => m.subject.startsWith('Reset')) ? { leak: 'a reset mail went out without a configured link' } : undefined;
    },
  );
  await r.attempt(
    family,
    'production refuses to start without EDITOR_PUBLIC_URL',
    async () => {
      const outcome = (() => {
        try {
          publicUrlsFromEnv({ NODE_ENV: 'production', PORT: '3000' });
          return 'started';
        } catch (e) {
          return e instanceof PublicUrlConfigError ? e.message : `crashed: ${(e as Error).message}`;
        }
      })();
      return { status: outcome === 'started' ? 200 : 400, body: outcome, headers: {} } as Answer;
    },
    (a) =>
      a.body === 'started' ? { leak: 'production starts without EDITOR_PUBLIC_URL' } : a.body.startsWith('EDITOR_PUBLIC_URL') ? undefined : { fail: a.body },
  );
}

let addressCounter = 0;
/** A client address no other attempt of this module uses. */
const nextAddress = () => `10.${80 + Math.floor(addressCounter / 65_536)}.${Math.floor(addressCounter / 256) % 256}.${addressCounter++ % 256}`;
/** Failed editor sign-ins this module caused: the editor's budget is one for all staff. */
let editorFailures = 0;

/** Finding 2: wrong passwords from an attacker's address lock that address, not the owner; sign-up and reset do not enumerate. */
async function lockout(r: Recorder, app: TestApp, flush: () => Promise<void>, shopperMails: Mail[]) {
  const family = 'auth/lockout';
  const { perPair } = SIGN_IN_LIMITS;
  const host = `${OWN}.localhost`;
  const email = `owner-${Date.now()}@example.com`;
  const owner = new Browser(app, host);
  await signUpConfirmed(owner, { name: 'Owner', email, password: SHOPPER_PASSWORD }, nextAddress(), flush, shopperMails);
  const attacker = new Browser(app, host);
  const attackerAddress = nextAddress();
  for (let i = 1; i <= perPair + 1; i++)
    await r.attempt(
      family,
      `wrong password ${i} for a shopper from the attacker's address`,
      () => attacker.shopperPost('/api/account/sign-in', { email, password: `guess number ${i}` }, from(attackerAddress)),
      expectStatus(i <= perPair ? 401 : 429),
    );
  const signIn = (b: Browser, address: string) => b.shopperPost('/api/account/sign-in', { email, password: SHOPPER_PASSWORD }, from(address));
  const ownerGetsIn = (a: Answer): Verdict | undefined =>
    a.status === 200 ? undefined : { leak: `the owner is locked out: ${a.status} ${a.body.slice(0, 120)}` };
  await r.attempt(family, "the shopper's own browser signs in from another address", () => signIn(owner, nextAddress()), ownerGetsIn);
  await r.attempt(
    family,
    "the shopper's own browser signs in from the attacker's address (a shared network)",
    () => signIn(owner, attackerAddress),
    ownerGetsIn,
  );
  await r.attempt(
    family,
    'the attacker stays locked out, even with the right password',
    () => signIn(attacker, attackerAddress),
    (a) => (a.status === 429 ? undefined : { leak: `the attacker's address got ${a.status}` }),
  );
  await r.attempt(
    family,
    'a browser the shopper never used waits seconds, not a lockout',
    () => signIn(new Browser(app, host), nextAddress()),
    (a) => {
      const wait = Number(a.headers['retry-after'] ?? 0);
      if (a.status === 200) return undefined;
      if (a.status !== 429) return { fail: `got ${a.status}: ${a.body.slice(0, 120)}` };
      if (wait > 60) return { leak: `the owner on a new browser is locked out for ${wait} s` };
      return json(a).error?.includes('reset your password') ? undefined : { fail: `the answer does not point to the reset: ${a.body}` };
    },
  );

  // The same for editor staff and the platform admin: their own browser keeps working.
  for (const account of [staffEmail(SPRAYED), ADMIN_EMAIL]) {
    const own = new Browser(app, 'localhost');
    await own.send('POST', '/editor/api/login', { email: account, password: TEST_PASSWORD }, from(nextAddress()));
    const theirs = new Browser(app, 'localhost');
    const address = nextAddress();
    for (let i = 1; i <= perPair + 1; i++)
      await r.attempt(
        family,
        `wrong password ${i} for ${account} in the editor from the attacker's address`,
        async () => {
          const a = await theirs.send('POST', '/editor/api/login', { email: account, password: `guess number ${i}` }, from(address));
          if (a.status === 401) editorFailures++;
          return a;
        },
        expectStatus(i <= perPair ? 401 : 429),
      );
    await r.attempt(
      family,
      `${account}'s own browser signs in to the editor from another address`,
      () => own.send('POST', '/editor/api/login', { email: account, password: TEST_PASSWORD }, from(nextAddress())),
      ownerGetsIn,
    );
    await r.attempt(
      family,
      `the attacker stays locked out of ${account}, even with the right password`,
      () => theirs.send('POST', '/editor/api/login', { email: account, password: TEST_PASSWORD }, from(address)),
      (a) => (a.status === 429 ? undefined : { leak: `the attacker's address got ${a.status}` }),
    );
  }

  // Enumeration: sign-up, forgot-password (shoppers and staff) answer alike for a registered and a new email.
  const enumeration = 'auth/enumeration';
  const fresh = await new Browser(app, host).shopperPost(
    '/api/account/sign-up',
    { name: 'Fresh Shopper', email: `fresh-${Date.now()}@example.com`, password: 'a fresh password 1' },
    from(nextAddress()),
  );
  const probe = new Browser(app, host);
  await r.attempt(
    enumeration,
    'sign-up with an email that already has an account',
    async () => {
      const a = await probe.shopperPost('/api/account/sign-up', { name: 'Someone Else', email, password: 'an attacker password' }, from(nextAddress()));
      await flush();
      return a;
    },
    (a) => {
      if (a.status !== fresh.status || a.body !== fresh.body || cookieNamesOf(a).join() !== cookieNamesOf(fresh).join())
        return {
          leak: `a new email gets ${fresh.status} ${fresh.body} [${cookieNamesOf(fresh)}], a registered one ${a.status} ${a.body} [${cookieNamesOf(a)}]`,
        };
      if ([a.headers['set-cookie'] ?? []].flat().some((c) => c.includes('shopper_session='))) return { leak: "a session came back for someone else's email" };
      const told = shopperMails.some((m) => m.to === email && m.text.includes('Someone tried to create an account'));
      return told ? undefined : { fail: 'the owner was not told by mail' };
    },
  );
  await r.attempt(
    enumeration,
    'the sign-up with a registered email is not signed in',
    () => probe.send('GET', '/api/account'),
    (a) => (json(a).shopper === null ? undefined : { leak: `signed in as ${JSON.stringify(json(a).shopper)}` }),
  );
  const sameAnswer = (send: (email: string) => Promise<Answer>, registered: string, what: string) =>
    r.attempt(
      enumeration,
      what,
      async () => {
        const [known, unknown] = [await send(registered), await send(`nobody-${Date.now()}@example.com`)];
        return { status: known.status, body: JSON.stringify([known.status, known.body, unknown.status, unknown.body]), headers: {} };
      },
      (a) => {
        const [ks, kb, us, ub] = JSON.parse(a.body);
        return ks === us && kb === ub ? undefined : { leak: `registered: ${ks} ${kb}; unknown: ${us} ${ub}` };
      },
    );
  await sameAnswer(
    (e) => new Browser(app, host).shopperPost('/api/account/forgot-password', { email: e }, from(nextAddress())),
    email,
    'shopper forgot-password: a registered and an unknown email',
  );
  await sameAnswer(
    (e) => new Browser(app, 'localhost').send('POST', '/editor/api/password-reset', { email: e }, from(nextAddress())),
    staffEmail(OWN),
    'editor forgot-password: a registered and an unknown email',
  );
}

/** Finding 3: 25 reset requests from 25 addresses send at most a few mails, and only the newest link works. */
async function resetFlood(r: Recorder, app: TestApp, flush: () => Promise<void>, editorMails: Mail[], shopperMails: Mail[]) {
  const family = 'auth/reset-flood';
  const REQUESTS = 25;
  const judgeFlood = (mails: () => Mail[]) => () => {
    const n = mails().length;
    return n > RESET_MAILS_PER_HOUR ? { leak: `${n} mails reached one account` } : n === 0 ? { fail: 'no mail at all' } : undefined;
  };
  const count = (n: () => number) => async () => ({ status: 200, body: String(n()), headers: {} });

  // Editor: the platform admin, whose link would take over every site.
  const first = editorMails.length;
  let answer = '';
  for (let i = 0; i < REQUESTS; i++)
    await r.attempt(
      family,
      `editor reset request ${i + 1} of ${REQUESTS} for the platform admin, from its own address`,
      () => new Browser(app, 'localhost').send('POST', '/editor/api/password-reset', { email: ADMIN_EMAIL }, from(nextAddress())),
      (a) => {
        answer ||= a.body;
        return a.status === 202 && a.body === answer ? undefined : { fail: `the answer changed: ${a.status} ${a.body}` };
      },
    );
  await flush();
  const adminMails = () => editorMails.slice(first).filter((m) => m.to === ADMIN_EMAIL);
  await r.attempt(
    family,
    `at most ${RESET_MAILS_PER_HOUR} editor reset mails reached the admin`,
    count(() => adminMails().length),
    judgeFlood(adminMails),
  );
  const staffTokens = adminMails().map((m) => tokenOf(m.text, /set-password#([\w-]+)/)!);
  for (const [i, token] of staffTokens.entries()) {
    const newest = i === staffTokens.length - 1;
    await r.attempt(
      family,
      newest ? 'the newest editor link works' : `an older editor link (${i + 1}) no longer works`,
      () => new Browser(app, 'localhost').send('GET', `/editor/api/links/${token}`),
      newest ? expectStatus(200) : expectStatus(410, 'leak'),
    );
  }

  // Shoppers.
  const host = `${OWN}.localhost`;
  const email = `flooded-${Date.now()}@example.com`;
  await new Browser(app, host).shopperPost('/api/account/sign-up', { name: 'Flooded', email, password: SHOPPER_PASSWORD }, from(nextAddress()));
  for (let i = 0; i < REQUESTS; i++)
    await r.attempt(
      family,
      `shopper reset request ${i + 1} of ${REQUESTS}, from its own address`,
      () => new Browser(app, host).shopperPost('/api/account/forgot-password', { email }, from(nextAddress())),
      (a) => (a.status === 202 && json(a).message === M.resetSent ? undefined : { fail: `the answer changed: ${a.status} ${a.body}` }),
    );
  await flush();
  const resetMails = () => shopperMails.filter((m) => m.to === email && m.subject.startsWith('Reset'));
  await r.attempt(
    family,
    `at most ${RESET_MAILS_PER_HOUR} shopper reset mails reached the account`,
    count(() => resetMails().length),
    judgeFlood(resetMails),
  );
  const tokens = resetMails().map((m) => tokenOf(m.text, /reset-password\?token=([\w-]+)/)!);
  const browser = new Browser(app, host);
  for (const [i, token] of tokens.entries()) {
    const newest = i === tokens.length - 1;
    await r.attempt(
      family,
      newest ? 'the newest shopper link sets the password' : `an older shopper link (${i + 1}) no longer works`,
      () => browser.shopperPost('/api/account/reset-password', { token, password: `a new password ${i}` }, from(nextAddress())),
      newest ? expectStatus(200) : (a) => (a.status === 400 && json(a).error === M.resetInvalid ? undefined : { leak: `an older link answered ${a.status}` }),
    );
  }
}

/** Finding 4: password spraying over 40 addresses meets friction once a site's (or the editor's) budget is spent. */
async function spraying(r: Recorder, app: TestApp, flush: () => Promise<void>, shopperMails: Mail[]) {
  const family = 'auth/spraying';
  const { perSite, siteDelayMs } = SIGN_IN_LIMITS;
  const ADDRESSES = 40;
  // A delay never ends early; a margin for the clock's rounding.
  const slowEnough = (a: Answer) => (a as Timed).ms >= siteDelayMs - 50;

  const host = `${SPRAYED}.localhost`;
  const ownerEmail = `sprayed-owner-${Date.now()}@example.com`;
  const owner = new Browser(app, host);
  await signUpConfirmed(owner, { name: 'Sprayed Owner', email: ownerEmail, password: SHOPPER_PASSWORD }, nextAddress(), flush, shopperMails);
  const spray = (i: number) =>
    new Browser(app, host).shopperPost('/api/account/sign-in', { email: `victim-${i}@example.com`, password: 'Summer2026!' }, from(nextAddress()));
  // One after another: the budget counts failures as they are answered (and password checks queue on the server).
  for (let i = 0; i < ADDRESSES; i++)
    await r.attempt(
      family,
      `shopper sign-in spray ${i + 1} of ${ADDRESSES}, each from its own address${i >= perSite ? ", past the site's budget" : ''}`,
      () => spray(i),
      (a) =>
        a.status !== 401
          ? { fail: `got ${a.status}: ${a.body.slice(0, 120)}` }
          : i < perSite || slowEnough(a)
            ? undefined
            : { leak: `answered in ${Math.round((a as Timed).ms)} ms: no friction` },
    );
  await r.attempt(
    family,
    "the shopper's own browser still signs in during the spraying",
    () => owner.shopperPost('/api/account/sign-in', { email: ownerEmail, password: SHOPPER_PASSWORD }, from(nextAddress())),
    expectStatus(200),
  );
  await r.attempt(
    family,
    'a new shopper can still sign up during the spraying',
    () =>
      new Browser(app, host).shopperPost(
        '/api/account/sign-up',
        { name: 'New', email: `new-${Date.now()}@example.com`, password: SHOPPER_PASSWORD },
        from(nextAddress()),
      ),
    expectStatus(201),
  );

  // The editor is one budget for every staff account.
  const editorSpray = async (i: number) => {
    const a = await new Browser(app, 'localhost').send(
      'POST',
      '/editor/api/login',
      { email: `staff-${i}@dealer.example`, password: 'Summer2026!' },
      from(nextAddress()),
    );
    if (a.status === 401) editorFailures++;
    return a;
  };
  for (let i = 0; i < ADDRESSES; i++) {
    const spent = editorFailures >= perSite;
    await r.attempt(
      family,
      `editor sign-in spray ${i + 1} of ${ADDRESSES}, each from its own address${spent ? ", past the editor's budget" : ''}`,
      () => editorSpray(i),
      (a) =>
        a.status !== 401
          ? { fail: `got ${a.status}: ${a.body.slice(0, 120)}` }
          : !spent || slowEnough(a)
            ? undefined
            : { leak: `answered in ${Math.round((a as Timed).ms)} ms: no friction` },
    );
  }
  const staff = new Browser(app, 'localhost');
  await staff.send('POST', '/editor/api/login', { email: staffEmail(NO_URL), password: TEST_PASSWORD }, from(nextAddress()));
  await r.attempt(
    family,
    "a staff member's own browser still signs in during the spraying",
    () => staff.send('POST', '/editor/api/login', { email: staffEmail(NO_URL), password: TEST_PASSWORD }, from(nextAddress())),
    expectStatus(200),
  );
}
