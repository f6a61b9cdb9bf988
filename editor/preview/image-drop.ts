// An image file dragged from the desktop onto a block's picture in the preview: the picture under the pointer (an
// element the block marked with data-image-prop) is outlined, and a drop hands the file to the editor, which uploads it
// to the media library and sets that prop. Over a block with no marked picture the editor picks the block's one image
// prop (a hero without a picture yet).
export interface ImageDrop {
  id: string;
  /** The prop's dotted path ("image", "cards.1.image"), or null when the pointer is over no marked picture. */
  path: string | null;
  file: File;
}

const TARGET = 'image-drop-target';

function targetOf(event: DragEvent): { block: Element; image: Element | null } | null {
  if (!event.dataTransfer?.types.includes('Files') || !(event.target instanceof Element)) return null;
  const block = event.target.closest('[data-block-id]');
  if (!block) return null;
  const own = event.target.closest('[data-image-prop]');
  // A backdrop lies under the block's text: over the text, the block's only marked picture is meant.
  const inBlock = block.querySelectorAll('[data-image-prop]');
  return { block, image: own ?? (inBlock.length === 1 ? inBlock[0]! : null) };
}

export function attachImageDrop(doc: Document, drop: (d: ImageDrop) => void): () => void {
  let marked: Element | null = null;
  const mark = (el: Element | null) => {
    if (marked === el) return;
    marked?.classList.remove(TARGET);
    el?.classList.add(TARGET);
    marked = el;
  };
  const onOver = (e: DragEvent) => {
    const t = targetOf(e);
    mark(t ? (t.image ?? t.block) : null);
    if (!t) return;
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
  };
  const onLeave = (e: DragEvent) => {
    if (!e.relatedTarget) mark(null);
  };
  const onDrop = (e: DragEvent) => {
    const t = targetOf(e);
    mark(null);
    const file = e.dataTransfer?.files[0];
    if (!t || !file) return;
    e.preventDefault();
    drop({ id: t.block.getAttribute('data-block-id')!, path: t.image?.getAttribute('data-image-prop') ?? null, file });
  };
  doc.addEventListener('dragover', onOver);
  doc.addEventListener('dragleave', onLeave);
  doc.addEventListener('drop', onDrop);
  return () => {
    doc.removeEventListener('dragover', onOver);
    doc.removeEventListener('dragleave', onLeave);
    doc.removeEventListener('drop', onDrop);
  };
}
