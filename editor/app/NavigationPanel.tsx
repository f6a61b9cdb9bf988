// The header menu as a tree (top-level items with dropdown links): add, reorder by drag and drop or by keyboard
// (Alt+Up/Down), put an item under the one above or take it out again, remove. Link targets are picked from the site's
// pages or typed; the validator's internal-link check flags a path that matches no page. The footer menu is the same
// kind of tree (FooterMenu.tsx). Operations: runtime/document/pages.ts.
import { useState, type KeyboardEvent } from 'react';
import {
  addNavItem,
  type FooterGroup,
  linkTargetProblem,
  moveNavItem,
  type NavLink,
  nestNavItem,
  PageOperationError,
  removeNavItem,
  unnestNavItem,
} from '../../runtime/document/pages';
import { FooterMenu } from './FooterMenu';
import { pathText, sortedRoutes } from './doc-model';
import type { FormContext } from './Fields';

type Doc = Record<string, any>;
type Item = NavLink;

export function NavigationPanel({
  doc,
  ctx,
  replace,
  replaceFooter,
}: {
  doc: Doc;
  ctx: FormContext;
  replace(label: string, header: Item[]): void;
  replaceFooter(label: string, footer: FooterGroup[]): void;
}) {
  const header = (doc.navigation?.header ?? []) as Item[];
  const [label, setLabel] = useState('');
  const [href, setHref] = useState('');
  const [error, setError] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const pages = doc.pages as Record<string, { title: string }>;
  const run = (what: string, op: () => Item[]) => {
    try {
      replace(what, op());
      setError('');
    } catch (e) {
      if (e instanceof PageOperationError) setError(e.message);
      else throw e;
    }
  };
  const keys = (index: number, parent?: number) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const list = parent === undefined ? header : (header[parent].children ?? []);
    const to = index + (e.key === 'ArrowUp' ? -1 : 1);
    if (to < 0 || to >= list.length) return;
    run(`Move ${list[index].label}`, () => moveNavItem(header, index, to, parent));
    // Keep the focus on the moved item's row.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-nav-path="${parent ?? ''}.${to}"] .nav-handle`)?.focus());
  };
  const row = (item: Item, index: number, parent?: number) => {
    const path = parent === undefined ? ['navigation', 'header', index] : ['navigation', 'header', parent, 'children', index];
    const problems = [...(ctx.problems.get(pathText([...path, 'href'])) ?? []), ...(ctx.problems.get(pathText([...path, 'label'])) ?? [])];
    const list = parent === undefined ? header : (header[parent].children ?? []);
    return (
      <div
        className={`nav-row${problems.length ? ' invalid' : ''}`}
        data-nav-path={`${parent ?? ''}.${index}`}
        onKeyDown={keys(index, parent)}
        draggable={parent === undefined}
        onDragStart={() => setDragged(index)}
        onDragOver={(e) => parent === undefined && dragged !== null && e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          if (parent === undefined && dragged !== null && dragged !== index) run(`Move ${header[dragged].label}`, () => moveNavItem(header, dragged, index));
          setDragged(null);
        }}
      >
        <button type="button" className="small nav-handle" aria-label={`${item.label}: Alt+Up or Alt+Down moves it`} title="Drag, or Alt+Up / Alt+Down">
          ⠿
        </button>
        <input
          type="text"
          aria-label={`Label of menu item ${item.label}`}
          value={item.label}
          onChange={(e) => ctx.set([...path, 'label'], e.target.value, 'Edit menu label')}
        />
        <input
          type="text"
          list="site-pages"
          aria-label={`Link of menu item ${item.label}`}
          value={item.href ?? ''}
          placeholder={parent === undefined ? '(dropdown only)' : '/about-us'}
          aria-invalid={problems.length ? true : undefined}
          onChange={(e) => ctx.set([...path, 'href'], e.target.value === '' && parent === undefined ? undefined : e.target.value, 'Edit menu link')}
        />
        <button
          type="button"
          className="small"
          disabled={index === 0}
          aria-label={`Move ${item.label} up`}
          onClick={() => run(`Move ${item.label}`, () => moveNavItem(header, index, index - 1, parent))}
        >
          ↑
        </button>
        <button
          type="button"
          className="small"
          disabled={index === list.length - 1}
          aria-label={`Move ${item.label} down`}
          onClick={() => run(`Move ${item.label}`, () => moveNavItem(header, index, index + 1, parent))}
        >
          ↓
        </button>
        {parent === undefined ? (
          <button
            type="button"
            className="small"
            disabled={index === 0}
            aria-label={`Put ${item.label} under ${header[index - 1]?.label ?? 'the item above'}`}
            onClick={() => run(`Nest ${item.label}`, () => nestNavItem(header, index))}
          >
            →
          </button>
        ) : (
          <button
            type="button"
            className="small"
            aria-label={`Take ${item.label} out of ${header[parent].label}`}
            onClick={() => run(`Un-nest ${item.label}`, () => unnestNavItem(header, parent, index))}
          >
            ←
          </button>
        )}
        <button
          type="button"
          className="small danger"
          aria-label={`Remove menu item ${item.label}`}
          onClick={() => run(`Remove ${item.label}`, () => removeNavItem(header, index, parent))}
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
    <form className="props-form" aria-label="Menus" onSubmit={(e) => e.preventDefault()}>
      <h2>Header menu</h2>
      <datalist id="site-pages">
        {sortedRoutes(pages)
          .filter((r) => !r.includes(':') && r !== '*')
          .map((r) => (
            <option key={r} value={r}>
              {pages[r].title}
            </option>
          ))}
      </datalist>
      <ol className="nav-tree" aria-label="Header menu items">
        {header.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {row(item, i)}
            {item.children?.length ? (
              <ol className="nav-children" aria-label={`Dropdown of ${item.label}`}>
                {item.children.map((c, j) => (
                  <li key={`${j}-${c.label}`}>{row(c, j, i)}</li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
      <div role="group" aria-label="Add a menu item" className="nav-add">
        <label>
          Label <input type="text" value={label} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <label>
          Link <input type="text" list="site-pages" value={href} placeholder="/about-us" onChange={(e) => setHref(e.target.value)} />
        </label>
        <button
          type="button"
          className="small"
          onClick={() => {
            const problem = linkTargetProblem(href);
            if (problem) return setError(problem);
            run(`Add ${label}`, () => addNavItem(header, { label, href: href.trim() }));
            if (label.trim()) {
              setLabel('');
              setHref('');
            }
          }}
        >
          Add to header menu
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FooterMenu footer={(doc.navigation?.footer ?? []) as FooterGroup[]} ctx={ctx} replace={replaceFooter} />
    </form>
  );
}
