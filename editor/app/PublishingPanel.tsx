// Schedule a publish and share a draft (History tab): the saved revision goes live at a date and time on the site's
// clock, or is shown read-only to someone without an editor account through a link that expires. The server keeps
// both (runtime/editor/api/publishing.ts); this shows where they stand and lets staff cancel or withdraw them.
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useState } from 'react';
import { api } from './api';
import { baseRevAtom, dirtyAtom, slugAtom } from './store';

/** Counts what this panel changed (a schedule, a cancel): the audit log below loads again when it does. */
export const publishingChangesAtom = atom(0);

interface ScheduleView {
  id: number;
  rev: number;
  status: 'pending' | 'running' | 'published' | 'failed' | 'cancelled';
  label: string;
  createdByName: string;
  outcome: string | null;
}

interface ShareLinkView {
  id: string;
  rev: number;
  expires: string;
}

export function PublishingPanel() {
  const slug = useAtomValue(slugAtom);
  const rev = useAtomValue(baseRevAtom);
  const dirty = useAtomValue(dirtyAtom);
  const [schedules, setSchedules] = useState<{ timeZone: string; pending: ScheduleView | null; schedules: ScheduleView[] } | null>(null);
  const [links, setLinks] = useState<ShareLinkView[]>([]);
  const [at, setAt] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [newLink, setNewLink] = useState<{ url: string; expires: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const atId = useId();
  const changed = useSetAtom(publishingChangesAtom);

  const load = useCallback(async () => {
    const [s, l] = await Promise.all([
      api<{ timeZone: string; pending: ScheduleView | null; schedules: ScheduleView[] }>('GET', `/tenants/${slug}/schedules`),
      api<{ links: ShareLinkView[] }>('GET', `/tenants/${slug}/share-links`),
    ]);
    if (s.ok) setSchedules(s.data);
    if (l.ok) setLinks(l.data.links);
  }, [slug]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded again after every save (a publish may have run a schedule's check)
  useEffect(() => {
    void load();
  }, [load, rev]);

  const run = async (work: () => Promise<{ ok: boolean; error?: string; text?: string }>) => {
    setBusy(true);
    setMessage(null);
    const r = await work();
    setBusy(false);
    setMessage(r.ok ? (r.text ? { kind: 'ok', text: r.text } : null) : { kind: 'error', text: r.error ?? 'That did not work.' });
    if (r.ok) changed((n) => n + 1);
    await load();
  };

  const schedule = () =>
    run(async () => {
      const r = await api<{ schedule: ScheduleView }>('POST', `/tenants/${slug}/schedules`, { rev, at });
      return r.ok ? { ok: true, text: `Revision ${r.data.schedule.rev} will be published at ${r.data.schedule.label}.` } : { ok: false, error: r.error };
    });
  const cancel = (id: number) =>
    run(async () => {
      const r = await api('POST', `/tenants/${slug}/schedules/${id}/cancel`);
      return r.ok ? { ok: true, text: 'The scheduled publish was cancelled.' } : { ok: false, error: r.error };
    });
  const share = () =>
    run(async () => {
      const r = await api<{ url: string; expires: string }>('POST', `/tenants/${slug}/share-links`, { rev });
      if (r.ok) setNewLink(r.data);
      return r.ok ? { ok: true } : { ok: false, error: r.error };
    });
  const withdraw = (id: string) =>
    run(async () => {
      const r = await api('POST', `/tenants/${slug}/share-links/${id}/revoke`);
      if (r.ok) setNewLink(null);
      return r.ok ? { ok: true, text: 'The preview link was withdrawn: it no longer opens.' } : { ok: false, error: r.error };
    });

  const pending = schedules?.pending;
  const last = schedules?.schedules.find((s) => s.status === 'published' || s.status === 'failed');
  return (
    <section className="publishing-panel" aria-labelledby="publishing-title">
      <h2 id="publishing-title">Schedule and share</h2>
      {dirty && <p className="muted">Save your changes as a draft first: a schedule or a preview link is for a saved revision.</p>}
      {message && (
        <p className={message.kind === 'error' ? 'field-error' : 'notice-ok'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {pending ? (
        <div className="scheduled" data-testid="scheduled-publish">
          <p>
            <strong>Scheduled:</strong> revision {pending.rev} will be published at {pending.label} (scheduled by {pending.createdByName}).
          </p>
          <button type="button" onClick={() => cancel(pending.id)} disabled={busy}>
            Cancel scheduled publish
          </button>
        </div>
      ) : (
        <form
          className="schedule-form"
          onSubmit={(e) => {
            e.preventDefault();
            void schedule();
          }}
        >
          <label htmlFor={atId}>
            Publish revision {rev} at ({schedules?.timeZone ?? 'the site'} time)
          </label>
          <input id={atId} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} required />
          <button type="submit" disabled={busy || dirty || !at}>
            Schedule publish
          </button>
        </form>
      )}
      {last && (
        <p className="muted" data-testid="last-scheduled">
          Last scheduled publish (revision {last.rev}, {last.label}): {last.outcome}
        </p>
      )}
      <h3>Preview link</h3>
      <p className="muted">Anyone with the link can see this draft, read-only, without an editor account, until it expires.</p>
      <button type="button" onClick={share} disabled={busy || dirty}>
        Create preview link for revision {rev}
      </button>
      {newLink && (
        <p className="share-link">
          <label>
            Preview link (expires {newLink.expires})
            <input type="text" readOnly value={newLink.url} onFocus={(e) => e.currentTarget.select()} />
          </label>
        </p>
      )}
      {links.length > 0 && (
        <ul className="share-links" aria-label="Preview links that still open">
          {links.map((l) => (
            <li key={l.id}>
              Revision {l.rev}, expires {l.expires}{' '}
              <button type="button" className="link" onClick={() => withdraw(l.id)} disabled={busy}>
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
