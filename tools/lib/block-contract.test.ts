// The block contract `npm run schemas` enforces: the repository's blocks comply, and a block that breaks it is named
// with the property or keyword at fault.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockContractProblems } from './block-contract';
import { readSchemaParts, type BlockSchemaFile } from './schema-assembly';
import { atLeast } from '../../test-support/at-least';

const root = join(import.meta.dirname, '../..');
const parts = readSchemaParts(root);
const block = (type: string): BlockSchemaFile => structuredClone(parts.blocks.find((b) => b.type === type)!);
const problemsOf = (b: BlockSchemaFile) => blockContractProblems([b], parts.base, root);

describe('block contract (schemas/meta/block.schema.json)', () => {
  it('holds for every block in blocks/', () => {
    expect(parts.blocks.length).toBeGreaterThan(50);
    expect(blockContractProblems(parts.blocks, parts.base, root)).toEqual([]);
  });

  it('fails a block schema without a description, naming the block', () => {
    const hero = block('hero');
    delete hero.schema.description;
    expect(problemsOf(hero)).toEqual(['blocks/hero/schema.json: the block has no "description" (required: title, description, x-category, type, properties)']);
  });

  it('fails a prop without a description, naming the block and the prop (nested props too)', () => {
    const carSearch = block('car-search');
    delete carSearch.schema.properties.heading.description;
    delete carSearch.schema.properties.filters.items.properties.display.description;
    expect(problemsOf(carSearch)).toEqual([
      'blocks/car-search/schema.json: property "heading" has no "description" (every property needs a description: the editor shows it as help)',
      'blocks/car-search/schema.json: property "filters.items.display" has no "description" (every property needs a description: the editor shows it as help)',
    ]);
  });

  it('fails an x- keyword nothing reads, naming it and the allowed ones', () => {
    const hero = block('hero');
    hero.schema['x-colour'] = 'red';
    const [prop] = atLeast(1, Object.keys(hero.schema.properties), "the hero's props");
    hero.schema.properties[prop]['x-widgit'] = 'image';
    expect(problemsOf(hero)).toEqual([
      'blocks/hero/schema.json: unknown top-level keyword "x-colour"',
      `blocks/hero/schema.json: property "${prop}" uses the keyword "x-widgit", which is not allowed there (allowed x- keywords: x-widget, x-ref, x-server-only, x-hidden, x-inline, x-alt, x-focal; see README.md, 'Adding a block')`,
    ]);
  });

  it('fails a missing x-category, a wrong x-ref and an unknown page data source', () => {
    const map = block('location-map');
    delete map.schema['x-category'];
    map.schema.properties.locationId['x-ref'] = 'branch';
    map.schema['x-page-data'] = 'garage';
    expect(problemsOf(map)).toEqual([
      'blocks/location-map/schema.json: the block has no "x-category" (required: title, description, x-category, type, properties)',
      'blocks/location-map/schema.json: locationId.x-ref must be one of "location", "dealership", "page"',
      expect.stringMatching(/^blocks\/location-map\/schema.json: x-page-data "garage" is not a page data source \(one of vehicle, search/),
    ]);
  });
});
