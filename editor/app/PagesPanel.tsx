// The site's pages: add one (an address and a starting layout from presets), and rename, duplicate or remove the page
// being edited. The operations are the pure ones in runtime/document/pages.ts; each is one undoable step.
import { useState } from 'react';
import { addToHeaderMenu, canAddToHeaderMenu } from '../../runtime/document/page-menu';
import { addPage, duplicatePage, PageOperationError, removePage, renamePage, routeProblem } from '../../runtime/document/pages';
import { PAGE_PRESETS, presetBlocks } from './page-presets';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
type Doc = Record<string, any>;

function Alert({ text }: { text: string }) {
  return text ? (
    <p className="field-error" role="alert">
      {text}
    </p>
  ) : null;
}

const slugOf = (title: string) =>
  '/' +
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function PagesPanel({
  doc,
  route,
  replace,
  onRoute,
}: {
  doc: Doc;
  route: string;
  replace(label: string, next: Doc): void;
  onRoute(route: string): void;
}) {
  const [title, setTitle] = useState('');
  const [address, setAddress] = useState('');
  const [preset, setPreset] = useState(PAGE_PRESETS[0].id);
  const [addError, setAddError] = useState('');
  const [newAddress, setNewAddress] = useState('');
  const [pageError, setPageError] = useState('');
  const [info, setInfo] = useState('');
  // The page just added, offered for the header menu until it is in it.
  const [added, setAdded] = useState<{ route: string; title: string } | null>(null);
  const suggested = address || (title ? slugOf(title) : '');

  const attempt = (set: (m: string) => void, run: () => void) => {
    try {
      run();
      set('');
    } catch (e) {
      if (e instanceof PageOperationError) set(e.message);
      else throw e;
    }
  };

  return (
    <div className="pages-panel">
      <form
        className="props-form"
        aria-label="Add a page"
        onSubmit={(e) => {
          e.preventDefault();
          attempt(setAddError, () => {
            const next = addPage(doc, suggested, {
              title,
              blocks: presetBlocks(preset, title, { now: Date.now(), timeZone: siteTimeZone(doc as Parameters<typeof siteTimeZone>[0]) }),
            });
            replace(`Add page ${suggested}`, next);
            onRoute(suggested);
            setTitle('');
            setAddress('');
            setInfo(`Added the page ${suggested}.`);
            setAdded({ route: suggested, title });
          });
        }}
      >
        <h2>Add a page</h2>
        <label htmlFor="new-page-title">Title</label>
        <input id="new-page-title" type="text" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Service specials" />
        <label htmlFor="new-page-route">Address</label>
        <input
          id="new-page-route"
          type="text"
          value={address}
          placeholder={title ? slugOf(title) : '/service-specials'}
          onChange={(e) => setAddress(e.target.value)}
          aria-describedby="new-page-route-help"
        />
        <p className="help" id="new-page-route-help">
          The page's path on the site, such as /service-specials; :slug stands for a part that changes.
        </p>
        {suggested && routeProblem(suggested, doc.pages) && <p className="muted">{routeProblem(suggested, doc.pages)}</p>}
        <label htmlFor="new-page-preset">Starting layout</label>
        <select id="new-page-preset" value={preset} onChange={(e) => setPreset(e.target.value)}>
          {PAGE_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="submit" className="small">
          Add page
        </button>
        <Alert text={addError} />
        {info && (
          <p className="muted" role="status">
            {info}
          </p>
        )}
        {added && doc.pages[added.route] && canAddToHeaderMenu(doc, added.route) && (
          <button
            type="button"
            className="small"
            onClick={() => {
              replace(`Add ${added.route} to the header menu`, addToHeaderMenu(doc, added.route, added.title));
              setInfo(`Added ${added.title.trim() || added.route} to the header menu.`);
              setAdded(null);
            }}
          >
            Add to the header menu
          </button>
        )}
      </form>
      {route !== '/' && route !== '*' && (
        <form className="props-form" aria-label="This page" onSubmit={(e) => e.preventDefault()}>
          <h2>Address of this page</h2>
          <label htmlFor="page-new-route">New address</label>
          <input id="page-new-route" type="text" value={newAddress} placeholder={route} onChange={(e) => setNewAddress(e.target.value)} />
          <div className="item-actions">
            <button
              type="button"
              className="small"
              onClick={() =>
                attempt(setPageError, () => {
                  const { doc: next, linksUpdated } = renamePage(doc, route, newAddress.trim());
                  replace(`Move page ${route} to ${newAddress.trim()}`, next);
                  onRoute(newAddress.trim());
                  setInfo(
                    `Moved ${route} to ${newAddress.trim()}; ${linksUpdated} link${linksUpdated === 1 ? '' : 's'} updated.${route.includes(':') ? '' : ' The old address will redirect to the new one.'}`,
                  );
                  setNewAddress('');
                })
              }
            >
              Rename
            </button>
            <button
              type="button"
              className="small"
              onClick={() =>
                attempt(setPageError, () => {
                  const to = newAddress.trim() || `${route}-copy`;
                  replace(`Duplicate page ${route}`, duplicatePage(doc, route, to));
                  onRoute(to);
                  setNewAddress('');
                })
              }
            >
              Duplicate
            </button>
            <button
              type="button"
              className="small danger"
              onClick={() =>
                attempt(setPageError, () => {
                  replace(`Remove page ${route}`, removePage(doc, route));
                  onRoute('/');
                })
              }
            >
              Remove page
            </button>
          </div>
          <Alert text={pageError} />
        </form>
      )}
    </div>
  );
}
