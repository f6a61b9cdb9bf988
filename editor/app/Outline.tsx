// The page's block tree as an outline: select, add from a palette (only the types the slot allows, grouped by
// category), duplicate, remove, and reorder by drag and drop or by keyboard (Alt+↑ / Alt+↓ on a focused block).
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { BlockNode } from '../../runtime/document/blocks';
import type { BlockPosition } from '../../runtime/document/operations';
import { blockType, categoryTitle, paletteFor } from './doc-model';

export interface OutlineActions {
  select(id: string): void;
  move(id: string, to: BlockPosition): void;
  nudge(id: string, delta: -1 | 1): void;
  duplicate(id: string): void;
  remove(id: string): void;
  add(type: string, at: BlockPosition): void;
}

interface SlotRef {
  parentId: string | null;
  slot?: string;
  title: string;
  allow?: string[];
}

const DRAG_TYPE = 'application/x-editor-block';

function Palette({ target, onPick, onClose }: { target: SlotRef; onPick: (type: string) => void; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button.palette-item')?.focus();
  }, []);
  return (
    <div className="palette" role="dialog" aria-label={`Add a block to ${target.title}`} ref={ref} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="palette-head">
        <strong>Add a block to {target.title}</strong>
        <button type="button" className="small" onClick={onClose}>
          Close
        </button>
      </div>
      {paletteFor(target.allow).map((group) => (
        <section key={group.category} className="palette-group" aria-label={categoryTitle(group.category)}>
          <h4>{categoryTitle(group.category)}</h4>
          {group.types.map((t) => (
            <button key={t.type} type="button" className="palette-item" data-block-type={t.type} onClick={() => onPick(t.type)}>
              <span className="palette-title">{t.title}</span>
              <span className="palette-desc">{t.description}</span>
            </button>
          ))}
        </section>
      ))}
    </div>
  );
}

function BlockList({
  blocks,
  at,
  selectedId,
  actions,
  depth,
  dragging,
  setDragging,
}: {
  blocks: BlockNode[];
  at: SlotRef;
  selectedId?: string;
  actions: OutlineActions;
  depth: number;
  dragging: { id: string; parentId: string | null; slot?: string; index: number } | null;
  setDragging: (d: { id: string; parentId: string | null; slot?: string; index: number } | null) => void;
}) {
  const [palette, setPalette] = useState(false);
  const [over, setOver] = useState<number | null>(null);
  const dropIndex = (index: number) =>
    dragging && dragging.parentId === at.parentId && dragging.slot === at.slot && dragging.index < index ? index - 1 : index;
  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    e.stopPropagation();
    setOver(null);
    const id = e.dataTransfer.getData(DRAG_TYPE) || dragging?.id;
    if (id) actions.move(id, { parentId: at.parentId, slot: at.slot, index: dropIndex(index) });
    setDragging(null);
  };
  const allowDrop = (e: DragEvent, index: number) => {
    if (!dragging) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setOver(index);
  };
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
          <li
            key={block.id}
            className={`outline-item${selected ? ' selected' : ''}${over === index ? ' drop-before' : ''}`}
            data-outline-id={block.id}
            onDragOver={(e) => allowDrop(e, index)}
            onDragLeave={() => setOver(null)}
            onDrop={(e) => onDrop(e, index)}
          >
            <div
              className="outline-row"
              draggable
              onDragStart={(e) => {
                e.stopPropagation();
                e.dataTransfer.setData(DRAG_TYPE, block.id);
                e.dataTransfer.effectAllowed = 'move';
                setDragging({ id: block.id, parentId: at.parentId, slot: at.slot, index });
              }}
              onDragEnd={() => setDragging(null)}
            >
              <span className="drag-handle" aria-hidden="true">
                ⋮⋮
              </span>
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
              </button>
              <span className="outline-actions">
                <button type="button" className="icon" aria-label={`Move ${block.id} up`} disabled={index === 0} onClick={() => actions.nudge(block.id, -1)}>
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
            </div>
            {info?.slots.map((slot) => (
              <div key={slot.name} className="outline-slot">
                <div className="slot-title">{slot.title}</div>
                <BlockList
                  blocks={block.slots?.[slot.name] ?? []}
                  at={{ parentId: block.id, slot: slot.name, title: `${slot.title} of ${block.id}`, allow: slot.allow }}
                  selectedId={selectedId}
                  actions={actions}
                  depth={depth + 1}
                  dragging={dragging}
                  setDragging={setDragging}
                />
              </div>
            ))}
          </li>
        );
      })}
      <li
        className={`outline-end${over === blocks.length ? ' drop-before' : ''}`}
        onDragOver={(e) => allowDrop(e, blocks.length)}
        onDragLeave={() => setOver(null)}
        onDrop={(e) => onDrop(e, blocks.length)}
      >
        <button type="button" className="add-block" onClick={() => setPalette((p) => !p)} aria-expanded={palette}>
          + Add block{depth ? ` to ${at.title.split(' of ')[0].toLowerCase()}` : ''}
        </button>
        {palette && (
          <Palette
            target={at}
            onClose={() => setPalette(false)}
            onPick={(type) => {
              setPalette(false);
              actions.add(type, { parentId: at.parentId, slot: at.slot, index: blocks.length });
            }}
          />
        )}
      </li>
    </ol>
  );
}

export function Outline({ blocks, selectedId, actions }: { blocks: BlockNode[]; selectedId?: string; actions: OutlineActions }) {
  const [dragging, setDragging] = useState<{ id: string; parentId: string | null; slot?: string; index: number } | null>(null);
  return (
    <div className="outline" aria-label="Blocks of this page">
      <BlockList
        blocks={blocks}
        at={{ parentId: null, title: 'the page' }}
        selectedId={selectedId}
        actions={actions}
        depth={0}
        dragging={dragging}
        setDragging={setDragging}
      />
    </div>
  );
}
