// Editing operations on a page's block tree, as pure functions: each returns a new tree and leaves its input alone.
// The editor runs them inside immer producers (for undo/redo patches); the validator and renderer only read trees.
import { findBlock, walkBlocks, type BlockNode } from './blocks';

/** Where a block sits or goes: a parent block's slot (or the page itself, parentId null) and an index in it. */
export interface BlockPosition {
  parentId: string | null;
  slot?: string;
  index: number;
}

class BlockOperationError extends Error {}

const clone = (blocks: BlockNode[]) => structuredClone(blocks);

function siblingsAt(blocks: BlockNode[], parentId: string | null, slot?: string): BlockNode[] {
  if (parentId === null) return blocks;
  const parent = findBlock(blocks, parentId)?.block;
  if (!parent) throw new BlockOperationError(`no block with id "${parentId}"`);
  if (!slot) throw new BlockOperationError(`block "${parentId}" needs a slot name`);
  parent.slots ??= {};
  parent.slots[slot] ??= [];
  return parent.slots[slot];
}

/** The position of a block: its parent, slot and index. */
export function positionOf(blocks: BlockNode[], id: string): BlockPosition | undefined {
  const visit = findBlock(blocks, id);
  if (!visit) return undefined;
  return { parentId: visit.parent?.id ?? null, slot: visit.slot, index: Number(visit.path.at(-1)) };
}

function allIds(blocks: BlockNode[]): Set<string> {
  return new Set([...walkBlocks(blocks)].map((v) => v.block.id));
}

/** A block id not used in the tree yet, derived from a base such as the block type. */
export function uniqueId(blocks: BlockNode[] | Set<string>, base: string): string {
  const ids = blocks instanceof Set ? blocks : allIds(blocks);
  const stem =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'block';
  if (!ids.has(stem)) return stem;
  for (let n = 2; ; n++) if (!ids.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

export function insertBlock(blocks: BlockNode[], block: BlockNode, at: BlockPosition): BlockNode[] {
  if (allIds(blocks).has(block.id)) throw new BlockOperationError(`block id "${block.id}" is already used`);
  const next = clone(blocks);
  const siblings = siblingsAt(next, at.parentId, at.slot);
  siblings.splice(Math.max(0, Math.min(at.index, siblings.length)), 0, structuredClone(block));
  return next;
}

export function removeBlock(blocks: BlockNode[], id: string): BlockNode[] {
  const at = positionOf(blocks, id);
  if (!at) throw new BlockOperationError(`no block with id "${id}"`);
  const next = clone(blocks);
  siblingsAt(next, at.parentId, at.slot).splice(at.index, 1);
  return next;
}

/** Moves a block (with its children) to a new position; the index counts positions after the block is taken out. */
export function moveBlock(blocks: BlockNode[], id: string, to: BlockPosition): BlockNode[] {
  const visit = findBlock(blocks, id);
  if (!visit) throw new BlockOperationError(`no block with id "${id}"`);
  if (to.parentId !== null && (to.parentId === id || findBlock(visit.block.slots ? Object.values(visit.block.slots).flat() : [], to.parentId))) {
    throw new BlockOperationError(`block "${id}" cannot move inside itself`);
  }
  const moved = visit.block;
  const without = removeBlock(blocks, id);
  return insertBlock(without, moved, to);
}

/** Moves a block one place up (-1) or down (+1) among its siblings: the keyboard reorder. */
export function nudgeBlock(blocks: BlockNode[], id: string, delta: -1 | 1): BlockNode[] {
  const at = positionOf(blocks, id);
  if (!at) throw new BlockOperationError(`no block with id "${id}"`);
  const count = siblingsAt(clone(blocks), at.parentId, at.slot).length;
  const index = at.index + delta;
  if (index < 0 || index >= count) return blocks;
  return moveBlock(blocks, id, { ...at, index });
}

/** Copies a block (and its children, all with fresh ids) right after the original. */
export function duplicateBlock(blocks: BlockNode[], id: string): { blocks: BlockNode[]; newId: string } {
  const at = positionOf(blocks, id);
  const original = findBlock(blocks, id)?.block;
  if (!at || !original) throw new BlockOperationError(`no block with id "${id}"`);
  const ids = allIds(blocks);
  const copy = structuredClone(original);
  for (const { block } of walkBlocks([copy])) {
    block.id = uniqueId(ids, block.id);
    ids.add(block.id);
  }
  return { blocks: insertBlock(blocks, copy, { ...at, index: at.index + 1 }), newId: copy.id };
}
