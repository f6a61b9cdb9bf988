// The editor's state, in jotai atoms grouped the way Puck groups its store: the document (with its undo history), the
// selection (page, block, tab, location, revision being viewed), and the save status (revision, live revision, notice).
// Derived atoms compute validation, problems and the preview's document once per change; actions are write-only
// atoms, so the views only read what they show and call what they do. One store per opened site (createEditorStore).
import { atom, createStore, type Getter, type Setter } from 'jotai';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { findBlock, type BlockNode } from '../../runtime/document/blocks';
import { createIncrementalValidator } from '../../runtime/tenants/incremental-validate';
import { documentWarnings, validateTenantDocument } from '../../runtime/tenants/validate';
import { api, type Problem, type RevisionMeta } from './api';
import { DocumentHistory } from './history';
import type { LocationRef } from './LocationsPanel';
import { sortedRoutes } from './doc-model';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
export type Doc = Record<string, any>;
export type Tab = 'block' | 'page' | 'site' | 'theme' | 'menus' | 'locations' | 'history';
export type Notice = { kind: 'error' | 'success' | 'info'; text: string; conflict?: boolean } | null;
export interface Opened {
  doc: Doc;
  head: RevisionMeta;
  live: RevisionMeta;
}

// ---- document slice: the working document and its history -------------------------------------------------------

export const slugAtom = atom('');
export const historyAtom = atom(new DocumentHistory<Doc>({}));
/** The working document: always the history's current value (set by the actions below, never directly). */
export const docAtom = atom<Doc>({});
/** Edit-to-preview timing, written by actions and read by the preview note (a mutable holder: no re-render). */
export const timingAtom = atom({ editStart: 0, validateMs: 0 });
/** Text typed into number fields that is not a number, by readable path (not in the document, so not validated). */
export const typedAtom = atom<Map<string, { text: string; message: string }>>(new Map());

export const undoStateAtom = atom((get) => {
  get(docAtom);
  const h = get(historyAtom);
  return { canUndo: h.canUndo, canRedo: h.canRedo, undoLabel: h.undoLabel, redoLabel: h.redoLabel };
});

const commit = (get: Getter, set: Setter, changed: boolean) => {
  if (changed) set(docAtom, get(historyAtom).current);
};

/** Applies a change to the document as one undoable step (consecutive changes with one merge key make one step). */
export const applyAtom = atom(null, (get, set, label: string, recipe: (d: Doc) => Doc | undefined, mergeKey?: string) => {
  get(timingAtom).editStart = performance.now();
  commit(get, set, get(historyAtom).change(label, recipe, mergeKey));
});
export const undoAtom = atom(null, (get, set) => {
  if (get(viewingAtom)) return;
  get(timingAtom).editStart = performance.now();
  commit(get, set, get(historyAtom).undo());
});
export const redoAtom = atom(null, (get, set) => {
  if (get(viewingAtom)) return;
  get(timingAtom).editStart = performance.now();
  commit(get, set, get(historyAtom).redo());
});
export const setTypedAtom = atom(null, (get, set, key: string, entry: { text: string; message: string } | undefined) => {
  const m = get(typedAtom);
  if (!entry && !m.has(key)) return;
  const next = new Map(m);
  if (entry) next.set(key, entry);
  else next.delete(key);
  set(typedAtom, next);
});

/** The draft's validator: it re-checks only the blocks an edit changed (the same result as the CI validator). */
const validatorAtom = atom({ validate: createIncrementalValidator() });
export const validationAtom = atom((get) => {
  const doc = get(docAtom);
  const t = performance.now();
  const result = get(validatorAtom).validate(doc);
  get(timingAtom).validateMs = performance.now() - t;
  return result;
});
/** The validator's problems plus number fields holding text. */
export const problemsAtom = atom<Problem[]>((get) => {
  const validation = get(validationAtom);
  return [
    ...[...get(typedAtom)].map(([path, t]) => ({ path, message: t.message, code: 'not-a-number' }) as Problem),
    ...(validation.ok ? [] : validation.problems),
  ];
});
export const problemMapAtom = atom((get) => {
  const validation = get(validationAtom);
  const map = new Map<string, string[]>();
  for (const p of validation.ok ? [] : validation.problems) map.set(p.path, [...(map.get(p.path) ?? []), p.message]);
  return map;
});
export const warningsAtom = atom((get) => documentWarnings(get(docAtom)));

const lastValidHolder = atom({ doc: null as TenantDocument | null });
/** The last valid version of the draft: what the preview shows while the draft has problems. */
const lastValidAtom = atom((get) => {
  const v = get(validationAtom);
  const holder = get(lastValidHolder);
  if (v.ok) holder.doc = v.doc;
  return holder.doc;
});

// ---- selection slice: where the editor is looking -------------------------------------------------------------------

const routeAtom = atom('/');
export const selectedIdAtom = atom<string | undefined>(undefined);
export const tabAtom = atom<Tab>('block');
export const locationAtAtom = atom<LocationRef>({ d: 0, l: 0 });
export const viewingAtom = atom<{ rev: RevisionMeta; doc: Doc } | null>(null);
export const examplesAtom = atom<{ route: string; list: { path: string; label: string }[]; chosen: number } | null>(null);

/** The pages shown: the draft's, or the viewed revision's. */
export const pagesAtom = atom(
  (get) => ((get(viewingAtom)?.doc ?? get(docAtom)).pages ?? {}) as Record<string, { title: string; data?: string; blocks: BlockNode[] }>,
);
export const routesAtom = atom((get) => sortedRoutes(get(pagesAtom)));
export const currentRouteAtom = atom((get) => (get(pagesAtom)[get(routeAtom)] ? get(routeAtom) : '/'));
export const blocksAtom = atom((get) => get(pagesAtom)[get(currentRouteAtom)]?.blocks ?? []);
export const selectedAtom = atom((get) => {
  const id = get(selectedIdAtom);
  return id ? findBlock(get(blocksAtom), id) : undefined;
});
export const goToRouteAtom = atom(null, (_get, set, route: string) => {
  set(routeAtom, route);
  set(selectedIdAtom, undefined);
});
export const selectBlockAtom = atom(null, (_get, set, id: string | undefined) => {
  set(selectedIdAtom, id);
  if (id) set(tabAtom, 'block');
});

const viewedDocAtom = atom((get) => {
  const viewing = get(viewingAtom);
  if (!viewing) return null;
  const r = validateTenantDocument(viewing.doc);
  return r.ok ? r.doc : null;
});
export const previewDocAtom = atom((get) => (get(viewingAtom) ? get(viewedDocAtom) : get(lastValidAtom)));

// ---- save slice: revisions, saving, publishing, restoring -----------------------------------------------------------

export const baseRevAtom = atom(0);
export const liveAtom = atom<RevisionMeta | null>(null);
/** The document as last saved: the draft is dirty while it differs. */
const savedAtom = atom<Doc>({});
export const busyAtom = atom(false);
export const noticeAtom = atom<Notice>(null);
const restoredFromAtom = atom<number | undefined>(undefined);
// Undo back to the saved document is not an unsaved change (undo makes a copy of it, so the identity alone would say so).
export const dirtyAtom = atom((get) => get(docAtom) !== get(savedAtom) && !get(historyAtom).atSaved);

export const saveAtom = atom(null, async (get, set, publish: boolean) => {
  set(busyAtom, true);
  set(noticeAtom, null);
  const doc = get(docAtom);
  const res = await api<{ revision: RevisionMeta; live: RevisionMeta }>('POST', `/tenants/${get(slugAtom)}/revisions`, {
    baseRev: get(baseRevAtom),
    doc,
    publish,
    restoredFrom: get(restoredFromAtom),
  });
  set(busyAtom, false);
  if (res.ok) {
    set(baseRevAtom, res.data.revision.rev);
    set(liveAtom, res.data.live);
    set(savedAtom, doc);
    get(historyAtom).markSaved();
    set(restoredFromAtom, undefined);
    set(noticeAtom, {
      kind: 'success',
      text: publish ? `Published revision ${res.data.revision.rev}. The live site shows it now.` : `Draft saved as revision ${res.data.revision.rev}.`,
    });
  } else if (res.status === 409) {
    set(noticeAtom, { kind: 'error', text: res.error, conflict: true });
  } else if (res.status === 422) {
    const list = (res.body?.problems ?? []) as Problem[];
    set(noticeAtom, { kind: 'error', text: `${res.error} ${list.map((p) => `${p.path}: ${p.message}`).join('; ')}` });
  } else set(noticeAtom, { kind: 'error', text: res.error });
});

/** After a conflict: the newest revision comes in as one undoable step, so both versions stay at hand. */
export const loadLatestAtom = atom(null, async (get, set) => {
  const res = await api<Opened>('GET', `/tenants/${get(slugAtom)}`);
  if (!res.ok) return set(noticeAtom, { kind: 'error', text: res.error });
  set(applyAtom, `Load revision ${res.data.head.rev}`, () => res.data.doc);
  set(baseRevAtom, res.data.head.rev);
  set(liveAtom, res.data.live);
  set(savedAtom, res.data.doc);
  get(historyAtom).markSaved();
  set(noticeAtom, { kind: 'info', text: `Loaded revision ${res.data.head.rev} by ${res.data.head.authorName}. Undo (Ctrl+Z) brings back your version.` });
});

export const viewRevisionAtom = atom(null, async (get, set, rev: RevisionMeta) => {
  const res = await api<RevisionMeta & { doc: Doc }>('GET', `/tenants/${get(slugAtom)}/revisions/${rev.rev}`);
  if (!res.ok) return set(noticeAtom, { kind: 'error', text: res.error });
  set(viewingAtom, { rev, doc: res.data.doc });
});

export const restoreAtom = atom(null, (get, set) => {
  const viewing = get(viewingAtom);
  if (!viewing) return;
  set(applyAtom, `Restore revision ${viewing.rev.rev}`, () => structuredClone(viewing.doc));
  set(restoredFromAtom, viewing.rev.rev);
  set(viewingAtom, null);
  set(noticeAtom, { kind: 'info', text: `Revision ${viewing.rev.rev} restored into the draft. Publish to put it live.` });
});

/** A store for one opened site. */
export function createEditorStore(slug: string, initial: Opened) {
  const store = createStore();
  store.set(slugAtom, slug);
  store.set(historyAtom, new DocumentHistory<Doc>(initial.doc));
  store.set(docAtom, initial.doc);
  store.set(savedAtom, initial.doc);
  store.set(baseRevAtom, initial.head.rev);
  store.set(liveAtom, initial.live);
  store.set(timingAtom, { editStart: 0, validateMs: 0 });
  store.set(lastValidHolder, { doc: null });
  store.set(validatorAtom, { validate: createIncrementalValidator() });
  return store;
}

/** A block-tree change on the current page as one undoable step (the operation gets a copy of the current blocks). */
export const blocksOpAtom = atom(null, (get, set, label: string, op: (blocks: BlockNode[]) => BlockNode[]) => {
  const route = get(currentRouteAtom);
  const blocks = get(historyAtom).current.pages[route].blocks as BlockNode[];
  set(applyAtom, label, (d) => {
    d.pages[route].blocks = op(structuredClone(blocks));
  });
});
