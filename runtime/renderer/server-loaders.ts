// Server side of block data: runs the loader.ts of every block on a page (in parallel). A failing loader only
// affects its own block, which then shows a contained notice.
import type { TenantDocument } from '../../schemas/generated/tenant';
import { walkBlocks, type BlockNode } from '../document/blocks';
import type { BlockLoader, PageData } from './types';

const modules = import.meta.glob<{ default: BlockLoader }>('../../blocks/*/loader.ts');
const loaders = new Map(Object.entries(modules).map(([path, load]) => [path.split('/').at(-2)!, load]));

export interface PageLoadRequest {
  tenant: TenantDocument;
  route: string;
  params: Record<string, string | undefined>;
  url: URL;
  now?: Date;
  log?: (message: string, error: unknown) => void;
}

export async function loadPageData({ tenant, route, params, url, now = new Date(), log }: PageLoadRequest): Promise<PageData> {
  const page = tenant.pages[route];
  const data: PageData = { route, blocks: {}, blockErrors: {} };
  if (!page) return data;
  const jobs = [];
  for (const { block } of walkBlocks(page.blocks as unknown as BlockNode[])) {
    const load = loaders.get(block.type);
    if (!load) continue;
    jobs.push(
      (async () => {
        try {
          const loader = (await load()).default;
          data.blocks[block.id] = await loader({ props: block.props ?? {}, tenant, params, url, now });
        } catch (error) {
          data.blockErrors[block.id] = 'This section could not be loaded.';
          log?.(`block loader failed (tenant ${tenant.slug}, page ${route}, block ${block.id} of type ${block.type})`, error);
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return data;
}
