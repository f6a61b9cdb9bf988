import { describe, expect, it } from 'vitest';
import { DocumentHistory } from './history';

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
const doc = () => ({ pages: { '/': { blocks: [{ id: 'hero', props: { heading: 'A' } }] } } as Record<string, any> });

describe('DocumentHistory', () => {
  it('undoes and redoes every change with immer patches, without touching earlier documents', () => {
    const h = new DocumentHistory(doc());
    const first = h.current;
    h.change('Edit heading', (d) => void (d.pages['/'].blocks[0].props.heading = 'B'));
    h.change('Add block', (d) => void d.pages['/'].blocks.push({ id: 'text', props: {} }));
    expect(h.current.pages['/'].blocks).toHaveLength(2);
    expect(first.pages['/'].blocks[0].props.heading).toBe('A');
    expect(h.undoLabel).toBe('Add block');
    h.undo();
    expect(h.current.pages['/'].blocks).toHaveLength(1);
    h.undo();
    expect(h.current.pages['/'].blocks[0].props.heading).toBe('A');
    expect(h.canUndo).toBe(false);
    h.redo();
    h.redo();
    // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
    expect(h.current.pages['/'].blocks.map((b: any) => b.id)).toEqual(['hero', 'text']);
    expect(h.canRedo).toBe(false);
  });

  it('makes typing into one field one step, and a new change clears redo', () => {
    const h = new DocumentHistory(doc());
    for (const text of ['W', 'Wi', 'Win']) h.change('Edit heading', (d) => void (d.pages['/'].blocks[0].props.heading = text), 'hero.heading');
    h.undo();
    expect(h.current.pages['/'].blocks[0].props.heading).toBe('A');
    h.redo();
    expect(h.current.pages['/'].blocks[0].props.heading).toBe('Win');
    h.undo();
    h.change('Edit', (d) => void (d.pages['/'].blocks[0].props.heading = 'Z'));
    expect(h.canRedo).toBe(false);
  });

  it('records nothing for a change that changes nothing', () => {
    const h = new DocumentHistory(doc());
    expect(h.change('Nothing', () => {})).toBe(false);
    expect(h.canUndo).toBe(false);
  });
});

describe('the saved document', () => {
  it('is reached again by undoing back to it, and lost once a new change replaces the steps after it', () => {
    const h = new DocumentHistory<{ title: string }>({ title: 'Saved' });
    expect(h.atSaved).toBe(true);
    h.change('Title', (d) => void (d.title = 'One'), 'title');
    h.change('Title', (d) => void (d.title = 'Two'), 'title');
    expect(h.atSaved).toBe(false);
    h.undo();
    expect(h.current.title).toBe('Saved');
    expect(h.atSaved).toBe(true);
    h.redo();
    h.markSaved();
    h.undo();
    expect(h.atSaved).toBe(false);
    // A different change from here: the saved document (one redo away) can no longer come back.
    h.change('Title', (d) => void (d.title = 'Other'));
    h.undo();
    expect(h.atSaved).toBe(false);
  });

  it('is not the same after typing on in the field whose step made it', () => {
    const h = new DocumentHistory<{ title: string }>({ title: '' });
    h.change('Title', (d) => void (d.title = 'Sale'), 'title');
    h.markSaved();
    h.change('Title', (d) => void (d.title = 'Sale now'), 'title');
    expect(h.atSaved).toBe(false);
  });
});
