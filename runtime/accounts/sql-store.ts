import { type SqlDb } from '../infra/db/sql-db';
import { type AlertTables, SqlAlertStore } from './alert-store';
import { SqlStore } from '../infra/db/sql-store';
import { type MailAttempt, type MailOutboxRow, SqlMailOutbox } from './mail-outbox';
import { accountMigrations } from './migrations';
import type { Account, AccountStore, AccountWithHash, NewAccount, NewConfirmation, NewSession, OutgoingMail, SavedSearch, WatchlistEntry } from './store';

type Big = number | string;

interface AccountTables {
  shopper_accounts: {
    id: string;
    tenant: string;
    email: string;
    name: string;
    phone: string | null;
    password_hash: string;
    created_at: Big;
    unconfirmed_since: Big | null;
  };
  shopper_sessions: { token_hash: string; tenant: string; account_id: string; created_at: Big; expires_at: Big };
  shopper_password_resets: { token_hash: string; tenant: string; account_id: string; created_at: Big; expires_at: Big; used_at: Big | null };
  shopper_confirmations: {
    token_hash: string;
    tenant: string;
    account_id: string;
    password_hash: string;
    next_path: string;
    created_at: Big;
    expires_at: Big;
    used_at: Big | null;
  };
  shopper_mail: MailOutboxRow;
  shopper_watchlist: { tenant: string; account_id: string; car_id: Big; price_at_save: number | string | null; saved_at: Big };
  shopper_saved_searches: { id: string; tenant: string; account_id: string; name: string; path: string; created_at: Big; last_seen_at: Big };
}

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;

const accountFromRow = (r: Row): Account => ({
  id: r.id,
  tenant: r.tenant,
  email: r.email,
  name: r.name,
  phone: r.phone ?? null,
  createdAt: Number(r.created_at),
  confirmed: r.unconfirmed_since == null,
});
const watchFromRow = (r: Row): WatchlistEntry => ({
  carId: Number(r.car_id),
  priceAtSave: r.price_at_save == null ? null : Number(r.price_at_save),
  savedAt: Number(r.saved_at),
});
const searchFromRow = (r: Row): SavedSearch => ({
  id: r.id,
  name: r.name,
  path: r.path,
  createdAt: Number(r.created_at),
  lastSeenAt: Number(r.last_seen_at),
});

export class SqlAccountStore extends SqlStore<AccountTables> implements AccountStore {
  static readonly migrations = accountMigrations;
  static readonly poolSize = 10;

  private outbox: SqlMailOutbox<'shopper_mail'>;
  /** Shopper alerts, in the same database (their mail goes through this outbox). */
  readonly alerts: SqlAlertStore;
  constructor(store: SqlDb<AccountTables>) {
    super(store);
    this.outbox = new SqlMailOutbox(store, 'shopper_mail');
    this.alerts = new SqlAlertStore(store as unknown as SqlDb<AlertTables>, this.outbox);
  }

  async createAccount(a: NewAccount): Promise<Account | 'email-taken'> {
    const r = await this.write((db) =>
      db
        .insertInto('shopper_accounts')
        .values({
          id: a.id,
          tenant: a.tenant,
          email: a.email,
          name: a.name,
          phone: a.phone,
          password_hash: a.passwordHash,
          created_at: a.createdAt,
          unconfirmed_since: a.unconfirmedSince ?? null,
        })
        .onConflict((oc) => oc.columns(['tenant', 'email']).doNothing())
        .executeTakeFirst(),
    );
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return 'email-taken';
    return { id: a.id, tenant: a.tenant, email: a.email, name: a.name, phone: a.phone, createdAt: a.createdAt, confirmed: a.unconfirmedSince === undefined };
  }

  async accountByEmail(tenant: string, email: string): Promise<AccountWithHash | undefined> {
    const r = await this.db.selectFrom('shopper_accounts').selectAll().where('tenant', '=', tenant).where('email', '=', email).executeTakeFirst();
    return r ? { ...accountFromRow(r), passwordHash: r.password_hash } : undefined;
  }

  async accountById(tenant: string, id: string) {
    const r = await this.db.selectFrom('shopper_accounts').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
    return r ? accountFromRow(r) : undefined;
  }

  async updatePhone(tenant: string, id: string, phone: string | null) {
    await this.write((db) => db.updateTable('shopper_accounts').set({ phone }).where('tenant', '=', tenant).where('id', '=', id).execute());
  }

  async replaceUnconfirmed(tenant: string, email: string, d: { name: string; phone: string | null; passwordHash: string }) {
    const r = await this.write((db) =>
      db
        .updateTable('shopper_accounts')
        .set({ name: d.name, phone: d.phone, password_hash: d.passwordHash })
        .where('tenant', '=', tenant)
        .where('email', '=', email)
        .where('unconfirmed_since', 'is not', null)
        .returningAll()
        .executeTakeFirst(),
    );
    return r ? accountFromRow(r) : undefined;
  }

  async createConfirmation(c: NewConfirmation, mail: OutgoingMail) {
    await this.tx(async (trx) => {
      await trx
        .insertInto('shopper_confirmations')
        .values({
          token_hash: c.tokenHash,
          tenant: c.tenant,
          account_id: c.accountId,
          password_hash: c.passwordHash,
          next_path: c.next,
          created_at: c.createdAt,
          expires_at: c.expiresAt,
        })
        .execute();
      await this.outbox.queue(trx, mail);
    });
  }

  async consumeConfirmation(tenant: string, tokenHash: string, now: number) {
    return this.tx(async (trx) => {
      const t = await trx
        .updateTable('shopper_confirmations')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('tenant', '=', tenant)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['account_id', 'password_hash', 'next_path'])
        .executeTakeFirst();
      if (!t) return undefined;
      const a = await trx
        .updateTable('shopper_accounts')
        .set({ password_hash: t.password_hash, unconfirmed_since: null })
        .where('id', '=', t.account_id)
        .where('tenant', '=', tenant)
        .where('unconfirmed_since', 'is not', null)
        .returningAll()
        .executeTakeFirst();
      if (!a) return undefined;
      await trx.updateTable('shopper_confirmations').set({ used_at: now }).where('account_id', '=', t.account_id).where('used_at', 'is', null).execute();
      return { account: accountFromRow(a), next: t.next_path };
    });
  }

  async createSession(s: NewSession) {
    await this.write((db) =>
      db
        .insertInto('shopper_sessions')
        .values({ token_hash: s.tokenHash, tenant: s.tenant, account_id: s.accountId, created_at: s.createdAt, expires_at: s.expiresAt })
        .execute(),
    );
  }

  async sessionAccount(tenant: string, tokenHash: string, now: number) {
    const r = await this.db
      .selectFrom('shopper_sessions as s')
      .innerJoin('shopper_accounts as a', 'a.id', 's.account_id')
      .selectAll('a')
      .where('s.token_hash', '=', tokenHash)
      .where('s.tenant', '=', tenant)
      .where('a.tenant', '=', tenant)
      .where('s.expires_at', '>', now)
      .where('a.unconfirmed_since', 'is', null)
      .executeTakeFirst();
    return r ? accountFromRow(r) : undefined;
  }

  async deleteSession(tenant: string, tokenHash: string) {
    await this.write((db) => db.deleteFrom('shopper_sessions').where('tenant', '=', tenant).where('token_hash', '=', tokenHash).execute());
  }

  async createPasswordReset(reset: { tokenHash: string; tenant: string; accountId: string; expiresAt: number; createdAt: number }, mail: OutgoingMail) {
    await this.tx(async (trx) => {
      await trx
        .updateTable('shopper_password_resets')
        .set({ used_at: reset.createdAt })
        .where('account_id', '=', reset.accountId)
        .where('tenant', '=', reset.tenant)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('shopper_password_resets')
        .values({ token_hash: reset.tokenHash, tenant: reset.tenant, account_id: reset.accountId, created_at: reset.createdAt, expires_at: reset.expiresAt })
        .execute();
      await this.outbox.queue(trx, mail);
    });
  }

  async consumePasswordReset(tenant: string, tokenHash: string, now: number, passwordHash: string) {
    return this.tx(async (trx) => {
      const r = await trx
        .updateTable('shopper_password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('tenant', '=', tenant)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('account_id')
        .executeTakeFirst();
      if (!r) return undefined;
      const accountId = r.account_id;
      await trx
        .updateTable('shopper_accounts')
        .set({ password_hash: passwordHash, unconfirmed_since: null })
        .where('id', '=', accountId)
        .where('tenant', '=', tenant)
        .execute();
      await trx.deleteFrom('shopper_sessions').where('account_id', '=', accountId).execute();
      await trx.updateTable('shopper_password_resets').set({ used_at: now }).where('account_id', '=', accountId).where('used_at', 'is', null).execute();
      await trx.updateTable('shopper_confirmations').set({ used_at: now }).where('account_id', '=', accountId).where('used_at', 'is', null).execute();
      return accountId;
    });
  }

  async queueMail(mail: OutgoingMail) {
    await this.tx((trx) => this.outbox.queue(trx, mail));
  }

  claimDueMail(now: number, limit: number, leaseMs: number) {
    return this.outbox.claimDue(now, limit, leaseMs);
  }

  async recordMailAttempt(id: number, result: MailAttempt) {
    await this.outbox.recordAttempt(id, result);
  }

  mailStatus(id: number) {
    return this.outbox.status(id);
  }

  mailBacklog() {
    return this.outbox.backlog();
  }

  async saveCar(tenant: string, accountId: string, carId: number, priceAtSave: number | null, at: number) {
    await this.write((db) =>
      db
        .insertInto('shopper_watchlist')
        .values({ tenant, account_id: accountId, car_id: carId, price_at_save: priceAtSave, saved_at: at })
        .onConflict((oc) => oc.columns(['account_id', 'car_id']).doNothing())
        .execute(),
    );
  }

  async removeCar(tenant: string, accountId: string, carId: number) {
    await this.write((db) =>
      db.deleteFrom('shopper_watchlist').where('tenant', '=', tenant).where('account_id', '=', accountId).where('car_id', '=', carId).execute(),
    );
  }

  async watchlist(tenant: string, accountId: string) {
    const rows = await this.db
      .selectFrom('shopper_watchlist')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('account_id', '=', accountId)
      .orderBy('saved_at', 'desc')
      .orderBy('car_id')
      .execute();
    return rows.map(watchFromRow);
  }

  async saveSearch(tenant: string, accountId: string, s: SavedSearch) {
    await this.write((db) =>
      db
        .insertInto('shopper_saved_searches')
        .values({ id: s.id, tenant, account_id: accountId, name: s.name, path: s.path, created_at: s.createdAt, last_seen_at: s.lastSeenAt })
        .execute(),
    );
  }

  async savedSearches(tenant: string, accountId: string) {
    const rows = await this.db
      .selectFrom('shopper_saved_searches')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(searchFromRow);
  }

  async deleteSavedSearch(tenant: string, accountId: string, id: string) {
    const r = await this.write((db) =>
      db.deleteFrom('shopper_saved_searches').where('tenant', '=', tenant).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),
    );
    return Number(r.numDeletedRows) > 0;
  }

  async markSearchSeen(tenant: string, accountId: string, id: string, at: number) {
    const r = await this.write((db) =>
      db
        .updateTable('shopper_saved_searches')
        .set({ last_seen_at: at })
        .where('tenant', '=', tenant)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    return Number(r.numUpdatedRows) > 0;
  }
}
