import { describe, expect, it } from 'vitest';
import { mergePatch } from './merge-patch';

describe('mergePatch (RFC 7396)', () => {
  it('merges objects key by key and replaces arrays whole', () => {
    const template = { theme: { primary: '#000000', font: 'sans' }, navigation: { header: [{ label: 'Home' }] } };
    const tenant = { theme: { primary: '#0b3d91' }, navigation: { header: [{ label: 'Stock' }] } };
    expect(mergePatch(template, tenant)).toEqual({
      theme: { primary: '#0b3d91', font: 'sans' },
      navigation: { header: [{ label: 'Stock' }] },
    });
  });

  it('deletes a key given null, and leaves the template untouched', () => {
    const template = { pages: { '/': { title: 'Home' }, '/fleet': { title: 'Fleet' } } };
    const merged = mergePatch(template, { pages: { '/fleet': null } });
    expect(merged).toEqual({ pages: { '/': { title: 'Home' } } });
    expect(template.pages['/fleet']).toEqual({ title: 'Fleet' });
  });

  it('follows the RFC examples', () => {
    expect(mergePatch({ a: 'b' }, { a: 'c' })).toEqual({ a: 'c' });
    expect(mergePatch({ a: [{ b: 'c' }] }, { a: [1] })).toEqual({ a: [1] });
    expect(mergePatch(['a', 'b'], ['c', 'd'])).toEqual(['c', 'd']);
    expect(mergePatch({ a: 'foo' }, 'bar')).toEqual('bar');
    expect(mergePatch({}, { a: { bb: { ccc: null } } })).toEqual({ a: { bb: {} } });
  });
});

describe('mergePatch and prototype keys', () => {
  it('keeps "__proto__", "constructor" and "prototype" as plain own keys, never an object\'s prototype', () => {
    const patch = JSON.parse('{"settings": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}}');
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const merged = mergePatch({ settings: { a: 1 } }, patch) as any;
    expect(Object.getPrototypeOf(merged.settings)).toBe(Object.prototype);
    expect(merged.settings.polluted).toBeUndefined();
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.keys(merged.settings)).toEqual(['a', '__proto__', 'constructor']);
  });
});
