// The contract between the renderer and a block folder (blocks/<type>/index.tsx and optional loader.ts).
import type { ComponentType, ReactNode } from 'react';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { RuntimeServices } from '../services';

export interface BlockComponentProps<P = Record<string, unknown>, D = unknown> {
  /** The block's props from the document, defaults filled in by the schema. */
  props: P;
  /** Rendered child blocks, by slot name. */
  slots: Record<string, ReactNode>;
  /** What the block's server loader returned for this request (undefined without a loader). */
  data: D;
  block: { id: string; type: string };
}

// biome-ignore lint/suspicious/noExplicitAny: each block's props and loader data have their own type; the registry holds every block
export type BlockComponent<P = any, D = any> = ComponentType<BlockComponentProps<P, D>>;

// biome-ignore lint/suspicious/noExplicitAny: each block's props and loader data have their own type; the registry holds every block
export interface BlockLoaderContext<P = any> {
  props: P;
  tenant: TenantDocument;
  params: Record<string, string | undefined>;
  url: URL;
  now: Date;
  /** Server services (inventory, search, ...), present on the server only. */
  services: RuntimeServices;
  /** The data the page's route bound once (a vehicle, the first search results, ...), if any. */
  page: unknown;
}

/** Runs on the server only (never shipped to the browser); its result is serialised into the page. */
// biome-ignore lint/suspicious/noExplicitAny: each block's props and loader data have their own type; the registry holds every block
export type BlockLoader<P = any, D = unknown> = (ctx: BlockLoaderContext<P>) => D | Promise<D>;

/** What a page route's loader returns: per-block loader results, keyed by block id. */
export interface PageData {
  /** The page pattern rendered: the matched route, or '*' when the route's data was not found. */
  route: string;
  /** What the page's data source bound (see runtime/page-data). */
  page?: unknown;
  /** Title, description and share image from the data (a car's name rather than the page's generic title). */
  meta?: PageMeta;
  blocks: Record<string, unknown>;
  blockErrors: Record<string, string>;
  /** An HTTP status other than the route's own: 410 when the page's data is gone for good (a car sold long ago). */
  status?: number;
  /** Page data only (/__data): the page moved here; the browser's router follows it. */
  redirect?: string;
  /** The page's own document (title, blocks and their props), sent with client-side navigation data only: the boot
   * data of the first page carries the other pages in outline (see browserSite in site-context.tsx). */
  pageDocument?: unknown;
}

interface PageMeta {
  title?: string;
  description?: string;
  /** Absolute or site-relative image address for Open Graph. */
  image?: string;
}

/** A page-level data source: binds a route's parameters to data once for every block on the page. */
export type PageDataSource = (
  ctx: Omit<BlockLoaderContext, 'props' | 'page'>,
) => Promise<{ data: unknown; meta?: PageMeta } | { notFound: true } | { gone: true } | { redirect: string }>;
