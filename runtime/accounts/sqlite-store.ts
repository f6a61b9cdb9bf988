// AccountStore on SQLite (better-sqlite3): WAL journal, synchronous = FULL, so a committed change survives a crash.
import Database from 'better-sqlite3';
import type { Account, AccountStore, AccountWithHash, NewAccount, NewConfirmation, NewSession, OutgoingMail, SavedSearch, WatchlistEntry } from './store';
import { openDurableSqlite } from '../infra/db/durable-sqlite';
import { type MailAttempt, mailOutboxTableSql, SqliteMailOutbox } from './mail-outbox';

export const ACCOUNT_TABLES = (types: { bigint: string; serial: string }) => `
CREATE TABLE IF NOT EXISTS shopper_accounts (
  id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT,
  password_hash TEXT NOT NULL,
  created_at ${types.bigint} NOT NULL,
  UNIQUE (tenant, email)
);
CREATE TABLE IF NOT EXISTS shopper_sessions (
  token_hash TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  created_at ${types.bigint} NOT NULL,
  expires_at ${types.bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS shopper_sessions_account ON shopper_sessions (account_id);
CREATE TABLE IF NOT EXISTS shopper_password_resets (
  token_hash TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  created_at ${types.bigint} NOT NULL,
  expires_at ${types.bigint} NOT NULL,
  used_at ${types.bigint}
);
CREATE INDEX IF NOT EXISTS shopper_password_resets_account ON shopper_password_resets (account_id);
CREATE TABLE IF NOT EXISTS shopper_confirmations (
  token_hash TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  next_path TEXT NOT NULL,
  created_at ${types.bigint} NOT NULL,
  expires_at ${types.bigint} NOT NULL,
  used_at ${types.bigint}
);
CREATE INDEX IF NOT EXISTS shopper_confirmations_account ON shopper_confirmations (account_id);
${mailOutboxTableSql('shopper_mail', types)}CREATE TABLE IF NOT EXISTS shopper_watchlist (
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  car_id ${types.bigint} NOT NULL,
  price_at_save DOUBLE PRECISION,
  saved_at ${types.bigint} NOT NULL,
  PRIMARY KEY (account_id, car_id)
);
CREATE TABLE IF NOT EXISTS shopper_saved_searches (
  id TEXT PRIMARY KEY,
  tenant TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES shopper_accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  created_at ${types.bigint} NOT NULL,
  last_seen_at ${types.bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS shopper_saved_searches_account ON shopper_saved_searches (account_id);
`;

/** Columns added after the first release, with their type per database: a database written before gets them when
 *  opened. NULL in unconfirmed_since is a confirmed account, so the accounts of an upgraded database stay usable. */
export const ACCOUNT_ADDED_COLUMNS = [{ table: 'shopper_accounts', column: 'unconfirmed_since', sqlite: 'INTEGER', postgres: 'BIGINT' }] as const;

type Row = Record<string, any>;

export const accountFromRow = (r: Row): Account => ({
  id: r.id,
  tenant: r.tenant,
  email: r.email,
  name: r.name,
  phone: r.phone ?? null,
  createdAt: Number(r.created_at),
  confirmed: r.unconfirmed_since == null,
});
export const watchFromRow = (r: Row): WatchlistEntry => ({
  carId: Number(r.car_id),
  priceAtSave: r.price_at_save == null ? null : Number(r.price_at_save),
  savedAt: Number(r.saved_at),
});
export const searchFromRow = (r: Row): SavedSearch => ({
  id: r.id,
  name: r.name,
  path: r.path,
  createdAt: Number(r.created_at),
  lastSeenAt: Number(r.last_seen_at),
});

export class SqliteAccountStore implements AccountStore {
  readonly kind = 'sqlite' as const;
  private db: Database.Database;
  private outbox: SqliteMailOutbox;

  constructor(readonly file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(ACCOUNT_TABLES({ bigint: 'INTEGER', serial: 'INTEGER PRIMARY KEY AUTOINCREMENT' }));
    for (const added of ACCOUNT_ADDED_COLUMNS) {
      const columns = this.db.prepare(`PRAGMA table_info(${added.table})`).all() as Row[];
      if (!columns.some((c) => c.name === added.column)) this.db.exec(`ALTER TABLE ${added.table} ADD COLUMN ${added.column} ${added.sqlite}`);
    }
    this.outbox = new SqliteMailOutbox(this.db, 'shopper_mail');
  }

  async createAccount(a: NewAccount): Promise<Account | 'email-taken'> {
    const r = this.db
      .prepare(
        'INSERT INTO shopper_accounts (id, tenant, email, name, phone, password_hash, created_at, unconfirmed_since) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant, email) DO NOTHING',
      )
      .run(a.id, a.tenant, a.email, a.name, a.phone, a.passwordHash, a.createdAt, a.unconfirmedSince ?? null);
    if (r.changes === 0) return 'email-taken';
    return { id: a.id, tenant: a.tenant, email: a.email, name: a.name, phone: a.phone, createdAt: a.createdAt, confirmed: a.unconfirmedSince === undefined };
  }

  async accountByEmail(tenant: string, email: string): Promise<AccountWithHash | undefined> {
    const r = this.db.prepare('SELECT * FROM shopper_accounts WHERE tenant = ? AND email = ?').get(tenant, email) as Row | undefined;
    return r ? { ...accountFromRow(r), passwordHash: r.password_hash } : undefined;
  }

  async accountById(tenant: string, id: string) {
    const r = this.db.prepare('SELECT * FROM shopper_accounts WHERE tenant = ? AND id = ?').get(tenant, id) as Row | undefined;
    return r ? accountFromRow(r) : undefined;
  }

  async updatePhone(tenant: string, id: string, phone: string | null) {
    this.db.prepare('UPDATE shopper_accounts SET phone = ? WHERE tenant = ? AND id = ?').run(phone, tenant, id);
  }

  async replaceUnconfirmed(tenant: string, email: string, d: { name: string; phone: string | null; passwordHash: string }) {
    const r = this.db
      .prepare(
        'UPDATE shopper_accounts SET name = ?, phone = ?, password_hash = ? WHERE tenant = ? AND email = ? AND unconfirmed_since IS NOT NULL RETURNING *',
      )
      .get(d.name, d.phone, d.passwordHash, tenant, email) as Row | undefined;
    return r ? accountFromRow(r) : undefined;
  }

  async createConfirmation(c: NewConfirmation, mail: OutgoingMail) {
    this.db
      .transaction(() => {
        this.db
          .prepare(
            'INSERT INTO shopper_confirmations (token_hash, tenant, account_id, password_hash, next_path, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          )
          .run(c.tokenHash, c.tenant, c.accountId, c.passwordHash, c.next, c.createdAt, c.expiresAt);
        this.outbox.queue(mail);
      })
      .immediate();
  }

  async consumeConfirmation(tenant: string, tokenHash: string, now: number) {
    return this.db
      .transaction(() => {
        const t = this.db
          .prepare(
            'UPDATE shopper_confirmations SET used_at = ? WHERE token_hash = ? AND tenant = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id, password_hash, next_path',
          )
          .get(now, tokenHash, tenant, now) as Row | undefined;
        if (!t) return undefined;
        const a = this.db
          .prepare(
            'UPDATE shopper_accounts SET password_hash = ?, unconfirmed_since = NULL WHERE id = ? AND tenant = ? AND unconfirmed_since IS NOT NULL RETURNING *',
          )
          .get(t.password_hash, t.account_id, tenant) as Row | undefined;
        if (!a) return undefined;
        this.db.prepare('UPDATE shopper_confirmations SET used_at = ? WHERE account_id = ? AND used_at IS NULL').run(now, t.account_id);
        return { account: accountFromRow(a), next: t.next_path as string };
      })
      .immediate();
  }

  async createSession(s: NewSession) {
    this.db
      .prepare('INSERT INTO shopper_sessions (token_hash, tenant, account_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(s.tokenHash, s.tenant, s.accountId, s.createdAt, s.expiresAt);
  }

  async sessionAccount(tenant: string, tokenHash: string, now: number) {
    const r = this.db
      .prepare(
        'SELECT a.* FROM shopper_sessions s JOIN shopper_accounts a ON a.id = s.account_id WHERE s.token_hash = ? AND s.tenant = ? AND a.tenant = ? AND s.expires_at > ? AND a.unconfirmed_since IS NULL',
      )
      .get(tokenHash, tenant, tenant, now) as Row | undefined;
    return r ? accountFromRow(r) : undefined;
  }

  async deleteSession(tenant: string, tokenHash: string) {
    this.db.prepare('DELETE FROM shopper_sessions WHERE tenant = ? AND token_hash = ?').run(tenant, tokenHash);
  }

  async createPasswordReset(reset: { tokenHash: string; tenant: string; accountId: string; expiresAt: number; createdAt: number }, mail: OutgoingMail) {
    this.db
      .transaction(() => {
        this.db
          .prepare('UPDATE shopper_password_resets SET used_at = ? WHERE account_id = ? AND tenant = ? AND used_at IS NULL')
          .run(reset.createdAt, reset.accountId, reset.tenant);
        this.db
          .prepare('INSERT INTO shopper_password_resets (token_hash, tenant, account_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
          .run(reset.tokenHash, reset.tenant, reset.accountId, reset.createdAt, reset.expiresAt);
        this.outbox.queue(mail);
      })
      .immediate();
  }

  async consumePasswordReset(tenant: string, tokenHash: string, now: number, passwordHash: string) {
    return this.db
      .transaction(() => {
        const r = this.db
          .prepare(
            'UPDATE shopper_password_resets SET used_at = ? WHERE token_hash = ? AND tenant = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id',
          )
          .get(now, tokenHash, tenant, now) as Row | undefined;
        if (!r) return undefined;
        this.db
          .prepare('UPDATE shopper_accounts SET password_hash = ?, unconfirmed_since = NULL WHERE id = ? AND tenant = ?')
          .run(passwordHash, r.account_id, tenant);
        this.db.prepare('DELETE FROM shopper_sessions WHERE account_id = ?').run(r.account_id);
        this.db.prepare('UPDATE shopper_password_resets SET used_at = ? WHERE account_id = ? AND used_at IS NULL').run(now, r.account_id);
        this.db.prepare('UPDATE shopper_confirmations SET used_at = ? WHERE account_id = ? AND used_at IS NULL').run(now, r.account_id);
        return r.account_id as string;
      })
      .immediate();
  }

  async queueMail(mail: OutgoingMail) {
    this.outbox.queue(mail);
  }

  async claimDueMail(now: number, limit: number, leaseMs: number) {
    return this.outbox.claimDue(now, limit, leaseMs);
  }

  async recordMailAttempt(id: number, result: MailAttempt) {
    this.outbox.recordAttempt(id, result);
  }

  async mailStatus(id: number) {
    return this.outbox.status(id);
  }

  async saveCar(tenant: string, accountId: string, carId: number, priceAtSave: number | null, at: number) {
    this.db
      .prepare(
        'INSERT INTO shopper_watchlist (tenant, account_id, car_id, price_at_save, saved_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (account_id, car_id) DO NOTHING',
      )
      .run(tenant, accountId, carId, priceAtSave, at);
  }

  async removeCar(tenant: string, accountId: string, carId: number) {
    this.db.prepare('DELETE FROM shopper_watchlist WHERE tenant = ? AND account_id = ? AND car_id = ?').run(tenant, accountId, carId);
  }

  async watchlist(tenant: string, accountId: string) {
    return (
      this.db.prepare('SELECT * FROM shopper_watchlist WHERE tenant = ? AND account_id = ? ORDER BY saved_at DESC, car_id').all(tenant, accountId) as Row[]
    ).map(watchFromRow);
  }

  async saveSearch(tenant: string, accountId: string, s: SavedSearch) {
    this.db
      .prepare('INSERT INTO shopper_saved_searches (id, tenant, account_id, name, path, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(s.id, tenant, accountId, s.name, s.path, s.createdAt, s.lastSeenAt);
  }

  async savedSearches(tenant: string, accountId: string) {
    return (
      this.db.prepare('SELECT * FROM shopper_saved_searches WHERE tenant = ? AND account_id = ? ORDER BY created_at DESC, id').all(tenant, accountId) as Row[]
    ).map(searchFromRow);
  }

  async deleteSavedSearch(tenant: string, accountId: string, id: string) {
    return this.db.prepare('DELETE FROM shopper_saved_searches WHERE tenant = ? AND account_id = ? AND id = ?').run(tenant, accountId, id).changes > 0;
  }

  async markSearchSeen(tenant: string, accountId: string, id: string, at: number) {
    return (
      this.db.prepare('UPDATE shopper_saved_searches SET last_seen_at = ? WHERE tenant = ? AND account_id = ? AND id = ?').run(at, tenant, accountId, id)
        .changes > 0
    );
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
