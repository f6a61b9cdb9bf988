// Scheduled publishing and shareable draft previews. A schedule names a draft revision and a time in the site's time
// zone; a PollingWorker in every server process claims what is due (one process wins each, see sql-store.ts) and
// publishes it through the same EditorDocuments.save as the Publish button, recording it in the audit log. A share link
// is a random token (stored hashed) for one draft revision, read-only and expiring, revocable by staff.
import { createHash, randomBytes } from 'node:crypto';
import { siteClockLabel } from '../../domain/time/site-clock-label';
import { siteTimeZone } from '../../domain/time/site-time-zone';
import { isoToZonedLocal, zonedLocalToIso } from '../../domain/time/zoned';
import { PollingWorker } from '../../infra/polling-worker';
import { deepEqual } from '../file-patch';
import type { EditorDocuments } from '../documents';
import type { EditorStaffStore } from '../staff-store';
import type { PublishingStore, ScheduledPublish, ShareLink } from './sql-store';

/** How long a process may take over a publish before another one may try it again. */
const LEASE_MS = 5 * 60_000;
const SHARE_LINK_DAYS = 7;

const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A schedule as the editor shows it: its time on the site's clock too. */
export const scheduleView = (s: ScheduledPublish) => ({
  ...s,
  runAtIso: new Date(s.runAt).toISOString(),
  runAtLocal: isoToZonedLocal(new Date(s.runAt).toISOString(), s.timeZone),
  label: siteClockLabel(s.runAt, s.timeZone),
});

export interface PublishingOptions {
  store: PublishingStore;
  documents: EditorDocuments;
  staffStore?: EditorStaffStore;
  /** The test clock: every "now" of schedules and links comes from here. */
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** Refusals a publish gets besides the document's own validation (locked blocks and props). */
  publishProblems?: (slug: string, doc: Record<string, unknown>) => Promise<string | undefined>;
}

export type ScheduleRequest = { slug: string; rev: number; local: string; author: { email: string; name: string } };

export class Publishing {
  readonly store: PublishingStore;
  readonly now: () => number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly options: PublishingOptions) {
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  }

  /** The draft revision `rev` of the site, or a sentence saying why it cannot be used. */
  async draftOf(slug: string, rev: unknown): Promise<{ ok: true; doc: Record<string, unknown>; rev: number } | { ok: false; error: string }> {
    if (!Number.isInteger(rev)) return { ok: false, error: 'Name the revision to use as "rev" (a number from the History tab).' };
    const revision = await this.options.documents.revisions.get(slug, rev as number);
    if (!revision) return { ok: false, error: `Revision ${rev} is not a revision of this site.` };
    return { ok: true, doc: revision.doc, rev: revision.rev };
  }

  async schedule(request: ScheduleRequest): Promise<{ status: number; body: Record<string, unknown> }> {
    const draft = await this.draftOf(request.slug, request.rev);
    if (!draft.ok) return { status: 422, body: { error: draft.error } };
    const timeZone = siteTimeZone(draft.doc as Parameters<typeof siteTimeZone>[0]);
    const iso = typeof request.local === 'string' ? zonedLocalToIso(request.local, timeZone) : null;
    if (!iso) return { status: 400, body: { error: `Give the date and time to publish as "at", e.g. 2026-12-01T09:00 (${timeZone} time).` } };
    const runAt = Date.parse(iso);
    const now = this.now();
    if (runAt <= now) {
      return { status: 422, body: { error: `${siteClockLabel(runAt, timeZone)} has already passed. Choose a time in the future, or publish now.` } };
    }
    const result = await this.store.schedule({
      tenant: request.slug,
      rev: draft.rev,
      runAt,
      timeZone,
      createdBy: request.author.email,
      createdByName: request.author.name,
      createdAt: now,
    });
    if (!result.ok) {
      const e = result.existing;
      return {
        status: 409,
        body: {
          error: `Revision ${e.rev} is already scheduled to publish at ${siteClockLabel(e.runAt, e.timeZone)}. Cancel that first.`,
          schedule: scheduleView(e),
        },
      };
    }
    await this.audit(request.slug, result.schedule, 'scheduled', request.author);
    return { status: 201, body: { schedule: scheduleView(result.schedule) } };
  }

  async cancel(slug: string, id: number, author: { email: string; name: string }): Promise<boolean> {
    const schedule = await this.store.get(id);
    if (!schedule || schedule.tenant !== slug || !(await this.store.cancel(slug, id, this.now()))) return false;
    await this.audit(slug, schedule, 'schedule cancelled', author);
    return true;
  }

  /** Publishes every schedule due now that this process claims; what happened to each. */
  async runDue(): Promise<ScheduledPublish[]> {
    const done: ScheduledPublish[] = [];
    for (const schedule of await this.store.claimDue(this.now(), LEASE_MS)) {
      try {
        const outcome = await this.publishScheduled(schedule);
        await this.store.finish(schedule.id, outcome.ok ? 'published' : 'failed', outcome.message, this.now());
        if (!outcome.ok) this.log(`editor: scheduled publish ${schedule.id} of ${schedule.tenant} failed: ${outcome.message}`);
      } catch (e) {
        // Left running: its lease lapses and a process tries again.
        this.log(`editor: scheduled publish ${schedule.id} of ${schedule.tenant}`, e);
      }
      done.push((await this.store.get(schedule.id))!);
    }
    return done;
  }

  private async publishScheduled(s: ScheduledPublish): Promise<{ ok: boolean; message: string }> {
    const { documents } = this.options;
    const draft = await documents.revisions.get(s.tenant, s.rev);
    const head = await documents.revisions.head(s.tenant);
    if (!draft || !head) return { ok: false, message: `Revision ${s.rev} no longer exists.` };
    if (head.rev !== s.rev) {
      // A process that published and died before recording it: the head is that publish.
      if (head.kind === 'published' && deepEqual(head.doc, draft.doc)) return { ok: true, message: `Published as revision ${head.rev}.` };
      return {
        ok: false,
        message: `Not published: revision ${head.rev} was saved after revision ${s.rev} was scheduled. Schedule the newest draft again.`,
      };
    }
    const refused = await this.options.publishProblems?.(s.tenant, draft.doc);
    if (refused) return { ok: false, message: `Not published: ${refused}` };
    const author = { email: s.createdBy, name: s.createdByName };
    const result = await documents.save(s.tenant, { baseRev: head.rev, doc: draft.doc, publish: true, author });
    if (!result.ok) {
      return {
        ok: false,
        message:
          result.status === 409
            ? `Not published: revision ${result.conflict.rev} was saved at the same moment.`
            : `Not published: the document has problems (${result.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}).`,
      };
    }
    await this.options.staffStore?.recordAudit({
      tenant: s.tenant,
      at: this.now(),
      email: s.createdBy,
      name: `${s.createdByName} (scheduled)`,
      action: 'published',
      rev: result.revision.rev,
      restoredFrom: null,
      published: true,
    });
    return { ok: true, message: `Published as revision ${result.revision.rev}.` };
  }

  private async audit(slug: string, s: ScheduledPublish, action: 'scheduled' | 'schedule cancelled', author: { email: string; name: string }) {
    await this.options.staffStore?.recordAudit({
      tenant: slug,
      at: this.now(),
      email: author.email,
      name: author.name,
      action,
      rev: s.rev,
      restoredFrom: null,
      published: false,
    });
  }

  /** A new share link for a draft revision: the token once (only its hash is kept). */
  async share(slug: string, rev: number, author: { email: string }): Promise<{ token: string; link: ShareLink }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const link = {
      tokenHash: hashShareToken(token),
      tenant: slug,
      rev,
      createdBy: author.email,
      createdAt: now,
      expiresAt: now + SHARE_LINK_DAYS * 86_400_000,
    };
    await this.store.addShareLink(link);
    return { token, link: { ...link, revokedAt: null } };
  }

  /** What a share link shows: its site and draft, or why it does not work (a sentence for the person who opened it). */
  async openShared(
    token: string,
  ): Promise<{ ok: true; slug: string; rev: number; doc: Record<string, unknown> } | { ok: false; status: number; error: string }> {
    const link = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await this.store.shareLink(hashShareToken(token)) : undefined;
    if (!link) return { ok: false, status: 404, error: 'This preview link is not valid. Ask whoever sent it for a new one.' };
    if (link.revokedAt !== null) return { ok: false, status: 410, error: 'This preview link was withdrawn. Ask whoever sent it for a new one.' };
    if (link.expiresAt <= this.now()) return { ok: false, status: 410, error: 'This preview link has expired. Ask whoever sent it for a new one.' };
    const revision = await this.options.documents.revisions.get(link.tenant, link.rev);
    if (!revision) return { ok: false, status: 404, error: 'The draft this link showed no longer exists.' };
    return { ok: true, slug: link.tenant, rev: link.rev, doc: revision.doc };
  }

  /** Runs due schedules every `pollMs` in this process (each process runs one; the store keeps them from doubling up). */
  worker(pollMs = 15_000): PollingWorker {
    const publishing = this;
    return new (class extends PollingWorker {
      protected round() {
        return publishing.runDue();
      }
    })(pollMs, (m) => this.log(`editor: scheduled publishing: ${m}`));
  }
}
