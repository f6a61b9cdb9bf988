import { describe, expect, it } from 'vitest';
import {
  addNavItem,
  addPage,
  duplicatePage,
  moveNavItem,
  navigationLinksTo,
  nestNavItem,
  PageOperationError,
  removeNavItem,
  removePage,
  renamePage,
  routeProblem,
  unnestNavItem,
} from './pages';

const doc = () => ({
  name: 'Test Motors',
  navigation: {
    header: [
      { label: 'Used cars', href: '/used' },
      { label: 'About', href: '/about-us', children: [{ label: 'Our team', href: '/team?x=1' }] },
    ],
    footer: [{ title: 'Company', links: [{ label: 'About us', href: '/about-us#top' }] }],
  },
  pages: {
    '/': { title: 'Home', blocks: [{ id: 'hero', type: 'hero', props: { heading: 'Hi', buttons: [{ label: 'Team', href: '/team' }] } }] },
    '/about-us': { title: 'About us', blocks: [{ id: 'about', type: 'rich-text', props: { body: 'x' } }] },
    '/team': { title: 'Team', blocks: [] },
    '/cars/:slug': { title: 'Car', data: 'vehicle', blocks: [] },
    '*': { title: 'Not found', blocks: [] },
  },
});

describe('pages', () => {
  it('adds a page with a starting layout, block ids made unique in the document', () => {
    const next = addPage(doc(), '/service-specials', { title: 'Service specials', blocks: [{ id: 'hero', type: 'hero', props: { heading: 'Specials' } }] });
    expect(next.pages['/service-specials']).toEqual({ title: 'Service specials', blocks: [{ id: 'hero-2', type: 'hero', props: { heading: 'Specials' } }] });
    expect(doc().pages['/service-specials' as '/']).toBeUndefined();
  });

  it("adds and duplicates pages without copying the others: the editor's validator and preview see only the new page as changed", () => {
    const before = doc();
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const blocksOf = (d: Record<string, any>) => Object.values(d.pages as Record<string, { blocks: unknown[] }>).map((p) => p.blocks);
    const added = addPage(before, '/service-specials', { title: 'Service specials' });
    const duplicated = duplicatePage(before, '/about-us', '/about-us-2');
    for (const next of [added, duplicated]) {
      expect(next).not.toBe(before);
      expect(blocksOf(next).slice(0, -1)).toEqual(blocksOf(before));
      blocksOf(before).forEach((blocks, i) => expect(blocksOf(next)[i]).toBe(blocks));
      expect(next.navigation).toBe(before.navigation);
    }
    expect(duplicated.pages['/about-us-2'].blocks[0]).not.toBe(before.pages['/about-us'].blocks[0]);
  });

  it('refuses a route that is taken, malformed or shadows another page', () => {
    expect(routeProblem('/about-us', doc().pages)).toBe('The site already has a page at /about-us.');
    expect(routeProblem('about', doc().pages)).toBe('A page address starts with "/", for example /about-us.');
    expect(routeProblem('/About Us', doc().pages)).toMatch(/^Use lower-case letters/);
    expect(routeProblem('/cars/:id', doc().pages)).toBe('/cars/:id would show the same addresses as the page at /cars/:slug.');
    expect(routeProblem('/cars/:slug/gallery', doc().pages)).toBeUndefined();
    expect(() => addPage(doc(), '/team', { title: 'Team 2' })).toThrow(PageOperationError);
    expect(() => addPage(doc(), '/new', { title: ' ' })).toThrow('Give the page a title.');
  });

  it('duplicates a page with fresh block ids and "(copy)" in its title', () => {
    const next = duplicatePage(doc(), '/about-us', '/about-us-2');
    expect(next.pages['/about-us-2']).toEqual({ title: 'About us (copy)', blocks: [{ id: 'about-2', type: 'rich-text', props: { body: 'x' } }] });
  });

  it('refuses to remove a page the navigation links to, naming the links; removes it once they are gone', () => {
    expect(navigationLinksTo(doc(), '/about-us').map((l) => l.where)).toEqual(['header menu › About', 'footer › Company › About us']);
    expect(() => removePage(doc(), '/about-us')).toThrow(
      '/about-us is linked from the header menu › About (/about-us), footer › Company › About us (/about-us#top). Change or remove those links first.',
    );
    expect(() => removePage(doc(), '/')).toThrow('The home page cannot be removed.');
    const d = doc();
    d.navigation.header[1]!.children = [];
    expect(() => removePage(d, '/team')).not.toThrow();
    expect(removePage(d, '/team').pages['/team' as '/']).toBeUndefined();
    expect(navigationLinksTo(doc(), '/cars/:slug')).toEqual([]);
  });

  it('renames a route in place; links to it in the navigation and in block props follow (query and fragment kept)', () => {
    const { doc: next, linksUpdated } = renamePage(doc(), '/team', '/our-team');
    expect(Object.keys(next.pages)).toEqual(['/', '/about-us', '/our-team', '/cars/:slug', '*']);
    expect(next.navigation.header[1].children[0].href).toBe('/our-team?x=1');
    expect(next.pages['/'].blocks[0].props.buttons[0].href).toBe('/our-team');
    expect(linksUpdated).toBe(2);
    expect(() => renamePage(doc(), '/team', '/about-us')).toThrow('The site already has a page at /about-us.');
    expect(() => renamePage(doc(), '/', '/home')).toThrow(/keep their addresses/);
  });
});

describe('navigation menus as a tree', () => {
  const header = () => doc().navigation.header;
  it('adds, reorders, nests under the item before, un-nests and removes', () => {
    let items = addNavItem(header(), { label: 'Service specials', href: '/service-specials' });
    expect(items.map((i) => i.label)).toEqual(['Used cars', 'About', 'Service specials']);
    items = moveNavItem(items, 2, 0);
    expect(items.map((i) => i.label)).toEqual(['Service specials', 'Used cars', 'About']);
    items = nestNavItem(items, 1);
    expect(items).toEqual([{ label: 'Service specials', href: '/service-specials', children: [{ label: 'Used cars', href: '/used' }] }, header()[1]]);
    items = unnestNavItem(items, 0, 0);
    expect(items.map((i) => [i.label, i.children?.length ?? 0])).toEqual([
      ['Service specials', 0],
      ['Used cars', 0],
      ['About', 1],
    ]);
    items = moveNavItem(addNavItem(items, { label: 'Careers', href: '/careers' }, 2), 1, 0, 2);
    expect(items[2]?.children?.map((c) => c.label)).toEqual(['Careers', 'Our team']);
    items = removeNavItem(items, 0);
    expect(items.map((i) => i.label)).toEqual(['Used cars', 'About']);
    expect(() => nestNavItem(items, 0)).toThrow('The first menu item has nothing to go under.');
    expect(() => nestNavItem(header(), 1)).toThrow('"About" has its own dropdown links; menus go one level deep.');
  });
});

describe('the footer menu as a tree of groups and links', () => {
  const footer = () => [
    { title: 'Models', source: 'models' },
    {
      title: 'Company',
      links: [
        { label: 'About', href: '/about-us' },
        { label: 'Team', href: '/team' },
      ],
    },
  ];
  it('adds groups and links, reorders both, moves a link to another group and removes', async () => {
    const { addFooterGroup, addFooterLink, moveFooterItem, moveFooterLinkToGroup, removeFooterItem } = await import('./pages');
    let groups = addFooterGroup(footer(), ' Help ');
    expect(groups.map((g) => g.title)).toEqual(['Models', 'Company', 'Help']);
    groups = addFooterLink(groups, 2, { label: 'FAQ', href: '/faq' });
    expect(groups[2]?.links).toEqual([{ label: 'FAQ', href: '/faq' }]);
    groups = moveFooterItem(groups, 2, 0);
    expect(groups.map((g) => g.title)).toEqual(['Help', 'Models', 'Company']);
    groups = moveFooterItem(groups, 1, 0, 2);
    expect(groups[2]?.links?.map((l) => l.label)).toEqual(['Team', 'About']);
    groups = moveFooterLinkToGroup(groups, 2, 0, 0);
    expect(groups[0]?.links?.map((l) => l.label)).toEqual(['FAQ', 'Team']);
    expect(groups[1]).toEqual({ title: 'Models', source: 'models' });
    groups = removeFooterItem(groups, 1, 0);
    expect(groups[0]?.links?.map((l) => l.label)).toEqual(['FAQ']);
    groups = removeFooterItem(groups, 0);
    expect(groups.map((g) => g.title)).toEqual(['Models', 'Company']);
    expect(() => addFooterGroup(groups, ' ')).toThrow('Give the group a heading.');
    expect(() => addFooterLink([], 0, { label: 'X', href: '/x' })).toThrow('Add a group first: footer links sit under a heading.');
    expect(() => moveFooterItem(groups, 0, 5)).toThrow('There is no menu item there.');
  });

  it('checks a typed link target', async () => {
    const { linkTargetProblem } = await import('./pages');
    expect(linkTargetProblem('/about-us')).toBeUndefined();
    expect(linkTargetProblem('https://mazda.com.au')).toBeUndefined();
    expect(linkTargetProblem('')).toBe('Choose a page, or type a path such as /about-us or a full web address.');
    expect(linkTargetProblem('about')).toBe('A link is a path on this site (/about-us) or a full web address (https://…).');
    expect(linkTargetProblem('//evil.example')).toBe('A link is a path on this site (/about-us) or a full web address (https://…).');
  });
});
