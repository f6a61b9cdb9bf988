import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../runtime/server/app';
import { get } from '../../test-support/http-client';
import { TenantRegistry } from '../../runtime/server/tenant-registry';
import { loadTenant, tenantFiles } from '../../runtime/tenants/load';
import { tempTenantsDir } from '../../test-support/tenants';
import { createTenant } from './new';
import { listenOnLoopback } from '../../test-support/server';

const quiet = () => {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((m) => void out.push(String(m)));
  vi.spyOn(console, 'error').mockImplementation((m) => void out.push(String(m)));
  return out;
};
afterEach(() => vi.restoreAllMocks());

describe('npm run tenants -- new', () => {
  it.each(['base', 'dealer-group', 'leisure', 'single-brand', 'used-supermarket'])(
    'writes a document over the %s template that validates at once',
    (template) => {
      const dir = tempTenantsDir({}, { withShippedTenants: true });
      quiet();
      expect(createTenant(dir, { slug: 'coastal-motors', template, name: 'Coastal Motors', domains: ['coastalmotors.com.au'] })).toBe(true);
      const loaded = loadTenant(join(dir, 'coastal-motors.json'), join(dir, 'templates'));
      expect(loaded.ok ? [] : loaded.problems).toEqual([]);
      const doc = JSON.parse(readFileSync(join(dir, 'coastal-motors.json'), 'utf8'));
      expect(doc).toMatchObject({
        slug: 'coastal-motors',
        template,
        name: 'Coastal Motors',
        url: 'https://coastalmotors.com.au',
        domains: ['coastalmotors.com.au'],
      });
      // Ids follow every other site's, so none is shared with a demo site.
      const others = tenantFiles(dir)
        .filter((f) => !f.endsWith('coastal-motors.json'))
        .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')).dealerships);
      expect(doc.dealerships[0].id).toBe(Math.max(...others.map((d: { id: number }) => d.id)) + 1);
      expect(doc.pages['/'].blocks.map((b: { type: string }) => b.type)).toEqual(['hero', 'stock-search-hero']);
    },
  );

  it('serves the new site with its home page', async () => {
    const dir = tempTenantsDir({}, { withShippedTenants: true });
    quiet();
    createTenant(dir, { slug: 'coastal-motors', template: 'dealer-group', name: 'Coastal Motors', domains: ['coastalmotors.com.au'] });
    const registry = new TenantRegistry(dir, join(dir, 'templates'), 'coastal-motors', () => {});
    registry.loadAll();
    const app = createApp({ registry, clientDir: dir, assets: { forBlocks: () => ({ script: '/e.js', styles: [], modulePreloads: [] }) }, log: () => {} });
    const server = await listenOnLoopback(app);
    try {
      const home = await get(server, 'coastalmotors.com.au', '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Coastal Motors');
      expect(home.body).toContain('Search Our Stock');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('refuses bad options with one sentence each and writes nothing', () => {
    const dir = tempTenantsDir({}, { withShippedTenants: true });
    const out = quiet();
    expect(createTenant(dir, { slug: 'big-sky-cars', template: 'nope', name: ' ', domains: ['not a domain'] })).toBe(false);
    expect(out.join('\n')).toContain('A site with the slug "big-sky-cars" exists already.');
    expect(out.join('\n')).toContain('Choose a template with --template: one of base, dealer-group, leisure, single-brand, used-supermarket.');
    expect(out.join('\n')).toContain('Give the dealer\'s name with --name "…".');
    expect(out.join('\n')).toContain('"not a domain" is not a domain name');
    expect(createTenant(dir, { slug: 'Bad_Slug', template: 'base', name: 'X', domains: [] })).toBe(false);
    expect(out.join('\n')).toContain('Give at least one domain with --domain');
    expect(existsSync(join(dir, 'Bad_Slug.json'))).toBe(false);
  });

  it('refuses a domain another site has, and leaves no file behind', () => {
    const dir = tempTenantsDir({}, { withShippedTenants: true });
    const taken = JSON.parse(readFileSync(join(dir, 'big-sky-cars.json'), 'utf8')).domains[0];
    const out = quiet();
    expect(createTenant(dir, { slug: 'coastal-motors', template: 'base', name: 'Coastal Motors', domains: [taken] })).toBe(false);
    expect(out.join('\n')).toMatch(/No site was created: the new document would not validate/);
    expect(existsSync(join(dir, 'coastal-motors.json'))).toBe(false);
  });
});
