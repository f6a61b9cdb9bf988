// The visual block picker (after Shopify's section picker and Puck's component list): a panel beside the outline with
// a search, the categories, and a card per block with a thumbnail rendered from the block's fixtures
// (tools/editor/block-thumbnails.ts). A card is added to the slot the picker was opened for by click or Enter, or
// dragged into any place in the outline that accepts it.
import { useDraggable } from '@dnd-kit/core';
import { type PointerEventHandler, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { PickerCategory } from './block-guide';
import { pickerCategories, pickerGroups, type PickerEntry } from './block-picker-model';

const thumbnails = import.meta.glob<string>('./thumbnails/*.webp', { eager: true, query: '?url', import: 'default' });
const thumbnailOf = (type: string) => thumbnails[`./thumbnails/${type}.webp`];

export interface PickerTarget {
  parentId: string | null;
  slot?: string;
  title: string;
  allow?: string[];
}

function Card({ entry, onPick }: { entry: PickerEntry; onPick: (type: string) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `new:${entry.type}`, data: { kind: 'new', type: entry.type } });
  const src = thumbnailOf(entry.type);
  return (
    <li>
      <button
        ref={setNodeRef}
        {...attributes}
        // Only the pointer drags a card: Enter and Space add the block (a click); by keyboard it is then moved with
        // Alt+↑ / Alt+↓ or its handle in the outline.
        onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
        type="button"
        aria-roledescription={undefined}
        aria-describedby={undefined}
        className={`picker-card${isDragging ? ' dragging' : ''}`}
        data-block-type={entry.type}
        onClick={() => onPick(entry.type)}
      >
        <span className="picker-thumb" aria-hidden="true">
          {src ? <img src={src} alt="" loading="lazy" width={240} /> : <span className="picker-thumb-empty">{entry.title}</span>}
        </span>
        <span className="palette-title">{entry.title}</span>
        <span className="palette-desc">{entry.description}</span>
      </button>
    </li>
  );
}

export function BlockPicker({ target, onPick, onClose }: { target: PickerTarget; onPick: (type: string) => void; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<PickerCategory | undefined>();
  const search = useRef<HTMLInputElement>(null);
  const searchId = useId();
  useEffect(() => search.current?.focus(), []);
  const categories = pickerCategories(target.allow);
  const groups = pickerGroups(target.allow, query, category);
  return createPortal(
    <div
      className="block-picker"
      role="dialog"
      aria-label={`Add a block to ${target.title}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="picker-head">
        <strong>Add a block to {target.title}</strong>
        <button type="button" className="small" onClick={onClose}>
          Close
        </button>
      </div>
      <label htmlFor={searchId} className="visually-hidden">
        Search blocks
      </label>
      <input ref={search} id={searchId} type="search" placeholder="Search blocks" value={query} onChange={(e) => setQuery(e.target.value)} />
      <div className="picker-categories" role="group" aria-label="Categories">
        <button type="button" className="small" aria-pressed={!category} onClick={() => setCategory(undefined)}>
          All
        </button>
        {categories.map((c) => (
          <button key={c.id} type="button" className="small" aria-pressed={category === c.id} onClick={() => setCategory(category === c.id ? undefined : c.id)}>
            {c.title}
          </button>
        ))}
      </div>
      <p className="muted">Click a block to add it at the end, or drag it to a place in the outline.</p>
      {groups.length === 0 && <p className="empty">No block matches “{query}”.</p>}
      {groups.map((g) => (
        <section key={g.id} className="picker-group" aria-label={g.title}>
          <h4>{g.title}</h4>
          <ul className="picker-grid">
            {g.entries.map((e) => (
              <Card key={e.type} entry={e} onPick={onPick} />
            ))}
          </ul>
        </section>
      ))}
    </div>,
    document.body,
  );
}
