import { describe, expect, it } from 'vitest';
import { imageDropChange } from './image-drop-ops';

const blocks = [
  { id: 'hero-1', type: 'hero', props: { heading: 'Welcome' } },
  {
    id: 'cols',
    type: 'columns',
    props: {},
    slots: {
      main: [
        {
          id: 'cards',
          type: 'promotion-cards',
          props: {
            cards: [
              { id: 'a', title: 'A' },
              { id: 'b', title: 'B', image: '/x.png' },
            ],
          },
        },
      ],
    },
  },
  { id: 'faq', type: 'accordion', props: {} },
];

describe('imageDropChange', () => {
  it("names the image prop's place in the document, nested in slots and lists too", () => {
    expect(imageDropChange('/', blocks, 'hero-1', 'image')).toEqual({ path: ['pages', '/', 'blocks', 0, 'props', 'image'], label: 'Drop an image on image' });
    expect(imageDropChange('/offers', blocks, 'cards', 'cards.1.image')).toMatchObject({
      path: ['pages', '/offers', 'blocks', 1, 'slots', 'main', 0, 'props', 'cards', 1, 'image'],
    });
  });

  it("takes the block's one picture prop when dropped on the block itself", () => {
    expect(imageDropChange('/', blocks, 'hero-1', null)).toMatchObject({ path: ['pages', '/', 'blocks', 0, 'props', 'image'] });
  });

  it('refuses a prop that is not a picture, a block without one, and a block not on the page', () => {
    expect(imageDropChange('/', blocks, 'hero-1', 'heading')).toEqual({ error: 'Hero banner shows no picture there: drop the image onto a picture.' });
    expect(imageDropChange('/', blocks, 'cards', 'cards.1.title')).toHaveProperty('error');
    expect(imageDropChange('/', blocks, 'faq', null)).toHaveProperty('error', expect.stringMatching(/has no single picture to replace/));
    expect(imageDropChange('/', blocks, 'gone', 'image')).toEqual({ error: 'There is no block gone on this page.' });
  });
});
