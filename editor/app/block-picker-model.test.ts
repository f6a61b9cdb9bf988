import { describe, expect, it } from 'vitest';
import { BLOCK_GUIDE, PICKER_CATEGORIES } from './block-guide';
import { pickerCategories, pickerGroups, slotAccepts } from './block-picker-model';
import { blockTypes } from './doc-model';

const typesOf = (groups: ReturnType<typeof pickerGroups>) => groups.flatMap((g) => g.entries.map((e) => e.type));

describe('block guide', () => {
  it('describes every block for staff, in a known category', () => {
    const ids = PICKER_CATEGORIES.map((c) => c.id) as string[];
    for (const t of blockTypes) {
      expect(BLOCK_GUIDE[t.type], t.type).toBeDefined();
      expect(ids).toContain(BLOCK_GUIDE[t.type]?.category);
    }
  });
  it('has no addresses, URL templates, anchors or setting names in the descriptions', () => {
    for (const [type, g] of Object.entries(BLOCK_GUIDE)) {
      expect(g.description, type).not.toMatch(/[/{}#?_]|\*\*|\bsettings?\b/i);
      expect(g.description.length, type).toBeLessThanOrEqual(110);
    }
  });
});

describe('picker', () => {
  it('lists every block for the page, each once, grouped in the categories order', () => {
    const groups = pickerGroups(undefined);
    expect(typesOf(groups).sort()).toEqual(blockTypes.map((t) => t.type).sort());
    const order = PICKER_CATEGORIES.map((c) => c.id as string);
    expect(groups.map((g) => order.indexOf(g.id))).toEqual([...groups.map((g) => order.indexOf(g.id))].sort((a, b) => a - b));
  });
  it('offers a slot only what its allow names (a column takes content, not another columns block)', () => {
    const column = typesOf(pickerGroups(['content']));
    expect(column).toContain('hero');
    expect(column).not.toContain('columns');
    expect(slotAccepts(['content'], 'columns')).toBe(false);
    expect(slotAccepts(undefined, 'columns')).toBe(true);
    expect(pickerCategories(['content']).map((c) => c.id)).not.toContain('layout');
  });
  it('searches titles, staff descriptions and category names by word starts', () => {
    expect(typesOf(pickerGroups(undefined, 'fin calc'))).toEqual(expect.arrayContaining(['finance-calculator', 'finance-calculator-page']));
    expect(typesOf(pickerGroups(undefined, 'fin calc'))).not.toContain('hero');
    expect(typesOf(pickerGroups(undefined, 'FAQ'))).toEqual(expect.arrayContaining(['accordion', 'trade-in-faq']));
    expect(typesOf(pickerGroups(undefined, 'locations'))).toContain('location-map');
    expect(pickerGroups(undefined, 'zzzz')).toEqual([]);
  });
  it('filters by category', () => {
    const groups = pickerGroups(undefined, '', 'service');
    expect(groups.map((g) => g.id)).toEqual(['service']);
    expect(typesOf(groups)).toContain('service-booking');
  });
});
