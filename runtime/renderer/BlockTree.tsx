// Renders a list of blocks from a document: each registered block, its slots recursively, each in its own boundary.
import { memo, use, useContext, useEffect, type ReactNode } from 'react';
import type { BlockNode } from '../document/blocks';
import { BlockBoundary, BlockErrorNotice, type BlockIdentity } from './BlockBoundary';
import { blockHydrated, hydrationGate, isDeferred } from './lazy-hydration';
import { loadBlock, loadedBlock } from './registry';
import { PageContext } from './site-context';
import type { PageData } from './types';

const onServer = typeof window === 'undefined';

/**
 * The block the server is rendering. The server has no error boundaries (a Suspense boundary shows the notice), so
 * its render-error log (entry-server.tsx) names the block from here: React renders a block's element right after
 * this component and reports a render error before moving on.
 */
export let serverRenderingBlock: { id: string; type: string; component: string } | undefined;

function BlockContent({ node, data, slots }: { node: BlockNode; data: PageData; slots: Record<string, ReactNode> }) {
  // Hydrated: what the shopper did in the block before is done again (lazy-hydration.ts). Before use(): a component
  // that suspends must call the same hooks when React replays it.
  useEffect(() => blockHydrated(node.id), [node.id]);
  // Below the fold, the first hydration waits until the block is seen or touched (lazy-hydration.ts).
  const Component = loadedBlock(node.type) ?? use(!onServer && isDeferred(node.id) ? hydrationGate(node) : loadBlock(node.type));
  if (onServer) serverRenderingBlock = { id: node.id, type: node.type, component: Component.displayName ?? Component.name };
  return <Component props={node.props ?? {}} slots={slots} data={data.blocks[node.id]} block={{ id: node.id, type: node.type }} />;
}

export function BlockTree({ blocks, data }: { blocks: BlockNode[]; data: PageData }) {
  const page = useContext(PageContext);
  return (
    <>
      {blocks.map((node) => (
        <Block key={node.id} node={node} data={data} tenant={page.tenant} route={page.route} />
      ))}
    </>
  );
}

/**
 * One block in its boundary. Memoised: the editor's preview re-renders the page on every edit, and a block whose node
 * and data are the same objects as before (the preview keeps unchanged blocks as they were) is not rendered again.
 */
const Block = memo(function Block({ node, data, tenant, route }: { node: BlockNode; data: PageData; tenant: string; route: string }) {
  const where: BlockIdentity = { id: node.id, type: node.type, tenant, route };
  if (data.blockErrors[node.id]) return <BlockErrorNotice id={node.id} />;
  // A slot without blocks is left out, so a layout block can tell an empty slot from a filled one.
  const slots = Object.fromEntries(
    Object.entries(node.slots ?? {})
      .filter(([, children]) => children?.length)
      .map(([name, children]) => [name, <BlockTree key={name} blocks={children} data={data} />]),
  );
  return (
    <div className={`block block-${node.type}`} data-block-id={node.id} data-block-type={node.type}>
      <BlockBoundary where={where}>
        <BlockContent node={node} data={data} slots={slots} />
      </BlockBoundary>
    </div>
  );
});
