// One view for the header and footer menus: a tree of two levels (top-level items and the links under them), each row
// with a drag handle, its text and link inputs, move up/down, the menu's own extra moves (nest, move to another group),
// and remove. Reorder by dragging a row's handle within its list, or by keyboard (Alt+Up/Down on a row keeps the focus
// on the moved row; Space on a handle picks the row up, the arrows move it, Space drops). The drag is dnd-kit's, as
// the outline's and the canvas's: pointer events (mouse, pen, touch) or the keyboard, Escape cancelling.
// The tree operations are the pure ones of runtime/document/pages.ts, handed in by the menu (NavigationPanel).
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useSensor, useSensors, type DragEndEvent, type DragMoveEvent } from '@dnd-kit/core';
import { memo, type RefObject, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { dragPoint } from './block-dnd';
import { linkTargetProblem, PageOperationError } from '../../runtime/document/pages';
import { pathText } from './doc-model';
import { StableInput } from './StableInput';
import { menuDropTarget, NEST_OFFSET } from './menu-drag';
import type { FormContext } from './Fields';

type Path = (string | number)[];

/** What one level of a menu's rows shows: the names screen readers hear, and where the row's text lives. */
export interface MenuLevel<T> {
  /** The property holding the row's text ('label' for links, 'title' for footer headings). */
  textKey: string;
  textName(text: string): string;
  handleName(text: string): string;
  moveName(text: string, direction: 'up' | 'down'): string;
  removeName(text: string): string;
  /** The link input: its name, placeholder, and whether clearing it removes the link (a dropdown heading needs none);
   *  none for footer headings. */
  link?: { name(text: string): string; placeholder: string; optional?: boolean };
  /** More buttons of the row (nest, move to another group), and a note after the text. A row renders again only when
   *  its item, place, the item before it, its parent or the parent's neighbours change, so these read nothing else;
   *  a button's operation goes through `act`, which hands it the menu's items as they are when it is clicked. */
  extra?(item: T, index: number, parent: number | undefined, act: MenuAct): ReactNode;
  note?(item: T): ReactNode;
}

/** Runs an operation on the whole menu (its top-level items, as they are now) as one undoable step. */
// biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
export type MenuAct = (label: string, op: (items: any[]) => any[]) => boolean;

// biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
export interface MenuTreeProps<T extends Record<string, any>> {
  /** The accessible name of the top-level list; `childrenName` names each sub-list. */
  name: string;
  childrenName(item: T): string;
  /** The document path of the menu (navigation.header), the property of a row's sub-list, the data attribute. */
  path: Path;
  childKey: string;
  rowAttribute: string;
  items: readonly T[];
  top: MenuLevel<T>;
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  child: MenuLevel<any>;
  ctx: FormContext;
  /** Runs a tree operation as one undoable step (errors shown by the menu). The operations act on the list of
   *  `parent`'s links, or the top level when it is undefined. */
  run(label: string, op: () => T[]): boolean;
  move(items: readonly T[], from: number, to: number, parent?: number): T[];
  remove(items: readonly T[], index: number, parent?: number): T[];
  /** Puts a top-level row under the one before it (the header's dropdowns); with it, a top-level row dragged right
   *  goes under the row above where it is dropped. */
  nest?(items: readonly T[], index: number): T[];
}

// biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
export function MenuTree<T extends Record<string, any>>(props: MenuTreeProps<T>) {
  const { name, childrenName, path, childKey, rowAttribute, items, top, child, ctx, run, move, remove, nest } = props;
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  const listOf = (parent?: number): any[] => (parent === undefined ? (items as T[]) : (items[parent]?.[childKey] ?? []));
  // Rows are keyed by their place: a row's elements stay while its text is typed (keyed by text, each key made a new
  // row and the focus was lost), and a move rewrites two rows' values instead of building them anew. The focus then
  // goes to the moved item's handle at its new place once the move is committed, before the next key can arrive.
  const focusAfterCommit = useRef<{ index: number; parent?: number } | null>(null);
  const focusHandle = (index: number, parent?: number) => {
    focusAfterCommit.current = { index, parent };
  };
  useLayoutEffect(() => {
    const want = focusAfterCommit.current;
    if (!want) return;
    focusAfterCommit.current = null;
    tree.current?.querySelector<HTMLElement>(`[${rowAttribute}="${want.parent ?? ''}.${want.index}"] .nav-handle`)?.focus();
  });
  const moveTo = (index: number, to: number, parent?: number) => {
    const text = listOf(parent)[index][(parent === undefined ? top : child).textKey];
    run(`Move ${text}`, () => move(items, index, to, parent));
  };

  // A drag (dnd-kit: the pointer once it has moved a few pixels from the handle, or Space and the arrow keys) shows a
  // line where the row would go, drops on release and is cancelled by Escape. It stays within the row's list; in a
  // menu that nests, a top-level row dragged right goes under the row above the line (that row is outlined).
  const tree = useRef<HTMLOListElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const target = useRef<{ parent?: number; index: number; to?: number; under?: number } | null>(null);
  const [drop, setDrop] = useState<{ parent?: number; index: number; slot: number; under?: number } | null>(null);
  const endDrag = () => {
    target.current = null;
    setDrop(null);
  };
  const onDragMove = (e: DragMoveEvent) => {
    const from = e.active.data.current as { parent?: number; index: number };
    const point = dragPoint(e.active, e.activatorEvent, e.delta);
    if (!point) return;
    const rows = tree.current?.querySelectorAll<HTMLElement>(`[${rowAttribute}^="${from.parent ?? ''}."]`) ?? [];
    const middles = [...rows].map((r) => {
      const box = r.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    const nesting = nest !== undefined && from.parent === undefined && e.delta.x >= NEST_OFFSET;
    const { slot, to, under } = menuDropTarget(middles, point.y, from.index, nesting);
    target.current = { parent: from.parent, index: from.index, to, under };
    setDrop((now) => (now?.slot === slot && now.under === under ? now : { parent: from.parent, index: from.index, slot, under }));
  };
  const onDragEnd = (_e: DragEndEvent) => {
    const d = target.current;
    endDrag();
    if (!d || d.to === undefined) return;
    if (d.under !== undefined && nest) {
      const text = items[d.index]?.[top.textKey];
      const to = d.to;
      if (run(`Nest ${text}`, () => nest(move(items, d.index, to), to))) focusHandle(listOf(d.under)?.length ?? 0, d.under > d.index ? d.under - 1 : d.under);
      return;
    }
    if (d.to === d.index) return;
    moveTo(d.index, d.to, d.parent);
    focusHandle(d.to, d.parent);
  };

  // The rows are memoised (a 50-item menu re-rendered every row on each edit: their buttons' new handlers made React
  // update some 300 elements): a row reads what it acts on from here when an event fires, not from its last render.
  const latest = useRef<RowContext>(null!);
  latest.current = {
    top,
    child,
    path,
    childKey,
    rowAttribute,
    ctx,
    items,
    moveTo,
    focusHandle,
    run,
    remove,
    // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
    act: (label, op) => latest.current.run(label, () => op(latest.current.items as any[])),
  };
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  const rowProps = (item: any, index: number, list: readonly any[], parent?: number): MenuRowProps => {
    const level = parent === undefined ? top : child;
    const rowPath = parent === undefined ? [...path, index] : [...path, parent, childKey, index];
    const problems = [...(ctx.problems.get(pathText([...rowPath, 'href'])) ?? []), ...(ctx.problems.get(pathText([...rowPath, level.textKey])) ?? [])];
    // The drop line: above the row whose gap the pointer is in, or below the last row.
    const inDrop = drop !== null && drop.parent === parent;
    const length = list.length;
    const classes = [
      'nav-row',
      problems.length && 'invalid',
      inDrop && drop.index === index && 'dragging',
      inDrop && drop.under === undefined && drop.slot === index && 'drop-before',
      inDrop && drop.under === index && 'drop-into',
      inDrop && drop.under === undefined && drop.slot === length && index === length - 1 && 'drop-after',
    ];
    return {
      item,
      index,
      parent,
      length,
      before: list[index - 1],
      parentItem: parent === undefined ? undefined : items[parent],
      parentBefore: parent === undefined ? undefined : items[parent - 1],
      parentAfter: parent === undefined ? undefined : items[parent + 1],
      problems: problems.join('\n'),
      className: classes.filter(Boolean).join(' '),
      tree: latest,
    };
  };

  const textOf = (data: unknown) => {
    const d = data as { parent?: number; index: number } | undefined;
    const item = d && listOf(d.parent)[d.index];
    return item ? String(item[(d.parent === undefined ? top : child).textKey] ?? '') : '';
  };
  return (
    <DndContext
      sensors={sensors}
      // The row lands where the pointer is: a pane scrolling by itself under a still pointer would move that place.
      autoScroll={false}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={endDrag}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${textOf(active.data.current)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
          onDragOver: () => '',
          onDragEnd: ({ active }) => `Dropped ${textOf(active.data.current)}.`,
          onDragCancel: () => 'Not moved.',
        },
      }}
    >
      <ol className="nav-tree" aria-label={name} ref={tree}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are keyed by place on purpose (see focusAfterCommit)
          <li key={i}>
            <MenuRow {...rowProps(item, i, items)} />
            {item[childKey]?.length ? (
              <ol className="nav-children" aria-label={childrenName(item)}>
                {(item[childKey] as unknown[]).map((c, j, list) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: keyed by place, as the top-level rows
                  <li key={j}>
                    <MenuRow {...rowProps(c, j, list, i)} />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </DndContext>
  );
}

/** What a memoised row reads when an event fires: the menu tree's latest render. */
interface RowContext {
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  top: MenuLevel<any>;
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  child: MenuLevel<any>;
  path: Path;
  childKey: string;
  rowAttribute: string;
  ctx: FormContext;
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  items: readonly any[];
  moveTo(index: number, to: number, parent?: number): void;
  focusHandle(index: number, parent?: number): void;
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  run(label: string, op: () => any[]): boolean;
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  remove(items: readonly any[], index: number, parent?: number): any[];
  act: MenuAct;
}

interface MenuRowProps {
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  item: any;
  index: number;
  parent?: number;
  length: number;
  /** What the level's extra buttons may read besides the item (MenuLevel.extra): a change to one renders the row. */
  before: unknown;
  parentItem: unknown;
  parentBefore: unknown;
  parentAfter: unknown;
  /** The row's problems, one a line, and its classes (invalid, and the drag's). */
  problems: string;
  className: string;
  tree: RefObject<RowContext>;
}

/** One row of a menu: rendered again only when its props change (MenuRowProps); its handlers read `tree` when fired. */
const MenuRow = memo(function MenuRow({ item, index, parent, length, problems, className, tree }: MenuRowProps) {
  const { top, child, path, childKey, rowAttribute, act } = tree.current;
  // biome-ignore lint/suspicious/noExplicitAny: the two menu levels hold different item types; the tree code treats both alike
  const level: MenuLevel<any> = parent === undefined ? top : child;
  const text = String(item[level.textKey] ?? '');
  const rowPath = parent === undefined ? [...path, index] : [...path, parent, childKey, index];
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    e.stopPropagation();
    const to = index + (e.key === 'ArrowUp' ? -1 : 1);
    if (to < 0 || to >= length) return;
    tree.current.moveTo(index, to, parent);
    tree.current.focusHandle(to, parent);
  };
  const drag = useDraggable({ id: `${rowAttribute}:${parent ?? ''}.${index}`, data: { parent, index } });
  return (
    <div className={className} {...{ [rowAttribute]: `${parent ?? ''}.${index}` }} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="small nav-handle"
        aria-label={level.handleName(text)}
        title="Drag, or Space and the arrow keys, or Alt+Up / Alt+Down"
        ref={drag.setNodeRef}
        {...drag.attributes}
        {...drag.listeners}
      >
        ⠿
      </button>
      <StableInput
        type="text"
        aria-label={level.textName(text)}
        value={text}
        handlerKey={pathText(rowPath)}
        onChange={(e) => tree.current.ctx.set([...rowPath, level.textKey], e.target.value, 'Edit menu text')}
      />
      {level.link && (
        <StableInput
          type="text"
          list="site-pages"
          handlerKey={pathText(rowPath)}
          aria-label={level.link.name(text)}
          value={item.href ?? ''}
          placeholder={level.link.placeholder}
          aria-invalid={problems ? true : undefined}
          onChange={(e) =>
            tree.current.ctx.set([...rowPath, 'href'], e.target.value === '' && level.link!.optional ? undefined : e.target.value, 'Edit menu link')
          }
        />
      )}
      {level.note?.(item)}
      <button
        type="button"
        className="small"
        disabled={index === 0}
        aria-label={level.moveName(text, 'up')}
        onClick={() => tree.current.moveTo(index, index - 1, parent)}
      >
        ↑
      </button>
      <button
        type="button"
        className="small"
        disabled={index === length - 1}
        aria-label={level.moveName(text, 'down')}
        onClick={() => tree.current.moveTo(index, index + 1, parent)}
      >
        ↓
      </button>
      {level.extra?.(item, index, parent, act)}
      <button
        type="button"
        className="small danger"
        aria-label={level.removeName(text)}
        onClick={() => tree.current.run(`Remove ${text}`, () => tree.current.remove(tree.current.items, index, parent))}
      >
        Remove
      </button>
      {problems && (
        <div className="field-error" role="alert">
          {problems.split('\n').map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
    </div>
  );
});

/** Runs a menu's tree operations as undoable steps; a refused one (PageOperationError) becomes the menu's message. */
export function useMenuOperation<T>(replace: (label: string, next: T[]) => void) {
  const [error, setError] = useState('');
  const run = (label: string, op: () => T[]) => {
    try {
      replace(label, op());
      setError('');
      return true;
    } catch (e) {
      if (!(e instanceof PageOperationError)) throw e;
      setError(e.message);
      return false;
    }
  };
  return { run, error, setError };
}

export function MenuError({ text }: { text: string }) {
  return text ? (
    <p className="field-error" role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * A menu's 'add a link' form: the label, the link (picked from the site's pages, the "site-pages" list, or typed, and
 * checked before it is added), and whatever else the menu asks (`children`: the footer's group). `add` runs the
 * menu's operation and says whether it was done, which clears the form.
 */
export function AddMenuLink({
  name,
  button,
  add,
  setError,
  children,
}: {
  name: string;
  button: string;
  add(link: { label: string; href: string }): boolean;
  setError(text: string): void;
  children?: ReactNode;
}) {
  const [label, setLabel] = useState('');
  const [href, setHref] = useState('');
  const submit = () => {
    const problem = linkTargetProblem(href);
    if (problem) return setError(problem);
    if (add({ label, href: href.trim() })) {
      setLabel('');
      setHref('');
    }
  };
  return (
    <div role="group" aria-label={name} className="nav-add">
      <label>
        Label <input type="text" value={label} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <label>
        Link <input type="text" list="site-pages" value={href} placeholder="/about-us" onChange={(e) => setHref(e.target.value)} />
      </label>
      {children}
      <button type="button" className="small" onClick={submit}>
        {button}
      </button>
    </div>
  );
}
