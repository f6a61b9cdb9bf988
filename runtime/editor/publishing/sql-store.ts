// Scheduled publishes and draft share links, written once over Kysely: SQLite in the editor's data folder by default,
// PostgreSQL with DATABASE_URL (every server process sees the same schedules). A due schedule is claimed by one
// conditional UPDATE that only one process can win (a lease: a process that dies mid-publish leaves it to another once
// the lease runs out), so each schedule runs once however many processes tick. Share tokens are stored only as
// SHA-256 hashes.
import type { Generated, Selectable } from 'kysely';
import { SqlStore } from '../../infra/db/sql-store';
import { publishingMigrations } from './migrations';

type ScheduleStatus = 'pending' | 'running' | 'published' | 'failed' | 'cancelled';

export interface ScheduledPublish {
  id: number;
  tenant: string;
  /** The draft revision that goes live. */
  rev: number;
  /** When, in ms since the epoch. */
  runAt: number;
  /** The site's time zone when it was scheduled (how staff entered the time). */
  timeZone: string;
  status: ScheduleStatus;
  createdBy: string;
  createdByName: string;
  createdAt: number;
  finishedAt: number | null;
  /** Why it failed, or which revision it published. */
  outcome: string | null;
}

export interface ShareLink {
  tokenHash: string;
  tenant: string;
  rev: number;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

interface Tables {
  editor_scheduled_publishes: {
    id: Generated<number | string>;
    tenant: string;
    rev: number;
    run_at: number | string;
    time_zone: string;
    status: ScheduleStatus;
    lease_until: number | string;
    created_by: string;
    created_by_name: string;
    created_at: number | string;
    finished_at: number | string | null;
    outcome: string | null;
  };
  editor_share_links: {
    token_hash: string;
    tenant: string;
    rev: number;
    created_by: string;
    created_at: number | string;
    expires_at: number | string;
    revoked_at: number | string | null;
  };
}

type ScheduleRow = Selectable<Tables['editor_scheduled_publishes']>;
type LinkRow = Tables['editor_share_links'];

const num = (v: number | string | null): number | null => (v === null || v === undefined ? null : Number(v));

const scheduleOf = (r: ScheduleRow): ScheduledPublish => ({
  id: Number(r.id),
  tenant: r.tenant,
  rev: Number(r.rev),
  runAt: Number(r.run_at),
  timeZone: r.time_zone,
  status: r.status,
  createdBy: r.created_by,
  createdByName: r.created_by_name,
  createdAt: Number(r.created_at),
  finishedAt: num(r.finished_at),
  outcome: r.outcome,
});

const linkOf = (r: LinkRow): ShareLink => ({
  tokenHash: r.token_hash,
  tenant: r.tenant,
  rev: Number(r.rev),
  createdBy: r.created_by,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  revokedAt: num(r.revoked_at),
});

export type NewSchedule = Pick<ScheduledPublish, 'tenant' | 'rev' | 'runAt' | 'timeZone' | 'createdBy' | 'createdByName' | 'createdAt'>;

export class PublishingStore extends SqlStore<Tables> {
  static readonly migrations = publishingMigrations;
  static readonly poolSize = 2;

  /** Adds a pending schedule, unless the site already has one pending (then that one is returned with `ok: false`). */
  async schedule(input: NewSchedule): Promise<{ ok: true; schedule: ScheduledPublish } | { ok: false; existing: ScheduledPublish }> {
    const existing = await this.pendingOf(input.tenant);
    if (existing) return { ok: false, existing };
    const row = await this.write((db) =>
      db
        .insertInto('editor_scheduled_publishes')
        .values({
          tenant: input.tenant,
          rev: input.rev,
          run_at: input.runAt,
          time_zone: input.timeZone,
          status: 'pending',
          lease_until: 0,
          created_by: input.createdBy,
          created_by_name: input.createdByName,
          created_at: input.createdAt,
          finished_at: null,
          outcome: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return { ok: true, schedule: scheduleOf(row) };
  }

  async get(id: number): Promise<ScheduledPublish | undefined> {
    const row = await this.db.selectFrom('editor_scheduled_publishes').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? scheduleOf(row) : undefined;
  }

  /** The site's schedule still to run (pending, or running under a lease), if any. */
  async pendingOf(tenant: string): Promise<ScheduledPublish | undefined> {
    const row = await this.db
      .selectFrom('editor_scheduled_publishes')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('status', 'in', ['pending', 'running'])
      .orderBy('id')
      .executeTakeFirst();
    return row ? scheduleOf(row) : undefined;
  }

  /** A site's schedules, newest first. */
  async listOf(tenant: string, limit = 20): Promise<ScheduledPublish[]> {
    const rows = await this.db.selectFrom('editor_scheduled_publishes').selectAll().where('tenant', '=', tenant).orderBy('id', 'desc').limit(limit).execute();
    return rows.map(scheduleOf);
  }

  /** Cancels a pending schedule of the site; false when there is none with that id (or it already ran or started). */
  async cancel(tenant: string, id: number, now: number): Promise<boolean> {
    const r = await this.write((db) =>
      db
        .updateTable('editor_scheduled_publishes')
        .set({ status: 'cancelled', finished_at: now })
        .where('id', '=', id)
        .where('tenant', '=', tenant)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    );
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Claims the schedules due at `now` for this process: each one pending (or running with a lapsed lease) is taken by a
   * conditional UPDATE, so of several processes claiming at once exactly one gets each schedule.
   */
  async claimDue(now: number, leaseMs: number): Promise<ScheduledPublish[]> {
    const due = await this.db
      .selectFrom('editor_scheduled_publishes')
      .select('id')
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<=', now)])]))
      .orderBy('run_at')
      .limit(20)
      .execute();
    const claimed: ScheduledPublish[] = [];
    for (const { id } of due) {
      const r = await this.write((db) =>
        db
          .updateTable('editor_scheduled_publishes')
          .set({ status: 'running', lease_until: now + leaseMs })
          .where('id', '=', Number(id))
          .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<=', now)])]))
          .executeTakeFirst(),
      );
      if (Number(r.numUpdatedRows) === 1) claimed.push((await this.get(Number(id)))!);
    }
    return claimed;
  }

  /** Records how a claimed schedule ended. */
  async finish(id: number, status: 'published' | 'failed', outcome: string, now: number): Promise<void> {
    await this.write((db) =>
      db
        .updateTable('editor_scheduled_publishes')
        .set({ status, outcome, finished_at: now, lease_until: 0 })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute(),
    );
  }

  async addShareLink(link: Omit<ShareLink, 'revokedAt'>): Promise<void> {
    await this.write((db) =>
      db
        .insertInto('editor_share_links')
        .values({
          token_hash: link.tokenHash,
          tenant: link.tenant,
          rev: link.rev,
          created_by: link.createdBy,
          created_at: link.createdAt,
          expires_at: link.expiresAt,
          revoked_at: null,
        })
        .execute(),
    );
  }

  async shareLink(tokenHash: string): Promise<ShareLink | undefined> {
    const row = await this.db.selectFrom('editor_share_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row ? linkOf(row) : undefined;
  }

  /** A site's links that still work at `now`, newest first. */
  async activeShareLinks(tenant: string, now: number): Promise<ShareLink[]> {
    const rows = await this.db
      .selectFrom('editor_share_links')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(linkOf);
  }

  /** Revokes one of the site's links (named by its hash, as listed); false when none matched. */
  async revokeShareLink(tenant: string, tokenHash: string, now: number): Promise<boolean> {
    const r = await this.write((db) =>
      db
        .updateTable('editor_share_links')
        .set({ revoked_at: now })
        .where('tenant', '=', tenant)
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst(),
    );
    return Number(r.numUpdatedRows) === 1;
  }
}
