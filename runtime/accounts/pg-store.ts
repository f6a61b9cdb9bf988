// AccountStore on PostgreSQL (pg), used when DATABASE_URL is set. Same tables and rules as the SQLite store; mail is
// claimed with FOR UPDATE SKIP LOCKED so several server processes can share one database.
import pg from 'pg';
import { ACCOUNT_ADDED_COLUMNS, ACCOUNT_TABLES, accountFromRow, searchFromRow, watchFromRow } from './sqlite-store';
import type { Account, AccountStore, AccountWithHash, DueMail, NewAccount, NewConfirmation, NewSession, OutgoingMail, SavedSearch } from './store';
import { openPgPool } from '../infra/db/durable-pg';
import { type MailAttempt, PgMailOutbox } from './mail-outbox';

export class PgAccountStore implements AccountStore {
  readonly kind = 'postgres' as const;
  private outbox: PgMailOutbox;
  private constructor(private pool: pg.Pool) {
    this.outbox = new PgMailOutbox(pool, 'shopper_mail');
  }

  static async open(connectionString: string): Promise<PgAccountStore> {
    const added = ACCOUNT_ADDED_COLUMNS.map((c) => `ALTER TABLE ${c.table} ADD COLUMN IF NOT EXISTS ${c.column} ${c.postgres};`).join('\n');
    const pool = await openPgPool(connectionString, `${ACCOUNT_TABLES({ bigint: 'BIGINT', serial: 'BIGSERIAL PRIMARY KEY' })}\n${added}`, 10);
    return new PgAccountStore(pool);
  }

  private async tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async createAccount(a: NewAccount): Promise<Account | 'email-taken'> {
    const r = await this.pool.query(
      'INSERT INTO shopper_accounts (id, tenant, email, name, phone, password_hash, created_at, unconfirmed_since) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (tenant, email) DO NOTHING',
      [a.id, a.tenant, a.email, a.name, a.phone, a.passwordHash, a.createdAt, a.unconfirmedSince ?? null],
    );
    if (r.rowCount === 0) return 'email-taken';
    return { id: a.id, tenant: a.tenant, email: a.email, name: a.name, phone: a.phone, createdAt: a.createdAt, confirmed: a.unconfirmedSince === undefined };
  }

  async accountByEmail(tenant: string, email: string): Promise<AccountWithHash | undefined> {
    const r = (await this.pool.query('SELECT * FROM shopper_accounts WHERE tenant = $1 AND email = $2', [tenant, email])).rows[0];
    return r ? { ...accountFromRow(r), passwordHash: r.password_hash } : undefined;
  }

  async accountById(tenant: string, id: string) {
    const r = (await this.pool.query('SELECT * FROM shopper_accounts WHERE tenant = $1 AND id = $2', [tenant, id])).rows[0];
    return r ? accountFromRow(r) : undefined;
  }

  async updatePhone(tenant: string, id: string, phone: string | null) {
    await this.pool.query('UPDATE shopper_accounts SET phone = $1 WHERE tenant = $2 AND id = $3', [phone, tenant, id]);
  }

  async replaceUnconfirmed(tenant: string, email: string, d: { name: string; phone: string | null; passwordHash: string }) {
    const r = (
      await this.pool.query(
        'UPDATE shopper_accounts SET name = $1, phone = $2, password_hash = $3 WHERE tenant = $4 AND email = $5 AND unconfirmed_since IS NOT NULL RETURNING *',
        [d.name, d.phone, d.passwordHash, tenant, email],
      )
    ).rows[0];
    return r ? accountFromRow(r) : undefined;
  }

  async createConfirmation(c: NewConfirmation, mail: OutgoingMail) {
    await this.tx(async (client) => {
      await client.query(
        'INSERT INTO shopper_confirmations (token_hash, tenant, account_id, password_hash, next_path, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [c.tokenHash, c.tenant, c.accountId, c.passwordHash, c.next, c.createdAt, c.expiresAt],
      );
      await this.outbox.queue(client, mail);
    });
  }

  async consumeConfirmation(tenant: string, tokenHash: string, now: number) {
    return this.tx(async (c) => {
      const t = (
        await c.query(
          'UPDATE shopper_confirmations SET used_at = $1 WHERE token_hash = $2 AND tenant = $3 AND used_at IS NULL AND expires_at > $1 RETURNING account_id, password_hash, next_path',
          [now, tokenHash, tenant],
        )
      ).rows[0];
      if (!t) return undefined;
      const a = (
        await c.query(
          'UPDATE shopper_accounts SET password_hash = $1, unconfirmed_since = NULL WHERE id = $2 AND tenant = $3 AND unconfirmed_since IS NOT NULL RETURNING *',
          [t.password_hash, t.account_id, tenant],
        )
      ).rows[0];
      if (!a) return undefined;
      await c.query('UPDATE shopper_confirmations SET used_at = $1 WHERE account_id = $2 AND used_at IS NULL', [now, t.account_id]);
      return { account: accountFromRow(a), next: t.next_path as string };
    });
  }

  async createSession(s: NewSession) {
    await this.pool.query('INSERT INTO shopper_sessions (token_hash, tenant, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      s.tokenHash,
      s.tenant,
      s.accountId,
      s.createdAt,
      s.expiresAt,
    ]);
  }

  async sessionAccount(tenant: string, tokenHash: string, now: number) {
    const r = (
      await this.pool.query(
        'SELECT a.* FROM shopper_sessions s JOIN shopper_accounts a ON a.id = s.account_id WHERE s.token_hash = $1 AND s.tenant = $2 AND a.tenant = $2 AND s.expires_at > $3 AND a.unconfirmed_since IS NULL',
        [tokenHash, tenant, now],
      )
    ).rows[0];
    return r ? accountFromRow(r) : undefined;
  }

  async deleteSession(tenant: string, tokenHash: string) {
    await this.pool.query('DELETE FROM shopper_sessions WHERE tenant = $1 AND token_hash = $2', [tenant, tokenHash]);
  }

  async createPasswordReset(reset: { tokenHash: string; tenant: string; accountId: string; expiresAt: number; createdAt: number }, mail: OutgoingMail) {
    await this.tx(async (c) => {
      await c.query('UPDATE shopper_password_resets SET used_at = $1 WHERE account_id = $2 AND tenant = $3 AND used_at IS NULL', [
        reset.createdAt,
        reset.accountId,
        reset.tenant,
      ]);
      await c.query('INSERT INTO shopper_password_resets (token_hash, tenant, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        reset.tokenHash,
        reset.tenant,
        reset.accountId,
        reset.createdAt,
        reset.expiresAt,
      ]);
      await this.outbox.queue(c, mail);
    });
  }

  async consumePasswordReset(tenant: string, tokenHash: string, now: number, passwordHash: string) {
    return this.tx(async (c) => {
      const r = await c.query(
        'UPDATE shopper_password_resets SET used_at = $1 WHERE token_hash = $2 AND tenant = $3 AND used_at IS NULL AND expires_at > $1 RETURNING account_id',
        [now, tokenHash, tenant],
      );
      const accountId = r.rows[0]?.account_id;
      if (!accountId) return undefined;
      await c.query('UPDATE shopper_accounts SET password_hash = $1, unconfirmed_since = NULL WHERE id = $2 AND tenant = $3', [
        passwordHash,
        accountId,
        tenant,
      ]);
      await c.query('DELETE FROM shopper_sessions WHERE account_id = $1', [accountId]);
      await c.query('UPDATE shopper_password_resets SET used_at = $1 WHERE account_id = $2 AND used_at IS NULL', [now, accountId]);
      await c.query('UPDATE shopper_confirmations SET used_at = $1 WHERE account_id = $2 AND used_at IS NULL', [now, accountId]);
      return accountId as string;
    });
  }

  async queueMail(mail: OutgoingMail) {
    await this.tx((c) => this.outbox.queue(c, mail));
  }

  async claimDueMail(now: number, limit: number, leaseMs: number): Promise<DueMail[]> {
    return this.outbox.claimDue(now, limit, leaseMs);
  }

  async recordMailAttempt(id: number, result: MailAttempt) {
    await this.outbox.recordAttempt(id, result);
  }

  async mailStatus(id: number) {
    return this.outbox.status(id);
  }

  async saveCar(tenant: string, accountId: string, carId: number, priceAtSave: number | null, at: number) {
    await this.pool.query(
      'INSERT INTO shopper_watchlist (tenant, account_id, car_id, price_at_save, saved_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, car_id) DO NOTHING',
      [tenant, accountId, carId, priceAtSave, at],
    );
  }

  async removeCar(tenant: string, accountId: string, carId: number) {
    await this.pool.query('DELETE FROM shopper_watchlist WHERE tenant = $1 AND account_id = $2 AND car_id = $3', [tenant, accountId, carId]);
  }

  async watchlist(tenant: string, accountId: string) {
    return (
      await this.pool.query('SELECT * FROM shopper_watchlist WHERE tenant = $1 AND account_id = $2 ORDER BY saved_at DESC, car_id', [tenant, accountId])
    ).rows.map(watchFromRow);
  }

  async saveSearch(tenant: string, accountId: string, s: SavedSearch) {
    await this.pool.query(
      'INSERT INTO shopper_saved_searches (id, tenant, account_id, name, path, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [s.id, tenant, accountId, s.name, s.path, s.createdAt, s.lastSeenAt],
    );
  }

  async savedSearches(tenant: string, accountId: string) {
    return (
      await this.pool.query('SELECT * FROM shopper_saved_searches WHERE tenant = $1 AND account_id = $2 ORDER BY created_at DESC, id', [tenant, accountId])
    ).rows.map(searchFromRow);
  }

  async deleteSavedSearch(tenant: string, accountId: string, id: string) {
    return (
      ((await this.pool.query('DELETE FROM shopper_saved_searches WHERE tenant = $1 AND account_id = $2 AND id = $3', [tenant, accountId, id])).rowCount ?? 0) >
      0
    );
  }

  async markSearchSeen(tenant: string, accountId: string, id: string, at: number) {
    return (
      ((
        await this.pool.query('UPDATE shopper_saved_searches SET last_seen_at = $1 WHERE tenant = $2 AND account_id = $3 AND id = $4', [
          at,
          tenant,
          accountId,
          id,
        ])
      ).rowCount ?? 0) > 0
    );
  }

  async close() {
    await this.pool.end();
  }
}
