import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDocPatches, diffDocs } from './patches';

const json = fc.jsonValue({ maxDepth: 4 });

describe('diffDocs and applyDocPatches', () => {
  it('turn any document into any other', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(applyDocPatches(structuredClone(a), diffDocs(a, b))).toEqual(b);
      }),
    );
  });

  it('send only the changed block and keep the unchanged ones the same objects', () => {
    const blocks = Array.from({ length: 200 }, (_, i) => ({ id: `b${i}`, type: 'hero', props: { heading: `Heading ${i}` } }));
    const before = { name: 'Site', pages: { '/': { title: 'Home', blocks } } };
    const after = { ...before, pages: { '/': { title: 'Home', blocks: blocks.map((b, i) => (i === 7 ? { ...b, props: { heading: 'New' } } : b)) } } };
    const patches = diffDocs(before, after);
    expect(patches).toEqual([{ path: ['pages', '/', 'blocks', 7, 'props', 'heading'], value: 'New' }]);
    const shown = applyDocPatches(before, patches);
    expect(shown.pages['/'].blocks[7]?.props.heading).toBe('New');
    expect(before.pages['/'].blocks[7]?.props.heading).toBe('Heading 7');
    expect(shown.pages['/'].blocks[6]).toBe(before.pages['/'].blocks[6]);
    expect(shown.pages['/'].blocks[8]).toBe(before.pages['/'].blocks[8]);
  });

  it('remove keys that are gone', () => {
    const patches = diffDocs({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 2 } });
    expect(patches).toEqual([{ path: ['b', 'd'], remove: true }]);
    expect(applyDocPatches({ a: 1, b: { c: 2, d: 3 } }, patches)).toEqual({ a: 1, b: { c: 2 } });
  });
});
