// The live preview: the real runtime in an iframe (editor/preview/main.tsx) at mobile, tablet or desktop width,
// scaled down to fit the pane. The editor hands it the draft's changes by a direct call into the same-origin frame (by
// postMessage until the frame has set that up); the frame answers with postMessage.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { InlineCommit } from '../preview/inline-edit';
import type { ImageDrop } from '../preview/image-drop';
import type { FromPreview, PreviewWindow, ToPreview } from '../preview/main';
import { diffDocs } from '../preview/patches';
import { CanvasLayer } from './CanvasLayer';

const WIDTHS = { mobile: 375, tablet: 768, desktop: 1280 } as const;
export type Device = keyof typeof WIDTHS;

// Directly into the frame's window (same origin), so the frame renders the edit in this task; by message otherwise.
// Either way the frame gets its own copy, made by its own structuredClone: never the editor's (frozen) objects.
function sendToFrame(frame: HTMLIFrameElement | null, message: ToPreview) {
  const target = frame?.contentWindow as PreviewWindow | null | undefined;
  if (target?.receiveFromEditor) target.receiveFromEditor(target.structuredClone(message));
  else target?.postMessage(message, location.origin);
}

export function Preview({
  slug,
  doc,
  path,
  selectedId,
  onSelect,
  onRendered,
  onInline,
  onHistory,
  onImageDrop,
  note,
  canvas,
}: {
  slug: string;
  doc: TenantDocument | null;
  path: string;
  selectedId?: string;
  onSelect(id: string): void;
  onRendered(seq: number): void;
  /** A text edited in place: true when the draft took it (it then comes back to the frame as a new draft). */
  onInline(change: InlineCommit): boolean;
  onHistory(redo: boolean): void;
  /** An image file dropped on a block's picture (or a block) in the preview. */
  onImageDrop(drop: ImageDrop): void;
  note?: string;
  /** Drag and drop in the canvas (the draft's blocks; not while a location's page or a revision is shown). */
  canvas?: boolean;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  // Counts the frame's 'ready' messages: a frame that (re)loads gets the whole draft, then only changes.
  const [ready, setReady] = useState(0);
  const sent = useRef<TenantDocument | null>(null);
  const [device, setDevice] = useState<Device>('desktop');
  const [size, setSize] = useState({ width: 800, height: 600 });
  const handlers = useRef({ onSelect, onRendered, onInline, onHistory, onImageDrop });
  handlers.current = { onSelect, onRendered, onInline, onHistory, onImageDrop };

  useEffect(() => {
    const onMessage = (e: MessageEvent<FromPreview>) => {
      if (e.origin !== location.origin || e.source !== frame.current?.contentWindow) return;
      if (e.data?.type === 'preview:ready') {
        sent.current = null;
        setReady((n) => n + 1);
      } else if (e.data?.type === 'preview:select') handlers.current.onSelect(e.data.id);
      else if (e.data?.type === 'preview:rendered') handlers.current.onRendered(e.data.seq);
      else if (e.data?.type === 'preview:inline') {
        const { id, path, value } = e.data;
        sendToFrame(frame.current, { type: 'editor:inline-done', kept: handlers.current.onInline({ id, path, value }) });
      } else if (e.data?.type === 'preview:history') handlers.current.onHistory(e.data.redo);
      else if (e.data?.type === 'preview:image-drop') handlers.current.onImageDrop(e.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Numbers the drafts sent, so the frame's 'rendered' answer names the one it shows (one message per change).
  const seq = useRef(0);
  // Runs again when the frame says it is ready (a reload: ready counts those), which then gets the whole draft.
  useEffect(() => {
    if (!ready || !doc) return;
    const before = sent.current;
    sent.current = doc;
    const n = ++seq.current;
    // Only the changes: copying the whole draft into the frame costs more than the edit (and the frame then renders
    // every block again, where with the changes it renders only the changed ones).
    if (before) sendToFrame(frame.current, { type: 'editor:patch', patches: diffDocs(before, doc), path, seq: n });
    else sendToFrame(frame.current, { type: 'editor:doc', doc, path, seq: n });
  }, [ready, doc, path]);

  useEffect(() => {
    if (ready) sendToFrame(frame.current, { type: 'editor:select', id: selectedId ?? null });
  }, [ready, selectedId]);

  useLayoutEffect(() => {
    const el = pane.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const width = WIDTHS[device];
  const scale = Math.min(1, (size.width - 24) / width);
  return (
    <section className="preview" aria-label="Preview">
      <div className="preview-bar">
        <div className="segmented" role="group" aria-label="Preview width">
          {(Object.keys(WIDTHS) as Device[]).map((d) => (
            <button key={d} type="button" aria-pressed={device === d} onClick={() => setDevice(d)}>
              {d.charAt(0).toUpperCase() + d.slice(1)} <span className="muted">{WIDTHS[d]}px</span>
            </button>
          ))}
        </div>
        {note && <span className="preview-note">{note}</span>}
      </div>
      <div className="preview-pane" ref={pane}>
        <div className="preview-device" style={{ width: width * scale, height: size.height - 24 }}>
          <iframe
            ref={frame}
            title="Preview of the draft"
            src={`/editor/preview/${slug}`}
            data-device={device}
            style={{ width, height: (size.height - 24) / scale, transform: `scale(${scale})` }}
          />
          {canvas && <CanvasLayer frame={frame} />}
        </div>
      </div>
    </section>
  );
}
