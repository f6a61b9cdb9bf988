// The contract between the renderer and a block folder (blocks/<type>/index.tsx and optional loader.ts).
import type { ComponentType, ReactNode } from 'react';
import type { TenantDocument } from '../../schemas/generated/tenant';

export interface BlockComponentProps<P = Record<string, unknown>, D = unknown> {
  /** The block's props from the document, defaults filled in by the schema. */
  props: P;
  /** Rendered child blocks, by slot name. */
  slots: Record<string, ReactNode>;
  /** What the block's server loader returned for this request (undefined without a loader). */
  data: D;
  block: { id: string; type: string };
}

export type BlockComponent<P = any, D = any> = ComponentType<BlockComponentProps<P, D>>;

export interface BlockLoaderContext<P = any> {
  props: P;
  tenant: TenantDocument;
  params: Record<string, string | undefined>;
  url: URL;
  now: Date;
}

/** Runs on the server only (never shipped to the browser); its result is serialised into the page. */
export type BlockLoader<P = any, D = unknown> = (ctx: BlockLoaderContext<P>) => D | Promise<D>;

/** What a page route's loader returns: per-block loader results, keyed by block id. */
export interface PageData {
  route: string;
  blocks: Record<string, unknown>;
  blockErrors: Record<string, string>;
}
