// One mail outbox, shared by the shopper accounts' store and the editor staff's store, on SQLite and PostgreSQL.
// A mail is queued in the same transaction as the one-time link it carries, claimed with a lease by the MailWorker
// (FOR UPDATE SKIP LOCKED on PostgreSQL, so several processes can share one database), and its body is dropped once it
// is sent or given up, since it holds that link.
import type { Generated, Kysely } from 'kysely';
import { type SqlDb, writeOnce, writeTransaction } from '../infra/db/sql-db';
import type { DueMail, MailStatus, OutgoingMail } from './store';

/** The outbox tables that exist; a table name is never taken from input. */
type OutboxTable = 'shopper_mail' | 'editor_mail';
// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
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
  ...(r.html ? { html: r.html } : {}),
  ...(r.headers ? { headers: JSON.parse(r.headers) as Record<string, string> } : {}),
  ...(r.idempotency_key ? { idempotencyKey: r.idempotency_key } : {}),
});
const statusFromRow = (r: Row | undefined) =>
  r ? { status: r.status as MailStatus, attempts: Number(r.attempts), lastError: r.last_error ?? null } : undefined;

/** An outbox table's columns, for stores written over Kysely (see runtime/infra/db/sql-db.ts). */
export interface MailOutboxRow {
  id: Generated<number | string>;
  tenant: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: number | string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: number | string;
  locked_until: Generated<number | string>;
  last_error: string | null;
  sent_at: number | string | null;
  /** Only in shopper_mail (alert mail). */
  html?: string | null;
  headers?: string | null;
  idempotency_key?: string | null;
}

/** The outbox over Kysely, on SQLite or PostgreSQL (the shopper accounts' store and the editor staff's store). */
export class SqlMailOutbox<T extends OutboxTable> {
  constructor(
    // biome-ignore lint/suspicious/noExplicitAny: one outbox serves several stores whose table types differ
    private store: SqlDb<any>,
    private table: T,
  ) {}

  /** Queues a mail; pass the transaction that stores the link the mail carries. */
  // biome-ignore lint/suspicious/noExplicitAny: one outbox serves several stores whose table types differ
  async queue(trx: Kysely<any>, mail: OutgoingMail): Promise<boolean> {
    const db = trx as Kysely<Record<OutboxTable, MailOutboxRow>>;
    const extra =
      mail.html || mail.headers || mail.idempotencyKey
        ? { html: mail.html ?? null, headers: mail.headers ? JSON.stringify(mail.headers) : null, idempotency_key: mail.idempotencyKey ?? null }
        : {};
    const r = await db
      .insertInto(this.table as OutboxTable)
      .values({
        tenant: mail.tenant,
        to_address: mail.to,
        subject: mail.subject,
        body: mail.text,
        created_at: mail.createdAt,
        next_attempt_at: mail.createdAt,
        ...extra,
      })
      // A keyed mail already queued (a job run again after a restart) is not queued twice.
      .$if(!!mail.idempotencyKey, (q) => q.onConflict((oc) => oc.column('idempotency_key').doNothing()))
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<DueMail[]> {
    const table = this.table as OutboxTable;
    const rows = await writeTransaction(this.store, async (trx) => {
      const db = trx as Kysely<Record<OutboxTable, MailOutboxRow>>;
      let due = db
        .selectFrom(table)
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where('locked_until', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      // Another process's claim in progress: skip its rows rather than wait for them.
      if (this.store.kind === 'postgres') due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((r) => r.id);
      if (!ids.length) return [];
      return db
        .updateTable(table)
        .set({ locked_until: now + leaseMs })
        .where('id', 'in', ids)
        .returningAll()
        .execute();
    });
    return rows.map(mailFromRow).sort((a, b) => a.id - b.id);
  }

  async recordAttempt(id: number, result: MailAttempt) {
    const table = this.table as OutboxTable;
    await writeOnce(this.store, (trx) =>
      (trx as Kysely<Record<OutboxTable, MailOutboxRow>>)
        .updateTable(table)
        .set((eb) => ({
          status: result.status,
          attempts: eb('attempts', '+', 1),
          last_error: result.error ?? null,
          next_attempt_at: result.nextAttemptAt ?? eb.ref('next_attempt_at'),
          locked_until: 0,
          sent_at: result.status === 'sent' ? result.at : eb.ref('sent_at'),
          // The body holds a one-time link: dropped once the mail is sent or given up.
          body: result.status === 'pending' ? eb.ref('body') : '',
        }))
        .where('id', '=', id)
        .execute(),
    );
  }

  async backlog(): Promise<number> {
    const db = this.store.db as Kysely<Record<OutboxTable, MailOutboxRow>>;
    const row = await db
      .selectFrom(this.table as OutboxTable)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async status(id: number) {
    const db = this.store.db as Kysely<Record<OutboxTable, MailOutboxRow>>;
    return statusFromRow(
      await db
        .selectFrom(this.table as OutboxTable)
        .select(['status', 'attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirst(),
    );
  }
}
