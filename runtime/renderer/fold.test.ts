import { describe, expect, it } from 'vitest';
import { eagerBlockTypes, pageFold } from './fold';

import type { BlockNode } from '../document/blocks';

const block = (id: string, type: string, slots?: Record<string, BlockNode[]>): BlockNode => ({ id, type, ...(slots ? { slots } : {}) });

describe('pageFold', () => {
  it('hydrates the first three blocks at once, counted depth first, and the rest when seen', () => {
    const blocks = [
      block('layout', 'columns', {
        main: [block('crumbs', 'vehicle-breadcrumb'), block('gallery', 'vehicle-gallery'), block('specs', 'vehicle-specs')],
        side: [block('price', 'vehicle-sidebar')],
      }),
      block('finance', 'finance-calculator'),
    ];
    const fold = pageFold(blocks);
    expect(fold.eager.map((b) => b.id)).toEqual(['layout', 'crumbs', 'gallery']);
    expect(fold.deferred.map((b) => b.id)).toEqual(['specs', 'price', 'finance']);
    expect(eagerBlockTypes(blocks)).toEqual(['columns', 'vehicle-breadcrumb', 'vehicle-gallery']);
  });

  it('a short page is all above the fold', () => {
    const fold = pageFold([block('hero', 'hero'), block('text', 'rich-text')]);
    expect(fold.eager).toHaveLength(2);
    expect(fold.deferred).toEqual([]);
  });
});
