// The header menu as a tree (top-level items with dropdown links) in the shared MenuTree view: add, reorder by drag
// or by keyboard (Alt+Up/Down), put an item under the one above (a button, or dragging it right) or take it out again,
// remove. Link targets are picked from the site's pages or typed; the validator's internal-link check flags a path that
// matches no page.
// The footer menu (FooterMenu.tsx) is the same view. Operations: runtime/document/pages.ts.
import { addNavItem, type FooterGroup, moveNavItem, type NavLink, nestNavItem, removeNavItem, unnestNavItem } from '../../runtime/document/pages';
import { FooterMenu } from './FooterMenu';
import { AddMenuLink, MenuError, MenuTree, type MenuLevel, useMenuOperation } from './MenuTree';
import { sortedRoutes } from './doc-model';
import type { FormContext } from './Fields';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Doc = Record<string, any>;

const linkNames: Omit<MenuLevel<NavLink>, 'link'> = {
  textKey: 'label',
  textName: (t) => `Label of menu item ${t}`,
  handleName: (t) => `${t}: Alt+Up or Alt+Down moves it`,
  moveName: (t, direction) => `Move ${t} ${direction}`,
  removeName: (t) => `Remove menu item ${t}`,
};

export function NavigationPanel({
  doc,
  ctx,
  replace,
  replaceFooter,
}: {
  doc: Doc;
  ctx: FormContext;
  replace(label: string, header: NavLink[]): void;
  replaceFooter(label: string, footer: FooterGroup[]): void;
}) {
  const header = (doc.navigation?.header ?? []) as NavLink[];
  const { run, error, setError } = useMenuOperation(replace);
  const pages = doc.pages as Record<string, { title: string }>;
  const top: MenuLevel<NavLink> = {
    ...linkNames,
    link: { name: (t) => `Link of menu item ${t}`, placeholder: '(dropdown only)', optional: true },
    extra: (item, index, _parent, act) => (
      <button
        type="button"
        className="small"
        disabled={index === 0}
        aria-label={`Put ${item.label} under ${header[index - 1]?.label ?? 'the item above'}`}
        onClick={() => act(`Nest ${item.label}`, (now) => nestNavItem(now, index))}
      >
        →
      </button>
    ),
  };
  const dropdown: MenuLevel<NavLink> = {
    ...linkNames,
    link: { name: (t) => `Link of menu item ${t}`, placeholder: '/about-us' },
    extra: (item, index, parent, act) => (
      <button
        type="button"
        className="small"
        aria-label={`Take ${item.label} out of ${header[parent!]?.label}`}
        onClick={() => act(`Un-nest ${item.label}`, (now) => unnestNavItem(now, parent!, index))}
      >
        ←
      </button>
    ),
  };
  return (
    <form className="props-form" aria-label="Menus" onSubmit={(e) => e.preventDefault()}>
      <h2>Header menu</h2>
      <datalist id="site-pages">
        {sortedRoutes(pages)
          .filter((r) => !r.includes(':') && r !== '*')
          .map((r) => (
            <option key={r} value={r}>
              {pages[r]?.title}
            </option>
          ))}
      </datalist>
      <MenuTree
        name="Header menu items"
        childrenName={(item) => `Dropdown of ${item.label}`}
        path={['navigation', 'header']}
        childKey="children"
        rowAttribute="data-nav-path"
        items={header}
        top={top}
        child={dropdown}
        ctx={ctx}
        run={run}
        move={moveNavItem}
        remove={removeNavItem}
        nest={nestNavItem}
      />
      <AddMenuLink
        name="Add a menu item"
        button="Add to header menu"
        setError={setError}
        add={(link) => run(`Add ${link.label}`, () => addNavItem(header, link))}
      />
      <MenuError text={error} />
      <FooterMenu footer={(doc.navigation?.footer ?? []) as FooterGroup[]} ctx={ctx} replace={replaceFooter} />
    </form>
  );
}
