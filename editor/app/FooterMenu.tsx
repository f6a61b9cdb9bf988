// The footer menu in the shared MenuTree view: groups (a heading over links) and their links. Add, reorder by drag
// or by keyboard (Alt+Up/Down), move a link to the group before or after, remove. Link targets are picked from
// the site's pages (the "site-pages" list of the menus form) or typed; a typed path that matches no page is flagged at
// the link by the validator's internal-link check. Operations: runtime/document/pages.ts.
import { useState } from 'react';
import {
  addFooterGroup,
  addFooterLink,
  type FooterGroup,
  moveFooterItem,
  moveFooterLinkToGroup,
  type NavLink,
  removeFooterItem,
} from '../../runtime/document/pages';
import { AddMenuLink, type MenuAct, MenuError, MenuTree, type MenuLevel, useMenuOperation } from './MenuTree';
import type { FormContext } from './Fields';

export function FooterMenu({ footer, ctx, replace }: { footer: FooterGroup[]; ctx: FormContext; replace(label: string, footer: FooterGroup[]): void }) {
  const [groupTitle, setGroupTitle] = useState('');
  const [into, setInto] = useState(0);
  const { run, error, setError } = useMenuOperation(replace);
  const group: MenuLevel<FooterGroup> = {
    textKey: 'title',
    textName: (t) => `Heading of footer group ${t}`,
    handleName: (t) => `Group ${t}: Alt+Up or Alt+Down moves it`,
    moveName: (t, direction) => `Move group ${t} ${direction}`,
    removeName: (t) => `Remove footer group ${t}`,
    note: (g) => g.source === 'models' && <span className="muted">the site's models, then these links</span>,
  };
  // A link row renders again only when its group or the groups beside it change (MenuLevel.extra): these read no more.
  const toGroup = (link: NavLink, g: number, i: number, to: number, fallback: string, act: MenuAct) => (
    <button
      type="button"
      className="small"
      disabled={!footer[to]}
      aria-label={`Move ${link.label} to ${footer[to]?.title ?? fallback}`}
      onClick={() => act(`Move ${link.label}`, (now) => moveFooterLinkToGroup(now, g, i, to))}
    >
      {to < g ? '⇤' : '⇥'}
    </button>
  );
  const link: MenuLevel<NavLink> = {
    textKey: 'label',
    textName: (t) => `Label of footer link ${t}`,
    handleName: (t) => `${t}: Alt+Up or Alt+Down moves it`,
    moveName: (t, direction) => `Move ${t} ${direction}`,
    removeName: (t) => `Remove footer link ${t}`,
    link: { name: (t) => `Link of footer link ${t}`, placeholder: '/about-us' },
    extra: (l, i, g, act) => (
      <>
        {toGroup(l, g!, i, g! - 1, 'the group before', act)}
        {toGroup(l, g!, i, g! + 1, 'the group after', act)}
      </>
    ),
  };

  return (
    <div className="footer-menu">
      <h2>Footer menu</h2>
      <MenuTree
        name="Footer menu groups"
        childrenName={(g) => `Links of ${g.title}`}
        path={['navigation', 'footer']}
        childKey="links"
        rowAttribute="data-footer-path"
        items={footer}
        top={group}
        child={link}
        ctx={ctx}
        run={run}
        move={moveFooterItem}
        remove={removeFooterItem}
      />
      <AddMenuLink
        name="Add a footer link"
        button="Add to footer menu"
        setError={setError}
        add={(l) => run(`Add ${l.label}`, () => addFooterLink(footer, into, l))}
      >
        <label>
          Group
          <select value={into} onChange={(e) => setInto(Number(e.target.value))}>
            {footer.map((g, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option stands for a group's place in the menu: its value is that place
              <option key={i} value={i}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
      </AddMenuLink>
      <div role="group" aria-label="Add a footer group" className="nav-add">
        <label>
          Heading <input type="text" value={groupTitle} onChange={(e) => setGroupTitle(e.target.value)} />
        </label>
        <button type="button" className="small" onClick={() => run(`Add ${groupTitle}`, () => addFooterGroup(footer, groupTitle)) && setGroupTitle('')}>
          Add footer group
        </button>
      </div>
      <MenuError text={error} />
    </div>
  );
}
