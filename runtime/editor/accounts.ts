// Staff accounts of the editor: who may sign in and which tenants each may edit. A platform admin may edit every
// tenant and grant access. Kept in one JSON file (data/editor/accounts.json), written atomically.
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write';
import { hashPassword, MIN_PASSWORD_LENGTH } from './password';

export interface Account {
  email: string;
  name: string;
  passwordHash: string;
  admin: boolean;
  /** Tenant slugs this account may edit (an admin may edit all). */
  tenants: string[];
  /** A disabled account cannot sign in, and its sessions ended when it was disabled. */
  disabled?: boolean;
}

/** Invited: the account exists but its password has not been set through the invite link yet. */
export type AccountState = 'active' | 'invited' | 'disabled';
export const accountState = (a: Pick<Account, 'disabled' | 'passwordHash'>): AccountState => (a.disabled ? 'disabled' : a.passwordHash ? 'active' : 'invited');
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export type PublicAccount = Omit<Account, 'passwordHash'>;

export class AccountError extends Error {}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const publicAccount = ({ passwordHash: _hash, ...rest }: Account): PublicAccount & { state: AccountState } => ({
  ...rest,
  disabled: !!rest.disabled,
  state: accountState({ disabled: rest.disabled, passwordHash: _hash }),
});

export function mayEdit(account: Pick<Account, 'admin' | 'tenants'>, slug: string): boolean {
  return account.admin || account.tenants.includes(slug);
}

export class AccountStore {
  constructor(private readonly file: string) {}

  all(): Account[] {
    if (!existsSync(this.file)) return [];
    const data = JSON.parse(readFileSync(this.file, 'utf8')) as { accounts?: Account[] };
    return data.accounts ?? [];
  }

  find(email: string): Account | undefined {
    const key = normaliseEmail(email);
    return this.all().find((a) => a.email === key);
  }

  private save(accounts: Account[]) {
    writeFileAtomic(this.file, JSON.stringify({ accounts }, null, 2) + '\n');
  }

  async create(input: { email: string; name: string; password: string; admin?: boolean; tenants?: string[] }): Promise<Account> {
    const email = normaliseEmail(input.email);
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new AccountError(`"${input.email}" is not an email address`);
    if (input.password.length < MIN_PASSWORD_LENGTH) throw new AccountError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
    if (this.find(email)) throw new AccountError(`an account for ${email} already exists`);
    const account: Account = {
      email,
      name: input.name.trim() || email,
      passwordHash: await hashPassword(input.password),
      admin: !!input.admin,
      tenants: [...new Set(input.tenants ?? [])].sort(),
    };
    this.save([...this.all(), account]);
    return account;
  }

  update(email: string, change: (a: Account) => void): Account {
    const accounts = this.all();
    const account = accounts.find((a) => a.email === normaliseEmail(email));
    if (!account) throw new AccountError(`no account for ${email}`);
    change(account);
    account.tenants = [...new Set(account.tenants)].sort();
    this.save(accounts);
    return account;
  }

  /** An account without a password yet (it is set through the invite link). */
  invite(input: { email: string; name: string; tenants: string[] }): Account {
    const email = normaliseEmail(input.email);
    if (!EMAIL_PATTERN.test(email)) throw new AccountError(`"${input.email}" is not an email address`);
    if (this.find(email)) throw new AccountError(`an account for ${email} already exists`);
    const account: Account = { email, name: input.name.trim() || email, passwordHash: '', admin: false, tenants: [...new Set(input.tenants)].sort() };
    this.save([...this.all(), account]);
    return account;
  }

  setDisabled(email: string, disabled: boolean): Account {
    return this.update(email, (a) => (a.disabled = disabled));
  }

  grant(email: string, slugs: string[]): Account {
    return this.update(email, (a) => a.tenants.push(...slugs));
  }

  revoke(email: string, slugs: string[]): Account {
    return this.update(email, (a) => (a.tenants = a.tenants.filter((t) => !slugs.includes(t))));
  }

  async setPassword(email: string, password: string): Promise<Account> {
    if (password.length < MIN_PASSWORD_LENGTH) throw new AccountError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
    const hash = await hashPassword(password);
    return this.update(email, (a) => (a.passwordHash = hash));
  }
}
