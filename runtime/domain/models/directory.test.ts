import { describe, expect, it } from 'vitest';
import { parseDirectoryState, searchDirectory, serializeDirectoryState, withDirectoryFilter, DIRECTORY_PAGE_SIZE } from './directory';
import type { Model } from './model';

const model = (id: number, manufacturer_name: string, name: string, body: string[]): Model => ({
  id,
  name,
  manufacturer_name,
  body,
  slug: `m-${id}`,
  new_slug: null,
  override_url: null,
  manufacturer_body: body[0] ?? null,
  manufacturer_body2: null,
  manufacturer_body3: null,
  image: { url: `/media/models/${id}.svg` },
  from_price: null,
  short_description: '',
  status: null,
  search_path: '/search',
});

const models = [
  model(1, 'Mazda', 'CX-5', ['SUV']),
  model(2, 'Mazda', 'Mazda3', ['Hatch']),
  model(3, 'Mazda', 'BT-50', ['Ute']),
  model(4, 'Toyota', 'HiLux', ['Ute', 'Cab Chassis']),
  model(5, 'Mercedes-Benz', 'C-Class', ['Sedan']),
];

describe('directory state in the URL', () => {
  it('reads make, model, body and page; bad values become any', () => {
    expect(parseDirectoryState('make=Mercedes-Benz&model=%20cx%20&body=Cab%20Chassis&page=2')).toEqual({
      make: 'mercedes-benz',
      model: 'cx',
      body: 'cab-chassis',
      page: 2,
    });
    expect(parseDirectoryState('page=0&make=')).toEqual({ make: '', model: '', body: '', page: 1 });
    expect(parseDirectoryState({ body: 'suv', page: 'x', model: 4 })).toEqual({ make: '', model: '', body: 'suv', page: 1 });
    expect(parseDirectoryState(null)).toEqual({ make: '', model: '', body: '', page: 1 });
  });
  it('writes a canonical query without page 1, and a filter change goes back to page 1', () => {
    const state = parseDirectoryState('body=suv&make=mazda&page=3');
    expect(serializeDirectoryState(state)).toBe('make=mazda&body=suv&page=3');
    expect(serializeDirectoryState(withDirectoryFilter(state, 'body', 'Ute'))).toBe('make=mazda&body=ute');
    expect(serializeDirectoryState(parseDirectoryState(''))).toBe('');
  });
});

describe('searchDirectory (docs/requirements/vehicle-browsing.md#screens: manufacturer.name, model.name and model.body filters)', () => {
  it('filters by make, model name text and body together', () => {
    expect(searchDirectory(models, parseDirectoryState('make=mazda')).hits.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(searchDirectory(models, parseDirectoryState('body=ute')).hits.map((m) => m.id)).toEqual([3, 4]);
    expect(searchDirectory(models, parseDirectoryState('body=ute&make=toyota')).hits.map((m) => m.id)).toEqual([4]);
    expect(searchDirectory(models, parseDirectoryState('model=cx5')).hits.map((m) => m.id)).toEqual([1]);
    expect(searchDirectory(models, parseDirectoryState('model=mazda 3')).hits.map((m) => m.id)).toEqual([2]);
    expect(searchDirectory(models, parseDirectoryState('model=hilux&body=sedan')).totalHits).toBe(0);
  });
  it('counts each facet with the other filters applied', () => {
    const result = searchDirectory(models, parseDirectoryState('make=mazda&body=ute'));
    expect(result.facets.make).toEqual([
      { value: 'mazda', label: 'Mazda', count: 1 },
      { value: 'toyota', label: 'Toyota', count: 1 },
    ]);
    expect(result.facets.body).toEqual([
      { value: 'hatch', label: 'Hatch', count: 1 },
      { value: 'suv', label: 'SUV', count: 1 },
      { value: 'ute', label: 'Ute', count: 1 },
    ]);
  });
  it('pages 21 at a time (docs/requirements/vehicle-browsing.md#constants) and clamps a page past the end', () => {
    const many = Array.from({ length: 50 }, (_, i) => model(i + 1, 'Kia', `Model ${i + 1}`, ['SUV']));
    const first = searchDirectory(many, parseDirectoryState(''));
    expect(DIRECTORY_PAGE_SIZE).toBe(21);
    expect(first).toMatchObject({ totalHits: 50, totalPages: 3, page: 1, hitsPerPage: 21 });
    expect(first.hits).toHaveLength(21);
    const last = searchDirectory(many, parseDirectoryState('page=9'));
    expect(last.page).toBe(3);
    expect(last.hits.map((m) => m.id)).toEqual([43, 44, 45, 46, 47, 48, 49, 50]);
  });
});
