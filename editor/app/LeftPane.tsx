// The left column: the page being edited, the example a parameterised page previews with, and its block outline.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { BlockNode } from '../../runtime/document/blocks';
import { api } from './api';
import { datedBlockStates } from '../../runtime/document/dated-blocks';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';
import { Outline, OutlineMarksContext } from './Outline';
import { locksAtom, useLoadSiteLocks } from './site-locks';
import { blocksAtom, currentRouteAtom, docAtom, examplesAtom, goToRouteAtom, pagesAtom, routesAtom, selectedIdAtom, slugAtom, viewingAtom } from './store';
import { useBlockActions } from './use-editor';

/** Does this route have a required parameter (so its preview needs a real example)? */
export const needsExample = (route: string) => /\/:[A-Za-z0-9]+(\/|$)/.test(route);

/** What the outline shows of a page's blocks: ids, types and slots (a property edit changes none of them). */
const outlineShape = (blocks: BlockNode[]): string =>
  blocks
    .map((b) => `${b.id}:${b.type}${b.slots ? `{${Object.entries(b.slots).map(([name, children]) => `${name}=${outlineShape(children ?? [])}`)}}` : ''}`)
    .join(';');

export function LeftPane() {
  const slug = useAtomValue(slugAtom);
  const pages = useAtomValue(pagesAtom);
  const routes = useAtomValue(routesAtom);
  const currentRoute = useAtomValue(currentRouteAtom);
  const blocks = useAtomValue(blocksAtom);
  const selectedId = useAtomValue(selectedIdAtom);
  const goTo = useSetAtom(goToRouteAtom);
  const [examples, setExamples] = useAtom(examplesAtom);
  const actions = useBlockActions();
  const viewing = !!useAtomValue(viewingAtom);
  const doc = useAtomValue(docAtom);
  const locks = useAtomValue(locksAtom);
  useLoadSiteLocks(slug);
  // Which blocks are outside their start and expiry now, on the site's clock (the same rule the live site shows them by).
  const dated = datedBlockStates(blocks, Date.now(), siteTimeZone(doc as Parameters<typeof siteTimeZone>[0]));
  const marksKey = JSON.stringify([...dated]) + locks.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new object only when what the rows mark changes
  const marks = useMemo(() => ({ dated, locks }), [marksKey, locks]);
  const shape = outlineShape(blocks) + marksKey;
  // The outline (a row per block) renders again only when what it shows changes, not on every keystroke in a field:
  // its actions read the current draft when called, so the ones it was rendered with stay right.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the blocks' shape, the selection and whether a revision is viewed
  const outline = useMemo(() => <Outline blocks={blocks} selectedId={selectedId} actions={actions} />, [shape, selectedId, viewing]);
  const wantsExample = needsExample(currentRoute);

  // A page with a required parameter previews with a real example from the site (a car in stock, a location).
  useEffect(() => {
    if (!wantsExample || examples?.route === currentRoute) return;
    let current = true;
    api<{ examples: { path: string; label: string }[] }>('GET', `/tenants/${slug}/preview-examples?route=${encodeURIComponent(currentRoute)}`).then((r) => {
      if (current) setExamples({ route: currentRoute, list: r.ok ? r.data.examples : [], chosen: 0 });
    });
    return () => {
      current = false;
    };
  }, [wantsExample, currentRoute, examples?.route, slug, setExamples]);

  return (
    <nav className="left" aria-label="Pages and blocks">
      <label className="pages-label" htmlFor="page-select">
        Page
      </label>
      <select id="page-select" value={currentRoute} onChange={(e) => goTo(e.target.value)}>
        {routes.map((r) => (
          <option key={r} value={r}>
            {pages[r]?.title} ({r})
          </option>
        ))}
      </select>
      {wantsExample && examples?.route === currentRoute && (
        <>
          <label className="pages-label" htmlFor="example-select">
            Preview with
          </label>
          {examples.list.length ? (
            <select id="example-select" value={examples.chosen} onChange={(e) => setExamples({ ...examples, chosen: Number(e.target.value) })}>
              {examples.list.map((x, i) => (
                <option key={x.path} value={i}>
                  {x.label}
                </option>
              ))}
            </select>
          ) : (
            <p className="muted">No example in this site's data yet: the preview shows the page without one.</p>
          )}
        </>
      )}
      <h2 className="pane-title">Blocks</h2>
      <OutlineMarksContext.Provider value={marks}>{outline}</OutlineMarksContext.Provider>
    </nav>
  );
}
