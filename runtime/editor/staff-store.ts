// Durable state of editor staff besides the accounts file: one-time links (invites and password resets) with their
// mail in an outbox (committed in one transaction, then sent by the shopper accounts' MailWorker over SMTP), and the
// audit log of each site (who saved, published or restored which revision, when). One store written once over Kysely:
// a SQLite file in the editor's data folder by default, PostgreSQL with DATABASE_URL. Link tokens are stored only as
// SHA-256 hashes, and a token is used up by one atomic UPDATE, so two requests can never both use it.
import { type MailAttempt, type MailOutboxRow, SqlMailOutbox } from '../accounts/mail-outbox';
import type { DueMail, OutgoingMail } from '../accounts/store';
import type { Generated, Selectable } from 'kysely';
import type { SqlDb, SqlDialect } from '../infra/db/sql-db';
import { SqlStore } from '../infra/db/sql-store';
import { editorStaffMigrations } from './migrations';

export type StaffTokenPurpose = 'invite' | 'reset';

export interface StaffToken {
  tokenHash: string;
  email: string;
  purpose: StaffTokenPurpose;
  createdAt: number;
  expiresAt: number;
}

type AuditAction = 'saved' | 'published' | 'restored' | 'scheduled' | 'schedule cancelled' | 'template published';

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
  /** For a template publish: the template, and every site the publish reached. */
  template?: string;
  reached?: string[];
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface EditorStaffStore {
  readonly kind: SqlDialect;
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

type Big = number | string;

interface StaffTables {
  editor_tokens: { token_hash: string; email: string; purpose: StaffTokenPurpose; created_at: Big; expires_at: Big; used_at: Big | null };
  editor_mail: MailOutboxRow;
  editor_audit: {
    id: Generated<number | string>;
    tenant: string;
    at: Big;
    email: string;
    name: string;
    action: AuditAction;
    rev: number;
    restored_from: number | null;
    published: number;
    template: string | null;
    reached: string | null;
  };
}

const auditFromRow = (r: Selectable<StaffTables['editor_audit']>): AuditEntry => ({
  id: Number(r.id),
  tenant: r.tenant,
  at: Number(r.at),
  email: r.email,
  name: r.name,
  action: r.action,
  rev: Number(r.rev),
  restoredFrom: r.restored_from === null || r.restored_from === undefined ? null : Number(r.restored_from),
  published: Number(r.published) === 1,
  ...(r.template ? { template: r.template, reached: r.reached ? (JSON.parse(r.reached) as string[]) : [] } : {}),
});
const MAX_AUDIT = 500;

export class SqlEditorStaffStore extends SqlStore<StaffTables> implements EditorStaffStore {
  static readonly migrations = editorStaffMigrations;
  static readonly poolSize = 5;
  private outbox: SqlMailOutbox<'editor_mail'>;

  constructor(store: SqlDb<StaffTables>) {
    super(store);
    this.outbox = new SqlMailOutbox(store, 'editor_mail');
  }

  async issueToken(t: StaffToken, mail: OutgoingMail) {
    await this.tx(async (trx) => {
      await trx
        .updateTable('editor_tokens')
        .set({ used_at: t.createdAt })
        .where('email', '=', t.email)
        .where('purpose', '=', t.purpose)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('editor_tokens')
        .values({ token_hash: t.tokenHash, email: t.email, purpose: t.purpose, created_at: t.createdAt, expires_at: t.expiresAt })
        .execute();
      await this.outbox.queue(trx, mail);
    });
  }

  async consumeToken(tokenHash: string, now: number) {
    const r = await this.write((db) =>
      db
        .updateTable('editor_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['email', 'purpose'])
        .executeTakeFirst(),
    );
    return r ? { email: r.email, purpose: r.purpose } : undefined;
  }

  async peekToken(tokenHash: string, now: number) {
    const r = await this.db
      .selectFrom('editor_tokens')
      .select(['email', 'purpose'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return r ? { email: r.email, purpose: r.purpose } : undefined;
  }

  async revokeTokensOf(email: string, now: number) {
    await this.write((db) => db.updateTable('editor_tokens').set({ used_at: now }).where('email', '=', email).where('used_at', 'is', null).execute());
  }

  async claimDueMail(now: number, limit: number, leaseMs: number) {
    return this.outbox.claimDue(now, limit, leaseMs);
  }

  async recordMailAttempt(id: number, result: MailAttempt) {
    await this.outbox.recordAttempt(id, result);
  }

  async recordAudit(e: NewAuditEntry) {
    const r = await this.write((db) =>
      db
        .insertInto('editor_audit')
        .values({
          tenant: e.tenant,
          at: e.at,
          email: e.email,
          name: e.name,
          action: e.action,
          rev: e.rev,
          restored_from: e.restoredFrom,
          published: e.published ? 1 : 0,
          template: e.template ?? null,
          reached: e.template ? JSON.stringify(e.reached ?? []) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return auditFromRow(r);
  }

  async auditOf(tenant: string, limit = MAX_AUDIT) {
    const rows = await this.db
      .selectFrom('editor_audit')
      .selectAll()
      .where('tenant', '=', tenant)
      .orderBy('id', 'desc')
      .limit(Math.min(limit, MAX_AUDIT))
      .execute();
    return rows.map(auditFromRow);
  }
}

/** PostgreSQL when a database URL is given, else the SQLite file. */
export function openEditorStaffStore(where: { databaseUrl?: string; sqliteFile: string }): Promise<EditorStaffStore> {
  return SqlEditorStaffStore.open(where);
}
