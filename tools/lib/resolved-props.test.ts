// Blocks are typed with their defaults applied (schemas/generated/block-props.ts): this holds because the tenant
// validator's Ajv pass (useDefaults) fills every default in, and the copy of a page the browser gets keeps them.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSite, publicSite } from '../../runtime/renderer/site-context';
import { loadTenants } from '../../runtime/tenants/load';
import { resolveTenantFile } from '../../runtime/tenants/resolve';
import { missingResolvedProps, resolvedPropsSchema } from './resolved-props';
import { readSchemaParts } from './schema-assembly';

const root = join(import.meta.dirname, '../..');
const resolved = new Map(readSchemaParts(root).blocks.map(({ type, schema }) => [type, resolvedPropsSchema(schema)]));
type Block = { id: string; type: string; props?: unknown; slots?: Record<string, Block[]> };
const allBlocks = (blocks: Block[]): Block[] => blocks.flatMap((b) => [b, ...Object.values(b.slots ?? {}).flatMap(allBlocks)]);
const missing = (blocks: Block[]) =>
  allBlocks(blocks).flatMap((b) => missingResolvedProps(b.props, resolved.get(b.type)!).map((p) => `${b.id} (${b.type}) props${p}`));

describe('block props arrive with their defaults', () => {
  const tenants = loadTenants(join(root, 'tenants'));

  it('in every page of every shipped site, on the server and in the page the browser gets', () => {
    expect(tenants.length).toBeGreaterThan(2);
    let checked = 0;
    for (const t of tenants) {
      expect(t.ok, t.slug).toBe(true);
      if (!t.ok) continue;
      for (const [route, page] of Object.entries(t.doc.pages)) {
        const blocks = page.blocks as unknown as Block[];
        expect(missing(blocks), `${t.slug} ${route}`).toEqual([]);
        const inBrowser = (browserSite(publicSite(t.doc), route).pages[route]?.blocks ?? []) as unknown as Block[];
        expect(missing(inBrowser), `${t.slug} ${route} (browser)`).toEqual([]);
        checked += allBlocks(blocks).length;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('not before validation: the tenant files leave defaults out, so the check can fail', () => {
    const raw = resolveTenantFile(join(root, 'tenants/harbourside-mazda.json'), join(root, 'tenants/templates')) as {
      pages: Record<string, { blocks: Block[] }>;
    };
    expect(Object.values(raw.pages).flatMap((p) => missing(p.blocks)).length).toBeGreaterThan(0);
  });

  it("car search gets the schema's filters where the site leaves them out (not a second list in code)", () => {
    const site = tenants.find((t) => t.ok && t.slug === 'harbourside-mazda');
    if (!site?.ok) throw new Error('harbourside-mazda did not load');
    const search = Object.values(site.doc.pages)
      .flatMap((p) => allBlocks(p.blocks as unknown as Block[]))
      .find((b) => b.type === 'car-search')!;
    const schema = readSchemaParts(root).blocks.find((b) => b.type === 'car-search')!.schema;
    const raw = resolveTenantFile(join(root, 'tenants/harbourside-mazda.json'), join(root, 'tenants/templates')) as {
      pages: Record<string, { blocks: Block[] }>;
    };
    const rawSearch = Object.values(raw.pages)
      .flatMap((p) => allBlocks(p.blocks))
      .find((b) => b.id === search.id)! as { props?: { filters?: unknown } };
    expect(rawSearch.props?.filters).toBeUndefined();
    // The schema's list, its items with their own defaults filled in too (a filter without a display is a checkbox list).
    const filters = (search.props as { filters: { attribute: string; display: string; collapsed: boolean }[] }).filters;
    expect(filters.map((f) => f.attribute)).toEqual(schema.properties.filters.default.map((f: { attribute: string }) => f.attribute));
    expect(filters.find((f) => f.attribute === 'price')).toEqual({ attribute: 'price', title: 'Price', display: 'checkbox', collapsed: false });
  });
});
