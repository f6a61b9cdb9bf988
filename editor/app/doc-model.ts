// What the editor knows about documents, all read from the assembled tenant schema: block types with their titles,
// categories and slots, the page routes, and where validation problems belong.
import tenantSchema from '../../schemas/tenant.schema.json';
import type { BlockNode } from '../../runtime/document/blocks';
import { segmentsToPath } from '../../runtime/tenants/problems';

export const rootSchema = tenantSchema as Record<string, any>;

export interface BlockType {
  type: string;
  title: string;
  description: string;
  category: string;
  slots: { name: string; title: string; allow?: string[] }[];
  propsSchema: Record<string, any>;
}

export const blockTypes: BlockType[] = Object.values(rootSchema.definitions as Record<string, any>)
  .filter((d) => typeof d?.properties?.type?.const === 'string')
  .map((d) => ({
    type: d.properties.type.const,
    title: d['x-block-title'] ?? d.title ?? d.properties.type.const,
    description: d.description ?? '',
    category: d['x-category'] ?? 'content',
    slots: Object.entries((d['x-slots'] ?? {}) as Record<string, { title?: string; allow?: string[] }>).map(([name, s]) => ({
      name,
      title: s.title ?? name,
      allow: s.allow,
    })),
    propsSchema: d.properties.props ?? { type: 'object', properties: {} },
  }))
  .sort((a, b) => a.title.localeCompare(b.title));

export const blockType = (type: string) => blockTypes.find((b) => b.type === type);

/** Block types a slot accepts, grouped by category (the page itself accepts every category). */
export function paletteFor(allow: string[] | undefined): { category: string; types: BlockType[] }[] {
  const groups = new Map<string, BlockType[]>();
  for (const t of blockTypes) {
    if (allow && !allow.includes(t.category)) continue;
    groups.set(t.category, [...(groups.get(t.category) ?? []), t]);
  }
  return [...groups].map(([category, types]) => ({ category, types })).sort((a, b) => a.category.localeCompare(b.category));
}

export const categoryTitle = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

/** Routes in a stable order: home first, the not-found page last. */
export function sortedRoutes(pages: Record<string, unknown>): string[] {
  return Object.keys(pages).sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a === '*' ? 1 : b === '*' ? -1 : a.localeCompare(b)));
}

/** A path to show for a route pattern: optional parameters dropped, required ones given an example value. */
export function previewPath(route: string): string {
  if (route === '*') return '/editor-preview-not-found';
  const path = route
    .split('/')
    .filter((seg) => !seg.endsWith('?'))
    .map((seg) => (seg.startsWith(':') ? 'example' : seg))
    .join('/');
  return path || '/';
}

/** The readable path of a block's prop (the form the validator reports problems in). */
export function blockPropPath(route: string, blockPath: (string | number)[], prop: (string | number)[] = []): string {
  return segmentsToPath(['pages', route, ...blockPath, 'props', ...prop]);
}

export const pathText = segmentsToPath;

export function countBlocks(blocks: BlockNode[]): number {
  let n = 0;
  for (const b of blocks) n += 1 + Object.values(b.slots ?? {}).reduce((s, c) => s + countBlocks(c ?? []), 0);
  return n;
}
