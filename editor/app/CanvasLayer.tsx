// Drag and drop in the canvas. The preview is another document (an iframe), where the editor's dnd-kit context cannot
// see the pointer, so the canvas's drag controls live in the editor's document, in a layer over the frame: a handle on
// the block under the pointer and on the selected block, and while anything is dragged (a block from the canvas or
// the outline, a card from the block picker) a drop place over each block and slot, placed from the blocks' boxes in
// the frame (same origin: read directly), with the line where the drop lands. The frame is never changed by a drag.
import { useDndMonitor, useDraggable, useDroppable } from '@dnd-kit/core';
import { useAtomValue } from 'jotai';
import { useContext, useEffect, useReducer, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { findBlock } from '../../runtime/document/blocks';
import { DropContext, type DragData } from './block-dnd';
import { canvasTargets, lineBox, type Box, type CanvasTarget } from './canvas-targets';
import { blockType } from './doc-model';
import type { FromPreview } from '../preview/main';
import { blocksAtom, selectedIdAtom, viewingAtom } from './store';
import { useBlockActions } from './use-editor';

/** The handle's height in editor pixels (styles.css: 12 px text at 1.5 line height, 2 px padding). */
const HANDLE_HEIGHT = 22;
const style = (b: Box) => ({ left: b.left, top: b.top, width: b.width, height: b.height });

function Drop({ target }: { target: CanvasTarget }) {
  const drop = useDroppable({ id: target.key, data: target.data });
  return (
    <div ref={drop.setNodeRef} className={`canvas-drop${target.label ? ' canvas-slot' : ''}`} style={style(target.box)}>
      {target.label && <span>{target.label}</span>}
    </div>
  );
}

function Handle({ id, type, at }: { id: string; type: string; at: Box }) {
  const drag = useDraggable({ id: `canvas:${id}`, data: { kind: 'block', id, type } satisfies DragData });
  const actions = useBlockActions();
  const title = blockType(type)?.title ?? type;
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    // Alt+↑ / Alt+↓ move the block a place, as in the outline; Space picks it up for the arrow keys (dnd-kit).
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      actions.nudge(id, e.key === 'ArrowUp' ? -1 : 1);
    } else drag.listeners?.onKeyDown?.(e);
  };
  return (
    <button
      type="button"
      ref={drag.setNodeRef}
      {...drag.attributes}
      {...drag.listeners}
      onKeyDown={onKeyDown}
      className={`canvas-handle${drag.isDragging ? ' dragging' : ''}`}
      // A tab above the block, not over its text (inside it when the block starts at the top of the frame).
      style={{ left: at.left, top: Math.max(0, at.top - HANDLE_HEIGHT) }}
      aria-label={`Drag ${id} in the preview`}
      aria-keyshortcuts="Space Alt+ArrowUp Alt+ArrowDown"
      title={`${title}: drag to move, or Space, the arrow keys and Space again; Alt+↑ / Alt+↓ move it a place`}
      onClick={() => actions.select(id)}
    >
      <span aria-hidden="true">⋮⋮</span> {title}
    </button>
  );
}

/** The layer over the preview frame (inside its device box): handles, and the drop places while dragging. */
export function CanvasLayer({ frame }: { frame: RefObject<HTMLIFrameElement | null> }) {
  const blocks = useAtomValue(blocksAtom);
  const selectedId = useAtomValue(selectedIdAtom);
  const viewing = !!useAtomValue(viewingAtom);
  const line = useContext(DropContext);
  const layer = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [hovered, setHovered] = useState<string | null>(null);
  // The blocks' boxes are read when drawn: redrawn when the frame renders, scrolls or is resized.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // Drawn again as the drag moves: the frame may have rendered or scrolled since it started.
  useDndMonitor({ onDragStart: () => setDragging(true), onDragMove: redraw, onDragEnd: () => setDragging(false), onDragCancel: () => setDragging(false) });

  useEffect(() => {
    const onMessage = (e: MessageEvent<FromPreview>) => {
      if (e.origin !== location.origin || e.source !== frame.current?.contentWindow) return;
      if (e.data?.type === 'preview:hover') setHovered(e.data.id);
      else if (e.data?.type === 'preview:rendered' || e.data?.type === 'preview:ready') {
        redraw();
        frame.current?.contentWindow?.addEventListener('scroll', redraw, { passive: true });
      }
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('resize', redraw);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('resize', redraw);
      frame.current?.contentWindow?.removeEventListener('scroll', redraw);
    };
  }, [frame]);

  const el = frame.current;
  const doc = el?.contentDocument;
  const outer = layer.current?.getBoundingClientRect();
  const inner = el?.getBoundingClientRect();
  const scale = el && inner && el.offsetWidth ? inner.width / el.offsetWidth : 1;
  /** A block's box in the layer's coordinates, cut to the part of the frame on screen (none when out of sight). */
  const boxOf = (id: string): Box | undefined => {
    const node = doc?.querySelector(`[data-block-id="${CSS.escape(id)}"]`);
    if (!node || !outer || !inner) return undefined;
    const r = node.getBoundingClientRect();
    const top = Math.max(0, r.top * scale + inner.top - outer.top);
    const bottom = Math.min(inner.height, r.bottom * scale + inner.top - outer.top);
    if (bottom - top < 4 || r.width === 0) return undefined;
    return { left: r.left * scale + inner.left - outer.left, top, width: r.width * scale, height: bottom - top };
  };

  const targets = dragging && !viewing ? canvasTargets(blocks, boxOf) : [];
  const drawn = dragging && line ? lineBox(targets, line) : undefined;
  const handles = viewing
    ? []
    : [...new Set([selectedId, hovered])].flatMap((id) => {
        const block = id ? findBlock(blocks, id)?.block : undefined;
        const box = block && boxOf(block.id);
        return block && box ? [{ id: block.id, type: block.type, at: box }] : [];
      });
  return (
    <div
      ref={layer}
      className={`canvas-layer${dragging ? ' dragging' : ''}`}
      // While dragging the layer covers the frame: the wheel still scrolls the page under it.
      onWheel={(e) => dragging && frame.current?.contentWindow?.scrollBy(0, e.deltaY)}
      onPointerLeave={() => !dragging && setHovered(null)}
    >
      {targets.map((t) => (
        <Drop key={t.key} target={t} />
      ))}
      {drawn && line && <div className={`canvas-line${line.ok ? '' : ' refused'}${drawn.height ? ' canvas-line-slot' : ''}`} style={style(drawn)} />}
      {handles.map((h) => (
        <Handle key={h.id} {...h} />
      ))}
    </div>
  );
}
