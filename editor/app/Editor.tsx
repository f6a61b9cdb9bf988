// The editor of one tenant's document: pages and their block outline on the left, the live preview in the middle,
// the selected block's properties (or the page, the site's settings, or the history) on the right. Every change goes
// through the history (undo/redo) and is validated at once by the same validator as CI.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { findBlock, type BlockNode } from '../../runtime/document/blocks';
import { duplicateBlock, insertBlock, moveBlock, nudgeBlock, removeBlock, uniqueId, type BlockPosition } from '../../runtime/document/operations';
import { documentWarnings, validateTenantDocument } from '../../runtime/tenants/validate';
import { api, type Problem, type RevisionMeta } from './api';
import { blockType, pathText, previewPath, rootSchema, sortedRoutes } from './doc-model';
import { FieldView, type FormContext, type Path } from './Fields';
import { DocumentHistory } from './history';
import { Outline } from './Outline';
import { Preview } from './Preview';
import { HistoryPanel } from './HistoryPanel';
import { AuditLogPanel } from './AuditLogPanel';
import { PagesPanel } from './PagesPanel';
import './widgets/hours';
import './widgets/image';
import { NavigationPanel } from './NavigationPanel';
import { fixturesOf } from './page-presets';
import { locationPagePath, LocationsPanel, type LocationRef } from './LocationsPanel';
import { fieldFor, initialValue, objectFields } from './schema-form';

type Doc = Record<string, any>;
type Tab = 'block' | 'page' | 'site' | 'menus' | 'locations' | 'history';
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
  const [examples, setExamples] = useState<{ route: string; list: { path: string; label: string }[]; chosen: number } | null>(null);
  const [locationAt, setLocationAt] = useState<LocationRef>({ d: 0, l: 0 });
  const [typed, setTypedMap] = useState<Map<string, { text: string; message: string }>>(() => new Map());
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
  // Problems: the validator's, plus text typed into number fields that is not a number (kept at the field, not in the
  // document, so the validator cannot see it).
  const problems: Problem[] = useMemo(
    () => [...[...typed].map(([path, t]) => ({ path, message: t.message, code: 'not-a-number' }) as Problem), ...(validation.ok ? [] : validation.problems)],
    [typed, validation],
  );
  const publishable = problems.length === 0;
  const warnings = useMemo(() => documentWarnings(doc), [doc]);
  const problemMap = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of validation.ok ? [] : validation.problems) map.set(p.path, [...(map.get(p.path) ?? []), p.message]);
    return map;
  }, [validation]);

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
      // The block's first fixture (its named example) when it has one, not an empty props object.
      const preset = fixturesOf(type)[0];
      blocksOp(`Add ${info?.title ?? type}`, (b) => insertBlock(b, { id, type, props: preset ? structuredClone(preset) : { ...props, ...requiredDefaults } }, at));
      setSelectedId(id);
      setTab('block');
    },
  };

  const ctx: FormContext = {
    site: slug,
    problems: problemMap,
    set: (path, value, label) => apply(label, (d) => setAt(d, path, value), JSON.stringify(path)),
    typed,
    setTyped(path, entry) {
      const key = pathText(path);
      setTypedMap((m) => {
        if (!entry && !m.has(key)) return m;
        const next = new Map(m);
        if (entry) next.set(key, entry);
        else next.delete(key);
        return next;
      });
    },
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

  // A page with a required parameter previews with a real example from the site (a car in stock, a location).
  const needsExample = /\/:[A-Za-z0-9]+(\/|$)/.test(currentRoute);
  useEffect(() => {
    if (!needsExample || examples?.route === currentRoute) return;
    let current = true;
    api<{ examples: { path: string; label: string }[] }>('GET', `/tenants/${slug}/preview-examples?route=${encodeURIComponent(currentRoute)}`).then((r) => {
      if (current) setExamples({ route: currentRoute, list: r.ok ? r.data.examples : [], chosen: 0 });
    });
    return () => {
      current = false;
    };
  }, [needsExample, currentRoute, examples?.route, slug]);
  const example = needsExample && examples?.route === currentRoute ? examples.list[examples.chosen] : undefined;
  const selectedInfo = selected ? blockType(selected.block.type) : undefined;
  // While locations are edited, the preview shows the selected location's page (its hours table live).
  const editedLocation = tab === 'locations' ? (doc.dealerships?.[locationAt.d]?.locations?.[locationAt.l] as { slug?: string } | undefined) : undefined;
  const previewTarget = (editedLocation?.slug && locationPagePath(pages as Record<string, { data?: string }>, editedLocation.slug)) || example?.path || previewPath(currentRoute);
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
        <span className={`status ${publishable ? 'ok' : 'bad'}`} role="status" data-testid="validation-status">
          {publishable ? 'No problems' : `${problems.length} problem${problems.length === 1 ? '' : 's'}`}
        </span>
        <button type="button" onClick={() => save(false)} disabled={busy || !!viewing || typed.size > 0} title={typed.size ? 'A number field holds text that is not a number: fix it first, or it would be lost' : undefined}>
          Save draft
        </button>
        <button type="button" className="primary" onClick={() => save(true)} disabled={busy || !publishable || !!viewing} title={publishable ? 'Publish to the live site' : 'Fix the problems first'}>
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
          {needsExample && examples?.route === currentRoute && (
            <>
              <label className="pages-label" htmlFor="example-select">
                Preview with
              </label>
              {examples.list.length ? (
                <select id="example-select" value={examples.chosen} onChange={(e) => setExamples({ ...examples, chosen: Number(e.target.value) })}>
                  {examples.list.map((x, i) => (
                    <option key={x.path} value={i}>
                      {x.label}
                    </option>
                  ))}
                </select>
              ) : (
                <p className="muted">No example in this site's data yet: the preview shows the page without one.</p>
              )}
            </>
          )}
          <h2 className="pane-title">Blocks</h2>
          <Outline blocks={blocks} selectedId={selectedId} actions={viewing ? { ...actions, move() {}, nudge() {}, duplicate() {}, remove() {}, add() {} } : actions} />
        </nav>
        <Preview
          slug={slug}
          doc={previewDoc}
          path={previewTarget}
          seq={seq}
          selectedId={selectedId}
          onSelect={(id) => actions.select(id)}
          onRendered={() => editStart.current && setTiming({ validate: validateMs.current, preview: performance.now() - editStart.current })}
          note={previewNote}
        />
        <aside className="right" aria-label="Properties">
          <div className="tabs" role="tablist">
            {(['block', 'page', 'site', 'menus', 'locations', 'history'] as Tab[]).map((t) => (
              <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
                {t === 'block' ? 'Block' : t === 'page' ? 'Page' : t === 'site' ? 'Site settings' : t === 'menus' ? 'Menus' : t === 'locations' ? 'Locations' : 'History'}
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
            {tab === 'page' && (
              <PagesPanel
                doc={doc}
                route={currentRoute}
                replace={(label, next) => apply(label, () => next)}
                onRoute={(r) => (setRoute(r), setSelectedId(undefined))}
              />
            )}
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
            {tab === 'menus' && (
              <NavigationPanel
                doc={doc}
                ctx={ctx}
                replace={(label, header) =>
                  apply(label, (d) => {
                    d.navigation ??= { header: [], footer: [] };
                    d.navigation.header = header;
                  })
                }
              />
            )}
            {tab === 'locations' && <LocationsPanel doc={doc} ctx={ctx} at={locationAt} onSelect={setLocationAt} apply={apply} />}
            {tab === 'history' && <HistoryPanel slug={slug} current={baseRev} onView={view} />}
            {tab === 'history' && <AuditLogPanel slug={slug} refresh={baseRev} />}
          </div>
          {!publishable && (
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
