// The site's Suspense boundary: React's, with a probe in its fallback. A fallback renders on the server only when its
// boundary did not finish (a block's code still loading, a render error), so the server's one-pass render learns that
// from the probe (entry-server.tsx renderSynchronously) instead of searching the page's HTML for React's marker of a
// boundary left to the browser (<!--$!-->): on a vehicle page that search cost 2% of a cache miss's CPU.
// Every Suspense of the site's code must be this one (suspense-probe.test.ts checks the imports).
import { Suspense as ReactSuspense, type ReactNode } from 'react';

let fallbacks = 0;

function FallbackProbe() {
  fallbacks++;
  return null;
}

export function Suspense({ fallback, children }: { fallback?: ReactNode; children?: ReactNode }) {
  return (
    <ReactSuspense
      fallback={
        <>
          <FallbackProbe />
          {fallback}
        </>
      }
    >
      {children}
    </ReactSuspense>
  );
}

/** How many fallbacks have rendered in this process: a synchronous render that changes it left a boundary unfinished. */
export const fallbacksRendered = () => fallbacks;
