// A text edited in place in the preview, as the document change the form makes for the same prop: the same path,
// the same label and the same merge key, so undo, validation and the form treat both alike.
import { findBlock, type BlockNode } from '../../runtime/document/blocks';
import { inlineKindOf } from '../preview/inline-edit';
import type { Path } from './Fields';
import { humanise } from './schema-form';

interface InlineChange {
  path: Path;
  label: string;
  value: string;
}

/**
 * Where the value of a block's inline prop goes in the document, or an error sentence: the block must be on the page
 * and the prop marked x-inline in its schema (the frame is trusted to name them, not to name any path).
 */
export function inlineChange(route: string, blocks: BlockNode[], id: string, propPath: string, value: string): InlineChange | { error: string } {
  const visit = findBlock(blocks, id);
  if (!visit) return { error: `There is no block ${id} on this page.` };
  if (!inlineKindOf(visit.block.type, propPath)) return { error: `${propPath} of ${id} cannot be edited in the preview.` };
  const prop: Path = propPath.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  const last = String(prop.findLast((k) => typeof k === 'string'));
  return { path: ['pages', route, ...visit.path, 'props', ...prop], label: `Edit ${humanise(last).toLowerCase()}`, value };
}
