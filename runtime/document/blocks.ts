// Small pure functions over a document's block trees, shared by the renderer, the validator and the editor.
export interface BlockNode {
  id: string;
  type: string;
  props?: Record<string, unknown>;
  slots?: Record<string, BlockNode[]>;
}

export interface BlockVisit {
  block: BlockNode;
  /** JSON path segments from the page to the block, e.g. ['blocks', 0, 'slots', 'left', 1]. */
  path: (string | number)[];
  parent?: BlockNode;
  slot?: string;
}

/** Depth-first, in document order. */
export function* walkBlocks(blocks: BlockNode[], path: (string | number)[] = ['blocks'], parent?: BlockNode, slot?: string): Generator<BlockVisit> {
  for (const [i, block] of blocks.entries()) {
    yield { block, path: [...path, i], parent, slot };
    for (const [name, children] of Object.entries(block.slots ?? {})) {
      yield* walkBlocks(children ?? [], [...path, i, 'slots', name], block, name);
    }
  }
}

export function findBlock(blocks: BlockNode[], id: string): BlockVisit | undefined {
  for (const visit of walkBlocks(blocks)) if (visit.block.id === id) return visit;
  return undefined;
}

export function blockTypesOf(blocks: BlockNode[]): string[] {
  const types = new Set<string>();
  for (const { block } of walkBlocks(blocks)) types.add(block.type);
  return [...types].sort();
}

/** Whether a tree has a block of the given type anywhere (a block linking to another's anchor checks it is there). */
export function hasBlockType(blocks: BlockNode[], type: string): boolean {
  for (const { block } of walkBlocks(blocks)) if (block.type === type) return true;
  return false;
}
