import { describe, expect, it } from 'vitest';
import { dropIndex, dropLine, innermostAt, mayDrop } from './block-dnd';

const page = { parentId: null, title: 'the page', ancestors: [] };
const mainColumn = { parentId: 'cols', slot: 'main', title: 'Main column of cols', allow: ['content'], ancestors: ['cols'] };

describe('outline drop rules', () => {
  it('drops before a row in its upper half and after it in its lower half; at the end of a list at its length', () => {
    const rect = { top: 100, height: 40 };
    expect(dropIndex({ at: page, index: 2, row: true }, rect, 110)).toBe(2);
    expect(dropIndex({ at: page, index: 2, row: true }, rect, 130)).toBe(3);
    expect(dropIndex({ at: page, index: 5, row: false }, rect, 130)).toBe(5);
  });
  it('lets a slot take only the categories its allow names', () => {
    expect(mayDrop({ kind: 'new', type: 'hero' }, mainColumn)).toBe(true);
    expect(mayDrop({ kind: 'new', type: 'columns' }, mainColumn)).toBe(false);
    expect(mayDrop({ kind: 'new', type: 'columns' }, page)).toBe(true);
  });
  it('never drops a block inside itself', () => {
    expect(mayDrop({ kind: 'block', id: 'cols', type: 'columns' }, page)).toBe(true);
    expect(mayDrop({ kind: 'block', id: 'cols', type: 'rich-text' }, mainColumn)).toBe(false);
    expect(mayDrop({ kind: 'block', id: 'text', type: 'rich-text' }, mainColumn)).toBe(true);
  });
  it('lands before the first row of a scrolled outline when the pointer is in its upper half, measured where the rows are now', () => {
    // Three rows of a pane scrolled up by 199 px since the drag began: their boxes now, in the pointer's coordinates.
    const rows = [0, 1, 2].map((index) => ({
      key: { at: page, index, row: true },
      box: { left: 12, top: 111 + index * 75, width: 240, height: 71 },
    }));
    const hit = innermostAt({ x: 52, y: 129 }, rows)!;
    expect(hit.key.index).toBe(0);
    expect(dropLine({ kind: 'block', id: 'hero-2', type: 'hero' }, hit.key, hit.box, 129)).toEqual({ parentId: null, slot: undefined, index: 0, ok: true });
    // Lower half of the first row: after it. Between rows (the 4 px gap): nowhere.
    expect(dropLine({ kind: 'block', id: 'hero-2', type: 'hero' }, hit.key, hit.box, 170).index).toBe(1);
    expect(innermostAt({ x: 52, y: 184 }, rows)).toBeUndefined();
  });
  it('picks the innermost place under the point: a slot row inside its layout block', () => {
    const places = [
      { key: 'row:cols', box: { left: 0, top: 0, width: 300, height: 300 } },
      { key: 'row:text', box: { left: 20, top: 40, width: 200, height: 50 } },
    ];
    expect(innermostAt({ x: 30, y: 50 }, places)?.key).toBe('row:text');
    expect(innermostAt({ x: 30, y: 200 }, places)?.key).toBe('row:cols');
    expect(innermostAt({ x: 400, y: 50 }, places)).toBeUndefined();
  });
});
