import { describe, expect, it } from 'vitest';
import { previewUploads } from './uploads';

describe('previewUploads', () => {
  const hero = { id: 'hero', type: 'hero', props: { heading: 'Winter Sale', image: '/uploads/868c59cec8eeea7070/1600.jpg' } };
  const text = { id: 'text', type: 'rich-text', props: { html: '<p>/uploads/abc/1.jpg stays text</p>' } };
  const doc = { slug: 'harbourside-mazda', pages: { '/winter-sale': { title: 'Winter Sale', blocks: [hero, text] } } };

  it("points the draft's uploaded images at the editor's media route of the site", () => {
    const shown = previewUploads(doc, 'harbourside-mazda');
    expect((shown.pages['/winter-sale'].blocks[0] as typeof hero).props.image).toBe('/editor/api/tenants/harbourside-mazda/media/868c59cec8eeea7070/1600.jpg');
    expect(shown.pages['/winter-sale'].blocks[1]).toBe(text);
    expect(hero.props.image).toBe('/uploads/868c59cec8eeea7070/1600.jpg');
  });

  it('returns the same objects for a draft without uploads, and the same copies for unchanged parts', () => {
    const plain = { pages: { '/': { blocks: [text] } } };
    expect(previewUploads(plain, 'x')).toBe(plain);
    const cache = new WeakMap<object, unknown>();
    const first = previewUploads(doc, 'harbourside-mazda', cache);
    const edited = { ...doc, name: 'Renamed' };
    const second = previewUploads(edited, 'harbourside-mazda', cache);
    expect(second).not.toBe(first);
    expect(second.pages).toBe(first.pages);
  });
});
