import { describe, expect, it } from 'vitest';
import type { BlockNode } from '../../runtime/document/blocks';
import { canvasTargets, lineBox, SLOT_BAR } from './canvas-targets';

const blocks: BlockNode[] = [
  { id: 'hero-1', type: 'hero', props: { heading: 'Hi' } },
  { id: 'cols', type: 'columns', props: {}, slots: { main: [{ id: 'text-1', type: 'rich-text', props: { body: 'x' } }] } },
];
const boxes: Record<string, { left: number; top: number; width: number; height: number }> = {
  'hero-1': { left: 0, top: 0, width: 600, height: 200 },
  cols: { left: 0, top: 200, width: 600, height: 300 },
  'text-1': { left: 0, top: 220, width: 400, height: 100 },
};

describe('canvasTargets', () => {
  const targets = canvasTargets(blocks, (id) => boxes[id]);

  it('gives each block on screen a place in its own list', () => {
    expect(targets.find((t) => t.key === 'canvas-row:hero-1')?.data).toMatchObject({ at: { parentId: null }, index: 0, row: true });
    expect(targets.find((t) => t.key === 'canvas-row:text-1')?.data).toMatchObject({
      at: { parentId: 'cols', slot: 'main', allow: ['content'], ancestors: ['cols'] },
      index: 0,
    });
  });

  it("gives each slot of a layout block a bar at its bottom that adds to the slot's end, empty slots too", () => {
    const bars = targets.filter((t) => t.key.startsWith('canvas-end:cols/'));
    expect(bars.map((b) => [b.label, b.data.at.slot, b.data.index])).toEqual([
      ['Top of the main column', 'lead', 0],
      ['Main column', 'main', 1],
      ['Side column', 'side', 0],
    ]);
    expect(bars[2]?.box).toEqual({ left: 400, top: 500 - SLOT_BAR, width: 200, height: SLOT_BAR });
  });

  it('leaves out blocks without a box (not rendered)', () => {
    expect(canvasTargets(blocks, (id) => (id === 'cols' ? undefined : boxes[id])).some((t) => t.key.includes('cols/'))).toBe(false);
  });
});

describe('lineBox', () => {
  const targets = canvasTargets(blocks, (id) => boxes[id]);
  it('draws the line at the top of the block a drop goes before, or the bottom of the last one', () => {
    expect(lineBox(targets, { parentId: null, index: 1 })).toEqual({ left: 0, top: 200, width: 600, height: 0 });
    expect(lineBox(targets, { parentId: null, index: 2 })).toEqual({ left: 0, top: 500, width: 600, height: 0 });
    expect(lineBox(targets, { parentId: 'cols', slot: 'main', index: 1 })).toEqual({ left: 0, top: 320, width: 400, height: 0 });
  });
  it("marks an empty slot's bar", () => {
    expect(lineBox(targets, { parentId: 'cols', slot: 'side', index: 0 })).toEqual({ left: 400, top: 500 - SLOT_BAR, width: 200, height: SLOT_BAR });
  });
});
