import { describe, expect, it } from 'vitest';
import { isTechnicalField, splitTechnical } from './advanced-fields';

describe('technical fields', () => {
  it('are ids, slugs, coordinates, place ids and map keys', () => {
    for (const key of ['id', 'slug', 'lat', 'long', 'place_id', 'map_key', 'googleMapsKey']) expect(isTechnicalField(key), key).toBe(true);
    for (const key of ['name', 'heading', 'phone', 'address', 'place_url', 'title', 'visible']) expect(isTechnicalField(key), key).toBe(false);
  });
  it("include the page's data binding where asked, keeping the order of the rest", () => {
    const [plain, technical] = splitTechnical([{ key: 'title' }, { key: 'data' }, { key: 'description' }], ['data']);
    expect(plain.map((f) => f.key)).toEqual(['title', 'description']);
    expect(technical.map((f) => f.key)).toEqual(['data']);
  });
});
