// The editor of one tenant's document: pages and their block outline on the left, the live preview in the middle,
// the selected block's properties (or the page, the site's settings, or the history) on the right. Every change goes
// through the history (undo/redo) and is validated at once by the same validator as CI.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { findBlock, type BlockNode } from '../../runtime/document/blocks';
import { duplicateBlock, insertBlock, moveBlock, nudgeBlock, removeBlock, uniqueId, type BlockPosition } from '../../runtime/document/operations';
import { documentWarnings, validateTenantDocument } from '../../runtime/tenants/validate';
import { api, type Problem, type RevisionMeta } from './api';
import { blockType, previewPath, rootSchema, sortedRoutes } from './doc-model';
import { FieldView, type FormContext, type Path } from './Fields';
import { DocumentHistory } from './history';
import { Outline } from './Outline';
import { Preview } from './Preview';
import { HistoryPanel } from './HistoryPanel';
import { fieldFor, initialValue, objectFields } from './schema-form';

type Doc = Record<string, any>;
type Tab = 'block' | 'page' | 'site' | 'history';
type Notice = { kind: 'error' | 'success' | 'info'; text: string; conflict?: boolean } | null;

const SITE_FIELDS = ['name', 'url', 'domains', 'announcement', 'theme', 'navigation', 'settings'];
const siteFields = SITE_FIELDS.filter((k) => rootSchema.properties[k]).map((k) => fieldFor(k, rootSchema.properties[k], rootSchema, (rootSchema.required ?? []).includes(k)));
const pageFields = objectFields(rootSchema.definitions.page, rootSchema, ['blocks']);

function setAt(draft: Doc, path: Path, value: unknown) {
  let node: any = draft;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key];
  }
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  } else node[last] = value;
}

const timeText = (iso: string) => new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

export function Editor({ slug, initial, onExit }: { slug: string; initial: { doc: Doc; head: RevisionMeta; live: RevisionMeta }; onExit(): void }) {
  const history = useRef(new DocumentHistory<Doc>(initial.doc));
  const [doc, setDoc] = useState<Doc>(initial.doc);
  const [baseRev, setBaseRev] = useState(initial.head.rev);
  const [live, setLive] = useState(initial.live);
  const [saved, setSaved] = useState<Doc>(initial.doc);
  const [route, setRoute] = useState('/');
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [tab, setTab] = useState<Tab>('block');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<{ rev: RevisionMeta; doc: Doc } | null>(null);
  const [restoredFrom, setRestoredFrom] = useState<number | undefined>();
  const [seq, setSeq] = useState(0);
  const [timing, setTiming] = useState<{ validate: number; preview?: number } | null>(null);
  const editStart = useRef(0);
  const validateMs = useRef(0);

  const apply = useCallback((label: string, recipe: (d: Doc) => void | Doc, mergeKey?: string) => {
    editStart.current = performance.now();
    if (history.current.change(label, recipe, mergeKey)) setDoc(history.current.current);
  }, []);
  const undo = useCallback(() => {
    editStart.current = performance.now();
    if (history.current.undo()) setDoc(history.current.current);
  }, []);
  const redo = useCallback(() => {
    editStart.current = performance.now();
    if (history.current.redo()) setDoc(history.current.current);
  }, []);

  const validation = useMemo(() => {
    const t = performance.now();
    const result = validateTenantDocument(doc);
    validateMs.current = performance.now() - t;
    return result;
  }, [doc]);
  const problems: Problem[] = validation.ok ? [] : validation.problems;
  const warnings = useMemo(() => documentWarnings(doc), [doc]);
  const problemMap = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of problems) map.set(p.path, [...(map.get(p.path) ?? []), p.message]);
    return map;
  }, [problems]);

  // The preview shows the last valid version of the draft (or the revision being viewed).
  const lastValid = useRef<TenantDocument | null>(null);
  if (validation.ok) lastValid.current = validation.doc;
  const viewedDoc = useMemo(() => {
    if (!viewing) return null;
    const r = validateTenantDocument(viewing.doc);
    return r.ok ? r.doc : null;
  }, [viewing]);
  const previewDoc = viewing ? viewedDoc : lastValid.current;
  useEffect(() => setSeq((s) => s + 1), [previewDoc]);

  const pages = (viewing?.doc ?? doc).pages as Record<string, { title: string; blocks: BlockNode[] }>;
  const routes = sortedRoutes(pages);
  const currentRoute = pages[route] ? route : '/';
  const page = pages[currentRoute];
  const blocks = page?.blocks ?? [];
  const selected = selectedId ? findBlock(blocks, selectedId) : undefined;
  const dirty = doc !== saved;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || viewing) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, viewing]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocksOp = (label: string, op: (blocks: BlockNode[]) => BlockNode[]) =>
    apply(label, (d) => {
      d.pages[currentRoute].blocks = op(structuredClone(history.current.current.pages[currentRoute].blocks));
    });

  const actions = {
    select(id: string) {
      setSelectedId(id);
      setTab('block');
    },
    move: (id: string, to: BlockPosition) => blocksOp(`Move ${id}`, (b) => moveBlock(b, id, to)),
    nudge: (id: string, delta: -1 | 1) => blocksOp(`Move ${id}`, (b) => nudgeBlock(b, id, delta)),
    duplicate(id: string) {
      let newId = '';
      blocksOp(`Duplicate ${id}`, (b) => {
        const r = duplicateBlock(b, id);
        newId = r.newId;
        return r.blocks;
      });
      setSelectedId(newId);
    },
    remove(id: string) {
      blocksOp(`Remove ${id}`, (b) => removeBlock(b, id));
      if (selectedId === id) setSelectedId(undefined);
    },
    add(type: string, at: BlockPosition) {
      const info = blockType(type);
      const ids = new Set<string>();
      for (const p of Object.values(history.current.current.pages as Record<string, { blocks: BlockNode[] }>)) for (const v of p.blocks ?? []) collectIds(v, ids);
      const id = uniqueId(ids, type);
      const props = info ? (initialValue(fieldFor('props', info.propsSchema, rootSchema)) as Record<string, unknown>) : {};
      const requiredDefaults = Object.fromEntries(objectFields(info?.propsSchema ?? {}, rootSchema).filter((f) => f.required).map((f) => [f.key, initialValue(f)]));
      blocksOp(`Add ${info?.title ?? type}`, (b) => insertBlock(b, { id, type, props: { ...props, ...requiredDefaults } }, at));
      setSelectedId(id);
      setTab('block');
    },
  };

  const ctx: FormContext = {
    problems: problemMap,
    set: (path, value, label) => apply(label, (d) => setAt(d, path, value), JSON.stringify(path)),
    refOptions(kind) {
      if (kind === 'page') return routes.map((r) => ({ value: r, label: r }));
      const dealerships = (doc.dealerships ?? []) as { id: number; name: string; locations?: { id: number; name: string }[] }[];
      if (kind === 'dealership') return dealerships.map((d) => ({ value: d.id, label: d.name }));
      return dealerships.flatMap((d) => (d.locations ?? []).map((l) => ({ value: l.id, label: l.name })));
    },
  };

  async function save(publish: boolean) {
    setBusy(true);
    setNotice(null);
    const res = await api<{ revision: RevisionMeta; live: RevisionMeta }>('POST', `/tenants/${slug}/revisions`, { baseRev, doc, publish, restoredFrom });
    setBusy(false);
    if (res.ok) {
      setBaseRev(res.data.revision.rev);
      setLive(res.data.live);
      setSaved(doc);
      setRestoredFrom(undefined);
      setNotice({ kind: 'success', text: publish ? `Published revision ${res.data.revision.rev}. The live site shows it now.` : `Draft saved as revision ${res.data.revision.rev}.` });
    } else if (res.status === 409) {
      setNotice({ kind: 'error', text: res.error, conflict: true });
    } else if (res.status === 422) {
      const list = (res.body?.problems ?? []) as Problem[];
      setNotice({ kind: 'error', text: `${res.error} ${list.map((p) => `${p.path}: ${p.message}`).join('; ')}` });
    } else setNotice({ kind: 'error', text: res.error });
  }

  // After a conflict: bring in the newest revision as one undoable step, so both versions stay at hand.
  async function loadLatest() {
    const res = await api<{ doc: Doc; head: RevisionMeta; live: RevisionMeta }>('GET', `/tenants/${slug}`);
    if (!res.ok) return setNotice({ kind: 'error', text: res.error });
    apply(`Load revision ${res.data.head.rev}`, () => res.data.doc);
    setBaseRev(res.data.head.rev);
    setLive(res.data.live);
    setSaved(res.data.doc);
    setNotice({ kind: 'info', text: `Loaded revision ${res.data.head.rev} by ${res.data.head.authorName}. Undo (Ctrl+Z) brings back your version.` });
  }

  async function view(rev: RevisionMeta) {
    const res = await api<RevisionMeta & { doc: Doc }>('GET', `/tenants/${slug}/revisions/${rev.rev}`);
    if (!res.ok) return setNotice({ kind: 'error', text: res.error });
    setViewing({ rev, doc: res.data.doc });
  }

  function restore() {
    if (!viewing) return;
    const { rev, doc: old } = viewing;
    apply(`Restore revision ${rev.rev}`, () => structuredClone(old));
    setRestoredFrom(rev.rev);
    setViewing(null);
    setNotice({ kind: 'info', text: `Revision ${rev.rev} restored into the draft. Publish to put it live.` });
  }

  const selectedInfo = selected ? blockType(selected.block.type) : undefined;
  const previewNote = viewing ? `Revision ${viewing.rev.rev}` : !validation.ok ? 'Showing the last valid version' : timing?.preview !== undefined ? `Checked in ${Math.round(timing.validate)} ms, preview updated in ${Math.round(timing.preview)} ms` : undefined;

  return (
    <div className="editor">
      <header className="topbar">
        <button type="button" className="link" onClick={onExit}>
          ← Sites
        </button>
        <h1>{String(doc.name ?? slug)}</h1>
        <span className="muted">
          revision {baseRev}
          {dirty ? ' · unsaved changes' : ''} · live: {live.rev}
        </span>
        <div className="spacer" />
        <button type="button" onClick={undo} disabled={!history.current.canUndo || !!viewing} title={history.current.undoLabel ? `Undo ${history.current.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'}>
          Undo
        </button>
        <button type="button" onClick={redo} disabled={!history.current.canRedo || !!viewing} title={history.current.redoLabel ? `Redo ${history.current.redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'}>
          Redo
        </button>
        <span className={`status ${validation.ok ? 'ok' : 'bad'}`} role="status" data-testid="validation-status">
          {validation.ok ? 'No problems' : `${problems.length} problem${problems.length === 1 ? '' : 's'}`}
        </span>
        <button type="button" onClick={() => save(false)} disabled={busy || !!viewing}>
          Save draft
        </button>
        <button type="button" className="primary" onClick={() => save(true)} disabled={busy || !validation.ok || !!viewing} title={validation.ok ? 'Publish to the live site' : 'Fix the problems first'}>
          Publish
        </button>
      </header>
      {notice && (
        <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          {notice.conflict && (
            <button type="button" className="small" onClick={loadLatest}>
              Load the latest revision
            </button>
          )}
          <button type="button" className="small link" aria-label="Dismiss" onClick={() => setNotice(null)}>
            ✕
          </button>
        </div>
      )}
      {viewing && (
        <div className="notice notice-info" role="status">
          <span>
            Viewing revision {viewing.rev.rev} ({viewing.rev.kind}) by {viewing.rev.authorName} on {timeText(viewing.rev.at)}.
          </span>
          <button type="button" className="small primary" onClick={restore}>
            Restore this revision
          </button>
          <button type="button" className="small" onClick={() => setViewing(null)}>
            Back to the draft
          </button>
        </div>
      )}
      <div className="columns">
        <nav className="left" aria-label="Pages and blocks">
          <label className="pages-label" htmlFor="page-select">
            Page
          </label>
          <select id="page-select" value={currentRoute} onChange={(e) => (setRoute(e.target.value), setSelectedId(undefined))}>
            {routes.map((r) => (
              <option key={r} value={r}>
                {pages[r].title} ({r})
              </option>
            ))}
          </select>
          <h2 className="pane-title">Blocks</h2>
          <Outline blocks={blocks} selectedId={selectedId} actions={viewing ? { ...actions, move() {}, nudge() {}, duplicate() {}, remove() {}, add() {} } : actions} />
        </nav>
        <Preview
          slug={slug}
          doc={previewDoc}
          path={previewPath(currentRoute)}
          seq={seq}
          selectedId={selectedId}
          onSelect={(id) => actions.select(id)}
          onRendered={() => editStart.current && setTiming({ validate: validateMs.current, preview: performance.now() - editStart.current })}
          note={previewNote}
        />
        <aside className="right" aria-label="Properties">
          <div className="tabs" role="tablist">
            {(['block', 'page', 'site', 'history'] as Tab[]).map((t) => (
              <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
                {t === 'block' ? 'Block' : t === 'page' ? 'Page' : t === 'site' ? 'Site settings' : 'History'}
              </button>
            ))}
          </div>
          <div className="tab-body" role="tabpanel">
            {tab === 'block' &&
              (selected && selectedInfo ? (
                <form className="props-form" onSubmit={(e) => e.preventDefault()} aria-label={`Properties of ${selected.block.id}`}>
                  <h2>{selectedInfo.title}</h2>
                  <p className="help">{selectedInfo.description}</p>
                  <p className="muted">id: {selected.block.id}</p>
                  {objectFields(selectedInfo.propsSchema, rootSchema).map((f) => (
                    <FieldView key={`${selected.block.id}.${f.key}`} spec={f} value={selected.block.props?.[f.key]} path={['pages', currentRoute, ...selected.path, 'props', f.key]} ctx={ctx} />
                  ))}
                </form>
              ) : (
                <p className="empty">Select a block in the outline or the preview to edit it.</p>
              ))}
            {tab === 'page' && page && (
              <form className="props-form" onSubmit={(e) => e.preventDefault()}>
                <h2>Page {currentRoute}</h2>
                {pageFields.map((f) => (
                  <FieldView key={`${currentRoute}.${f.key}`} spec={f} value={(page as Record<string, unknown>)[f.key]} path={['pages', currentRoute, f.key]} ctx={ctx} />
                ))}
              </form>
            )}
            {tab === 'site' && (
              <form className="props-form" onSubmit={(e) => e.preventDefault()}>
                <h2>Site settings</h2>
                {siteFields.map((f) => (
                  <FieldView key={f.key} spec={f} value={doc[f.key]} path={[f.key]} ctx={ctx} depth={1} />
                ))}
              </form>
            )}
            {tab === 'history' && <HistoryPanel slug={slug} current={baseRev} onView={view} />}
          </div>
          {!validation.ok && (
            <details className="problems" open>
              <summary>
                {problems.length} problem{problems.length === 1 ? '' : 's'}: publishing is blocked until they are fixed
              </summary>
              <ul>
                {problems.slice(0, 50).map((p) => (
                  <li key={`${p.path}|${p.message}`}>
                    <code>{p.path}</code> {p.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {warnings.length > 0 && (
            <details className="problems warnings" open data-testid="validation-warnings">
              <summary>
                {warnings.length} warning{warnings.length === 1 ? '' : 's'}: the site can publish, but shoppers may not be able to read it
              </summary>
              <ul>
                {warnings.map((p) => (
                  <li key={`${p.path}|${p.message}`}>
                    <code>{p.path}</code> {p.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </aside>
      </div>
    </div>
  );
}

function collectIds(block: BlockNode, ids: Set<string>) {
  ids.add(block.id);
  for (const children of Object.values(block.slots ?? {})) for (const c of children ?? []) collectIds(c, ids);
}
