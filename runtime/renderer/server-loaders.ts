// Server side of block data: runs the loader.ts of every block on a page (in parallel). A failing loader only
// affects its own block, which then shows a contained notice.
import { redirect } from 'react-router';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { walkBlocks, type BlockNode } from '../document/blocks';
import { pageDataSources } from '../page-data';
import type { RuntimeServices } from '../services';
import type { BlockLoader, PageData } from './types';

const modules = import.meta.glob<{ default: BlockLoader }>('../../blocks/*/loader.ts');
const loaders = new Map(Object.entries(modules).map(([path, load]) => [path.split('/').at(-2)!, load]));
// Each loader once imported: a dynamic import() of a loaded module still resolves through the module loader, which was
// 2% of a vehicle page's render.
const imported = new Map<string, BlockLoader>();
async function loaderOf(type: string, load: () => Promise<{ default: BlockLoader }>): Promise<BlockLoader> {
  let loader = imported.get(type);
  if (!loader) imported.set(type, (loader = (await load()).default));
  return loader;
}

/** The block types whose data comes from a server loader (the editor's preview renders the others without asking). */
export const blockTypesWithLoaders = (): string[] => [...loaders.keys()].sort();

export interface PageLoadRequest {
  tenant: TenantDocument;
  route: string;
  params: Record<string, string | undefined>;
  url: URL;
  now?: Date;
  services?: RuntimeServices;
  log?: (message: string, error: unknown) => void;
}

const NOT_FOUND = '*';

export async function loadPageData(request: PageLoadRequest): Promise<PageData> {
  const { tenant, route, params, url, now = new Date(), services = {}, log } = request;
  const page = tenant.pages[route];
  const data: PageData = { route, blocks: {}, blockErrors: {} };
  if (!page) return data;
  const source = page.data && page.data !== 'none' ? pageDataSources[page.data] : undefined;
  if (source) {
    const bound = await source({ tenant, params, url, now, services });
    // A route whose data does not exist (an unknown car slug) renders the site's own not-found page.
    if ('notFound' in bound) return route === NOT_FOUND ? data : loadPageData({ ...request, route: NOT_FOUND });
    // Gone for good: the site's not-found page with 410; moved: a permanent redirect (both for search engines).
    if ('gone' in bound) return { ...(await loadPageData({ ...request, route: NOT_FOUND })), status: 410 };
    if ('redirect' in bound) throw redirect(bound.redirect, 301);
    data.page = bound.data;
    if (bound.meta) data.meta = bound.meta;
  }
  const jobs: Promise<[string, unknown] | undefined>[] = [];
  for (const { block } of walkBlocks(page.blocks as unknown as BlockNode[])) {
    const load = loaders.get(block.type);
    if (!load) continue;
    jobs.push(
      (async (): Promise<[string, unknown] | undefined> => {
        try {
          const loader = imported.get(block.type) ?? (await loaderOf(block.type, load));
          return [block.id, await loader({ props: block.props ?? {}, tenant, params, url, now, services, page: data.page })];
        } catch (error) {
          data.blockErrors[block.id] = 'This section could not be loaded.';
          log?.(`block loader failed (tenant ${tenant.slug}, page ${route}, block ${block.id} of type ${block.type})`, error);
        }
      })(),
    );
  }
  // In page order, whichever loader finished first: the same page data gives the same boot JSON (and ETag).
  for (const loaded of await Promise.all(jobs)) if (loaded) data.blocks[loaded[0]] = loaded[1];
  return data;
}
