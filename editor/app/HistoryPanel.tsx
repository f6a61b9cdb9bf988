// Revisions of the tenant's document, newest first: who saved each and when; any one can be viewed and restored.
import { useEffect, useState } from 'react';
import { api, type RevisionMeta } from './api';

const kindText = { draft: 'Draft', published: 'Published', imported: 'From the file' } as const;

export function HistoryPanel({ slug, current, onView }: { slug: string; current: number; onView(rev: RevisionMeta): void }) {
  const [revisions, setRevisions] = useState<RevisionMeta[] | null>(null);
  const [error, setError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again when the open revision changes (a save, publish or restore made a new one)
  useEffect(() => {
    let live = true;
    api<{ revisions: RevisionMeta[] }>('GET', `/tenants/${slug}/revisions`).then((r) => {
      if (!live) return;
      if (r.ok) setRevisions(r.data.revisions);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [slug, current]);
  if (error) return <p className="field-error">{error}</p>;
  if (!revisions) return <p className="muted">Loading the history…</p>;
  return (
    <div className="history">
      <h2>History</h2>
      <ol className="revisions">
        {revisions.map((r) => (
          <li key={r.rev} className={`revision revision-${r.kind}`} data-rev={r.rev}>
            <div>
              <strong>Revision {r.rev}</strong> <span className={`badge badge-${r.kind}`}>{kindText[r.kind]}</span>
              {r.rev === current && <span className="badge">open</span>}
            </div>
            <div className="muted">
              {r.authorName} · <time dateTime={r.at}>{new Date(r.at).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' })}</time>
              {r.restoredFrom ? ` · restored revision ${r.restoredFrom}` : ''}
            </div>
            <button type="button" className="small" onClick={() => onView(r)} aria-label={`View revision ${r.rev}`}>
              View
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
