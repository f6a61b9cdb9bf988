// The page's block tree as an outline: select, add from the visual block picker, duplicate, remove, and reorder by
// drag and drop (dnd-kit: a row's handle, or a card from the picker, dropped before or after a row or at the end of a
// list, with a line where it will go; a slot takes only the categories its `allow` names) or by keyboard (Alt+↑ /
// Alt+↓ on a focused block; Space on a handle picks the block up, the arrows move it, Space drops, Escape cancels).
// Every change goes through the same block operations, validation and undo as the forms. The drag and drop context
// (block-dnd.tsx) is shared with the canvas.
import { useDndMonitor, useDraggable, useDroppable } from '@dnd-kit/core';
import { createContext, useContext, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { BlockNode } from '../../runtime/document/blocks';
import type { BlockPosition } from '../../runtime/document/operations';
import { BlockPicker } from './BlockPicker';
import { DropContext, PAGE_LIST, type DragData, type DropData, type SlotRef } from './block-dnd';
import { blockType } from './doc-model';
import type { DatedBlock } from '../../runtime/document/dated-blocks';
import type { EffectiveLock } from '../../runtime/document/locks';

/** What the outline marks on a row: a block outside its dates, a locked block or prop. */
export interface OutlineMarks {
  dated: Map<string, DatedBlock>;
  locks: EffectiveLock[];
}
export const OutlineMarksContext = createContext<OutlineMarks>({ dated: new Map(), locks: [] });

function RowMarks({ id }: { id: string }) {
  const { dated, locks } = useContext(OutlineMarksContext);
  const state = dated.get(id);
  const locked = locks.filter((l) => l.block === id);
  return (
    <>
      {state && (
        <span className={`outline-badge dated-${state.state}`} data-dated={state.state} title={state.detail}>
          {state.label}
          <span className="visually-hidden">: {state.detail}</span>
        </span>
      )}
      {locked.length > 0 && (
        <span className="outline-badge locked" data-locked="true" title={locked.map((l) => `${l.prop ? `${l.prop}: ` : ''}${l.reason}`).join('\n')}>
          {locked.some((l) => !l.prop) ? 'Locked' : 'Part locked'}
          <span className="visually-hidden">: {locked.map((l) => `${l.prop ? `${l.prop}, ` : ''}${l.reason}`).join('; ')}</span>
        </span>
      )}
    </>
  );
}

export interface OutlineActions {
  select(id: string): void;
  move(id: string, to: BlockPosition): void;
  nudge(id: string, delta: -1 | 1): void;
  duplicate(id: string): void;
  remove(id: string): void;
  add(type: string, at: BlockPosition): void;
}

const key = (at: SlotRef) => `${at.parentId ?? ''}/${at.slot ?? ''}`;

function Row({ block, index, at, children }: { block: BlockNode; index: number; at: SlotRef; children: (handle: ReactNode) => ReactNode }) {
  const drag = useDraggable({ id: `block:${block.id}`, data: { kind: 'block', id: block.id, type: block.type } satisfies DragData });
  const drop = useDroppable({ id: `row:${block.id}`, data: { at, index, row: true } satisfies DropData });
  const title = blockType(block.type)?.title ?? block.type;
  return (
    <div className={`outline-row${drag.isDragging ? ' dragging' : ''}`} ref={drop.setNodeRef}>
      {children(
        <button
          type="button"
          className="drag-handle icon"
          ref={drag.setNodeRef}
          {...drag.attributes}
          {...drag.listeners}
          aria-label={`Drag ${title} (${block.id})`}
          title="Drag to move; or Space, the arrow keys and Space again"
        >
          ⋮⋮
        </button>,
      )}
    </div>
  );
}

function EndOfList({ at, length, children }: { at: SlotRef; length: number; children: ReactNode }) {
  const line = useContext(DropContext);
  const drop = useDroppable({ id: `end:${key(at)}`, data: { at, index: length, row: false } satisfies DropData });
  const here = line && line.ok && line.parentId === at.parentId && line.slot === at.slot && line.index === length;
  return (
    <li className={`outline-end${here ? ' drop-before' : ''}`} ref={drop.setNodeRef}>
      {children}
    </li>
  );
}

function BlockList({
  blocks,
  at,
  selectedId,
  actions,
  depth,
}: {
  blocks: BlockNode[];
  at: SlotRef;
  selectedId?: string;
  actions: OutlineActions;
  depth: number;
}) {
  const [picker, setPicker] = useState(false);
  const line = useContext(DropContext);
  const lineAt = (index: number) => !!line && line.ok && line.parentId === at.parentId && line.slot === at.slot && line.index === index;
  const onKey = (e: KeyboardEvent, id: string) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      actions.nudge(id, e.key === 'ArrowUp' ? -1 : 1);
    } else if (!e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown' || e.key === 'Home' || e.key === 'End')) {
      // Walk the outline by keyboard: the blocks (nested ones included) in the order they appear.
      e.preventDefault();
      const all = [...document.querySelectorAll<HTMLElement>('.outline .outline-select')];
      const at = all.indexOf(e.currentTarget as HTMLElement);
      const to = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : at + (e.key === 'ArrowUp' ? -1 : 1);
      all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
    } else if (e.key === 'Enter' && e.target === e.currentTarget) {
      // Select the block and go to its first field; Escape in the form comes back here.
      e.preventDefault();
      actions.select(id);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`form[aria-label="Properties of ${id}"] :is(input, select, textarea)`)?.focus());
    } else if (e.key === 'Delete' && e.target === e.currentTarget) {
      e.preventDefault();
      actions.remove(id);
    }
  };
  return (
    <ol className="outline-list" data-slot={at.slot ?? 'page'} aria-label={at.title}>
      {blocks.map((block, index) => {
        const info = blockType(block.type);
        const selected = block.id === selectedId;
        return (
          <li key={block.id} className={`outline-item${selected ? ' selected' : ''}${lineAt(index) ? ' drop-before' : ''}`} data-outline-id={block.id}>
            <Row block={block} index={index} at={at}>
              {(handle) => (
                <>
                  {handle}
                  <button
                    type="button"
                    className="outline-select"
                    aria-current={selected ? 'true' : undefined}
                    aria-keyshortcuts="ArrowUp ArrowDown Enter Alt+ArrowUp Alt+ArrowDown Delete"
                    title="↑ / ↓ to walk, Enter to edit, Alt+↑ / Alt+↓ to move, Delete to remove"
                    onClick={() => actions.select(block.id)}
                    onKeyDown={(e) => onKey(e, block.id)}
                  >
                    <span className="outline-title">{info?.title ?? block.type}</span>
                    <span className="outline-id">{block.id}</span>
                    <RowMarks id={block.id} />
                  </button>
                  <span className="outline-actions">
                    <button
                      type="button"
                      className="icon"
                      aria-label={`Move ${block.id} up`}
                      disabled={index === 0}
                      onClick={() => actions.nudge(block.id, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon"
                      aria-label={`Move ${block.id} down`}
                      disabled={index === blocks.length - 1}
                      onClick={() => actions.nudge(block.id, 1)}
                    >
                      ↓
                    </button>
                    <button type="button" className="icon" aria-label={`Duplicate ${block.id}`} title="Duplicate" onClick={() => actions.duplicate(block.id)}>
                      <svg viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
                        <rect x="5" y="5" width="9" height="9" rx="1.5" />
                        <path d="M3 11V3a1 1 0 0 1 1-1h7" />
                      </svg>
                    </button>
                    <button type="button" className="icon danger" aria-label={`Remove ${block.id}`} onClick={() => actions.remove(block.id)}>
                      ✕
                    </button>
                  </span>
                </>
              )}
            </Row>
            {info?.slots.map((slot) => (
              <div key={slot.name} className="outline-slot">
                <div className="slot-title">{slot.title}</div>
                <BlockList
                  blocks={block.slots?.[slot.name] ?? []}
                  at={{ parentId: block.id, slot: slot.name, title: `${slot.title} of ${block.id}`, allow: slot.allow, ancestors: [...at.ancestors, block.id] }}
                  selectedId={selectedId}
                  actions={actions}
                  depth={depth + 1}
                />
              </div>
            ))}
          </li>
        );
      })}
      <EndOfList at={at} length={blocks.length}>
        <button type="button" className="add-block" onClick={() => setPicker((p) => !p)} aria-expanded={picker}>
          + Add block{depth ? ` to ${at.title.replace(/ of .*$/s, '').toLowerCase()}` : ''}
        </button>
        {picker && (
          <BlockPicker
            target={at}
            onClose={() => setPicker(false)}
            onPick={(type) => {
              setPicker(false);
              actions.add(type, { parentId: at.parentId, slot: at.slot, index: blocks.length });
            }}
          />
        )}
      </EndOfList>
    </ol>
  );
}

export function Outline({ blocks, selectedId, actions }: { blocks: BlockNode[]; selectedId?: string; actions: OutlineActions }) {
  const [dragging, setDragging] = useState(false);
  useDndMonitor({ onDragStart: () => setDragging(true), onDragEnd: () => setDragging(false), onDragCancel: () => setDragging(false) });
  return (
    <div className={`outline${dragging ? ' is-dragging' : ''}`} aria-label="Blocks of this page">
      <BlockList blocks={blocks} at={PAGE_LIST} selectedId={selectedId} actions={actions} depth={0} />
    </div>
  );
}
