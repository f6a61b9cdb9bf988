// The footer menu as a tree: groups (a heading over links) and their links. Add, reorder by drag and drop or by
// keyboard (Alt+Up/Down), move a link to the group before or after, remove. Link targets are picked from the site's
// pages (the "site-pages" list of the menus form) or typed; a typed path that matches no page is flagged at the link
// by the validator's internal-link check. Operations: runtime/document/pages.ts.
import { useState, type KeyboardEvent } from 'react';
import {
  addFooterGroup,
  addFooterLink,
  type FooterGroup,
  linkTargetProblem,
  moveFooterItem,
  moveFooterLinkToGroup,
  PageOperationError,
  removeFooterItem,
} from '../../runtime/document/pages';
import { pathText } from './doc-model';
import type { FormContext } from './Fields';

type Drag = { group?: number; index: number } | null;

export function FooterMenu({ footer, ctx, replace }: { footer: FooterGroup[]; ctx: FormContext; replace(label: string, footer: FooterGroup[]): void }) {
  const [groupTitle, setGroupTitle] = useState('');
  const [label, setLabel] = useState('');
  const [href, setHref] = useState('');
  const [into, setInto] = useState(0);
  const [error, setError] = useState('');
  const [dragged, setDragged] = useState<Drag>(null);
  const run = (what: string, op: () => FooterGroup[]) => {
    try {
      replace(what, op());
      setError('');
      return true;
    } catch (e) {
      if (e instanceof PageOperationError) setError(e.message);
      else throw e;
      return false;
    }
  };
  const keys = (index: number, group?: number) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    e.stopPropagation();
    const length = group === undefined ? footer.length : (footer[group].links ?? []).length;
    const to = index + (e.key === 'ArrowUp' ? -1 : 1);
    if (to < 0 || to >= length) return;
    run('Move footer item', () => moveFooterItem(footer, index, to, group));
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-footer-path="${group ?? ''}.${to}"] .nav-handle`)?.focus());
  };
  const dragProps = (index: number, group?: number) => ({
    draggable: true,
    onDragStart: (e: React.DragEvent) => {
      e.stopPropagation();
      setDragged({ group, index });
    },
    onDragOver: (e: React.DragEvent) => dragged && dragged.group === group && e.preventDefault(),
    onDrop: (e: React.DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (dragged && dragged.group === group && dragged.index !== index) run('Move footer item', () => moveFooterItem(footer, dragged.index, index, group));
      setDragged(null);
    },
  });

  const linkRow = (link: { label: string; href?: string }, g: number, i: number) => {
    const path = ['navigation', 'footer', g, 'links', i];
    const problems = [...(ctx.problems.get(pathText([...path, 'href'])) ?? []), ...(ctx.problems.get(pathText([...path, 'label'])) ?? [])];
    const links = footer[g].links ?? [];
    return (
      <div className={`nav-row${problems.length ? ' invalid' : ''}`} data-footer-path={`${g}.${i}`} onKeyDown={keys(i, g)} {...dragProps(i, g)}>
        <button type="button" className="small nav-handle" aria-label={`${link.label}: Alt+Up or Alt+Down moves it`} title="Drag, or Alt+Up / Alt+Down">
          ⠿
        </button>
        <input
          type="text"
          aria-label={`Label of footer link ${link.label}`}
          value={link.label}
          onChange={(e) => ctx.set([...path, 'label'], e.target.value, 'Edit footer label')}
        />
        <input
          type="text"
          list="site-pages"
          aria-label={`Link of footer link ${link.label}`}
          value={link.href ?? ''}
          placeholder="/about-us"
          aria-invalid={problems.length ? true : undefined}
          onChange={(e) => ctx.set([...path, 'href'], e.target.value, 'Edit footer link')}
        />
        <button
          type="button"
          className="small"
          disabled={i === 0}
          aria-label={`Move ${link.label} up`}
          onClick={() => run(`Move ${link.label}`, () => moveFooterItem(footer, i, i - 1, g))}
        >
          ↑
        </button>
        <button
          type="button"
          className="small"
          disabled={i === links.length - 1}
          aria-label={`Move ${link.label} down`}
          onClick={() => run(`Move ${link.label}`, () => moveFooterItem(footer, i, i + 1, g))}
        >
          ↓
        </button>
        <button
          type="button"
          className="small"
          disabled={g === 0}
          aria-label={`Move ${link.label} to ${footer[g - 1]?.title ?? 'the group before'}`}
          onClick={() => run(`Move ${link.label}`, () => moveFooterLinkToGroup(footer, g, i, g - 1))}
        >
          ⇤
        </button>
        <button
          type="button"
          className="small"
          disabled={g === footer.length - 1}
          aria-label={`Move ${link.label} to ${footer[g + 1]?.title ?? 'the group after'}`}
          onClick={() => run(`Move ${link.label}`, () => moveFooterLinkToGroup(footer, g, i, g + 1))}
        >
          ⇥
        </button>
        <button
          type="button"
          className="small danger"
          aria-label={`Remove footer link ${link.label}`}
          onClick={() => run(`Remove ${link.label}`, () => removeFooterItem(footer, i, g))}
        >
          Remove
        </button>
        {problems.length > 0 && (
          <div className="field-error" role="alert">
            {problems.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        )}
      </div>
    );
  };

  return (
    <div className="footer-menu">
      <h2>Footer menu</h2>
      <ol className="nav-tree" aria-label="Footer menu groups">
        {footer.map((group, g) => (
          <li key={`${g}-${group.title}`}>
            <div className="nav-row" data-footer-path={`.${g}`} onKeyDown={keys(g)} {...dragProps(g)}>
              <button
                type="button"
                className="small nav-handle"
                aria-label={`Group ${group.title}: Alt+Up or Alt+Down moves it`}
                title="Drag, or Alt+Up / Alt+Down"
              >
                ⠿
              </button>
              <input
                type="text"
                aria-label={`Heading of footer group ${group.title}`}
                value={group.title}
                onChange={(e) => ctx.set(['navigation', 'footer', g, 'title'], e.target.value, 'Edit footer heading')}
              />
              {group.source === 'models' && <span className="muted">the site's models, then these links</span>}
              <button
                type="button"
                className="small"
                disabled={g === 0}
                aria-label={`Move group ${group.title} up`}
                onClick={() => run(`Move ${group.title}`, () => moveFooterItem(footer, g, g - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="small"
                disabled={g === footer.length - 1}
                aria-label={`Move group ${group.title} down`}
                onClick={() => run(`Move ${group.title}`, () => moveFooterItem(footer, g, g + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="small danger"
                aria-label={`Remove footer group ${group.title}`}
                onClick={() => run(`Remove ${group.title}`, () => removeFooterItem(footer, g))}
              >
                Remove
              </button>
            </div>
            {group.links?.length ? (
              <ol className="nav-children" aria-label={`Links of ${group.title}`}>
                {group.links.map((link, i) => (
                  <li key={`${i}-${link.label}`}>{linkRow(link, g, i)}</li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
      <div role="group" aria-label="Add a footer link" className="nav-add">
        <label>
          Label <input type="text" value={label} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <label>
          Link <input type="text" list="site-pages" value={href} placeholder="/about-us" onChange={(e) => setHref(e.target.value)} />
        </label>
        <label>
          Group
          <select value={into} onChange={(e) => setInto(Number(e.target.value))}>
            {footer.map((group, g) => (
              <option key={g} value={g}>
                {group.title}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="small"
          onClick={() => {
            const problem = linkTargetProblem(href);
            if (problem) return setError(problem);
            if (run(`Add ${label}`, () => addFooterLink(footer, into, { label, href: href.trim() }))) {
              setLabel('');
              setHref('');
            }
          }}
        >
          Add to footer menu
        </button>
      </div>
      <div role="group" aria-label="Add a footer group" className="nav-add">
        <label>
          Heading <input type="text" value={groupTitle} onChange={(e) => setGroupTitle(e.target.value)} />
        </label>
        <button type="button" className="small" onClick={() => run(`Add ${groupTitle}`, () => addFooterGroup(footer, groupTitle)) && setGroupTitle('')}>
          Add footer group
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
