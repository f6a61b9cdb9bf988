// The preview frame: the real runtime (tenant routes, layout, block tree, every block, the site stylesheet and theme)
// rendering the editor's draft in the browser. The editor hands it the validated draft's changes on every edit; the
// frame re-renders at once (in the task of the edit) with the blocks' last loader data, then re-runs the page's server
// loaders on the draft (POST /editor/api/tenants/:slug/preview). Clicking a block selects it in the editor's outline.
import { attachImageDrop, type ImageDrop } from './image-drop';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Router, useRoutes, type Navigator, type RouteObject } from 'react-router';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { blockTypesOf, type BlockNode } from '../../runtime/document/blocks';
import { datedBlockStates } from '../../runtime/document/dated-blocks';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';
import { toggleFooterTerms } from '../../runtime/renderer/lazy-hydration';
import { NavigationStateContext, PageDataContext } from '../../runtime/renderer/page-state';
import { createBrowserRoutes } from '../../runtime/renderer/routes';
import type { PageData } from '../../runtime/renderer/types';
import { ChromeContext, type SiteChrome } from '../../runtime/renderer/chrome-context';
import { SiteContext } from '../../runtime/renderer/site-context';
import { themeCss } from '../../runtime/renderer/theme';
import '../../runtime/renderer/styles/site.css';
import { InlineEditContext } from '../../runtime/ui/inline-edit';
import { createInlineEditor, type InlineCommit } from './inline-edit';
import { applyDocPatches, type DocPatch } from './patches';
import './preview.css';
import { previewUploads } from './uploads';

export type ToPreview =
  | { type: 'editor:doc'; doc: TenantDocument; path: string; seq: number }
  | { type: 'editor:patch'; patches: DocPatch[]; path: string; seq: number }
  | { type: 'editor:select'; id: string | null }
  | { type: 'editor:inline-done'; kept: boolean };
/** The preview frame's window: the editor hands it messages directly when it can (the frame is same-origin). */
export type PreviewWindow = Window & { receiveFromEditor?: (message: ToPreview) => void };
export type FromPreview =
  | { type: 'preview:ready' }
  | { type: 'preview:select'; id: string }
  | { type: 'preview:rendered'; seq: number }
  | ({ type: 'preview:inline' } & InlineCommit)
  | { type: 'preview:history'; redo: boolean }
  | ({ type: 'preview:image-drop' } & ImageDrop)
  | { type: 'preview:hover'; id: string | null };

const rootElement = document.getElementById('preview-root')!;
const slug = rootElement.dataset.slug!;
const uploadsCache = new WeakMap<object, unknown>();
const post = (message: FromPreview) => window.parent.postMessage(message, location.origin);
const inline = createInlineEditor(document, (c) => post({ type: 'preview:inline', ...c }));
attachImageDrop(document, (d) => post({ type: 'preview:image-drop', ...d }));
// The footer has no code of its own for its terms' button (it is markup only on the live site).
document.addEventListener('click', (event) => event.target instanceof Element && toggleFooterTerms(event.target));

let csrf: Promise<string> | undefined;
const csrfToken = () =>
  (csrf ??= fetch('/editor/api/session', { credentials: 'same-origin' })
    .then((r) => r.json())
    .then((s) => s.csrf as string));

function PreviewApp() {
  const [state, setState] = useState<{ site: TenantDocument; path: string; seq: number } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const docRef = useRef<TenantDocument | null>(null);
  // The block types with server loaders, from the server's first answer.
  const loaderTypes = useRef<Set<string> | null>(null);
  // The header's Range menu, built by the server from the site's model catalogue with each page's data.
  const [chrome, setChrome] = useState<SiteChrome>({ range: null });

  useEffect(() => {
    const receive = (message: ToPreview) => {
      if (message?.type === 'editor:doc' || (message?.type === 'editor:patch' && docRef.current)) {
        // A patch copies only the objects on the changed paths: the other blocks stay the same objects and the block
        // tree does not render them again. The server's loaders get the draft as it is; the frame renders it with its
        // uploads on the editor's host (previewUploads keeps unchanged objects too).
        const site = message.type === 'editor:doc' ? message.doc : applyDocPatches(docRef.current!, message.patches);
        docRef.current = site;
        const path = message.path;
        const seq = message.seq;
        // Rendered in this task (a message is not a user event, so React would render it in a later task, after the
        // browser may have laid out and painted a frame in between): the edit shows as soon as it arrives.
        inline.beforeRender();
        flushSync(() => {
          setState({ site: previewUploads(site, slug, uploadsCache), path, seq });
          // Another page whose blocks need nothing from the server (a page just added) shows at once, in this render:
          // its loader data (title from data, ...) replaces this when it comes.
          setData((data) => (data?.path === path || !loaderTypes.current ? data : (dataWithoutServer(site, path, loaderTypes.current) ?? data)));
        });
      } else if (message?.type === 'editor:select') setSelected(message.id);
      else if (message?.type === 'editor:inline-done') inline.done(message.kept);
    };
    const onMessage = (e: MessageEvent<ToPreview>) => {
      if (e.origin === location.origin && e.source === window.parent) receive(e.data);
    };
    window.addEventListener('message', onMessage);
    // The editor (same origin: only it can reach this) calls this directly, in the task of the edit, so the change is
    // on screen in the frame before the browser lays out and paints the next frame (a message waits for a later task).
    (window as PreviewWindow).receiveFromEditor = receive;
    post({ type: 'preview:ready' });
    return () => {
      window.removeEventListener('message', onMessage);
      delete (window as PreviewWindow).receiveFromEditor;
    };
  }, []);

  // The route table changes only when pages are added or removed.
  const routesKey = state ? Object.keys(state.site.pages).join('\u0000') : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route table is rebuilt only when the set of pages changes (routesKey), not on every draft edit
  const routes = useMemo(() => (state ? createBrowserRoutes(state.site) : []), [routesKey]);

  // The page's loader data for the draft (blocks with server loaders, page data): at once for another page, and once
  // typing pauses after an edit. Until it comes the page renders with its last data.
  const [data, setData] = useState<{ path: string; page: PageData } | null>(null);
  const [loading, setLoading] = useState(false);
  const shownPath = useRef<string | null>(null);
  const draftSite = state?.site;
  const draftPath = state?.path;
  useEffect(() => {
    if (!draftSite || draftPath === undefined) return;
    const controller = new AbortController();
    const load = async () => {
      setLoading(true);
      try {
        const res = await fetch(`/editor/api/tenants/${slug}/preview`, {
          method: 'POST',
          credentials: 'same-origin',
          signal: controller.signal,
          headers: { 'content-type': 'application/json', 'x-csrf-token': await csrfToken() },
          body: JSON.stringify({ doc: docRef.current, path: draftPath }),
        });
        if (!res.ok) throw new Error(`The preview could not be loaded (HTTP ${res.status})`);
        const answer = (await res.json()) as { data: PageData; chrome?: SiteChrome; loaderTypes?: string[] };
        if (answer.loaderTypes) loaderTypes.current = new Set(answer.loaderTypes);
        if (!controller.signal.aborted) {
          // The header's Range menu, built by the server for the draft as for the live site.
          if (answer.chrome) setChrome(answer.chrome);
          setData({ path: draftPath, page: answer.data });
        }
      } catch (error) {
        if (!controller.signal.aborted) console.error(error);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    };
    const newPage = shownPath.current !== draftPath;
    shownPath.current = draftPath;
    // A new page loads at once, but after the frame has painted what it can show without the server: the request
    // serialises the whole draft, and run before the paint it delays the edit on screen (adding a page).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = newPage ? requestAnimationFrame(() => (timer = setTimeout(load, 0))) : undefined;
    if (!newPage) timer = setTimeout(load, 300);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      controller.abort();
    };
  }, [draftSite, draftPath]);

  // Rendered: once the page of the draft is on screen (not the 'Loading' note of a page whose data is on its way).
  const shown = !!state && data?.path === state.path;
  const renderedSeq = useRef(-1);
  useLayoutEffect(() => {
    if (!state || !shown || renderedSeq.current === state.seq) return;
    renderedSeq.current = state.seq;
    post({ type: 'preview:rendered', seq: state.seq });
  });

  const font = state ? (state.site.theme.font ?? 'sans') : undefined;
  useEffect(() => {
    if (font) document.body.className = `font-${font} editor-preview`;
  }, [font]);

  // Clicks select blocks instead of following links or submitting forms: the editor chooses the page shown.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element | null;
      const block = target?.closest('[data-block-id]');
      const link = target?.closest('a, button[type="submit"], form');
      if (link) e.preventDefault();
      // Marked text is edited in place (and its block selected); a click inside text being edited moves the caret.
      if (block && inline.start(target!, { x: e.clientX, y: e.clientY })) {
        e.stopPropagation();
        post({ type: 'preview:select', id: block.getAttribute('data-block-id')! });
      } else if (block) {
        e.preventDefault();
        e.stopPropagation();
        post({ type: 'preview:select', id: block.getAttribute('data-block-id')! });
      }
    };
    const onSubmit = (e: Event) => e.preventDefault();
    // Undo and redo work with the focus in the frame too (the browser's own undo inside text being edited).
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement | null)?.isContentEditable) return;
      const key = e.key.toLowerCase();
      if (key === 'z' || key === 'y') {
        e.preventDefault();
        post({ type: 'preview:history', redo: key === 'y' || e.shiftKey });
      }
    };
    // The block under the pointer gets the editor's drag handle.
    let hovered: string | null = null;
    const onOver = (e: PointerEvent) => {
      const id = (e.target as Element | null)?.closest?.('[data-block-id]')?.getAttribute('data-block-id') ?? null;
      if (id !== hovered) post({ type: 'preview:hover', id: (hovered = id) });
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerover', onOver);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerover', onOver);
    };
  }, []);

  // The selected block kept in view (a block moved by an edit too), at the next frame: scrolling lays the page out,
  // which in the edit's own task would delay the edit showing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again after every edit (seq), which may have moved the block
  useEffect(() => {
    if (!selected) return;
    const frame = requestAnimationFrame(() => document.querySelector(`[data-block-id="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [selected, state?.seq]);

  if (!state || !data || data.path !== state.path) return <p className="preview-waiting">Loading the preview…</p>;
  return (
    <InlineEditContext.Provider value={true}>
      <SiteContext.Provider value={state.site}>
        <style>{themeCss(state.site.theme)}</style>
        {selected && <style>{`[data-block-id="${CSS.escape(selected)}"]{outline:3px solid #2563eb !important;outline-offset:-3px;}`}</style>}
        <style>{datedMarkers(state.site, data.page.route)}</style>
        <ChromeContext.Provider value={chrome}>
          <Router location={state.path} navigator={STAY}>
            <NavigationStateContext.Provider value={loading ? 'loading' : 'idle'}>
              <PageDataContext.Provider value={data.page}>
                <Pages routes={routes} />
              </PageDataContext.Provider>
            </NavigationStateContext.Provider>
          </Router>
        </ChromeContext.Provider>
      </SiteContext.Provider>
    </InlineEditContext.Provider>
  );
}

/**
 * The page data of `path` when the server has nothing to add: a page of the draft at a path without parameters, with
 * no data source and no block with a server loader. Undefined when the page needs the server's answer.
 */
function dataWithoutServer(site: TenantDocument, path: string, loaderTypes: Set<string>): { path: string; page: PageData } | undefined {
  const page = site.pages[path] as { data?: string; blocks: BlockNode[] } | undefined;
  if (!page || path.includes(':') || (page.data && page.data !== 'none')) return undefined;
  if (blockTypesOf(page.blocks).some((type) => loaderTypes.has(type))) return undefined;
  return { path, page: { route: path, blocks: {}, blockErrors: {} } };
}

/**
 * A marker on each block of the page that is outside its start and expiry now (the live site would not show it), so
 * staff see why it is missing or that it is not live yet.
 */
function datedMarkers(site: TenantDocument, route: string): string {
  const blocks = (site.pages[route] as { blocks?: BlockNode[] } | undefined)?.blocks ?? [];
  return [...datedBlockStates(blocks, Date.now(), siteTimeZone(site))]
    .map(
      ([id, d]) =>
        `[data-block-id="${CSS.escape(id)}"]{outline:2px dashed #7a4b00;outline-offset:-2px;min-height:28px}[data-block-id="${CSS.escape(id)}"]::before{content:${JSON.stringify(`${d.label}: ${d.detail}`)};display:block;background:#7a4b00;color:#fff;font:600 12px/1.6 system-ui,sans-serif;padding:2px 8px}`,
    )
    .join('');
}

/** The preview never navigates: the editor chooses the page shown (clicks select blocks). */
const STAY: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
  push: () => {},
  replace: () => {},
  go: () => {},
};

/**
 * The route table's match, rendered again only when the table or the path changes (memo): matching ranks every route
 * pattern, and an edit of a block changes neither. The pages' blocks still render the edit (they read the contexts).
 */
const Pages = memo(function Pages({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
});

createRoot(rootElement).render(<PreviewApp />);
