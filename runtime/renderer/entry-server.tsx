// Server rendering of one page request for one tenant: react-router's static handler runs the page loader, React
// renders the whole document (waiting for every block), and the loader results travel to the browser as hydration
// data so the first render is not fetched again.
import { redirectFor } from '../document/redirects';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Writable } from 'node:stream';
import { matchRoutes, renderMatches, StaticRouter, type RouteMatch, type RouteObject } from 'react-router';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { siteRangeMenu } from '../page-data/range-menu';
import { catalogueNavLinks } from '../page-data/catalogue-nav-links';
import type { RuntimeServices } from '../services';
import { blockTypesOf, type BlockNode } from '../document/blocks';
import { eagerBlockTypes } from './fold';
import * as blockTree from './BlockTree';
import { Document, scriptJson, type BootData, type PageAssets } from './Document';
import { NavigationStateContext, PageDataContext } from './page-state';
import { createBrowserRoutes, NOT_FOUND_ROUTE } from './routes';
import { RouteErrorView } from './SiteLayout';
import { loadPageData } from './server-loaders';
import { utf8Bytes } from './utf8-bytes';
import { memoisedAnswers } from '../page-data/same-second-memo';
import { browserSite, publicSite, type PublicSite } from './site-context';
import type { SiteChrome } from './chrome-context';
import type { PageData } from './types';
import { directSearchConfig, siteSearchesDirectly } from '../search/meilisearch/tenant-tokens';

export interface AssetResolver {
  /** Assets of the entry plus the styles of the given block types and the chunks of those to preload (default all). */
  forBlocks(types: string[], preload?: string[]): PageAssets;
  /** The text of a stylesheet of the build, to inline in the page's <head> (undefined: link it). */
  stylesheetText?(href: string): string | undefined;
}

export interface RenderResult {
  status: number;
  headers: Record<string, string>;
  /**
   * The whole document (rendered once every block is ready), or '' for a redirect: UTF-8 bytes from the one-pass render
   * (they hold no nonce), a string from the streaming render (React's inline scripts may carry the nonce given).
   */
  body: string | Buffer;
  /** The same for every shopper until the site or its stock changes (a 200 of a page without per-shopper data). */
  shareable?: boolean;
}

/** Page data bound to one shopper's reservation or checkout: never cached or shared. */
const PER_SHOPPER_DATA = new Set(['checkout', 'reservation', 'checkout-journey']);

type Logger = (message: string, error?: unknown) => void;

export interface RenderContext {
  tenant: TenantDocument;
  services?: RuntimeServices;
  log: Logger;
}

interface SiteRoutes {
  /** The site's routes as the browser's router has them (routes.tsx createBrowserRoutes). */
  routes: RouteObject[];
  /** Per page pattern, the same tree holding that page alone. */
  alone: Map<string, RouteObject[]>;
  /** What a path matched, by path (repeat visits of a path match again); at most MAX_MATCHES kept. */
  matched: Map<string, PathMatches>;
}
interface PathMatches {
  /** The page the path matched (undefined: the layout alone, or nothing). */
  page: RouteMatch | undefined;
  /** The matches the page renders, as useRoutes gives them to the route elements (null: nothing matched). */
  rendered: RouteMatch[] | null;
}
const MAX_MATCHES = 2000;
const routesOfSite = new WeakMap<PublicSite, SiteRoutes>();

/** The site's routes, made once per document (publicSite: one object per document; a publish gives a new one). */
function siteRoutes(site: PublicSite): SiteRoutes {
  let routes = routesOfSite.get(site);
  if (!routes) routesOfSite.set(site, (routes = { routes: createBrowserRoutes(site), alone: new Map(), matched: new Map() }));
  return routes;
}

/** The route tree with only the layout and the matched page (undefined: the layout alone matched). */
function routesAlone({ routes, alone }: SiteRoutes, page: RouteObject | undefined): RouteObject[] {
  const id = page?.id ?? '';
  let tree = alone.get(id);
  if (!tree) {
    const root = routes[0];
    tree = [{ id: 'root', path: root?.path, element: root?.element, children: page ? [page] : [] }];
    alone.set(id, tree);
  }
  return tree;
}

/**
 * What `useRoutes(routesAlone(...))` renders for a path, worked out once per path: the matches with their pathnames
 * re-encoded as react-router's useRoutes does at the top of a router (its matching, ranking and `new URL` took 3% of
 * a vehicle page's render). The page then renders them with renderMatches, the same elements useRoutes makes.
 */
function pathMatches(routes: SiteRoutes, pathname: string): PathMatches {
  let found = routes.matched.get(pathname);
  if (!found) {
    const matches = matchRoutes(routes.routes, pathname);
    const page = matches && matches.length > 1 ? matches[matches.length - 1] : undefined;
    const encoded = (path: string) => encodeLocationPath(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'));
    const rendered =
      matchRoutes(routesAlone(routes, page?.route), pathname)?.map((match) => ({
        ...match,
        params: { ...match.params },
        pathname: joinPaths(encoded(match.pathname)),
        pathnameBase: match.pathnameBase === '/' ? '/' : joinPaths(encoded(match.pathnameBase)),
      })) ?? null;
    if (routes.matched.size >= MAX_MATCHES) routes.matched.clear();
    routes.matched.set(pathname, (found = { page, rendered }));
  }
  return found;
}

/** '/' and the path, as react-router joins paths (runs of slashes made one). */
const joinPaths = (path: string) => `/${path}`.replace(/[\\/]{2,}/g, '/');

/** react-router's encodeLocation (StaticRouter's navigator) for a path: what `new URL` makes of it. */
const encodeLocationPath = (path: string) => new URL(path.replace(/ $/, '%20'), 'http://localhost').pathname;

/** What a page request comes to: its page data, where to go instead, or a loader that failed. */
type LoadedPage =
  | { kind: 'page'; data: PageData; routeId?: string; matches: RouteMatch[] | null }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'failed' };

/**
 * Matches the address against the site's routes (react-router's matchRoutes, once per path: pathMatches) and runs the
 * page's loader. react-router's static handler would rank and compile every pattern again and convert the route tree
 * on each request; the page renders with the same router tree the browser hydrates (browser-router.tsx
 * SiteRouterProvider).
 */
async function loadPage({ tenant, services, log }: RenderContext, url: URL): Promise<LoadedPage> {
  const { page, rendered: matches } = pathMatches(siteRoutes(publicSite(tenant)), url.pathname);
  if (!page?.route.id) return { kind: 'page', data: { route: NOT_FOUND_ROUTE, blocks: {}, blockErrors: {} }, matches };
  try {
    const data = await loadPageData({ tenant, route: page.route.id, params: page.params, url, services, log });
    return { kind: 'page', data, routeId: page.route.id, matches };
  } catch (error) {
    // A loader's redirect (a sold car's similar search, server-loaders.ts) is a Response with its status and location.
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return { kind: 'redirect', status: error.status, location: error.headers.get('location') ?? '/' };
    }
    log(`page loader failed (tenant ${tenant.slug}, page ${page.route.id})`, error);
    return { kind: 'failed' };
  }
}

// The operator's choice (MEILISEARCH_PUBLIC_HOST and a search key): read once, at start.
const DIRECT_SEARCH = directSearchConfig();

/** The data for a client-side navigation: the same loaders the server render uses. */
export async function pageDataFor(ctx: RenderContext, url: URL): Promise<{ status: number; data: PageData }> {
  const moved = redirectFor(ctx.tenant, url.pathname);
  if (moved) return { status: 200, data: { route: NOT_FOUND_ROUTE, blocks: {}, blockErrors: {}, redirect: moved + url.search } };
  const loaded = await loadPage(ctx, url);
  // A redirect (a sold car's similar search): the browser's router follows it (entry-client.tsx).
  if (loaded.kind === 'redirect') return { status: 200, data: { route: NOT_FOUND_ROUTE, blocks: {}, blockErrors: {}, redirect: loaded.location } };
  if (loaded.kind === 'failed') return { status: 500, data: { route: NOT_FOUND_ROUTE, blocks: {}, blockErrors: {} } };
  const { data } = loaded;
  const site = publicSite(ctx.tenant);
  const pageDocument = site.pages[data.route];
  return {
    status: data.status ?? (data.route === NOT_FOUND_ROUTE ? 404 : 200),
    data: pageDocument ? { ...data, pageDocument } : data,
  };
}

const chromes = new WeakMap<TenantDocument, SiteChrome>();
/** One chrome object per document (and range menu), so its JSON is worked out once. */
function chromeOf(tenant: TenantDocument): SiteChrome {
  const range = siteRangeMenu(tenant);
  let chrome = chromes.get(tenant);
  if (!chrome || chrome.range !== range) chromes.set(tenant, (chrome = { range, catalogueLinks: chrome?.catalogueLinks ?? catalogueNavLinks(tenant) }));
  return chrome;
}

const assetsOfPage = new WeakMap<AssetResolver, WeakMap<PublicSite, PageAssets>>();
/** The assets of a page's blocks, once per build and trimmed site (browserSite: one object per document and route). */
function pageAssets(resolver: AssetResolver, site: PublicSite, route: string): PageAssets {
  let perSite = assetsOfPage.get(resolver);
  if (!perSite) assetsOfPage.set(resolver, (perSite = new WeakMap()));
  let assets = perSite.get(site);
  if (!assets) {
    const blocks = (site.pages[route]?.blocks ?? []) as unknown as BlockNode[];
    // Only the blocks above the fold are modulepreloaded: the others load when they hydrate (fold.ts).
    perSite.set(site, (assets = resolver.forBlocks(blockTypesOf(blocks), eagerBlockTypes(blocks))));
  }
  return assets;
}

// The parts of the boot data that are the same for every request of a page (the trimmed site, the chrome, the assets:
// one object per document and route), serialised once; only the loader data is serialised per request.
const jsonOfShared = new WeakMap<object, string>();
function sharedJson(value: object): string {
  let json = jsonOfShared.get(value);
  if (json === undefined) jsonOfShared.set(value, (json = scriptJson(value)));
  return json;
}

/**
 * scriptJson(value), with the answers of memoised searches inside it (sameSecondMemo: a burst of visits shares one) serialised
 * once per object. Walks plain objects `depth` levels down; a marked answer is found one level below that, and anything
 * else is serialised whole, so the text is JSON.stringify's (same keys, order and omissions).
 */
function jsonWithShared(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return scriptJson(value);
  if (memoisedAnswers.has(value)) return sharedJson(value);
  if (depth === 0 || Object.getPrototypeOf(value) !== Object.prototype || 'toJSON' in value) return scriptJson(value);
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    members.push(`${scriptJson(key)}:${jsonWithShared(member, depth - 1)}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * How far down the hydration data is walked: loaderData, the route's page data, its `page` and `blocks`; the answers sit
 * in those (a search page's results, a block's answer). Deeper, the page's own data (a car's 90 fields) would be
 * serialised field by field: profiles of the vehicle page put that at 2% of its CPU.
 */
const HYDRATION_DEPTH = 4;

/** scriptJson(boot), with the site, chrome and assets serialised once per object, and memoised answers once each. */
function bootJsonOf(boot: BootData): string {
  const { site, chrome, assets, hydrationData, ...rest } = boot;
  const shared = (value: unknown) => (value && typeof value === 'object' ? sharedJson(value) : scriptJson(value));
  const head = `{"site":${sharedJson(site)},${chrome === undefined ? '' : `"chrome":${shared(chrome)},`}"assets":${sharedJson(assets)},"hydrationData":${jsonWithShared(hydrationData, HYDRATION_DEPTH)}`;
  const tail = scriptJson(rest);
  return tail === '{}' ? `${head}}` : `${head},${tail.slice(1)}`;
}

function Pages({ matches }: { matches: RouteMatch[] | null }) {
  return renderMatches(matches);
}

/**
 * The page under a static router: the tree the browser hydrates (browser-router.tsx SiteRouterProvider, which mirrors
 * this fragment of the router and a null), so the HTML and the ids React gives (useId) are the same on both sides.
 */
function ServerRouter({ url, data, matches }: { url: URL; data: PageData; matches: RouteMatch[] | null | 'failed' }) {
  return (
    <>
      <StaticRouter location={url.pathname + url.search}>
        <NavigationStateContext.Provider value="idle">
          <PageDataContext.Provider value={data}>{matches === 'failed' ? <RouteErrorView /> : <Pages matches={matches} />}</PageDataContext.Provider>
        </NavigationStateContext.Provider>
      </StaticRouter>
      {null}
    </>
  );
}

/** The whole document from renderToString, or undefined when some boundary did not complete (or the shell threw). */
function renderSynchronously(page: ReactNode): string | undefined {
  let html: string;
  try {
    html = `<!DOCTYPE html>${renderToString(page)}`;
  } catch {
    return undefined;
  }
  // React's marker of a boundary it left to the browser (a block still loading, a render error).
  return html.includes('<!--$!-->') ? undefined : html;
}

/** `nonce`: the response's Content-Security-Policy nonce, given to any inline script React emits. */
export async function renderPage(ctx: RenderContext, url: URL, assets: AssetResolver, options: { nonce?: string } = {}): Promise<RenderResult> {
  const { tenant, log } = ctx;
  // The old address of a page that moved: a permanent redirect to its address now (runtime/document/redirects.ts).
  const moved = redirectFor(tenant, url.pathname);
  if (moved) return { status: 301, headers: { location: moved + url.search }, body: '' };
  const loaded = await loadPage(ctx, url);
  if (loaded.kind === 'redirect') return { status: loaded.status, headers: { location: loaded.location }, body: '' };
  const matched = loaded.kind === 'page' ? loaded.data : { route: NOT_FOUND_ROUTE, blocks: {}, blockErrors: {} };
  const route = matched.route;
  const status = loaded.kind === 'failed' ? 500 : (matched.status ?? (route === NOT_FOUND_ROUTE ? 404 : 200));
  // The site as the browser gets it: this page in full, others in outline.
  const site = browserSite(publicSite(tenant), route);
  const boot: BootData = {
    site,
    chrome: chromeOf(tenant),
    // Only the blocks above the fold are modulepreloaded: the others load when they hydrate (fold.ts).
    assets: pageAssets(assets, site, route),
    // react-router's hydration data as its static handler gave it: the page's data under its route's id.
    hydrationData: { loaderData: loaded.kind === 'page' && loaded.routeId ? { [loaded.routeId]: matched } : {}, actionData: null, errors: null },
    ...(siteSearchesDirectly(tenant.settings, DIRECT_SEARCH) ? { directSearch: true as const } : {}),
  };
  const page = (
    <Document boot={boot} bootJson={bootJsonOf(boot)} stylesheetText={assets.stylesheetText}>
      <ServerRouter url={url} data={matched} matches={loaded.kind === 'failed' ? 'failed' : loaded.matches} />
    </Document>
  );
  const shareable = status === 200 && !PER_SHOPPER_DATA.has(String(tenant.pages[route]?.data ?? 'none'));
  const html = (body: string | Buffer): RenderResult => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body, shareable });

  // Fast path: once a page's block modules have loaded, nothing on it suspends and React's synchronous string renderer
  // produces the same document for a fraction of the stream's cost (profiles: its byte chunks, encoding and
  // concatenation). A boundary it could not finish (a block still loading, a render error: `<!--$!-->`) or a failed
  // shell sends the page through the streaming render below, which waits for everything and logs errors.
  // Its HTML is encoded here straight into one buffer (utf8-bytes.ts).
  const sync = renderSynchronously(page);
  if (sync !== undefined) return html(utf8Bytes([sync]));

  return new Promise<RenderResult>((resolve, reject) => {
    let settled = false;
    const stream = renderToPipeableStream(page, {
      // Never move finished content out of line: crawlers and shoppers without JavaScript get the whole page
      // in document order (React otherwise outlines large boundaries and reveals them with a script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      nonce: options.nonce,
      onAllReady() {
        settled = true;
        // Everything is ready: collect React's small chunks into one body, sent in one write.
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve(html(body));
            done();
          },
        });
        sink.on('error', reject);
        stream.pipe(sink);
      },
      onShellError(error) {
        if (!settled) reject(error);
      },
      onError(error, info) {
        // The block React was rendering, when the error's component stack passes through it (BlockTree.tsx).
        const block = blockTree.serverRenderingBlock;
        const inBlock = block && info?.componentStack?.includes(block.component);
        const where = inBlock ? `block ${block.id} of type ${block.type}` : `component stack:${info?.componentStack ?? ' (none)'}`;
        log(`render error (tenant ${tenant.slug}, page ${route}, ${where})`, error);
      },
    });
  });
}
