// Shopper accounts of every site: sign-up confirmed by mail, sign-in (rate limited), sessions, password reset by mail, phone number,
// watchlist and saved searches. Answers are { status, body } ready for the HTTP layer; every "yes" is committed first.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import {
  ACCOUNT_MESSAGES as M,
  ACCOUNT_PATH,
  CONFIRMATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  waitText,
  SESSION_TTL_MS,
  WATCHLIST_MESSAGES as W,
  checkEmail,
  checkPassword,
  checkPhone,
  normaliseEmail,
  normalisePhone,
  safeRedirectPath,
  validateSignUp,
} from '../domain/accounts';
import { isAvailable } from '../domain/vehicle/availability';
import { canonicalOrigin } from '../infra/public-urls';
import { KnownDevices } from './known-device';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { SignInLimiter } from './sign-in-limiter';
import { MAX_SAVED_SEARCHES, MAX_WATCHLIST, type Account, type AccountStore, type OutgoingMail } from './store';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** What the browser may see of an account. */
export interface PublicShopper {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

export const publicShopper = (a: Account): PublicShopper => ({ id: a.id, name: a.name, email: a.email, phone: a.phone });

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

type Body = Record<string, unknown>;
const isObject = (b: unknown): b is Body => typeof b === 'object' && b !== null && !Array.isArray(b);
const bad = (error: string, fields?: Record<string, string>): Answer => ({ status: 400, body: fields ? { error, fields } : { error } });

/** The site a request is for, as mails need it. */
export type SiteRef = Pick<TenantDocument, 'slug' | 'name' | 'url'>;

/** What identifies an account to the known-device cookie. */
const shopperDeviceKey = (tenant: string, email: string) => `shopper|${tenant}|${email}`;

export interface AccountServiceOptions {
  store: AccountStore;
  /** The site's cars (watchlist entries must be cars of the site). */
  carById?: (tenant: TenantDocument, id: number) => Car | undefined;
  limiter?: SignInLimiter;
  /** Where links in mail point (configuration: runtime/infra/public-urls.ts); by default the site's own `url`. */
  linkOrigin?: (site: SiteRef) => string | undefined;
  /** Signs the cookie of browsers an account signed in from (they skip the per-account friction). */
  devices?: KnownDevices;
  onMailQueued?: () => void;
  now?: () => number;
  log?: (message: string) => void;
}

/** A sign-in attempt's browser: its address (req.ip) and the known-device cookie it sent, if any. */
interface ClientInfo {
  address: string;
  device?: string;
}

export class AccountService {
  readonly store: AccountStore;
  private limiter: SignInLimiter;
  private devices: KnownDevices;
  private linkOrigin: (site: SiteRef) => string | undefined;
  private now: () => number;
  private log: (message: string) => void;

  constructor(private o: AccountServiceOptions) {
    this.store = o.store;
    this.limiter = o.limiter ?? new SignInLimiter();
    this.devices = o.devices ?? KnownDevices.random();
    this.linkOrigin = o.linkOrigin ?? canonicalOrigin;
    this.now = o.now ?? Date.now;
    this.log = o.log ?? ((m) => console.error(m));
  }

  /** The origin of the site's links, or undefined (and why, logged): a link is never built from the request. */
  private originFor(site: SiteRef, consequence: string): string | undefined {
    const origin = this.linkOrigin(site);
    if (!origin) this.log(`account mail of ${site.slug}: ${consequence}: the site has no "url" in its document (links never come from a request)`);
    return origin;
  }

  private async queueNotice(mail: Omit<OutgoingMail, 'createdAt'>) {
    await this.store.queueMail({ ...mail, createdAt: this.now() });
    this.o.onMailQueued?.();
  }

  private async startSession(account: Account): Promise<string> {
    const token = newToken();
    const now = this.now();
    await this.store.createSession({
      tokenHash: tokenHash(token),
      tenant: account.tenant,
      accountId: account.id,
      createdAt: now,
      expiresAt: now + SESSION_TTL_MS,
    });
    return token;
  }

  /** The signed-in shopper of a session token on this site, if the session is live. */
  async shopperOf(tenant: string, token: string | undefined): Promise<Account | undefined> {
    if (!token || token.length > 200) return undefined;
    return this.store.sessionAccount(tenant, tokenHash(token), this.now());
  }

  /**
   * Stores a new account as unconfirmed and mails its owner a confirmation link; nobody is signed in. An email that
   * already has an account here gets the very same answer (status, body, no cookie) and its owner a mail saying so:
   * the form must not reveal who has an account. A sign-up again of an unconfirmed email replaces its pending
   * password and mails a new link (capped per hour, like every mail of this form).
   */
  async signUp(site: SiteRef, body: unknown): Promise<Answer> {
    if (!isObject(body)) return bad('Send the form as a JSON object.');
    const v = validateSignUp(body);
    if (!v.ok) return bad('Please check the highlighted fields.', v.fields);
    // Hashed either way, so an existing email takes as long as a new one.
    const passwordHash = await hashPassword(v.value.password);
    const next = safeRedirectPath(body.next, ACCOUNT_PATH);
    const now = this.now();
    const done = { status: 201, body: { message: M.signUpDone } };
    const created = await this.store.createAccount({
      id: randomUUID(),
      tenant: site.slug,
      email: v.value.email,
      name: v.value.name,
      phone: v.value.phone,
      passwordHash,
      createdAt: now,
      unconfirmedSince: now,
    });
    const pending =
      created === 'email-taken'
        ? await this.store.replaceUnconfirmed(site.slug, v.value.email, { name: v.value.name, phone: v.value.phone, passwordHash })
        : created;
    if (pending) {
      await this.mailConfirmation(site, pending, passwordHash, next);
      return done;
    }
    const owner = await this.store.accountByEmail(site.slug, v.value.email);
    const origin = this.originFor(site, 'a sign-up notice goes without links');
    const links = origin ? `\n\nSign in: ${origin}/sign-in\nReset your password: ${origin}/forgot-password` : '';
    // Capped per account: sign-up attempts must not flood the owner's inbox either.
    if (owner && (await this.limiter.signUpNotice(`${site.slug}|${owner.email}`)))
      await this.queueNotice({
        tenant: site.slug,
        to: owner.email,
        subject: `Your ${site.name} account`,
        text: `Hello ${owner.name},\n\nSomeone tried to create an account on ${site.name} with this email address, which already has one. If it was you, sign in instead, or reset your password if you have forgotten it.${links}\n\nIf it was not you, ignore this email: your account has not changed.\n\n${site.name}`,
      });
    return done;
  }

  /**
   * Mails a single-use link that confirms the account with `passwordHash` (the password of the request that asked for
   * it, so a later sign-up by someone else cannot change what an earlier link confirms). No mail without a
   * configured origin (a link is never built from the request) or over the hourly cap.
   */
  private async mailConfirmation(site: SiteRef, account: Account, passwordHash: string, next: string) {
    const origin = this.originFor(site, 'no sign-up confirmation mail is sent');
    if (!origin || !(await this.limiter.confirmationMail(`${site.slug}|${account.email}`))) return;
    const token = newToken();
    const now = this.now();
    await this.store.createConfirmation(
      { tokenHash: tokenHash(token), tenant: site.slug, accountId: account.id, passwordHash, next, createdAt: now, expiresAt: now + CONFIRMATION_TTL_MS },
      {
        tenant: site.slug,
        to: account.email,
        subject: `Confirm your ${site.name} account`,
        text: `Hello ${account.name},\n\nTo confirm your email address and finish creating your ${site.name} account, open this link within 24 hours:\n\n${origin}/confirm-account?token=${token}\n\nThe link works once and signs you in. If you did not create an account on ${site.name}, ignore this email: without confirmation the account cannot be used.\n\n${site.name}`,
        createdAt: now,
      },
    );
    this.o.onMailQueued?.();
  }

  /** Follows a confirmation link: confirms the account and signs this browser in (a known device from now on). */
  async confirmAccount(tenant: string, body: unknown): Promise<Answer & { session?: string; device?: string }> {
    if (!isObject(body)) return bad('Send the form as a JSON object.');
    if (typeof body.token !== 'string' || !body.token || body.token.length > 200) return bad(M.confirmInvalid);
    const confirmed = await this.store.consumeConfirmation(tenant, tokenHash(body.token), this.now());
    if (!confirmed) return bad(M.confirmInvalid);
    const { account, next } = confirmed;
    return {
      status: 200,
      body: { shopper: publicShopper(account), next: safeRedirectPath(next, ACCOUNT_PATH) },
      session: await this.startSession(account),
      device: this.devices.issue(shopperDeviceKey(tenant, account.email)),
    };
  }

  async signIn(site: SiteRef, body: unknown, client: ClientInfo): Promise<Answer & { session?: string; device?: string; retryAfter?: number }> {
    const tenant = site.slug;
    if (!isObject(body)) return bad('Send the form as a JSON object.');
    const fields: Record<string, string> = {};
    const emailError = checkEmail(body.email);
    if (emailError) fields.email = emailError;
    if (typeof body.password !== 'string' || !body.password) fields.password = M.required;
    else if (body.password.length > 200) fields.password = M.passwordTooLong;
    if (Object.keys(fields).length) return bad('Please check the highlighted fields.', fields);
    const email = normaliseEmail(body.email as string);
    const deviceKey = shopperDeviceKey(tenant, email);
    const attempt = { site: tenant, address: client.address, account: email, knownDevice: this.devices.knows(deviceKey, client.device) };
    const verdict = await this.limiter.begin(attempt);
    if (!verdict.ok) {
      const wait = verdict.retryAfterSeconds;
      const error = verdict.reason === 'account' ? M.accountSlowed(waitText(wait)) : M.rateLimited(Math.ceil(wait / 60));
      return { status: 429, body: { error }, retryAfter: wait };
    }
    const account = await this.store.accountByEmail(tenant, email);
    // Same work whether or not the account exists, so timing does not tell which emails have accounts.
    const ok = await verifyPassword(body.password as string, account?.passwordHash ?? (await dummyHash()));
    if (!account || !ok) {
      await this.limiter.failed(attempt);
      return { status: 401, body: { error: M.badCredentials } };
    }
    await this.limiter.succeeded(attempt);
    const { passwordHash: _hash, ...plain } = account;
    // Only the one who chose this password gets here: a new link to the address, and no session until it is followed.
    // The answer is the wrong-password one, or a sign-up followed by a sign-in would tell a new address from a taken one.
    if (!account.confirmed) {
      await this.mailConfirmation(site, plain, account.passwordHash, ACCOUNT_PATH);
      return { status: 401, body: { error: M.badCredentials } };
    }
    return { status: 200, body: { shopper: publicShopper(plain) }, session: await this.startSession(plain), device: this.devices.issue(deviceKey) };
  }

  async signOut(tenant: string, token: string | undefined) {
    if (token) await this.store.deleteSession(tenant, tokenHash(token));
  }

  /** Always the same answer, so the form does not reveal which emails have accounts. */
  async forgotPassword(site: SiteRef, body: unknown): Promise<Answer> {
    if (!isObject(body)) return bad('Send the form as a JSON object.');
    const emailError = checkEmail(body.email);
    if (emailError) return bad('Please check the highlighted fields.', { email: emailError });
    const account = await this.store.accountByEmail(site.slug, normaliseEmail(body.email as string));
    // Without a configured origin, or over the hourly limit, the answer stays the same (it must not reveal the
    // account) but no mail goes out: a reset mail without its link is no use.
    const origin = account && this.originFor(site, 'no password reset mail is sent');
    if (account && origin && (await this.limiter.resetMail(`${site.slug}|${account.email}`))) {
      const token = newToken();
      const now = this.now();
      const link = `${origin}/reset-password?token=${token}`;
      await this.store.createPasswordReset(
        { tokenHash: tokenHash(token), tenant: site.slug, accountId: account.id, createdAt: now, expiresAt: now + PASSWORD_RESET_TTL_MS },
        {
          tenant: site.slug,
          to: account.email,
          subject: `Reset your ${site.name} password`,
          text: `Hello ${account.name},\n\nSomeone asked to reset the password of your ${site.name} account. To choose a new password, open this link within 1 hour:\n\n${link}\n\nThe link works once, and only the newest link you were sent works. If you did not ask for this, ignore this email: your password stays the same.\n\n${site.name}`,
          createdAt: now,
        },
      );
      this.o.onMailQueued?.();
    }
    return { status: 202, body: { message: M.resetSent } };
  }

  /** Sets the password from a mailed link; the browser that did it is one the owner uses (a known device). An
   *  unconfirmed account is confirmed by it too: the mailed link proved the address as a confirmation link would. */
  async resetPassword(tenant: string, body: unknown): Promise<Answer & { device?: string }> {
    if (!isObject(body)) return bad('Send the form as a JSON object.');
    const passwordError = checkPassword(body.password);
    if (passwordError) return bad('Please check the highlighted fields.', { password: passwordError });
    if (typeof body.token !== 'string' || !body.token || body.token.length > 200) return bad(M.resetInvalid);
    const accountId = await this.store.consumePasswordReset(tenant, tokenHash(body.token), this.now(), await hashPassword(body.password as string));
    if (!accountId) return bad(M.resetInvalid);
    const account = await this.store.accountById(tenant, accountId);
    return { status: 200, body: { message: M.resetDone }, device: account ? this.devices.issue(shopperDeviceKey(tenant, account.email)) : undefined };
  }

  async updateDetails(account: Account, body: unknown): Promise<Answer> {
    if (!isObject(body)) return bad('Send the form as a JSON object.');
    if (!('phone' in body)) return bad('Nothing to change: send { phone }.');
    const error = checkPhone(body.phone, false);
    if (error || (body.phone !== null && typeof body.phone !== 'string'))
      return bad('Please check the highlighted fields.', { phone: error ?? M.invalidPhone });
    const phone = typeof body.phone === 'string' && body.phone.trim() ? normalisePhone(body.phone) : null;
    await this.store.updatePhone(account.tenant, account.id, phone);
    return { status: 200, body: { shopper: publicShopper({ ...account, phone }), message: M.phoneSaved } };
  }

  // --- watchlist (docs/requirements/vehicle-browsing.md#calls: POST /api/watchlist/save-car and remove-car, JSON { phone_number, car_id }) ---

  private watchlistRequest(tenant: TenantDocument, account: Account, body: unknown): { car: Car } | Answer {
    if (!isObject(body)) return bad('Send { phone_number, car_id } as a JSON object.');
    const carId = typeof body.car_id === 'string' && /^\d{1,15}$/.test(body.car_id) ? Number(body.car_id) : body.car_id;
    if (typeof carId !== 'number' || !Number.isSafeInteger(carId) || carId <= 0) return bad(W.badCarId);
    // docs/requirements/vehicle-browsing.md#roles: saving needs a signed-in user with a phone number
    if (!account.phone) return { status: 422, body: { error: W.phoneMissing } };
    if (typeof body.phone_number !== 'string' || normalisePhone(body.phone_number) !== account.phone) return bad(W.badPhone);
    const car = this.o.carById?.(tenant, carId);
    if (!car) return { status: 404, body: { error: W.unknownCar } };
    return { car };
  }

  async saveCar(tenant: TenantDocument, account: Account, body: unknown): Promise<Answer> {
    const r = this.watchlistRequest(tenant, account, body);
    if (!('car' in r)) return r;
    const saved = await this.store.watchlist(tenant.slug, account.id);
    const already = saved.some((e) => e.carId === r.car.id);
    // docs/requirements/vehicle-browsing.md#states: a sold car cannot be saved unless already saved
    if (!already && !isAvailable(r.car)) return { status: 409, body: { error: W.soldCannotSave } };
    if (!already && saved.length >= MAX_WATCHLIST)
      return { status: 409, body: { error: `Your watchlist is full (${MAX_WATCHLIST} cars). Remove a car first.` } };
    await this.store.saveCar(tenant.slug, account.id, r.car.id, r.car.price && r.car.price > 0 ? r.car.price : null, this.now());
    return { status: 200, body: { success: true } };
  }

  async removeCar(tenant: TenantDocument, account: Account, body: unknown): Promise<Answer> {
    const r = this.watchlistRequest(tenant, account, body);
    if (!('car' in r)) {
      // A car that left the stock can still be removed from a list that has it.
      if (r.status === 404 && isObject(body)) {
        const id = Number(body.car_id);
        if ((await this.store.watchlist(tenant.slug, account.id)).some((e) => e.carId === id)) {
          await this.store.removeCar(tenant.slug, account.id, id);
          return { status: 200, body: { success: true } };
        }
      }
      return r;
    }
    await this.store.removeCar(tenant.slug, account.id, r.car.id);
    return { status: 200, body: { success: true } };
  }

  // --- saved searches (beyond the seeds) ---

  async saveSearch(account: Account, body: unknown): Promise<Answer> {
    if (!isObject(body)) return bad('Send { name, path } as a JSON object.');
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const path = typeof body.path === 'string' ? body.path : '';
    const fields: Record<string, string> = {};
    if (!name) fields.name = M.required;
    else if (name.length > 80) fields.name = 'The name must be at most 80 characters.';
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    if (!/^\/search(\/|\?|$)/.test(path) || path.length > 1000 || /[\u0000-\u001f\\]/.test(path)) fields.path = 'Only a search page of this site can be saved.';
    if (Object.keys(fields).length) return bad('Please check the highlighted fields.', fields);
    const existing = await this.store.savedSearches(account.tenant, account.id);
    if (existing.length >= MAX_SAVED_SEARCHES) return { status: 409, body: { error: `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one first.` } };
    const now = this.now();
    const search = { id: randomUUID(), name, path, createdAt: now, lastSeenAt: now };
    await this.store.saveSearch(account.tenant, account.id, search);
    return { status: 201, body: { search } };
  }
}
