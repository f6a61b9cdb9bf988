import { describe, expect, it } from 'vitest';
import { categoryButtons, categoryRows, modelsInCategory, showsCarousel } from './category-rows';

const labels = (rows: { label: string }[][]) => rows.map((r) => r.map((b) => b.label));
const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));

describe('categoryButtons (docs/requirements/dealer-services.md#screens: by body type with an All option)', () => {
  it('starts with All and lists each body once, in order of first appearance', () => {
    const models = [{ body: ['SUV'] }, { body: ['Ute', 'Cab Chassis'] }, { body: ['suv', 'Hatch'] }];
    expect(categoryButtons(models).map((b) => b.label)).toEqual(['All', 'SUV', 'Ute', 'Cab Chassis', 'Hatch']);
    expect(categoryButtons(models)[0]).toEqual({ value: '', label: 'All' });
  });
  it('has only All without models', () => {
    expect(categoryButtons([])).toEqual([{ value: '', label: 'All' }]);
  });
});

describe('categoryRows (docs/requirements/dealer-services.md#screens: first 3 or 2, then up to index 8, then the rest, unless single line)', () => {
  it('splits eleven buttons 3 / 5 / 3', () => {
    expect(labels(categoryRows(letters(11).map((label) => ({ label }))))).toEqual([
      ['A', 'B', 'C'],
      ['D', 'E', 'F', 'G', 'H'],
      ['I', 'J', 'K'],
    ]);
  });
  it('splits with a first row of 2: 2 / 6 / rest', () => {
    expect(categoryRows(letters(10), { firstRow: 2 })).toEqual([
      ['A', 'B'],
      ['C', 'D', 'E', 'F', 'G', 'H'],
      ['I', 'J'],
    ]);
  });
  it('drops empty rows', () => {
    expect(categoryRows(letters(3))).toEqual([['A', 'B', 'C']]);
    expect(categoryRows(letters(5))).toEqual([
      ['A', 'B', 'C'],
      ['D', 'E'],
    ]);
    expect(categoryRows(letters(8))).toEqual([
      ['A', 'B', 'C'],
      ['D', 'E', 'F', 'G', 'H'],
    ]);
    expect(categoryRows(letters(9))).toEqual([['A', 'B', 'C'], ['D', 'E', 'F', 'G', 'H'], ['I']]);
    expect(categoryRows([])).toEqual([]);
  });
  it('keeps every button on one row when single line', () => {
    expect(categoryRows(letters(11), { singleLine: true })).toEqual([letters(11)]);
  });
});

describe('modelsInCategory', () => {
  const models = [
    { id: 1, body: ['SUV'] },
    { id: 2, body: ['Ute', 'Cab Chassis'] },
    { id: 3, body: ['Hatch'] },
  ];
  it('All keeps every model; a body keeps the models that come as it', () => {
    expect(modelsInCategory(models, '').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(modelsInCategory(models, 'cab chassis').map((m) => m.id)).toEqual([2]);
    expect(modelsInCategory(models, 'Van')).toEqual([]);
  });
});

describe('showsCarousel (docs/requirements/dealer-services.md#screens: a carousel when more than one model)', () => {
  it('only from two models', () => {
    expect(showsCarousel(0)).toBe(false);
    expect(showsCarousel(1)).toBe(false);
    expect(showsCarousel(2)).toBe(true);
  });
});
