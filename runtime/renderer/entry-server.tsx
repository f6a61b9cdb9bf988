// Server rendering of one page request for one tenant: react-router's static handler runs the page loader, React
// renders the whole document (waiting for every block), and the loader results travel to the browser as hydration
// data so the first render is not fetched again.
import { renderToPipeableStream } from 'react-dom/server';
import { PassThrough } from 'node:stream';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { blockTypesOf, type BlockNode } from '../document/blocks';
import { blockOfError } from './BlockTree';
import { Document, scriptJson, type BootData, type PageAssets } from './Document';
import { createTenantRoutes, NOT_FOUND_ROUTE } from './routes';
import { loadPageData } from './server-loaders';
import { publicSite } from './site-context';
import type { PageData } from './types';

export interface AssetResolver {
  /** Assets of the entry plus the chunks of the given block types. */
  forBlocks(types: string[]): PageAssets;
}

export interface RenderResult {
  status: number;
  headers: Record<string, string>;
  body: NodeJS.ReadableStream | string;
}

export type Logger = (message: string, error?: unknown) => void;

function routeIdOf(context: { matches: { route: { id: string } }[] }): string {
  return context.matches.at(-1)?.route.id ?? NOT_FOUND_ROUTE;
}

function pageLoader(tenant: TenantDocument, log: Logger) {
  return (route: string, { params, request }: { params: Record<string, string | undefined>; request: Request }) =>
    loadPageData({ tenant, route, params, url: new URL(request.url), log });
}

/** The data for a client-side navigation: the same loader the server render uses. */
export async function pageDataFor(tenant: TenantDocument, url: URL, log: Logger): Promise<{ status: number; data: PageData }> {
  const handler = createStaticHandler(createTenantRoutes(publicSite(tenant), pageLoader(tenant, log)));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { status: context.status, data: { route: NOT_FOUND_ROUTE, blocks: {}, blockErrors: {} } };
  const route = routeIdOf(context);
  return { status: route === NOT_FOUND_ROUTE ? 404 : 200, data: context.loaderData[route] as PageData };
}

export async function renderPage(tenant: TenantDocument, url: URL, assets: AssetResolver, log: Logger): Promise<RenderResult> {
  const site = publicSite(tenant);
  const handler = createStaticHandler(createTenantRoutes(site, pageLoader(tenant, log)));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { status: context.status, headers: { location: context.headers.get('location') ?? '/' }, body: '' };
  }
  const route = routeIdOf(context);
  const status = route === NOT_FOUND_ROUTE ? 404 : context.statusCode;
  const blockTypes = blockTypesOf((site.pages[route]?.blocks ?? []) as unknown as BlockNode[]);
  const boot: BootData = {
    site,
    assets: assets.forBlocks(blockTypes),
    hydrationData: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
  const router = createStaticRouter(handler.dataRoutes, context);

  return new Promise<RenderResult>((resolve, reject) => {
    let settled = false;
    const stream = renderToPipeableStream(
      <Document boot={boot} bootJson={scriptJson(boot)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Document>,
      {
        // Never move finished content out of line: crawlers and shoppers without JavaScript get the whole page
        // in document order (React otherwise outlines large boundaries and reveals them with a script).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          settled = true;
          const body = new PassThrough();
          stream.pipe(body);
          resolve({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
        },
        onShellError(error) {
          if (!settled) reject(error);
        },
        onError(error, info) {
          const block = error && typeof error === 'object' ? blockOfError.get(error) : undefined;
          const where = block ? `block ${block.id} of type ${block.type}` : `component stack:${info?.componentStack ?? ' (none)'}`;
          log(`render error (tenant ${tenant.slug}, page ${route}, ${where})`, error);
        },
      },
    );
  });
}
