// Before a revision is restored: what it would change in the draft, page by page and block by block (blocks added
// back, removed, changed props with the value now and after), and the site-wide parts. Restore everything, or tick
// the pages, blocks and parts to bring back and keep the rest of the draft. Either is one undoable step.
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { blockType } from './doc-model';
import { diffRevision, restorePicks, valueText, type PropChange, type RestorePick } from './revision-diff';
import { applyAtom, docAtom, noticeAtom, restoreAtom, viewingAtom } from './store';

const SITE_PARTS: Record<string, string> = {
  name: 'Site name',
  settings: 'Site settings',
  theme: 'Theme',
  navigation: 'Menus',
  dealerships: 'Dealerships and locations',
  announcement: 'Announcement',
  redirects: 'Redirects',
  domains: 'Domains',
  url: 'Site address',
  timeZone: 'Time zone',
};
const partTitle = (key: string) => SITE_PARTS[key] ?? key;
const statusText = { added: 'comes back', removed: 'will be removed', changed: 'will change' } as const;
const pickKey = (p: RestorePick) => (p.kind === 'site' ? `site:${p.key}` : p.kind === 'page' ? `page:${p.route}` : `block:${p.route}:${p.id}`);

function Changes({ changes }: { changes: PropChange[] }) {
  if (!changes.length) return null;
  return (
    <table className="diff-table">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Now</th>
          <th scope="col">After restoring</th>
        </tr>
      </thead>
      <tbody>
        {changes.slice(0, 30).map((c) => (
          <tr key={c.path}>
            <th scope="row">{c.path}</th>
            <td className="diff-old">{valueText(c.now)}</td>
            <td className="diff-new">{valueText(c.after)}</td>
          </tr>
        ))}
        {changes.length > 30 && (
          <tr>
            <td colSpan={3} className="muted">
              and {changes.length - 30} more
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

export function RestorePanel() {
  const viewing = useAtomValue(viewingAtom);
  const draft = useAtomValue(docAtom);
  const apply = useSetAtom(applyAtom);
  const setViewing = useSetAtom(viewingAtom);
  const setNotice = useSetAtom(noticeAtom);
  // Everything: the store's restore (the revision as it was, recorded as restored from it when saved).
  const restoreAll = useSetAtom(restoreAtom);
  const [picked, setPicked] = useState<Map<string, RestorePick>>(new Map());
  const diff = useMemo(() => (viewing ? diffRevision(draft, viewing.doc) : null), [draft, viewing]);
  if (!viewing || !diff) return null;
  const rev = viewing.rev.rev;
  const toggle = (p: RestorePick, on: boolean) => {
    const next = new Map(picked);
    if (on) next.set(pickKey(p), p);
    else next.delete(pickKey(p));
    setPicked(next);
  };
  const box = (p: RestorePick, label: string) => (
    <input type="checkbox" aria-label={label} checked={picked.has(pickKey(p))} onChange={(e) => toggle(p, e.target.checked)} />
  );
  const restore = (picks: RestorePick[]) => {
    // The recipe gets an immer draft, which cannot be cloned: the restore works on the document itself.
    const doc = viewing.doc;
    apply(`Restore parts of revision ${rev}`, () => restorePicks(draft, doc, picks));
    setViewing(null);
    setNotice({
      kind: 'info',
      text: `Restored ${picks.length} part${picks.length === 1 ? '' : 's'} of revision ${rev} into the draft; the rest of the draft is unchanged. Publish to put it live.`,
    });
  };
  const empty = !diff.site.length && !diff.pages.length;
  return (
    <section className="restore-panel" aria-label={`Restore revision ${rev}`}>
      <h2>What restoring revision {rev} changes</h2>
      {empty ? (
        <p className="muted">Revision {rev} is the same as the draft.</p>
      ) : (
        <>
          <p className="muted">Tick what to bring back, or restore everything. Either is one step that Undo takes back.</p>
          <ul className="diff-list">
            {diff.site.map((s) => (
              <li key={s.key} className="diff-item">
                <label className="check">
                  {box({ kind: 'site', key: s.key }, `Restore ${partTitle(s.key)}`)}
                  <strong>{partTitle(s.key)}</strong> <span className="badge badge-changed">{statusText.changed}</span>
                </label>
                <Changes changes={s.changes} />
              </li>
            ))}
            {diff.pages.map((p) => (
              <li key={p.route} className="diff-item" data-diff-page={p.route}>
                <label className="check">
                  {box({ kind: 'page', route: p.route }, `Restore the whole page ${p.route}`)}
                  <strong>
                    Page {p.title} ({p.route})
                  </strong>{' '}
                  <span className={`badge badge-${p.status}`}>{statusText[p.status]}</span>
                </label>
                <Changes changes={p.changes} />
                {p.blocks.length > 0 && (
                  <ul className="diff-blocks">
                    {p.blocks.map((b) => (
                      <li key={b.id} data-diff-block={b.id}>
                        <label className="check">
                          {box({ kind: 'block', route: p.route, id: b.id }, `Restore block ${b.id} on ${p.route}`)}
                          {blockType(b.type)?.title ?? b.type} <code>{b.id}</code> <span className={`badge badge-${b.status}`}>{statusText[b.status]}</span>
                        </label>
                        <Changes changes={b.changes} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <div className="restore-actions">
            <button type="button" className="primary" disabled={!picked.size} onClick={() => restore([...picked.values()])}>
              Restore selected ({picked.size})
            </button>
            <button type="button" onClick={restoreAll}>
              Restore everything
            </button>
          </div>
        </>
      )}
    </section>
  );
}
