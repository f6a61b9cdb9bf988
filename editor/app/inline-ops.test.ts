import { describe, expect, it } from 'vitest';
import { DocumentHistory } from './history';
import { inlineChange } from './inline-ops';
import { setAt } from './use-editor';

const blocks = [
  { id: 'hero-1', type: 'hero', props: { heading: 'Old heading', buttons: [{ label: 'Browse', href: '/cars' }] } },
  { id: 'cols', type: 'columns', props: {}, slots: { main: [{ id: 'text-1', type: 'rich-text', props: { body: 'Hello' } }] } },
];

describe('inlineChange', () => {
  it("names the prop's place in the document, as the form does", () => {
    expect(inlineChange('/', blocks, 'hero-1', 'heading', 'New')).toEqual({
      path: ['pages', '/', 'blocks', 0, 'props', 'heading'],
      label: 'Edit heading',
      value: 'New',
    });
    expect(inlineChange('/', blocks, 'hero-1', 'buttons.0.label', 'Go')).toMatchObject({ path: ['pages', '/', 'blocks', 0, 'props', 'buttons', 0, 'label'] });
    expect(inlineChange('/about', blocks, 'text-1', 'body', '**Hi**')).toMatchObject({
      path: ['pages', '/about', 'blocks', 1, 'slots', 'main', 0, 'props', 'body'],
      label: 'Edit body',
    });
  });

  it('refuses a prop the schema does not mark x-inline, and a block not on the page', () => {
    expect(inlineChange('/', blocks, 'hero-1', 'image', 'x')).toEqual({ error: 'image of hero-1 cannot be edited in the preview.' });
    expect(inlineChange('/', blocks, 'hero-1', 'buttons.0.href', '/x')).toEqual({ error: 'buttons.0.href of hero-1 cannot be edited in the preview.' });
    expect(inlineChange('/', blocks, 'gone', 'heading', 'x')).toEqual({ error: 'There is no block gone on this page.' });
  });

  it('is one undoable step that undo takes back', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
    const h = new DocumentHistory<Record<string, any>>({ pages: { '/': { title: 'Home', blocks } } });
    const change = inlineChange('/', blocks, 'hero-1', 'heading', 'Drive away today');
    if ('error' in change) throw new Error(change.error);
    h.change(change.label, (d) => void setAt(d, change.path, change.value), JSON.stringify(change.path));
    expect(h.current.pages['/'].blocks[0].props.heading).toBe('Drive away today');
    expect(h.undoLabel).toBe('Edit heading');
    h.undo();
    expect(h.current.pages['/'].blocks[0].props.heading).toBe('Old heading');
  });
});
