// For API tests: the app on a free loopback port, over the shipped demo tenants and a demo inventory
// (startSitesServer) or over tenant documents of a test's own (startAppWithTenants), and the pieces they share.
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Car } from '../schemas/generated/car';
import { buildDemoInventory } from '../runtime/inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../runtime/search';
import { loadTenants } from '../runtime/tenants/load';
import { repoRoot, tempTenantsDir } from './tenants';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { FeedPhotoCache } from '../runtime/images/feed-photos';
import { ImageVariantCache } from '../runtime/images/variant-cache';
import { type AppOptions, createApp } from '../runtime/server/app';
import { CarCatalogue } from '../runtime/inventory/car-catalogue';
import { TenantRegistry } from '../runtime/server/tenant-registry';
import { atLeast } from './at-least';

// The four demo sites: tests read the first ones by position.
export const shippedTenants = () =>
  atLeast(
    4,
    loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : [])),
    'the shipped tenants that validate',
  );

/** Listens on a free loopback port (read it from server.address()). */
export function listenOnLoopback(app: Pick<Express, 'listen'>): Promise<Server> {
  return new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
}

/** Stops listening and resolves once open connections have ended. */
export const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A page's assets for tests that render pages without a client build. */
export const stubAssets: AppOptions['assets'] = { forBlocks: () => ({ script: '/x.js', styles: [], modulePreloads: [] }) };

export interface SitesServer {
  server: Server;
  catalogue: CarCatalogue;
  cars: Car[];
  close(): Promise<void>;
}

export async function startSitesServer({
  total,
  now,
  editCars,
  feedPhotos,
}: {
  total: number;
  now?: number;
  /** Changes the demo stock before it is served (a feed's photo addresses, say). */
  editCars?: (cars: Car[]) => void;
  feedPhotos?: FeedPhotoCache;
}): Promise<SitesServer> {
  const cars = buildDemoInventory(shippedTenants(), { total, now });
  editCars?.(cars);
  const catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  const registry = new TenantRegistry(join(repoRoot, 'tenants'), join(repoRoot, 'tenants/templates'), undefined, () => {});
  registry.loadAll();
  const app = createApp({
    registry,
    clientDir: repoRoot,
    assets: stubAssets,
    services: { catalogue },
    log: () => {},
    imageVariants: new ImageVariantCache({ dir: mkdtempSync(join(tmpdir(), 'image-variants-')) }),
    feedPhotos: feedPhotos ?? new FeedPhotoCache({ dir: mkdtempSync(join(tmpdir(), 'feed-photos-')), fetch: async () => Buffer.alloc(0) }),
  });
  const server = await listenOnLoopback(app);
  return { server, catalogue, cars, close: () => closeServer(server) };
}

export interface AppWithTenants {
  server: Server;
  port: number;
  registry: TenantRegistry;
  /** The temporary tenants folder (edit a document there, then registry.reload...). */
  dir: string;
  close(): Promise<void>;
}

/**
 * The app over tenant documents of the test's own (`docs` by slug, in a temporary tenants folder), on a free loopback
 * port: no stock, no client build, no logs unless `options` gives them. `defaultSlug` is the site plain localhost shows.
 */
export async function startAppWithTenants(
  docs: Record<string, unknown>,
  { defaultSlug, ...options }: Partial<AppOptions> & { defaultSlug?: string } = {},
): Promise<AppWithTenants> {
  const dir = tempTenantsDir(docs);
  const registry = new TenantRegistry(dir, join(dir, 'templates'), defaultSlug, () => {});
  registry.loadAll();
  const app = createApp({ registry, clientDir: mkdtempSync(join(tmpdir(), 'client-')), assets: stubAssets, log: () => {}, ...options });
  const server = await listenOnLoopback(app);
  return { server, port: (server.address() as AddressInfo).port, registry, dir, close: () => closeServer(server) };
}
