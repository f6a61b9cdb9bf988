// The middle column: the preview of the draft (or of the revision being viewed) at the page being edited, the example
// a parameterised page shows, or, while locations are edited, the selected location's page.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import type { BlockNode } from '../../runtime/document/blocks';
import { useState } from 'react';
import { previewPath } from './doc-model';
import { needsExample } from './LeftPane';
import { locationPagePath } from './LocationsPanel';
import { inlineChange } from './inline-ops';
import { imageDropChange } from './image-drop-ops';
import { uploadMedia } from './api';
import { Preview } from './Preview';
import { setAt } from './use-editor';
import {
  applyAtom,
  historyAtom,
  noticeAtom,
  redoAtom,
  undoAtom,
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
  const store = useStore();
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
      onInline={(edit) => {
        // The same change as the form's field for the prop, as one undoable step; refused while a revision is viewed.
        if (store.get(viewingAtom)) return false;
        const blocks = (store.get(historyAtom).current.pages[currentRoute]?.blocks ?? []) as BlockNode[];
        const change = inlineChange(currentRoute, blocks, edit.id, edit.path, edit.value);
        if ('error' in change) {
          store.set(noticeAtom, { kind: 'error', text: change.error });
          return false;
        }
        store.set(applyAtom, change.label, (d) => void setAt(d, change.path, change.value), JSON.stringify(change.path));
        return store.get(validationAtom).ok;
      }}
      onImageDrop={async (drop) => {
        // Checked before the upload (nothing is stored for a drop that cannot be used), then set as one undoable step.
        if (store.get(viewingAtom)) return;
        const route = currentRoute;
        const blocks = () => (store.get(historyAtom).current.pages[route]?.blocks ?? []) as BlockNode[];
        const change = imageDropChange(route, blocks(), drop.id, drop.path);
        if ('error' in change) return store.set(noticeAtom, { kind: 'error', text: change.error });
        store.set(noticeAtom, { kind: 'info', text: `Uploading ${drop.file.name}…` });
        const uploaded = await uploadMedia(slug, drop.file);
        if (!uploaded.ok) return store.set(noticeAtom, { kind: 'error', text: uploaded.error });
        // The block may have moved while the file uploaded: its place is looked up again.
        const now = imageDropChange(route, blocks(), drop.id, drop.path);
        if ('error' in now) return store.set(noticeAtom, { kind: 'error', text: now.error });
        store.set(applyAtom, now.label, (d) => void setAt(d, now.path, uploaded.media.url));
        store.set(noticeAtom, { kind: 'success', text: `${drop.file.name} is in the media library and on the page.` });
      }}
      onHistory={(redo) => store.set(redo ? redoAtom : undoAtom)}
      note={note}
      canvas={!viewing && !editedLocation?.slug}
    />
  );
}
