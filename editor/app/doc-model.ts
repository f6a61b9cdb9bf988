// What the editor knows about documents, all read from the assembled tenant schema: block types with their titles,
// categories and slots, the page routes, and where validation problems belong.
import tenantSchema from '../../schemas/tenant.schema.json';
import { segmentsToPath } from '../../runtime/tenants/problems';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
export const rootSchema = tenantSchema as Record<string, any>;

export interface BlockType {
  type: string;
  title: string;
  description: string;
  category: string;
  slots: { name: string; title: string; allow?: string[] }[];
  // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
  propsSchema: Record<string, any>;
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
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

export const pathText = segmentsToPath;
