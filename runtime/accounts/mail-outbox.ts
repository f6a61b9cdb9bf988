// One mail outbox, shared by the shopper accounts' store and the editor staff's store, on SQLite and PostgreSQL.
// A mail is queued in the same transaction as the one-time link it carries, claimed with a lease by the MailWorker
// (FOR UPDATE SKIP LOCKED on PostgreSQL, so several processes can share one database), and its body is dropped once it
// is sent or given up, since it holds that link.
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { DueMail, MailStatus, OutgoingMail } from './store';

/** The outbox tables that exist; a table name is never taken from input. */
type OutboxTable = 'shopper_mail' | 'editor_mail';
type Row = Record<string, any>;
export type MailAttempt = { status: MailStatus; error?: string | null; nextAttemptAt?: number; at: number };

export const mailOutboxTableSql = (table: OutboxTable, types: { bigint: string; serial: string }) => `
CREATE TABLE IF NOT EXISTS ${table} (
  id ${types.serial},
  tenant TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at ${types.bigint} NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${types.bigint} NOT NULL,
  locked_until ${types.bigint} NOT NULL DEFAULT 0,
  last_error TEXT,
  sent_at ${types.bigint}
);
CREATE INDEX IF NOT EXISTS ${table}_due ON ${table} (status, next_attempt_at);
`;

const mailFromRow = (r: Row): DueMail => ({
  id: Number(r.id),
  tenant: r.tenant,
  to: r.to_address,
  subject: r.subject,
  text: r.body,
  createdAt: Number(r.created_at),
  attempts: Number(r.attempts),
});
const statusFromRow = (r: Row | undefined) =>
  r ? { status: r.status as MailStatus, attempts: Number(r.attempts), lastError: r.last_error ?? null } : undefined;

export class SqliteMailOutbox {
  constructor(
    private db: Database.Database,
    private table: OutboxTable,
  ) {}

  /** Queues a mail; call it inside the transaction that stores the link the mail carries. */
  queue(mail: OutgoingMail) {
    this.db
      .prepare(`INSERT INTO ${this.table} (tenant, to_address, subject, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)`)
      .run(mail.tenant, mail.to, mail.subject, mail.text, mail.createdAt, mail.createdAt);
  }

  claimDue(now: number, limit: number, leaseMs: number): DueMail[] {
    return this.db
      .transaction(() => {
        const rows = this.db
          .prepare(`SELECT * FROM ${this.table} WHERE status = 'pending' AND next_attempt_at <= ? AND locked_until <= ? ORDER BY next_attempt_at, id LIMIT ?`)
          .all(now, now, limit) as Row[];
        const lock = this.db.prepare(`UPDATE ${this.table} SET locked_until = ? WHERE id = ?`);
        for (const r of rows) lock.run(now + leaseMs, r.id);
        return rows.map(mailFromRow);
      })
      .immediate();
  }

  recordAttempt(id: number, result: MailAttempt) {
    this.db
      .prepare(
        `UPDATE ${this.table} SET status = ?, attempts = attempts + 1, last_error = ?, next_attempt_at = COALESCE(?, next_attempt_at), locked_until = 0,
         sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END, body = CASE WHEN ? = 'pending' THEN body ELSE '' END WHERE id = ?`,
      )
      .run(result.status, result.error ?? null, result.nextAttemptAt ?? null, result.status, result.at, result.status, id);
  }

  status(id: number) {
    return statusFromRow(this.db.prepare(`SELECT status, attempts, last_error FROM ${this.table} WHERE id = ?`).get(id) as Row | undefined);
  }
}

export class PgMailOutbox {
  constructor(
    private pool: pg.Pool,
    private table: OutboxTable,
  ) {}

  /** Queues a mail on the client of the transaction that stores the link the mail carries. */
  async queue(client: pg.ClientBase, mail: OutgoingMail) {
    await client.query(`INSERT INTO ${this.table} (tenant, to_address, subject, body, created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
      mail.tenant,
      mail.to,
      mail.subject,
      mail.text,
      mail.createdAt,
    ]);
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<DueMail[]> {
    const r = await this.pool.query(
      `WITH due AS (SELECT id FROM ${this.table} WHERE status = 'pending' AND next_attempt_at <= $1 AND locked_until <= $1
         ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE ${this.table} m SET locked_until = $3 FROM due WHERE m.id = due.id RETURNING m.*`,
      [now, limit, now + leaseMs],
    );
    return r.rows.map(mailFromRow).sort((a, b) => a.id - b.id);
  }

  async recordAttempt(id: number, result: MailAttempt) {
    await this.pool.query(
      `UPDATE ${this.table} SET status = $1, attempts = attempts + 1, last_error = $2, next_attempt_at = COALESCE($3, next_attempt_at), locked_until = 0,
       sent_at = CASE WHEN $1 = 'sent' THEN $4 ELSE sent_at END, body = CASE WHEN $1 = 'pending' THEN body ELSE '' END WHERE id = $5`,
      [result.status, result.error ?? null, result.nextAttemptAt ?? null, result.at, id],
    );
  }

  async status(id: number) {
    return statusFromRow((await this.pool.query(`SELECT status, attempts, last_error FROM ${this.table} WHERE id = $1`, [id])).rows[0]);
  }
}
