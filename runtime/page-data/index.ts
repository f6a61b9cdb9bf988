// Page-level data sources, found by file name: a page with "data": "vehicle" uses ./vehicle.ts. Server only.
// Adding a source is adding a file here (and its name to the page "data" enum in schemas/tenant.base.schema.json).
import type { PageDataSource } from '../renderer/types';

// Tests and helpers are excluded in the pattern itself: an eager glob bundles whatever it matches.
const modules = import.meta.glob<{ default: PageDataSource }>(['./*.ts', '!./*.test.ts', '!./index.ts', '!./types.ts', '!./*-common.ts'], { eager: true });

export const pageDataSources: Record<string, PageDataSource> = Object.fromEntries(
  Object.entries(modules).map(([path, mod]) => [path.replace(/^\.\/|\.ts$/g, ''), mod.default]),
);
