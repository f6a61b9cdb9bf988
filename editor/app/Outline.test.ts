import { describe, expect, it } from 'vitest';
import { dropIndex, mayDrop } from './block-dnd';

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
});
