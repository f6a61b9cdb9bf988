// A first page's blocks by how they hydrate (block-hydration.ts). "Above the fold" is decided simply: the first blocks
// of a page in document order (depth first, so a layout block and the first blocks in its columns count one each).
// Three covers a hero and a search box on a phone, and a vehicle page's layout, its breadcrumb and gallery. Those
// declaring 'visible' (the default) are on screen, so they hydrate at once with the 'load' blocks: their code is
// modulepreloaded. Every other block waits behind its strategy's gate (lazy-hydration.ts), and 'never' blocks keep
// their server HTML wherever they are.
import { walkBlocks, type BlockNode } from '../document/blocks';
import { blockHydration } from './block-hydration';
import type { GatedBlock } from './lazy-hydration';

const ABOVE_THE_FOLD_BLOCKS = 3;

export interface Fold {
  /** Blocks hydrated at once, with their code preloaded. */
  eager: BlockNode[];
  /** Blocks hydrated when their strategy's moment comes or when touched. */
  gated: GatedBlock[];
  /** Never-hydrated blocks: their server HTML is kept and their code never loads. */
  serverHtml: BlockNode[];
}

export function pageFold(blocks: BlockNode[], eagerCount = ABOVE_THE_FOLD_BLOCKS): Fold {
  const fold: Fold = { eager: [], gated: [], serverHtml: [] };
  // A block that declares its hydration still takes its place among the first blocks: what is on screen does not change.
  let position = 0;
  for (const { block } of walkBlocks(blocks)) {
    const aboveTheFold = position++ < eagerCount;
    const { strategy, margin } = blockHydration(block.type);
    if (strategy === 'never') fold.serverHtml.push(block);
    else if (strategy === 'load' || (strategy === 'visible' && aboveTheFold)) fold.eager.push(block);
    else fold.gated.push({ block, strategy, ...(margin ? { margin } : {}) });
  }
  return fold;
}

/** The block types whose code a page needs at once (its eager blocks'). */
export const eagerBlockTypes = (blocks: BlockNode[]) => [...new Set(pageFold(blocks).eager.map((b) => b.type))].sort();
