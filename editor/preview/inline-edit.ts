// Editing a block's text in place in the preview: a click on an element the block marked (data-inline, from its
// schema's x-inline) makes it editable; Enter (plain text) or leaving it commits, Escape cancels. The frame never
// changes the document itself: it hands the editor the new value, which goes through the same operation, validation
// and undo as the form, and the draft comes back rendered like any other edit.
//
// While the element is edited the browser rewrites its DOM, which React rendered and still thinks it owns. So the
// nodes React made are noted when editing starts and put back before React renders the committed value (at the next
// draft the editor hands over, in the same task: no frame shows the old text in between), or at once when nothing
// changed or the editor kept the last valid version.
import { BLOCK_INLINE } from '../../schemas/generated/block-inline';
import { markupFromDom } from './inline-markup';

type InlineKind = 'text' | 'rich';

/** The x-inline kind of a block's prop path ("buttons.1.label" matches "buttons.*.label"), or undefined. */
export function inlineKindOf(blockType: string, path: string): InlineKind | undefined {
  const props = BLOCK_INLINE[blockType];
  if (!props) return undefined;
  const pattern = path.replace(/\.\d+(?=\.|$)/g, '.*');
  return props[pattern];
}

/** What an edited element says: plain text on one line, or the dealer copy markup of rich text. */
function editedValue(el: Element, kind: InlineKind): string {
  return kind === 'rich' ? markupFromDom(el) : (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

type Snapshot = { children: Map<Node, Node[]>; texts: Map<Node, string> };

function snapshot(el: Element): Snapshot {
  const children = new Map<Node, Node[]>();
  const texts = new Map<Node, string>();
  const walk = (node: Node) => {
    if (node.nodeType === node.TEXT_NODE) texts.set(node, node.textContent ?? '');
    else {
      children.set(node, [...node.childNodes]);
      node.childNodes.forEach(walk);
    }
  };
  walk(el);
  return { children, texts };
}

function restore(s: Snapshot) {
  for (const [node, kids] of s.children) (node as Element).replaceChildren(...kids);
  for (const [node, text] of s.texts) node.textContent = text;
}

export interface InlineCommit {
  id: string;
  path: string;
  value: string;
}

interface InlineEditor {
  /** Starts editing the marked element the event hit (true), or does nothing (false). */
  start(target: Element, point?: { x: number; y: number }): boolean;
  /** The editor's answer to a commit: kept false means the draft did not take the value (the DOM goes back at once). */
  done(kept: boolean): void;
  /** Runs just before the frame renders a draft: the nodes React owns go back in place. */
  beforeRender(): void;
}

export function createInlineEditor(doc: Document, commit: (c: InlineCommit) => void): InlineEditor {
  let editing: { el: HTMLElement; kind: InlineKind; before: string; snap: Snapshot; id: string; path: string; cleanup: () => void } | null = null;
  let pending: Snapshot | null = null;

  const finish = (save: boolean) => {
    const e = editing;
    if (!e) return;
    editing = null;
    e.cleanup();
    const value = editedValue(e.el, e.kind);
    e.el.removeAttribute('contenteditable');
    if (!save || value === e.before) return restore(e.snap);
    pending = e.snap;
    commit({ id: e.id, path: e.path, value });
  };

  return {
    start(target, point) {
      const el = target.closest<HTMLElement>('[data-inline]');
      const block = el?.closest('[data-block-id]');
      if (!el || !block) return false;
      if (editing?.el === el) return true;
      finish(true);
      const path = el.dataset.inline!;
      const kind = inlineKindOf(block.getAttribute('data-block-type') ?? '', path);
      if (!kind) return false;
      // A draft still on its way puts its nodes back first.
      if (pending) restore(pending), (pending = null);
      const onKey = (e: KeyboardEvent) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        } else if (e.key === 'Enter' && (kind === 'text' || e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          finish(true);
        }
      };
      const onBlur = () => finish(true);
      // Rich text pasted keeps only what the format can say; plain text pastes as text.
      el.addEventListener('keydown', onKey);
      el.addEventListener('blur', onBlur);
      editing = {
        el,
        kind,
        before: editedValue(el, kind),
        snap: snapshot(el),
        id: block.getAttribute('data-block-id')!,
        path,
        cleanup: () => {
          el.removeEventListener('keydown', onKey);
          el.removeEventListener('blur', onBlur);
        },
      };
      el.setAttribute('contenteditable', kind === 'text' ? 'plaintext-only' : 'true');
      el.focus();
      // The caret where the click was (Chromium, Safari), otherwise at the end.
      const range = (point && doc.caretRangeFromPoint?.(point.x, point.y)) || null;
      const selection = doc.getSelection();
      if (selection) {
        const r = range && el.contains(range.startContainer) ? range : doc.createRange();
        if (r !== range) {
          r.selectNodeContents(el);
          r.collapse(false);
        }
        selection.removeAllRanges();
        selection.addRange(r);
      }
      return true;
    },
    done(kept) {
      if (!kept && pending) restore(pending), (pending = null);
    },
    beforeRender() {
      if (pending) restore(pending), (pending = null);
    },
  };
}
