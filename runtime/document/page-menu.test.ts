import { describe, expect, it } from 'vitest';
import { addToHeaderMenu, canAddToHeaderMenu } from './page-menu';

const doc = {
  navigation: {
    header: [
      { label: 'New Cars', href: '/new' },
      { label: 'Service', children: [{ label: 'Book a service', href: '/service' }] },
    ],
    footer: [],
  },
};

describe('offering a new page for the header menu', () => {
  it('adds a link named after the page at the end of the menu, keeping the rest', () => {
    const next = addToHeaderMenu(doc, '/service-specials', 'Service specials');
    expect(next.navigation.header).toEqual([...doc.navigation.header, { label: 'Service specials', href: '/service-specials' }]);
    expect(next.navigation.footer).toBe(doc.navigation.footer);
    expect(doc.navigation.header).toHaveLength(2);
  });
  it('names the link after the address when the page has no title', () => {
    expect(addToHeaderMenu(doc, '/offers', '  ').navigation.header.at(-1)).toEqual({ label: '/offers', href: '/offers' });
  });
  it('does not offer an address already in the menu or a dropdown, or one with a changing part', () => {
    expect(canAddToHeaderMenu(doc, '/new')).toBe(false);
    expect(canAddToHeaderMenu(doc, '/service')).toBe(false);
    expect(canAddToHeaderMenu(doc, '/offers/:slug')).toBe(false);
    expect(canAddToHeaderMenu(doc, '/offers')).toBe(true);
    expect(addToHeaderMenu(doc, '/new', 'New')).toBe(doc);
  });
});
