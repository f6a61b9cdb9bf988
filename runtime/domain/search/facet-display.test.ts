import { describe, expect, it } from 'vitest';
import { facetSelectOptions, makeListDisplay, modelListDisplay, showMeCarsLabel } from './facet-display';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const searchDefaults = withSettingsDefaults('search');
import type { FacetItem } from './refinement-labels';

const makes: FacetItem[] = Array.from({ length: 25 }, (_, i) => ({ label: `Make ${String(i).padStart(2, '0')}`, value: `Make ${i}`, count: 100 - i }));

describe('make list (docs/requirements/vehicle-browsing.md#screens, #constants)', () => {
  it("7 makes before 'Show all makes'", () => {
    const d = makeListDisplay(makes, searchDefaults);
    expect(d.groups).toHaveLength(1);
    expect(d.groups[0]?.items).toHaveLength(7);
    expect(d.groups[0]?.items[0]?.count).toBe(100);
    expect(d.showAllLabel).toBe('Show all makes');
    const open = makeListDisplay(makes, searchDefaults, true);
    expect(open.groups[0]?.items).toHaveLength(25);
    expect(open.showAllLabel).toBeNull();
    expect(makeListDisplay(makes.slice(0, 7), searchDefaults).showAllLabel).toBeNull();
  });
  it('popular-makes count (20)', () => {
    const d = makeListDisplay(makes, { ...searchDefaults, makeListMode: 'popularCount' });
    expect(d.groups[0]?.items).toHaveLength(20);
    expect(d.showAllLabel).toBe('Show all makes');
  });
  it("split 'Popular Makes' (first 20) and 'All Makes'", () => {
    const d = makeListDisplay(makes, { ...searchDefaults, makeListMode: 'popularSplit' });
    expect(d.groups.map((g) => [g.title, g.items.length])).toEqual([
      ['Popular Makes', 20],
      ['All Makes', 5],
    ]);
    expect(d.showAllLabel).toBeNull();
  });
});

describe('model list (docs/requirements/vehicle-browsing.md#screens)', () => {
  const models: FacetItem[] = [
    ...Array.from({ length: 35 }, (_, i) => ({ label: `M${String(i).padStart(2, '0')}`, value: `Toyota:M${String(i).padStart(2, '0')}`, count: 1 })),
    { label: 'CX-5', value: 'Mazda:CX-5', count: 3 },
  ];
  it("limited to 30, toggled 'Select models' / 'Hide'", () => {
    expect(modelListDisplay(models, 'Toyota', false)).toEqual({ items: [], toggleLabel: 'Select models' });
    const open = modelListDisplay(models, 'Toyota', true);
    expect(open.items).toHaveLength(30);
    expect(open.toggleLabel).toBe('Hide');
    expect(modelListDisplay(models, 'Mazda', true).items.map((i) => i.value)).toEqual(['Mazda:CX-5']);
  });
});

describe('facet select and Show Me button (docs/requirements/vehicle-browsing.md#screens)', () => {
  it("an 'All' option and per-option counts", () => {
    expect(facetSelectOptions([{ label: 'Sedan', value: 'Sedan', count: 1204 }], 2500)).toEqual([
      { value: '', label: 'All', count: 2500, text: 'All' },
      { value: 'Sedan', label: 'Sedan', count: 1204, text: 'Sedan (1,204)' },
    ]);
  });
  it("'Show Me N cars'", () => {
    expect(showMeCarsLabel(42)).toBe('Show Me 42 cars');
    expect(showMeCarsLabel(1250)).toBe('Show Me 1,250 cars');
  });
});
