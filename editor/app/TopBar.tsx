// The editor's top bar (revision, undo/redo, problem count, Save draft, Publish) and its notices.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import {
  baseRevAtom,
  busyAtom,
  dirtyAtom,
  docAtom,
  liveAtom,
  loadLatestAtom,
  noticeAtom,
  problemsAtom,
  redoAtom,
  tabAtom,
  saveAtom,
  slugAtom,
  typedAtom,
  undoAtom,
  undoStateAtom,
  viewingAtom,
} from './store';

const timeText = (iso: string) => new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

export function TopBar({ onExit }: { onExit(): void }) {
  const slug = useAtomValue(slugAtom);
  const name = useAtomValue(docAtom).name;
  const baseRev = useAtomValue(baseRevAtom);
  const live = useAtomValue(liveAtom);
  const dirty = useAtomValue(dirtyAtom);
  const undoState = useAtomValue(undoStateAtom);
  const problems = useAtomValue(problemsAtom);
  const typed = useAtomValue(typedAtom);
  const busy = useAtomValue(busyAtom);
  const viewing = useAtomValue(viewingAtom);
  const undo = useSetAtom(undoAtom);
  const redo = useSetAtom(redoAtom);
  const save = useSetAtom(saveAtom);
  const publishable = problems.length === 0;
  // Something to publish: unsaved changes, or a saved draft the live site does not show yet. After a template publish
  // the server publishes the site itself, so an editor without changes of its own has nothing to put live.
  const pending = dirty || (live !== null && baseRev !== live.rev);
  return (
    <header className="topbar">
      <button type="button" className="link" onClick={onExit}>
        ← Sites
      </button>
      <h1>{String(name ?? slug)}</h1>
      <span className="muted">
        revision {baseRev}
        {dirty ? ' · unsaved changes' : ''} · live: {live?.rev}
      </span>
      <div className="spacer" />
      <button
        type="button"
        onClick={undo}
        disabled={!undoState.canUndo || !!viewing}
        title={undoState.undoLabel ? `Undo ${undoState.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'}
      >
        Undo
      </button>
      <button
        type="button"
        onClick={redo}
        disabled={!undoState.canRedo || !!viewing}
        title={undoState.redoLabel ? `Redo ${undoState.redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'}
      >
        Redo
      </button>
      <span className={`status ${publishable ? 'ok' : 'bad'}`} role="status" data-testid="validation-status">
        {publishable ? 'No problems' : `${problems.length} problem${problems.length === 1 ? '' : 's'}`}
      </span>
      <button
        type="button"
        onClick={() => save(false)}
        disabled={busy || !!viewing || typed.size > 0}
        title={typed.size ? 'A number field holds text that is not a number: fix it first, or it would be lost' : undefined}
      >
        Save draft
      </button>
      <button
        type="button"
        className="primary"
        onClick={() => save(true)}
        disabled={busy || !publishable || !pending || !!viewing}
        title={!publishable ? 'Fix the problems first' : pending ? 'Publish to the live site' : 'Nothing to publish: the live site shows this revision'}
      >
        Publish
      </button>
    </header>
  );
}

export function Notices() {
  const [notice, setNotice] = useAtom(noticeAtom);
  const [viewing, setViewing] = useAtom(viewingAtom);
  const loadLatest = useSetAtom(loadLatestAtom);
  const setTab = useSetAtom(tabAtom);
  return (
    <>
      {notice && (
        <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          {notice.conflict && (
            <button type="button" className="small" onClick={loadLatest}>
              Load the latest revision
            </button>
          )}
          <button type="button" className="small link" aria-label="Dismiss" onClick={() => setNotice(null)}>
            ✕
          </button>
        </div>
      )}
      {viewing && (
        <div className="notice notice-info" role="status">
          <span>
            Viewing revision {viewing.rev.rev} ({viewing.rev.kind}) by {viewing.rev.authorName} on {timeText(viewing.rev.at)}.
          </span>
          {/* What a restore changes is shown first, in the History tab, where all or part of it is restored. */}
          <button type="button" className="small primary" onClick={() => setTab('history')}>
            Restore this revision…
          </button>
          <button type="button" className="small" onClick={() => setViewing(null)}>
            Back to the draft
          </button>
        </div>
      )}
    </>
  );
}
