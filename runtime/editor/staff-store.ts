// Durable state of editor staff besides the accounts file: one-time links (invites and password resets) with their
// mail in an outbox (committed in one transaction, then sent by the shopper accounts' MailWorker over SMTP), and the
// audit log of each site (who saved, published or restored which revision, when). One interface, two backends: a
// SQLite file in the editor's data folder by default, PostgreSQL with DATABASE_URL. Link tokens are stored only as
// SHA-256 hashes, and a token is used up by one atomic UPDATE, so two requests can never both use it.
import pg from 'pg';
import type { DueMail, OutgoingMail } from '../accounts/store';
import { openPgPool } from '../infra/db/durable-pg';
import { openDurableSqlite } from '../infra/db/durable-sqlite';
import { type MailAttempt, mailOutboxTableSql, PgMailOutbox, SqliteMailOutbox } from '../accounts/mail-outbox';

export type StaffTokenPurpose = 'invite' | 'reset';

export interface StaffToken {
  tokenHash: string;
  email: string;
  purpose: StaffTokenPurpose;
  createdAt: number;
  expiresAt: number;
}

export type AuditAction = 'saved' | 'published' | 'restored' | 'scheduled' | 'schedule cancelled';

interface AuditEntry {
  id: number;
  tenant: string;
  at: number;
  email: string;
  name: string;
  action: AuditAction;
  rev: number;
  /** For a restore: the revision brought back. */
  restoredFrom: number | null;
  /** Whether that revision went live. */
  published: boolean;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface EditorStaffStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Stores a one-time link and queues its mail atomically; earlier unused links of that email and purpose stop working. */
  issueToken(token: StaffToken, mail: OutgoingMail): Promise<void>;
  /** Uses a link up: the email and purpose when it was unused and unexpired (and never again), else undefined. */
  consumeToken(tokenHash: string, now: number): Promise<{ email: string; purpose: StaffTokenPurpose } | undefined>;
  /** Whether a link would work now, without using it (the page shows the form or says it has expired). */
  peekToken(tokenHash: string, now: number): Promise<{ email: string; purpose: StaffTokenPurpose } | undefined>;
  /** Ends every unused link of an account (a disabled account, a new password). */
  revokeTokensOf(email: string, now: number): Promise<void>;
  claimDueMail(now: number, limit: number, leaseMs: number): Promise<DueMail[]>;
  recordMailAttempt(id: number, result: MailAttempt): Promise<void>;
  /** Committed before it resolves. */
  recordAudit(entry: NewAuditEntry): Promise<AuditEntry>;
  /** A site's entries, newest first. */
  auditOf(tenant: string, limit?: number): Promise<AuditEntry[]>;
  close(): Promise<void>;
}

const schema = (serial: string) => `
CREATE TABLE IF NOT EXISTS editor_tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  purpose TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX IF NOT EXISTS editor_tokens_email ON editor_tokens (email);
${mailOutboxTableSql('editor_mail', { bigint: 'BIGINT', serial })}CREATE TABLE IF NOT EXISTS editor_audit (
  id ${serial},
  tenant TEXT NOT NULL,
  at BIGINT NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  action TEXT NOT NULL,
  rev INTEGER NOT NULL,
  restored_from INTEGER,
  published INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS editor_audit_tenant ON editor_audit (tenant, id);
`;

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;
const auditFromRow = (r: Row): AuditEntry => ({
  id: Number(r.id),
  tenant: r.tenant,
  at: Number(r.at),
  email: r.email,
  name: r.name,
  action: r.action,
  rev: Number(r.rev),
  restoredFrom: r.restored_from === null || r.restored_from === undefined ? null : Number(r.restored_from),
  published: Number(r.published) === 1,
});
const MAX_AUDIT = 500;

export class SqliteEditorStaffStore implements EditorStaffStore {
  readonly kind = 'sqlite' as const;
  private db;
  private outbox: SqliteMailOutbox;

  constructor(file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(schema('INTEGER PRIMARY KEY AUTOINCREMENT'));
    this.outbox = new SqliteMailOutbox(this.db, 'editor_mail');
  }

  async issueToken(t: StaffToken, mail: OutgoingMail) {
    this.db
      .transaction(() => {
        this.db.prepare('UPDATE editor_tokens SET used_at = ? WHERE email = ? AND purpose = ? AND used_at IS NULL').run(t.createdAt, t.email, t.purpose);
        this.db
          .prepare('INSERT INTO editor_tokens (token_hash, email, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
          .run(t.tokenHash, t.email, t.purpose, t.createdAt, t.expiresAt);
        this.outbox.queue(mail);
      })
      .immediate();
  }

  async consumeToken(tokenHash: string, now: number) {
    const r = this.db
      .prepare('UPDATE editor_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email, purpose')
      .get(now, tokenHash, now) as Row | undefined;
    return r ? { email: r.email as string, purpose: r.purpose as StaffTokenPurpose } : undefined;
  }

  async peekToken(tokenHash: string, now: number) {
    const r = this.db.prepare('SELECT email, purpose FROM editor_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?').get(tokenHash, now) as
      | Row
      | undefined;
    return r ? { email: r.email as string, purpose: r.purpose as StaffTokenPurpose } : undefined;
  }

  async revokeTokensOf(email: string, now: number) {
    this.db.prepare('UPDATE editor_tokens SET used_at = ? WHERE email = ? AND used_at IS NULL').run(now, email);
  }

  async claimDueMail(now: number, limit: number, leaseMs: number) {
    return this.outbox.claimDue(now, limit, leaseMs);
  }

  async recordMailAttempt(id: number, result: MailAttempt) {
    this.outbox.recordAttempt(id, result);
  }

  async recordAudit(e: NewAuditEntry) {
    const r = this.db
      .prepare('INSERT INTO editor_audit (tenant, at, email, name, action, rev, restored_from, published) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *')
      .get(e.tenant, e.at, e.email, e.name, e.action, e.rev, e.restoredFrom, e.published ? 1 : 0) as Row;
    return auditFromRow(r);
  }

  async auditOf(tenant: string, limit = MAX_AUDIT) {
    return (this.db.prepare('SELECT * FROM editor_audit WHERE tenant = ? ORDER BY id DESC LIMIT ?').all(tenant, Math.min(limit, MAX_AUDIT)) as Row[]).map(
      auditFromRow,
    );
  }

  async close() {
    this.db.close();
  }
}

export class PgEditorStaffStore implements EditorStaffStore {
  readonly kind = 'postgres' as const;
  private outbox: PgMailOutbox;
  private constructor(private pool: pg.Pool) {
    this.outbox = new PgMailOutbox(pool, 'editor_mail');
  }

  static async open(connectionString: string): Promise<PgEditorStaffStore> {
    return new PgEditorStaffStore(await openPgPool(connectionString, schema('BIGSERIAL PRIMARY KEY'), 5));
  }

  async issueToken(t: StaffToken, mail: OutgoingMail) {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE editor_tokens SET used_at = $1 WHERE email = $2 AND purpose = $3 AND used_at IS NULL', [t.createdAt, t.email, t.purpose]);
      await client.query('INSERT INTO editor_tokens (token_hash, email, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        t.tokenHash,
        t.email,
        t.purpose,
        t.createdAt,
        t.expiresAt,
      ]);
      await this.outbox.queue(client, mail);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async consumeToken(tokenHash: string, now: number) {
    const r = (
      await this.pool.query('UPDATE editor_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING email, purpose', [
        now,
        tokenHash,
      ])
    ).rows[0];
    return r ? { email: r.email as string, purpose: r.purpose as StaffTokenPurpose } : undefined;
  }

  async peekToken(tokenHash: string, now: number) {
    const r = (
      await this.pool.query('SELECT email, purpose FROM editor_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2', [tokenHash, now])
    ).rows[0];
    return r ? { email: r.email as string, purpose: r.purpose as StaffTokenPurpose } : undefined;
  }

  async revokeTokensOf(email: string, now: number) {
    await this.pool.query('UPDATE editor_tokens SET used_at = $1 WHERE email = $2 AND used_at IS NULL', [now, email]);
  }

  async claimDueMail(now: number, limit: number, leaseMs: number) {
    return this.outbox.claimDue(now, limit, leaseMs);
  }

  async recordMailAttempt(id: number, result: MailAttempt) {
    await this.outbox.recordAttempt(id, result);
  }

  async recordAudit(e: NewAuditEntry) {
    const r = await this.pool.query(
      'INSERT INTO editor_audit (tenant, at, email, name, action, rev, restored_from, published) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *',
      [e.tenant, e.at, e.email, e.name, e.action, e.rev, e.restoredFrom, e.published ? 1 : 0],
    );
    return auditFromRow(r.rows[0]);
  }

  async auditOf(tenant: string, limit = MAX_AUDIT) {
    return (await this.pool.query('SELECT * FROM editor_audit WHERE tenant = $1 ORDER BY id DESC LIMIT $2', [tenant, Math.min(limit, MAX_AUDIT)])).rows.map(
      auditFromRow,
    );
  }

  async close() {
    await this.pool.end();
  }
}

/** PostgreSQL when a database URL is given, else the SQLite file. */
export async function openEditorStaffStore({ databaseUrl, sqliteFile }: { databaseUrl?: string; sqliteFile: string }): Promise<EditorStaffStore> {
  return databaseUrl ? PgEditorStaffStore.open(databaseUrl) : new SqliteEditorStaffStore(sqliteFile);
}
