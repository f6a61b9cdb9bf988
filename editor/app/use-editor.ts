// Hooks the views share: the form context every generated form writes through, and the outline's block actions.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import type { BlockNode } from '../../runtime/document/blocks';
import { duplicateBlock, insertBlock, moveBlock, nudgeBlock, removeBlock, uniqueId, type BlockPosition } from '../../runtime/document/operations';
import { blockType, pathText, rootSchema } from './doc-model';
import type { FormContext, Path } from './Fields';
import type { OutlineActions } from './Outline';
import { fixturesOf } from './page-presets';
import { withDatesFromToday } from '../../runtime/document/dated-blocks';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';
import { fieldFor, initialValue, objectFields } from './schema-form';
import {
  applyAtom,
  blocksOpAtom,
  docAtom,
  historyAtom,
  problemMapAtom,
  routesAtom,
  selectBlockAtom,
  selectedIdAtom,
  setTypedAtom,
  slugAtom,
  typedAtom,
  viewingAtom,
  type Doc,
} from './store';

export function setAt(draft: Doc, path: Path, value: unknown) {
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  let node: any = draft;
  for (const [i, key] of path.slice(0, -1).entries()) {
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key];
  }
  const last = path.at(-1);
  if (last === undefined) throw new Error('setAt needs a path: the document itself is never replaced');
  if (value === undefined) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  } else node[last] = value;
}

export function useFormContext(): FormContext {
  const slug = useAtomValue(slugAtom);
  const problems = useAtomValue(problemMapAtom);
  const typed = useAtomValue(typedAtom);
  const routes = useAtomValue(routesAtom);
  const doc = useAtomValue(docAtom);
  const apply = useSetAtom(applyAtom);
  const setTyped = useSetAtom(setTypedAtom);
  return {
    site: slug,
    problems,
    set: (path, value, label) =>
      apply(
        label,
        (d) => {
          setAt(d, path, value);
        },
        JSON.stringify(path),
      ),
    typed,
    setTyped: (path, entry) => setTyped(pathText(path), entry),
    refOptions(kind) {
      if (kind === 'page') return routes.map((r) => ({ value: r, label: r }));
      const dealerships = (doc.dealerships ?? []) as { id: number; name: string; locations?: { id: number; name: string }[] }[];
      if (kind === 'dealership') return dealerships.map((d) => ({ value: d.id, label: d.name }));
      return dealerships.flatMap((d) => (d.locations ?? []).map((l) => ({ value: l.id, label: l.name })));
    },
  };
}

function collectIds(block: BlockNode, ids: Set<string>) {
  ids.add(block.id);
  for (const children of Object.values(block.slots ?? {})) for (const c of children ?? []) collectIds(c, ids);
}

const inert: OutlineActions = { select() {}, move() {}, nudge() {}, duplicate() {}, remove() {}, add() {} };

/** The outline's actions: each block change is one undoable step; while a revision is viewed only selection works. */
export function useBlockActions(): OutlineActions {
  const store = useStore();
  const blocksOp = useSetAtom(blocksOpAtom);
  const select = useSetAtom(selectBlockAtom);
  const viewing = useAtomValue(viewingAtom);
  const actions: OutlineActions = {
    select: (id: string) => select(id),
    move: (id: string, to: BlockPosition) => blocksOp(`Move ${id}`, (b) => moveBlock(b, id, to)),
    nudge: (id: string, delta: -1 | 1) => blocksOp(`Move ${id}`, (b) => nudgeBlock(b, id, delta)),
    duplicate(id: string) {
      let newId = '';
      blocksOp(`Duplicate ${id}`, (b) => {
        const r = duplicateBlock(b, id);
        newId = r.newId;
        return r.blocks;
      });
      store.set(selectedIdAtom, newId);
    },
    remove(id: string) {
      blocksOp(`Remove ${id}`, (b) => removeBlock(b, id));
      if (store.get(selectedIdAtom) === id) store.set(selectedIdAtom, undefined);
    },
    add(type: string, at: BlockPosition) {
      const info = blockType(type);
      const ids = new Set<string>();
      for (const p of Object.values(store.get(historyAtom).current.pages as Record<string, { blocks: BlockNode[] }>))
        for (const v of p.blocks ?? []) collectIds(v, ids);
      const id = uniqueId(ids, type);
      const props = info ? (initialValue(fieldFor('props', info.propsSchema, rootSchema)) as Record<string, unknown>) : {};
      const requiredDefaults = Object.fromEntries(
        objectFields(info?.propsSchema ?? {}, rootSchema)
          .filter((f) => f.required)
          .map((f) => [f.key, initialValue(f)]),
      );
      // The block's first fixture (its named example) when it has one, not an empty props object.
      const preset = fixturesOf(type)[0];
      // Its example dates moved to run from today, so a new promotion shows rather than having expired long ago.
      const timeZone = siteTimeZone(store.get(historyAtom).current as Parameters<typeof siteTimeZone>[0]);
      blocksOp(`Add ${info?.title ?? type}`, (b) =>
        insertBlock(b, { id, type, props: preset ? withDatesFromToday(structuredClone(preset), Date.now(), timeZone) : { ...props, ...requiredDefaults } }, at),
      );
      select(id);
    },
  };
  return viewing ? { ...inert, select: actions.select } : actions;
}
