// Renders a list of blocks from a document: each registered block, its slots recursively, each in its own boundary.
import { use, useContext, type ReactNode } from 'react';
import type { BlockNode } from '../document/blocks';
import { BlockBoundary, BlockErrorNotice } from './BlockBoundary';
import { loadBlock, loadedBlock } from './registry';
import { PageContext } from './site-context';
import type { PageData } from './types';

/** Errors thrown while rendering a block carry the block they came from, so server logs can name it. */
export const blockOfError = new WeakMap<object, { id: string; type: string }>();

function BlockContent({ node, data, slots }: { node: BlockNode; data: PageData; slots: Record<string, ReactNode> }) {
  const Component = loadedBlock(node.type) ?? use(loadBlock(node.type));
  try {
    // Called as a function (blocks are plain function components) so an error can be tagged with its block.
    return (Component as (p: object) => ReactNode)({ props: node.props ?? {}, slots, data: data.blocks[node.id], block: { id: node.id, type: node.type } });
  } catch (error) {
    if (error && typeof error === 'object' && !('then' in error)) blockOfError.set(error, { id: node.id, type: node.type });
    throw error;
  }
}

export function BlockTree({ blocks, data }: { blocks: BlockNode[]; data: PageData }) {
  const page = useContext(PageContext);
  return (
    <>
      {blocks.map((node) => {
        const where = { id: node.id, type: node.type, tenant: page.tenant, route: page.route };
        if (data.blockErrors[node.id]) return <BlockErrorNotice key={node.id} id={node.id} />;
        const slots = Object.fromEntries(
          Object.entries(node.slots ?? {}).map(([name, children]) => [name, <BlockTree key={name} blocks={children} data={data} />]),
        );
        return (
          <div key={node.id} className={`block block-${node.type}`} data-block-id={node.id} data-block-type={node.type}>
            <BlockBoundary where={where}>
              <BlockContent node={node} data={data} slots={slots} />
            </BlockBoundary>
          </div>
        );
      })}
    </>
  );
}
