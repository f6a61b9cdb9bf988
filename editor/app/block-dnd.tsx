// Drag and drop of blocks, shared by the outline and the canvas (the preview): one dnd-kit context around both, so a
// block's handle in either, or a card from the block picker, drops on a row of the outline or a block or slot of the
// preview, with the same rules (a slot takes only what its `allow` names, a block never goes inside itself), the same
// line where it will land, and the same block operations and undo as every other change.
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useAtomValue } from 'jotai';
import { createContext, useState, type ReactNode } from 'react';
import { positionOf, type BlockPosition } from '../../runtime/document/operations';
import { slotAccepts } from './block-picker-model';
import { blockType } from './doc-model';
import { blocksAtom } from './store';
import { useBlockActions } from './use-editor';

export interface SlotRef {
  parentId: string | null;
  slot?: string;
  title: string;
  allow?: string[];
  /** The blocks this list is inside (a block may not be dropped into itself). */
  ancestors: string[];
}

/** What a droppable is: a block (drop before or after it) or the end of a list. */
export type DropData = { at: SlotRef; index: number; row: boolean };
/** What is being dragged: a block of the page, or a new block from the picker. */
export type DragData = { kind: 'block'; id: string; type: string } | { kind: 'new'; type: string };
type DropLine = { parentId: string | null; slot?: string; index: number; ok: boolean } | null;

/** Where the current drag would land (null when not over a place), for the lines the outline and the canvas draw. */
export const DropContext = createContext<DropLine>(null);

/** The page's list, as the outline and the canvas name it. */
export const PAGE_LIST: SlotRef = { parentId: null, title: 'the page', ancestors: [] };

/** Where a drag over `over` lands: before the row when the point is in its upper half, otherwise after it. */
export function dropIndex(data: DropData, rect: { top: number; height: number }, y: number): number {
  return data.row && y >= rect.top + rect.height / 2 ? data.index + 1 : data.index;
}

/** The line a drop at height `y` over the place `data` (whose box is `rect`, measured now) lands on. */
export function dropLine(drag: DragData, data: DropData, rect: { top: number; height: number }, y: number): NonNullable<DropLine> {
  return { parentId: data.at.parentId, slot: data.at.slot, index: dropIndex(data, rect, y), ok: mayDrop(drag, data.at) };
}

/** Whether the dragged thing may go into a list: the slot accepts its category, and a block never goes inside itself. */
export function mayDrop(drag: DragData, at: SlotRef): boolean {
  return slotAccepts(at.allow, drag.type) && !(drag.kind === 'block' && at.ancestors.includes(drag.id));
}

// Where the pointer is now. dnd-kit's delta also counts the scrolling of a list under a still pointer (a pane that
// scrolls itself near its edge, or the wheel, during a drag), which would put the drop line rows away from the pointer.
let pointerNow: { x: number; y: number } | null = null;
if (typeof window !== 'undefined')
  window.addEventListener('pointermove', (e) => (pointerNow = { x: e.clientX, y: e.clientY }), { capture: true, passive: true });

/** The point a drag is at: the pointer, or the centre of the dragged item when it moves by keyboard. */
export function dragPoint(active: Active, activator: Event, delta: { x: number; y: number }) {
  if ('clientY' in activator) {
    const e = activator as PointerEvent;
    return pointerNow ?? { x: e.clientX + delta.x, y: e.clientY + delta.y };
  }
  const r = active.rect.current.translated;
  return r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
}

type Box = { left: number; top: number; width: number; height: number };

/** The smallest box holding the point (a nested slot's rows lie inside their parent's), or none. */
export function innermostAt<T>(point: { x: number; y: number }, places: { key: T; box: Box }[]): { key: T; box: Box } | undefined {
  let best: { key: T; box: Box } | undefined;
  for (const p of places) {
    const r = p.box;
    if (point.x < r.left || point.x > r.left + r.width || point.y < r.top || point.y > r.top + r.height) continue;
    if (!best || r.width * r.height < best.box.width * best.box.height) best = p;
  }
  return best;
}

// The places are measured as the drag moves, in the same (viewport) coordinates as the real pointer: the rectangles
// dnd-kit keeps are measured once, and its `over` is handed to a move a step late, so a point compared with them lands
// a row off after the pane scrolls or the pointer crosses into the next row. The hit travels with the collision.
const innermost: CollisionDetection = ({ droppableContainers, droppableRects, pointerCoordinates, collisionRect }) => {
  // By keyboard (no pointer coordinates) the point is the middle of the moved item.
  const p = pointerCoordinates
    ? (pointerNow ?? pointerCoordinates)
    : { x: collisionRect.left + collisionRect.width / 2, y: collisionRect.top + collisionRect.height / 2 };
  const places = droppableContainers.flatMap((c) => {
    const r = c.node.current?.getBoundingClientRect() ?? droppableRects.get(c.id);
    return r ? [{ key: c, box: { left: r.left, top: r.top, width: r.width, height: r.height } }] : [];
  });
  const hit = innermostAt(p, places);
  return hit ? [{ id: hit.key.id, data: { droppableContainer: hit.key, box: hit.box } }] : [];
};

const title = (d: DragData | null) => (d ? (blockType(d.type)?.title ?? d.type) : '');

export function BlockDnd({ children }: { children: ReactNode }) {
  const blocks = useAtomValue(blocksAtom);
  const actions = useBlockActions();
  const [dragging, setDragging] = useState<DragData | null>(null);
  const [line, setLine] = useState<DropLine>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));

  const lineFor = (e: DragMoveEvent | DragEndEvent): DropLine => {
    const drag = e.active.data.current as DragData | undefined;
    // The collision of this very move (see `innermost`), not `e.over`, which may still be the place before it.
    const hit = e.collisions?.[0]?.data as { droppableContainer: { data: { current?: unknown } }; box: Box } | undefined;
    const data = hit?.droppableContainer.data.current as DropData | undefined;
    const point = dragPoint(e.active, e.activatorEvent, e.delta);
    if (!drag || !hit || !data || !point) return null;
    return dropLine(drag, data, hit.box, point.y);
  };
  const onMove = (e: DragMoveEvent) => {
    const next = lineFor(e);
    setLine((l) => (l?.parentId === next?.parentId && l?.slot === next?.slot && l?.index === next?.index && l?.ok === next?.ok ? l : next));
  };
  const onEnd = (e: DragEndEvent) => {
    const drop = lineFor(e);
    const drag = e.active.data.current as DragData | undefined;
    setDragging(null);
    setLine(null);
    if (!drop?.ok || !drag) return;
    const to: BlockPosition = { parentId: drop.parentId, slot: drop.slot, index: drop.index };
    if (drag.kind === 'new') return actions.add(drag.type, to);
    // The index counts places once the block is taken out: a block moved down its own list lands one place earlier.
    const from = positionOf(blocks, drag.id);
    if (from && from.parentId === to.parentId && from.slot === to.slot && from.index < to.index) to.index -= 1;
    if (from && from.parentId === to.parentId && from.slot === to.slot && from.index === to.index) return;
    actions.move(drag.id, to);
  };

  return (
    <DndContext
      sensors={sensors}
      // A block lands where the pointer is: a pane scrolling by itself under a still pointer would move that place
      // (as in the menu trees); the wheel scrolls a long outline during a drag.
      autoScroll={false}
      collisionDetection={innermost}
      onDragStart={(e: DragStartEvent) => setDragging(e.active.data.current as DragData)}
      onDragMove={onMove}
      onDragEnd={onEnd}
      onDragCancel={() => (setDragging(null), setLine(null))}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${title(active.data.current as DragData)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
          onDragOver: ({ over }) => (over ? `Over ${(over.data.current as DropData).at.title}.` : 'Not over a place it can go.'),
          onDragEnd: ({ active, over }) => (over ? `Dropped ${title(active.data.current as DragData)}.` : 'Not moved.'),
          onDragCancel: () => 'Not moved.',
        },
      }}
    >
      <DropContext.Provider value={line}>{children}</DropContext.Provider>
      {/* The ghost sits under the pointer: it lets the wheel through to the pane or preview under it. */}
      <DragOverlay dropAnimation={null} style={{ pointerEvents: 'none' }}>
        {dragging && (
          <div className={`drag-ghost${line && !line.ok ? ' refused' : ''}`}>
            {title(dragging)}
            {line && !line.ok && <span> cannot go here</span>}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
