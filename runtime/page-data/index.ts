// Page-level data sources, found by file name: a page with "data": "vehicle" uses ./vehicle.ts. Server only.
// Adding a source is adding a file here (and its name to the page "data" enum in schemas/tenant.base.schema.json).
import type { PageDataSource } from '../renderer/types';

const modules = import.meta.glob<{ default: PageDataSource }>('./*.ts', { eager: true });

export const pageDataSources: Record<string, PageDataSource> = Object.fromEntries(
  Object.entries(modules)
    .filter(([path]) => !/\.test\.ts$|\/index\.ts$|\/types\.ts$/.test(path))
    .map(([path, mod]) => [path.replace(/^\.\/|\.ts$/g, ''), mod.default]),
);
