// "Above the fold", decided simply: the first blocks of a page in document order (depth first, so a layout block and
// the first blocks in its columns count one each). Their code is modulepreloaded and they hydrate at once; every
// other block keeps its server-rendered HTML and hydrates when it comes near the viewport or is touched, focused or
// typed into (lazy-hydration.ts). Three covers a hero and a search box on a phone, and a vehicle page's layout, its
// breadcrumb and gallery; anything else on screen at load hydrates a moment later, as soon as it is seen. A block's
// own hydration.ts (block-hydration.ts) can say it never hydrates, or only when touched, wherever it is.
import { walkBlocks, type BlockNode } from '../document/blocks';
import { blockHydration } from './block-hydration';

export const ABOVE_THE_FOLD_BLOCKS = 3;

export interface Fold {
  /** Blocks hydrated at once, with their code preloaded. */
  eager: BlockNode[];
  /** Blocks hydrated when seen or touched. */
  deferred: BlockNode[];
  /** Blocks hydrated only when touched ('on-interaction'), on screen or not. */
  untilTouched: BlockNode[];
  /** Static blocks ('never'), wherever they are: their server HTML is kept and their code never loads. */
  serverHtml: BlockNode[];
}

export function pageFold(blocks: BlockNode[], eagerCount = ABOVE_THE_FOLD_BLOCKS): Fold {
  const fold: Fold = { eager: [], deferred: [], untilTouched: [], serverHtml: [] };
  // A block that declares its hydration still takes its place among the first blocks: what is on screen does not change.
  let position = 0;
  for (const { block } of walkBlocks(blocks)) {
    const list = position++ < eagerCount ? fold.eager : fold.deferred;
    const hydration = blockHydration(block.type);
    (hydration === 'never' ? fold.serverHtml : hydration === 'on-interaction' ? fold.untilTouched : list).push(block);
  }
  return fold;
}

/** The block types whose code a page needs at once (its eager blocks'). */
export const eagerBlockTypes = (blocks: BlockNode[]) => [...new Set(pageFold(blocks).eager.map((b) => b.type))].sort();
