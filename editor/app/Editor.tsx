// The editor of one tenant's document: pages and their block outline on the left, the live preview in the middle,
// the selected block's properties (or the page, the site's settings, or the history) on the right. The state lives in
// a jotai store per opened site (store.ts); every change goes through its history (undo/redo) and is validated at
// once by the same validator as CI. The views below only read what they show and call the store's actions.
import { Provider, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { RevisionMeta } from './api';
import { BlockDnd } from './block-dnd';
import { LeftPane } from './LeftPane';
import { PreviewPane } from './PreviewPane';
import { PropertiesPane } from './PropertiesPane';
import { createEditorStore, dirtyAtom, redoAtom, undoAtom, type Doc } from './store';
import { Notices, TopBar } from './TopBar';

export function Editor({ slug, initial, onExit }: { slug: string; initial: { doc: Doc; head: RevisionMeta; live: RevisionMeta }; onExit(): void }) {
  const [store] = useState(() => createEditorStore(slug, initial));
  return (
    <Provider store={store}>
      <EditorKeys />
      <div className="editor">
        <TopBar onExit={onExit} />
        <Notices />
        <div className="columns">
          <BlockDnd>
            <LeftPane />
            <PreviewPane />
          </BlockDnd>
          <PropertiesPane />
        </div>
      </div>
    </Provider>
  );
}

/** Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y anywhere in the editor, and a warning before leaving with unsaved changes. */
function EditorKeys() {
  const undo = useSetAtom(undoAtom);
  const redo = useSetAtom(redoAtom);
  const dirty = useAtomValue(dirtyAtom);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return null;
}
