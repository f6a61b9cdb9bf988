// The site's audit log: who saved, published or restored which revision, and when (kept by the server, newest first).
import { useEffect, useState } from 'react';
import { api } from './api';

export interface AuditEntry {
  id: number;
  at: number;
  email: string;
  name: string;
  action: 'saved' | 'published' | 'restored' | 'scheduled' | 'schedule cancelled' | 'template published';
  rev: number;
  restoredFrom: number | null;
  published: boolean;
  /** A template publish: the template, and every site it reached (this one among them). */
  template?: string;
  reached?: string[];
}

function describe(e: AuditEntry): string {
  if (e.action === 'template published') return `published the ${e.template} template as revision ${e.rev}; it reached ${(e.reached ?? []).join(', ')}`;
  if (e.action === 'restored') return `restored revision ${e.restoredFrom} as revision ${e.rev}${e.published ? ' and published it' : ' (a draft)'}`;
  if (e.action === 'scheduled') return `scheduled revision ${e.rev} to publish`;
  if (e.action === 'schedule cancelled') return `cancelled the scheduled publish of revision ${e.rev}`;
  return e.action === 'published' ? `published revision ${e.rev}` : `saved revision ${e.rev} as a draft`;
}

/** `refresh` changes after every save, so a new entry shows at once. */
export function AuditLogPanel({ slug, refresh }: { slug: string; refresh: unknown }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again whenever refresh changes (after each save), so a new entry shows at once
  useEffect(() => {
    let live = true;
    api<{ entries: AuditEntry[] }>('GET', `/tenants/${slug}/audit`).then((r) => {
      if (!live) return;
      if (r.ok) setEntries(r.data.entries);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [slug, refresh]);
  return (
    <section className="audit-log" aria-labelledby="audit-log-title">
      <h2 id="audit-log-title">Audit log</h2>
      {error && <p className="field-error">{error}</p>}
      {!entries && !error && <p className="muted">Loading the audit log…</p>}
      {entries?.length === 0 && <p className="muted">Nobody has saved or published this site in the editor yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="audit-entries">
          {entries.map((e) => (
            <li key={e.id} data-audit-action={e.action}>
              <strong>{e.name}</strong> <span className="muted">({e.email})</span> {describe(e)}
              <div className="muted">
                <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
