// What platform admins do with staff accounts in the editor, and what staff do with their own: invite by email (a
// one-time link, 7 days), grant and revoke sites, a password reset link (1 hour), disable (sessions end at once), and
// a change of one's own password (the current one required, other sessions end). Every input is checked here, so the
// routes pass the request's JSON as it came. Links travel by mail only: the token is never in an API answer, and only
// its SHA-256 hash is stored.
import { randomBytes } from 'node:crypto';
import type { OutgoingMail } from '../accounts/store';
import { accountState, EMAIL_PATTERN, normaliseEmail, publicAccount, type Account, type AccountStore } from './accounts';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './password';
import { hashToken, type SessionStore } from './sessions';
import type { EditorStaffStore, StaffTokenPurpose } from './staff-store';

const INVITE_HOURS = 7 * 24;
const RESET_HOURS = 1;
export const MAX_PASSWORD_LENGTH = 200;
const MAX_NAME_LENGTH = 100;
/** Where links in mails open the editor (the fragment never reaches a server log or a Referer). */
const SET_PASSWORD_PATH = '/editor/set-password';

export class StaffAccountError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const LINK_NOT_VALID = 'This link has expired or has already been used. Ask a platform admin to send a new one.';

export interface StaffAccountsOptions {
  accounts: AccountStore;
  store: EditorStaffStore;
  sessions: SessionStore;
  /** Slugs of the sites that exist (only those may be granted). */
  sites: () => string[];
  now?: () => number;
  /** A mail was queued: the mail worker may send it now. */
  onMailQueued?: () => void;
  /** Counts a reset mail someone asked for; false once the account had its hourly share (the answer stays the same). */
  resetMailAllowed?: (email: string) => Promise<boolean>;
}

const bad = (message: string) => new StaffAccountError(400, message);

function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  return undefined;
}

export class StaffAccounts {
  private readonly now: () => number;
  constructor(private readonly o: StaffAccountsOptions) {
    this.now = o.now ?? Date.now;
  }

  list() {
    return this.o.accounts.all().map(publicAccount);
  }

  private existing(email: unknown): Account {
    const account = typeof email === 'string' ? this.o.accounts.find(email) : undefined;
    if (!account) throw new StaffAccountError(404, 'There is no account with this email.');
    return account;
  }

  private sitesFrom(value: unknown): string[] {
    if (!Array.isArray(value) || value.some((s) => typeof s !== 'string')) throw bad('"sites" must be a list of site ids.');
    const known = new Set(this.o.sites());
    const unknown = value.filter((s) => !known.has(s));
    if (unknown.length) throw bad(`There is no site with the id ${unknown.map((s) => JSON.stringify(s)).join(', ')}.`);
    return [...new Set(value as string[])];
  }

  private async mailLink(account: Account, purpose: StaffTokenPurpose, origin: string) {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const hours = purpose === 'invite' ? INVITE_HOURS : RESET_HOURS;
    const link = `${origin}${SET_PASSWORD_PATH}#${token}`;
    const mail: OutgoingMail =
      purpose === 'invite'
        ? {
            tenant: account.tenants[0] ?? '',
            to: account.email,
            subject: 'You are invited to the site editor',
            text: `Hello ${account.name},\n\nYou have been invited to edit ${account.tenants.length ? account.tenants.join(', ') : 'dealer sites'} in the site editor. Choose your password here (the link works once, for ${INVITE_HOURS / 24} days):\n\n${link}\n\nIf you did not expect this invitation, you can ignore this mail.\n`,
            createdAt: now,
          }
        : {
            tenant: account.tenants[0] ?? '',
            to: account.email,
            subject: 'Reset your site editor password',
            text: `Hello ${account.name},\n\nChoose a new password for the site editor here (the link works once, for ${RESET_HOURS} hour):\n\n${link}\n\nIf you did not ask for this, you can ignore this mail; your password stays as it is.\n`,
            createdAt: now,
          };
    await this.o.store.issueToken({ tokenHash: hashToken(token), email: account.email, purpose, createdAt: now, expiresAt: now + hours * 3600_000 }, mail);
    this.o.onMailQueued?.();
  }

  /** Creates an account without a password and mails it a one-time link to choose one. */
  async invite(input: unknown, origin: string) {
    const body = (input ?? {}) as { email?: unknown; name?: unknown; sites?: unknown };
    if (typeof body.email !== 'string' || !EMAIL_PATTERN.test(normaliseEmail(body.email)) || body.email.length > 254)
      throw bad('Enter the email address of the person to invite.');
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > MAX_NAME_LENGTH))
      throw bad(`The name must be text of at most ${MAX_NAME_LENGTH} characters.`);
    const sites = this.sitesFrom(body.sites ?? []);
    if (this.o.accounts.find(body.email)) throw new StaffAccountError(409, `An account for ${normaliseEmail(body.email)} already exists.`);
    const account = this.o.accounts.invite({ email: body.email, name: typeof body.name === 'string' ? body.name : '', tenants: sites });
    await this.mailLink(account, 'invite', origin);
    return publicAccount(account);
  }

  grant(email: unknown, sites: unknown, revoke: boolean) {
    const account = this.existing(email);
    const list = this.sitesFrom(sites);
    return publicAccount(revoke ? this.o.accounts.revoke(account.email, list) : this.o.accounts.grant(account.email, list));
  }

  /** An admin sends a reset link (an invited account gets a fresh invite instead). */
  async sendReset(email: unknown, origin: string) {
    const account = this.existing(email);
    if (account.disabled) throw new StaffAccountError(409, 'This account is disabled. Enable it before sending a password link.');
    await this.mailLink(account, accountState(account) === 'invited' ? 'invite' : 'reset', origin);
    return publicAccount(account);
  }

  /**
   * Anyone may ask for a reset link; the answer is the same whether or not the account exists (no enumeration) and
   * whether or not a mail goes out: at most a few per account per hour, whatever the address asking, and each new
   * link ends the earlier ones (issueToken).
   */
  async requestReset(email: unknown, origin: string) {
    if (typeof email !== 'string' || !EMAIL_PATTERN.test(normaliseEmail(email)) || email.length > 254) throw bad('Enter your email address.');
    const account = this.o.accounts.find(email);
    if (!account || accountState(account) !== 'active') return;
    if (this.o.resetMailAllowed && !(await this.o.resetMailAllowed(account.email))) return;
    await this.mailLink(account, 'reset', origin);
  }

  /** Disabling ends the account's sessions and unused links at once. */
  async setDisabled(email: unknown, disabled: unknown, by: Account) {
    if (typeof disabled !== 'boolean') throw bad('"disabled" must be true or false.');
    const account = this.existing(email);
    if (account.email === by.email && disabled) throw new StaffAccountError(409, 'You cannot disable your own account.');
    const updated = this.o.accounts.setDisabled(account.email, disabled);
    if (disabled) {
      await this.o.sessions.destroyAll(account.email);
      await this.o.store.revokeTokensOf(account.email, this.now());
    }
    return publicAccount(updated);
  }

  /** Whether a link still works, and for whom (shown on the set-password page). */
  async linkInfo(token: unknown) {
    if (typeof token !== 'string' || token.length > 200) return undefined;
    const found = await this.o.store.peekToken(hashToken(token), this.now());
    const account = found && this.o.accounts.find(found.email);
    if (!found || !account || account.disabled) return undefined;
    return { purpose: found.purpose, email: account.email, name: account.name };
  }

  /** Sets the password through a one-time link, which is used up; every session and link of the account ends. */
  async redeem(token: unknown, password: unknown): Promise<Account> {
    const problem = passwordProblem(password);
    if (problem) throw bad(problem);
    if (typeof token !== 'string' || token.length > 200) throw new StaffAccountError(410, LINK_NOT_VALID);
    // Hashed before the link is used up: a hash refused while the server is busy leaves the link working.
    if (!(await this.o.store.peekToken(hashToken(token), this.now()))) throw new StaffAccountError(410, LINK_NOT_VALID);
    const hash = await hashPassword(password as string);
    const found = await this.o.store.consumeToken(hashToken(token), this.now());
    const account = found && this.o.accounts.find(found.email);
    if (!found || !account || account.disabled) throw new StaffAccountError(410, LINK_NOT_VALID);
    const updated = this.o.accounts.update(account.email, (a) => (a.passwordHash = hash));
    await this.o.store.revokeTokensOf(account.email, this.now());
    await this.o.sessions.destroyAll(account.email);
    return updated;
  }

  /** Staff change their own password; every session of the account ends (the route signs this browser in again). */
  async changeOwnPassword(account: Account, current: unknown, next: unknown) {
    if (typeof current !== 'string' || !(await verifyPassword(current, account.passwordHash)))
      throw new StaffAccountError(403, 'Your current password is not right.');
    const problem = passwordProblem(next);
    if (problem) throw bad(problem);
    if (next === current) throw bad('The new password must be different from the current one.');
    const hash = await hashPassword(next as string);
    this.o.accounts.update(account.email, (a) => (a.passwordHash = hash));
    await this.o.store.revokeTokensOf(account.email, this.now());
    await this.o.sessions.destroyAll(account.email);
  }
}
