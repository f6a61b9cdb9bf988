import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockNode } from '../document/blocks';
import { blockHydration } from './block-hydration';
import { eagerBlockTypes, pageFold } from './fold';

const block = (id: string, type: string, slots?: Record<string, BlockNode[]>): BlockNode => ({ id, type, ...(slots ? { slots } : {}) });
const gatedIds = (blocks: BlockNode[]) => pageFold(blocks).gated.map((g) => `${g.block.id}:${g.strategy}`);
const schemaOf = (type: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../blocks', type, 'schema.json'), 'utf8'));

describe('blockHydration', () => {
  it("reads each block's x-hydrate from its schema, 'visible' without one", () => {
    for (const type of ['hero', 'car-search', 'vehicle-sticky-bar', 'popup-promotion', 'vehicle-gallery', 'enquiry-form'])
      expect([type, blockHydration(type).strategy]).toEqual([type, schemaOf(type)['x-hydrate'] ?? 'visible']);
    expect(blockHydration('similar-cars')).toEqual({ strategy: 'visible', margin: 500 });
  });
});

describe('pageFold', () => {
  it('hydrates the first three blocks at once, counted depth first, and the rest when seen', () => {
    const blocks = [
      block('layout', 'columns', {
        main: [block('crumbs', 'vehicle-breadcrumb'), block('comparison', 'price-comparison'), block('located', 'vehicle-located-at')],
        side: [block('price', 'vehicle-sidebar')],
      }),
      block('finance', 'finance-calculator'),
    ];
    const fold = pageFold(blocks);
    // the breadcrumb is markup only ('never'): in its place, never hydrated nor preloaded
    expect(fold.eager.map((b) => b.id)).toEqual(['layout', 'comparison']);
    // the located-at banner and the sidebar declare 'interaction' (server HTML until touched), the calculator 'visible'
    expect(gatedIds(blocks)).toEqual(['located:interaction', 'price:interaction', 'finance:visible']);
    expect(fold.serverHtml.map((b) => b.id)).toEqual(['crumbs']);
    expect(eagerBlockTypes(blocks)).toEqual(['columns', 'price-comparison']);
  });

  it('a short page is all above the fold', () => {
    const fold = pageFold([block('calculator', 'finance-calculator'), block('form', 'enquiry-form')]);
    expect(fold.eager).toHaveLength(2);
    expect(fold.gated).toEqual([]);
  });

  it("waits for a touch on 'interaction' blocks, on screen or below the fold, keeping their place", () => {
    const blocks = [block('hero', 'hero'), block('search', 'car-search'), block('calculator', 'finance-calculator'), block('gallery', 'vehicle-gallery')];
    expect(gatedIds(blocks)).toEqual(['search:interaction', 'gallery:interaction']);
    expect(pageFold(blocks).eager.map((b) => b.id)).toEqual(['calculator']);
    expect(eagerBlockTypes(blocks)).toEqual(['finance-calculator']);
  });

  it("keeps the server HTML of 'never' blocks on screen or below the fold", () => {
    const blocks = [
      block('hero', 'hero'),
      block('search', 'stock-search-hero'),
      block('text', 'rich-text'),
      block('cards', 'link-cards'),
      block('form', 'enquiry-form'),
    ];
    const fold = pageFold(blocks);
    expect(fold.serverHtml.map((b) => b.id)).toEqual(['hero', 'text', 'cards']);
    expect(gatedIds(blocks)).toEqual(['search:interaction', 'form:visible']);
    expect(fold.eager).toEqual([]);
  });

  it('gates the sticky bar until a scroll and a popup until the page is idle, even among the first blocks, and similar cars 500 px ahead', () => {
    const blocks = [
      block('bar', 'vehicle-sticky-bar'),
      block('popup', 'popup-promotion'),
      block('calculator', 'finance-calculator'),
      block('similar', 'similar-cars'),
    ];
    expect(pageFold(blocks).gated).toEqual([
      { block: blocks[0], strategy: 'scroll' },
      { block: blocks[1], strategy: 'idle' },
      { block: blocks[3], strategy: 'visible', margin: 500 },
    ]);
    expect(pageFold(blocks).eager).toEqual([blocks[2]]);
  });
});
