// The footer as a never-hydrated island: the same on every page of a site and with nothing to run, so the browser
// keeps the HTML the server rendered (a Suspense boundary that never hydrates) and the footer's code stays out of the
// page's script. Its site links navigate in the page and its one button works through a delegated listener
// (keepServerHtml in lazy-hydration.ts). Where there is no server HTML to keep (the editor's preview renders in the
// browser) or under `npm run dev`, the footer renders from its code, loaded then. React 19 drops a dehydrated boundary
// when a context above it changes (it cannot know what the boundary reads), which a client navigation does: the
// boundary is then rendered afresh, and from the footer's code, so the footer stays on every page.
import { lazy, memo, Suspense, use } from 'react';

const NEVER = new Promise<never>(() => {});

// On the server at once (its renders stay synchronous); in the browser loaded only when rendered, so a static import
// would put it back in the page's script.
const ServerFooter = import.meta.env.SSR ? (await import('./Footer')).Footer : undefined;
const FooterFromCode = ServerFooter ?? lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

/** Only the first render, in the first hydration, keeps the server's HTML; a later one (see above) renders the code. */
let serverHtmlTaken = false;

function FooterIsland() {
  if (!serverHtmlTaken) {
    serverHtmlTaken = true;
    if (!import.meta.env.DEV && typeof document !== 'undefined' && document.getElementById('site-footer')) use(NEVER);
  }
  return <FooterFromCode />;
}

/** Memoised without props or context: a re-render of the layout alone does not touch it. */
export const SiteFooter = memo(function SiteFooter() {
  return (
    <Suspense fallback={null}>
      <FooterIsland />
    </Suspense>
  );
});
