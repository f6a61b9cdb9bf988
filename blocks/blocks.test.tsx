// Every block folder is a complete, self-describing block: a props schema that compiles, a component the registry
// finds, and example fixtures that validate and render. Adding a folder adds a block; this test covers it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import tenantSchema from '../schemas/tenant.schema.json';
import { loadBlock, registeredBlockTypes } from '../runtime/renderer/registry';
import { buildDemoInventory } from '../runtime/inventory/demo-inventory';
import type { VehiclePageData } from '../runtime/page-data/types';
import { PageContext, SiteContext } from '../runtime/renderer/site-context';
import { loadTenants } from '../runtime/tenants/load';
import { createAjv } from '../runtime/tenants/validate';

const dir = import.meta.dirname;
const folders = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
// The demo site with the most locations, so location blocks have something of every type to show.
const locationCount = (t: ReturnType<typeof loadTenants>[number]) => (t.ok ? t.doc.dealerships.flatMap((d) => d.locations).length : 0);
const site = loadTenants(join(dir, '../tenants')).sort((a, b) => locationCount(b) - locationCount(a))[0];

// Blocks that read a page's bound data ("x-page-data") render with real data: a car of the site's own stock.
function vehiclePageData(): VehiclePageData | undefined {
  if (!site?.ok) return undefined;
  const car = buildDemoInventory([site.doc], { total: 100, now: Date.parse('2026-11-20T00:00:00Z') }).find(
    (c) => c.status === 'in_stock' && c.price > 0 && (c.images?.length ?? 0) > 3,
  )!;
  const dealership = site.doc.dealerships.find((d) => d.id === car.dealership_id)!;
  return { car, dealership, location: dealership.locations.find((l) => l.id === car.location_id), primaryLocation: dealership.locations[0] };
}
const vehicle = vehiclePageData();

describe('block folders', () => {
  it('are all registered, and each is in the assembled tenant schema', () => {
    expect(registeredBlockTypes()).toEqual(folders);
    // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
    for (const type of folders) expect((tenantSchema as any).definitions[`block_${type.replace(/-/g, '_')}`]?.properties.type.const).toBe(type);
  });

  for (const type of folders) {
    describe(type, () => {
      const schema = JSON.parse(readFileSync(join(dir, type, 'schema.json'), 'utf8'));
      const fixtures: unknown[] = existsSync(join(dir, type, 'fixtures.json')) ? JSON.parse(readFileSync(join(dir, type, 'fixtures.json'), 'utf8')) : [];

      it('has a title, a description and a description for every prop', () => {
        expect(schema.title).toBeTruthy();
        expect(schema.description).toBeTruthy();
        // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
        for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) expect(prop.description ?? prop.title, `${type}.${name}`).toBeTruthy();
      });

      it('has fixtures that validate against its schema and render', async () => {
        expect(fixtures.length).toBeGreaterThan(0);
        const { ['x-slots']: _slots, ['x-category']: _category, ['x-page-data']: _data, ...propsSchema } = schema;
        // With the tenant schema's shared definitions (the link type), as the block's props are checked in a document.
        // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
        const validate = createAjv().compile({ ...propsSchema, definitions: (tenantSchema as any).definitions });
        const Component = await loadBlock(type);
        const rendered: string[] = [];
        for (const fixture of fixtures) {
          const props = structuredClone(fixture);
          expect(validate(props), JSON.stringify(validate.errors)).toBe(true);
          const html = renderToStaticMarkup(
            <MemoryRouter>
              <SiteContext.Provider value={site && site.ok ? site.doc : null}>
                <PageContext.Provider value={{ route: '/', tenant: 'fixture', data: schema['x-page-data'] === 'vehicle' ? vehicle : undefined }}>
                  <Component props={props} slots={{}} data={undefined} block={{ id: `${type}-fixture`, type }} />
                </PageContext.Provider>
              </SiteContext.Provider>
            </MemoryRouter>,
          );
          // Blocks that depend on settings (finance off, no service locations) may rightly render nothing.
          rendered.push(html);
        }
        if (!schema['x-page-data']) expect(rendered.some((html) => html.length > 0)).toBe(true);
      });
    });
  }
});
