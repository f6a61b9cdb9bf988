import { describe, expect, it } from 'vitest';
import { findBlock, walkBlocks, type BlockNode } from './blocks';
import { duplicateBlock, insertBlock, moveBlock, nudgeBlock, positionOf, removeBlock, uniqueId } from './operations';

const tree = (): BlockNode[] => [
  { id: 'hero', type: 'hero', props: { heading: 'Hi' } },
  { id: 'cols', type: 'columns', props: {}, slots: { main: [{ id: 'text', type: 'rich-text', props: { body: 'a' } }], side: [] } },
  { id: 'cta', type: 'cta-banner', props: {} },
];
const ids = (blocks: BlockNode[]) => [...walkBlocks(blocks)].map((v) => v.block.id);

describe('block tree operations', () => {
  it('walks depth-first in document order and finds blocks with their path', () => {
    expect(ids(tree())).toEqual(['hero', 'cols', 'text', 'cta']);
    expect(findBlock(tree(), 'text')?.path).toEqual(['blocks', 1, 'slots', 'main', 0]);
    expect(positionOf(tree(), 'text')).toEqual({ parentId: 'cols', slot: 'main', index: 0 });
  });

  it('inserts at the page level and into a slot, refusing a used id', () => {
    const input = tree();
    const a = insertBlock(input, { id: 'new', type: 'hero' }, { parentId: null, index: 1 });
    expect(ids(a)).toEqual(['hero', 'new', 'cols', 'text', 'cta']);
    const b = insertBlock(input, { id: 'side-text', type: 'rich-text' }, { parentId: 'cols', slot: 'side', index: 0 });
    expect(positionOf(b, 'side-text')).toEqual({ parentId: 'cols', slot: 'side', index: 0 });
    expect(ids(input)).toEqual(['hero', 'cols', 'text', 'cta']);
    expect(() => insertBlock(input, { id: 'hero', type: 'hero' }, { parentId: null, index: 0 })).toThrow('block id "hero" is already used');
  });

  it('removes a block with its children', () => {
    expect(ids(removeBlock(tree(), 'cols'))).toEqual(['hero', 'cta']);
    expect(() => removeBlock(tree(), 'nope')).toThrow('no block with id "nope"');
  });

  it('moves blocks between levels and never into themselves', () => {
    const moved = moveBlock(tree(), 'hero', { parentId: 'cols', slot: 'side', index: 0 });
    expect(ids(moved)).toEqual(['cols', 'text', 'hero', 'cta']);
    expect(ids(moveBlock(tree(), 'cta', { parentId: null, index: 0 }))).toEqual(['cta', 'hero', 'cols', 'text']);
    expect(() => moveBlock(tree(), 'cols', { parentId: 'cols', slot: 'main', index: 0 })).toThrow('cannot move inside itself');
  });

  it('nudges up and down among siblings and stops at the ends', () => {
    expect(ids(nudgeBlock(tree(), 'cta', -1))).toEqual(['hero', 'cta', 'cols', 'text']);
    expect(ids(nudgeBlock(tree(), 'hero', 1))).toEqual(['cols', 'text', 'hero', 'cta']);
    const input = tree();
    expect(nudgeBlock(input, 'hero', -1)).toBe(input);
  });

  it('duplicates a block after itself with fresh ids for it and its children', () => {
    const { blocks, newId } = duplicateBlock(tree(), 'cols');
    expect(newId).toBe('cols-2');
    expect(ids(blocks)).toEqual(['hero', 'cols', 'text', 'cols-2', 'text-2', 'cta']);
    expect(uniqueId(blocks, 'Rich Text!')).toBe('rich-text');
    expect(uniqueId(blocks, 'hero')).toBe('hero-2');
  });
});
