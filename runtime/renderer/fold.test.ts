import { describe, expect, it } from 'vitest';
import { eagerBlockTypes, pageFold } from './fold';

import type { BlockNode } from '../document/blocks';

const block = (id: string, type: string, slots?: Record<string, BlockNode[]>): BlockNode => ({ id, type, ...(slots ? { slots } : {}) });

describe('pageFold', () => {
  it('hydrates the first three blocks at once, counted depth first, and the rest when seen', () => {
    const blocks = [
      block('layout', 'columns', {
        main: [block('crumbs', 'vehicle-breadcrumb'), block('gallery', 'vehicle-gallery'), block('located', 'vehicle-located-at')],
        side: [block('price', 'vehicle-sidebar')],
      }),
      block('finance', 'finance-calculator'),
    ];
    const fold = pageFold(blocks);
    // the breadcrumb is markup only (blocks/vehicle-breadcrumb/hydration.ts: 'never'): in its place, never hydrated nor preloaded
    expect(fold.eager.map((b) => b.id)).toEqual(['layout', 'gallery']);
    expect(fold.deferred.map((b) => b.id)).toEqual(['located', 'price', 'finance']);
    expect(fold.serverHtml.map((b) => b.id)).toEqual(['crumbs']);
    expect(eagerBlockTypes(blocks)).toEqual(['columns', 'vehicle-gallery']);
  });

  it('a short page is all above the fold', () => {
    const fold = pageFold([block('calculator', 'finance-calculator'), block('form', 'enquiry-form')]);
    expect(fold.eager).toHaveLength(2);
    expect(fold.deferred).toEqual([]);
  });

  it("waits for a touch on blocks that declare 'on-interaction', on screen or below the fold, keeping their place", () => {
    const blocks = [block('hero', 'hero'), block('search', 'car-search'), block('gallery', 'vehicle-gallery'), block('overview', 'vehicle-overview')];
    const fold = pageFold(blocks);
    expect(fold.untilTouched.map((b) => b.id)).toEqual(['search', 'overview']);
    expect(fold.eager.map((b) => b.id)).toEqual(['gallery']);
    expect(fold.deferred).toEqual([]);
    expect(eagerBlockTypes(blocks)).toEqual(['vehicle-gallery']);
  });

  it("keeps the server HTML of static blocks (hydration.ts: 'never') on screen or below the fold", () => {
    const blocks = [
      block('hero', 'hero'),
      block('search', 'stock-search-hero'),
      block('text', 'rich-text'),
      block('cards', 'link-cards'),
      block('form', 'enquiry-form'),
    ];
    const fold = pageFold(blocks);
    expect(fold.serverHtml.map((b) => b.id)).toEqual(['hero', 'text', 'cards']);
    expect(fold.untilTouched.map((b) => b.id)).toEqual(['search']);
    expect(fold.eager).toEqual([]);
    expect(fold.deferred.map((b) => b.id)).toEqual(['form']);
  });
});
