import { describe, expect, it } from 'vitest';
import { diffRevision, type RestorePick, restorePicks } from './revision-diff';
import { atLeast } from '../../test-support/at-least';

// An old revision and the draft since: the hero's heading and the text were edited, a banner added, a column's
// text removed, a page added, and the theme changed.
const revision = {
  name: 'Harbourside Mazda',
  theme: { primary: '#c00' },
  pages: {
    '/': {
      title: 'Home',
      blocks: [
        { id: 'hero', type: 'hero', props: { heading: 'Spring Sale', text: 'Old text' } },
        { id: 'cols', type: 'columns', props: {}, slots: { main: [{ id: 'note', type: 'rich-text', props: { body: 'Column note' } }], side: [] } },
        { id: 'text', type: 'rich-text', props: { body: 'Welcome' } },
      ],
    },
  },
};
const draft = {
  name: 'Harbourside Mazda',
  theme: { primary: '#00c' },
  pages: {
    '/': {
      title: 'Home',
      blocks: [
        { id: 'hero', type: 'hero', props: { heading: 'Winter Sale', text: 'Old text' } },
        { id: 'cols', type: 'columns', props: {}, slots: { main: [], side: [] } },
        { id: 'text', type: 'rich-text', props: { body: 'Welcome, new owners' } },
        { id: 'banner', type: 'cta-banner', props: { text: 'Call us' } },
      ],
    },
    '/winter': { title: 'Winter', blocks: [] },
  },
};

describe('revision diff', () => {
  const diff = diffRevision(draft, revision);
  it('lists site parts with their values now and after', () => {
    expect(diff.site).toEqual([{ key: 'theme', changes: [{ path: 'primary', now: '#00c', after: '#c00' }] }]);
  });
  it('goes page by page and block by block: added back, removed, changed props with old and new values', () => {
    expect(diff.pages.map((p) => [p.route, p.status])).toEqual([
      ['/', 'changed'],
      ['/winter', 'removed'],
    ]);
    const home = atLeast(1, diff.pages, 'the pages changed')[0].blocks;
    expect(home.find((b) => b.id === 'hero')).toEqual({
      id: 'hero',
      type: 'hero',
      status: 'changed',
      changes: [{ path: 'heading', now: 'Winter Sale', after: 'Spring Sale' }],
    });
    expect(home.find((b) => b.id === 'note')?.status).toBe('added');
    expect(home.find((b) => b.id === 'banner')?.status).toBe('removed');
    expect(home.find((b) => b.id === 'text')?.changes).toEqual([{ path: 'body', now: 'Welcome, new owners', after: 'Welcome' }]);
    expect(home.find((b) => b.id === 'cols')).toBeUndefined();
  });
  it('is empty for the same document', () => {
    expect(diffRevision(draft, structuredClone(draft))).toEqual({ site: [], pages: [] });
  });
});

describe('restoring chosen parts', () => {
  it('restores two blocks and keeps the rest of the draft', () => {
    const next = restorePicks(draft, revision, [
      { kind: 'block', route: '/', id: 'hero' },
      { kind: 'block', route: '/', id: 'note' },
    ]);
    const blocks = next.pages['/'].blocks;
    expect(blocks[0].props.heading).toBe('Spring Sale');
    expect(blocks[1].slots.main).toEqual([{ id: 'note', type: 'rich-text', props: { body: 'Column note' } }]);
    // Kept: the newer text, the banner added since, the new page and the theme.
    expect(blocks[2].props.body).toBe('Welcome, new owners');
    expect(blocks.map((b: { id: string }) => b.id)).toEqual(['hero', 'cols', 'text', 'banner']);
    expect(next.pages['/winter']).toBeDefined();
    expect(next.theme).toEqual({ primary: '#00c' });
    // The draft itself is untouched (the restore is a new document for the undo history).
    expect(draft.pages['/']?.blocks[0]?.props.heading).toBe('Winter Sale');
  });
  it('removes a block added since when that block is picked', () => {
    const next = restorePicks(draft, revision, [{ kind: 'block', route: '/', id: 'banner' }]);
    expect(next.pages['/'].blocks.map((b: { id: string }) => b.id)).toEqual(['hero', 'cols', 'text']);
  });
  it('restoring every part gives the revision', () => {
    const diff = diffRevision(draft, revision);
    const every: RestorePick[] = [
      ...diff.site.map((s) => ({ kind: 'site' as const, key: s.key })),
      ...diff.pages.map((p) => ({ kind: 'page' as const, route: p.route })),
    ];
    expect(restorePicks(draft, revision, every)).toEqual(revision);
  });
});
