// Shopper accounts: storage (SQLite by default, PostgreSQL with DATABASE_URL), the service, and the mail outbox.
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { MailWorker, type MailWorkerOptions } from './mail';
import { PgAccountStore } from './pg-store';
import { AccountService, type AccountServiceOptions } from './service';
import { SqliteAccountStore } from './sqlite-store';
import type { AccountStore } from './store';

export * from './known-device';
export * from './mail';
export * from './password';
export * from './service';
export * from './sign-in-limiter';
export * from './store';
export { PgAccountStore } from './pg-store';
export { SqliteAccountStore } from './sqlite-store';

/** PostgreSQL when `databaseUrl` is given, else the SQLite file (default data/accounts.sqlite; may be the leads file). */
export async function openAccountStore(env: { databaseUrl?: string; sqliteFile?: string } = {}): Promise<AccountStore> {
  if (env.databaseUrl) return PgAccountStore.open(env.databaseUrl);
  return new SqliteAccountStore(env.sqliteFile ?? join('data', 'accounts.sqlite'));
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
