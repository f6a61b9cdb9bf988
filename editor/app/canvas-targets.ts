// Where blocks can be dropped in the canvas: the preview frame's blocks, each a place before or after it in its list,
// and a bar per slot of each layout block for the end of that slot (an empty slot shows nothing in the page to drop
// on). Computed from the block tree and the blocks' boxes in the frame, in the editor's coordinates.
import type { BlockNode } from '../../runtime/document/blocks';
import { PAGE_LIST, type DropData, type SlotRef } from './block-dnd';
import { blockType } from './doc-model';

export type Box = { left: number; top: number; width: number; height: number };
export type CanvasTarget = { key: string; box: Box; data: DropData; label?: string };

/** Height of a slot's bar, in editor pixels. */
export const SLOT_BAR = 28;

/** The drop places of a page whose blocks have the boxes `boxOf` gives (blocks not on screen have none). */
export function canvasTargets(blocks: BlockNode[], boxOf: (id: string) => Box | undefined, at: SlotRef = PAGE_LIST, out: CanvasTarget[] = []): CanvasTarget[] {
  blocks.forEach((block, index) => {
    const box = boxOf(block.id);
    if (box) out.push({ key: `canvas-row:${block.id}`, box, data: { at, index, row: true } });
    const slots = blockType(block.type)?.slots ?? [];
    slots.forEach((slot, i) => {
      const children = block.slots?.[slot.name] ?? [];
      const inner: SlotRef = {
        parentId: block.id,
        slot: slot.name,
        title: `${slot.title} of ${block.id}`,
        allow: slot.allow,
        ancestors: [...at.ancestors, block.id],
      };
      canvasTargets(children, boxOf, inner, out);
      if (!box) return;
      // The slots' bars side by side along the bottom of the layout block.
      const width = box.width / slots.length;
      out.push({
        key: `canvas-end:${block.id}/${slot.name}`,
        box: { left: box.left + i * width, top: Math.max(box.top, box.top + box.height - SLOT_BAR), width, height: SLOT_BAR },
        data: { at: inner, index: children.length, row: false },
        label: slot.title,
      });
    });
  });
  return out;
}

/** The line where a drop lands: the top of the block it goes before, the bottom of the one it follows, or a slot's bar. */
export function lineBox(targets: CanvasTarget[], line: { parentId: string | null; slot?: string; index: number }): Box | undefined {
  const same = targets.filter((t) => t.data.at.parentId === line.parentId && t.data.at.slot === line.slot);
  const before = same.find((t) => t.data.row && t.data.index === line.index);
  if (before) return { ...before.box, height: 0 };
  const after = same.find((t) => t.data.row && t.data.index === line.index - 1);
  if (after) return { ...after.box, top: after.box.top + after.box.height, height: 0 };
  return same.find((t) => !t.data.row)?.box;
}
