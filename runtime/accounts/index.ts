// Shopper accounts: storage (SQLite by default, PostgreSQL with DATABASE_URL), the service, and the mail outbox.
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { MailWorker, type MailWorkerOptions } from './mail';
import { AccountService, type AccountServiceOptions } from './service';
import { SqlAccountStore } from './sql-store';
import type { AccountStore } from './store';

export * from './known-device';
export * from './mail';
export * from './password';
export * from './service';
export * from './sign-in-limiter';
export * from './store';
export { SqlAccountStore } from './sql-store';
export { accountMigrations } from './migrations';

/** The SQLite file when neither DATABASE_URL nor ACCOUNTS_DB is set. */
export const ACCOUNTS_DEFAULT_FILE = join('data', 'accounts.sqlite');

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/accounts.sqlite; may be the leads file). */
export async function openAccountStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<AccountStore> {
  if (env.databaseUrl) return SqlAccountStore.openPostgres(env.databaseUrl);
  return SqlAccountStore.openSqlite(env.sqliteFile ?? ACCOUNTS_DEFAULT_FILE);
}

export interface Accounts {
  service: AccountService;
  mail: MailWorker;
  store: AccountStore;
  close(): Promise<void>;
}

export function createAccounts(options: Omit<AccountServiceOptions, 'onMailQueued'> & { mail?: MailWorkerOptions & { transport?: Transporter } }): Accounts {
  const mail = new MailWorker(options.store, options.mail);
  const service = new AccountService({ ...options, onMailQueued: () => mail.kick() });
  return {
    service,
    mail,
    store: options.store,
    async close() {
      await mail.stop();
      await options.store.close();
    },
  };
}
