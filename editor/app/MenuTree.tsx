// One view for the header and footer menus: a tree of two levels (top-level items and the links under them), each row
// with a drag handle, its text and link inputs, move up/down, the menu's own extra moves (nest, move to another group),
// and remove. Reorder by dragging a row's handle within its list, or by keyboard (Alt+Up/Down on a row keeps the focus
// on the moved row). The drag uses pointer events, not HTML5 drag and drop: a native drag cannot start from a button in
// Chromium, a draggable row takes text selection from its inputs, and pointer events serve mouse, pen and touch alike.
// The tree operations are the pure ones of runtime/document/pages.ts, handed in by the menu (NavigationPanel).
import { memo, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
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

  // A pointer drag: it starts once the pointer has moved a few pixels from the handle (a press alone only focuses it),
  // shows a line where the row would go, drops on release and is cancelled by Escape. It stays within the row's list;
  // in a menu that nests, a top-level row dragged right goes under the row above the line (that row is outlined).
  const tree = useRef<HTMLOListElement>(null);
  const drag = useRef<{
    parent?: number;
    index: number;
    pointerId: number;
    startX: number;
    startY: number;
    handle: HTMLElement;
    to?: number;
    under?: number;
  } | null>(null);
  const [drop, setDrop] = useState<{ parent?: number; index: number; slot: number; under?: number } | null>(null);
  const endDrag = useCallback(() => {
    const d = drag.current;
    drag.current = null;
    setDrop(null);
    if (d?.handle.hasPointerCapture(d.pointerId)) d.handle.releasePointerCapture(d.pointerId);
  }, []);
  const dragging = drop !== null;
  useEffect(() => {
    if (!dragging) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      endDrag();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [dragging, endDrag]);
  const handleDrag = (index: number, parent?: number) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      e.preventDefault(); // no text selection while dragging; the handle still takes the focus
      e.currentTarget.focus();
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { parent, index, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, handle: e.currentTarget };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== e.pointerId || (d.to === undefined && Math.abs(e.clientY - d.startY) < 4)) return;
      const rows = tree.current?.querySelectorAll<HTMLElement>(`[${rowAttribute}^="${d.parent ?? ''}."]`) ?? [];
      const middles = [...rows].map((r) => {
        const box = r.getBoundingClientRect();
        return box.top + box.height / 2;
      });
      const nesting = nest !== undefined && d.parent === undefined && e.clientX - d.startX >= NEST_OFFSET;
      const { slot, to, under } = menuDropTarget(middles, e.clientY, d.index, nesting);
      d.to = to;
      d.under = under;
      setDrop((now) => (now?.slot === slot && now.under === under ? now : { parent: d.parent, index: d.index, slot, under }));
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== e.pointerId) return;
      endDrag();
      if (d.to === undefined) return;
      if (d.under !== undefined && nest) {
        const text = items[d.index][top.textKey];
        const to = d.to;
        if (run(`Nest ${text}`, () => nest(move(items, d.index, to), to))) focusHandle(listOf(d.under)?.length ?? 0, d.under > d.index ? d.under - 1 : d.under);
        return;
      }
      if (d.to === d.index) return;
      moveTo(d.index, d.to, d.parent);
      focusHandle(d.to, d.parent);
    },
    onPointerCancel: endDrag,
  });

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
    handleDrag,
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

  return (
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
  handleDrag(
    index: number,
    parent?: number,
  ): Record<'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel', (e: PointerEvent<HTMLElement>) => void>;
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
  const drag = (name: keyof ReturnType<RowContext['handleDrag']>) => (e: PointerEvent<HTMLElement>) => tree.current.handleDrag(index, parent)[name](e);
  return (
    <div className={className} {...{ [rowAttribute]: `${parent ?? ''}.${index}` }} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="small nav-handle"
        aria-label={level.handleName(text)}
        title="Drag, or Alt+Up / Alt+Down"
        onPointerDown={drag('onPointerDown')}
        onPointerMove={drag('onPointerMove')}
        onPointerUp={drag('onPointerUp')}
        onPointerCancel={drag('onPointerCancel')}
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
