// The preview frame: the real runtime (tenant routes, layout, block tree, every block, the site stylesheet and theme)
// rendering the editor's draft in the browser. The editor posts the validated draft on every change; the frame
// re-renders at once with the blocks' last loader data, then re-runs the page's server loaders on the draft
// (POST /editor/api/tenants/:slug/preview). Clicking a block selects it in the editor's outline.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, type LoaderFunctionArgs } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { ChromeContext, type SiteChrome } from '../../runtime/renderer/chrome-context';
import type { PageData } from '../../runtime/renderer/types';
import { createTenantRoutes } from '../../runtime/renderer/routes';
import { SiteContext } from '../../runtime/renderer/site-context';
import { themeCss } from '../../runtime/renderer/theme';
import '../../runtime/renderer/styles/site.css';
import './preview.css';

export type ToPreview = { type: 'editor:doc'; doc: TenantDocument; path: string; seq: number } | { type: 'editor:select'; id: string | null };
export type FromPreview = { type: 'preview:ready' } | { type: 'preview:select'; id: string } | { type: 'preview:rendered'; seq: number };

const rootElement = document.getElementById('preview-root')!;
const slug = rootElement.dataset.slug!;
const post = (message: FromPreview) => window.parent.postMessage(message, location.origin);

let csrf: Promise<string> | undefined;
const csrfToken = () =>
  (csrf ??= fetch('/editor/api/session', { credentials: 'same-origin' })
    .then((r) => r.json())
    .then((s) => s.csrf as string));

function PreviewApp() {
  const [state, setState] = useState<{ site: TenantDocument; path: string; seq: number } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const docRef = useRef<TenantDocument | null>(null);
  // The header's Range menu, built by the server from the site's model catalogue with each page's data.
  const [chrome, setChrome] = useState<SiteChrome>({ range: null });

  useEffect(() => {
    const onMessage = (e: MessageEvent<ToPreview>) => {
      if (e.origin !== location.origin || e.source !== window.parent) return;
      if (e.data?.type === 'editor:doc') {
        docRef.current = e.data.doc;
        setState({ site: e.data.doc, path: e.data.path, seq: e.data.seq });
      } else if (e.data?.type === 'editor:select') setSelected(e.data.id);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'preview:ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The route table changes only when pages are added or removed; the router is rebuilt then (or for another page).
  const routesKey = state ? Object.keys(state.site.pages).join('\u0000') : '';
  const router = useMemo(() => {
    if (!state) return null;
    const loadPage = async (_route: string, { request }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      const res = await fetch(`/editor/api/tenants/${slug}/preview`, {
        method: 'POST',
        credentials: 'same-origin',
        signal: request.signal,
        headers: { 'content-type': 'application/json', 'x-csrf-token': await csrfToken() },
        body: JSON.stringify({ doc: docRef.current, path: url.pathname + url.search }),
      });
      if (!res.ok) throw new Response('The preview could not be loaded', { status: res.status });
      const answer = (await res.json()) as { data: PageData; chrome?: SiteChrome };
      if (answer.chrome) setChrome(answer.chrome);
      return answer.data;
    };
    return createMemoryRouter(createTenantRoutes(state.site, loadPage), { initialEntries: [state.path] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routesKey, state?.path]);

  // After an edit, fetch fresh loader data for the draft (blocks with server loaders, page data), once typing pauses.
  // A new router loads its own data.
  const lastRouter = useRef<typeof router>(null);
  useEffect(() => {
    if (!state || !router) return;
    if (lastRouter.current !== router) {
      lastRouter.current = router;
      return;
    }
    const timer = setTimeout(() => router.revalidate(), 300);
    return () => clearTimeout(timer);
  }, [state?.site, router]);

  useLayoutEffect(() => {
    if (state) post({ type: 'preview:rendered', seq: state.seq });
  }, [state?.seq]);

  useEffect(() => {
    if (state) document.body.className = `font-${state.site.theme.font ?? 'sans'} editor-preview`;
  }, [state?.site.theme.font]);

  // Clicks select blocks instead of following links or submitting forms: the editor chooses the page shown.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element | null;
      const block = target?.closest('[data-block-id]');
      const link = target?.closest('a, button[type="submit"], form');
      if (link) e.preventDefault();
      if (block) {
        e.preventDefault();
        e.stopPropagation();
        post({ type: 'preview:select', id: block.getAttribute('data-block-id')! });
      }
    };
    const onSubmit = (e: Event) => e.preventDefault();
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, []);

  useEffect(() => {
    if (!selected) return;
    document.querySelector(`[data-block-id="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, state?.seq]);

  if (!state || !router) return <p className="preview-waiting">Loading the preview…</p>;
  return (
    <SiteContext.Provider value={state.site}>
      <style>{themeCss(state.site.theme)}</style>
      {selected && <style>{`[data-block-id="${CSS.escape(selected)}"]{outline:3px solid #2563eb !important;outline-offset:-3px;}`}</style>}
      <ChromeContext.Provider value={chrome}>
        <RouterProvider router={router} />
      </ChromeContext.Provider>
    </SiteContext.Provider>
  );
}

createRoot(rootElement).render(<PreviewApp />);
