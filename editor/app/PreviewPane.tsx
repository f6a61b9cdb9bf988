// The middle column: the preview of the draft (or of the revision being viewed) at the page being edited, the example
// a parameterised page shows, or, while locations are edited, the selected location's page.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { previewPath } from './doc-model';
import { needsExample } from './LeftPane';
import { locationPagePath } from './LocationsPanel';
import { Preview } from './Preview';
import {
  currentRouteAtom,
  docAtom,
  examplesAtom,
  locationAtAtom,
  pagesAtom,
  previewDocAtom,
  selectBlockAtom,
  selectedIdAtom,
  slugAtom,
  tabAtom,
  timingAtom,
  validationAtom,
  viewingAtom,
} from './store';

export function PreviewPane() {
  const slug = useAtomValue(slugAtom);
  const previewDoc = useAtomValue(previewDocAtom);
  const viewing = useAtomValue(viewingAtom);
  const valid = useAtomValue(validationAtom).ok;
  const currentRoute = useAtomValue(currentRouteAtom);
  const examples = useAtomValue(examplesAtom);
  const tab = useAtomValue(tabAtom);
  const locationAt = useAtomValue(locationAtAtom);
  const doc = useAtomValue(docAtom);
  const pages = useAtomValue(pagesAtom);
  const selectedId = useAtomValue(selectedIdAtom);
  const select = useSetAtom(selectBlockAtom);
  const perf = useAtomValue(timingAtom);
  const [timing, setTiming] = useState<{ validate: number; preview: number } | null>(null);

  const example = needsExample(currentRoute) && examples?.route === currentRoute ? examples.list[examples.chosen] : undefined;
  const editedLocation = tab === 'locations' ? (doc.dealerships?.[locationAt.d]?.locations?.[locationAt.l] as { slug?: string } | undefined) : undefined;
  const target = (editedLocation?.slug && locationPagePath(pages, editedLocation.slug)) || example?.path || previewPath(currentRoute);
  const note = viewing
    ? `Revision ${viewing.rev.rev}`
    : !valid
      ? 'Showing the last valid version'
      : timing
        ? `Checked in ${Math.round(timing.validate)} ms, preview updated in ${Math.round(timing.preview)} ms`
        : undefined;
  return (
    <Preview
      slug={slug}
      doc={previewDoc}
      path={target}
      selectedId={selectedId}
      onSelect={(id) => select(id)}
      onRendered={() => {
        if (!perf.editStart) return;
        // Also a performance measure: it shows in a browser's performance trace, and tools/bench/editor.ts reads it.
        const preview = performance.measure('edit-to-preview', { start: perf.editStart }).duration;
        setTiming({ validate: perf.validateMs, preview });
      }}
      note={note}
    />
  );
}
