import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetResolver } from '../renderer/entry-server';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { createApp } from './app';
import { get } from '../../test-support/http-client';
import { TenantRegistry } from './tenant-registry';
import { captured } from '../../test-support/captured';
import { listenOnLoopback, closeServer } from '../../test-support/server';

const logs: string[] = [];
let server: Server;

const assets: AssetResolver = {
  forBlocks: (types) => ({ script: '/assets/entry.js', styles: ['/assets/site.css'], modulePreloads: types.map((t) => `/assets/${t}.js`) }),
};

beforeAll(async () => {
  const broken = minimalTenant('broken-motors');
  (broken.pages['/'].blocks[0] as { type: string }).type = 'no-such-block';
  const dir = tempTenantsDir(
    {
      'broken-motors': broken,
      'test-motors': minimalTenant('test-motors', {
        domains: ['test-motors.example'],
        pages: {
          '/': {
            title: 'Home',
            blocks: [
              { id: 'home-hero', type: 'hero', props: { heading: 'Welcome to Test Motors' } },
              { id: 'home-counter', type: 'sales-counter', props: {} },
              { id: 'home-about', type: 'rich-text', props: { body: 'We sell cars.' } },
            ],
          },
        },
      }),
    },
    { withShippedTenants: true },
  );
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets/entry-abc123.js'), 'console.log("hi")'.repeat(200));
  const registry = new TenantRegistry(dir, join(dir, 'templates'), 'test-motors', (m) => logs.push(m));
  registry.loadAll();
  const app = createApp({ registry, clientDir, assets, log: (m) => logs.push(m) });
  server = await listenOnLoopback(app);
});

afterAll(() => closeServer(server));

describe('server', () => {
  it('answers health checks', async () => {
    const res = await get(server, 'anything.example', '/healthz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });

  it('serves each tenant by host name, server-rendered with its own content and theme', async () => {
    const mazda = await get(server, 'harbourside-mazda.localhost:3000', '/');
    const bigSky = await get(server, 'big-sky-cars.localhost', '/');
    expect(mazda.status).toBe(200);
    expect(mazda.body).toContain('Harbourside Mazda');
    expect(mazda.body).toContain('--primary:#101820');
    expect(bigSky.body).toContain('Search Our Stock');
    expect(bigSky.body).not.toContain('Harbourside');
  });

  it('serves a tenant on its configured domain and a default tenant on plain localhost', async () => {
    expect((await get(server, 'test-motors.example', '/')).body).toContain('Welcome to Test Motors');
    expect((await get(server, 'localhost:3000', '/')).body).toContain('Welcome to Test Motors');
  });

  it('gives an unknown host a plain 404 that names no tenant', async () => {
    const res = await get(server, 'nobody.localhost', '/');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Site not found');
    for (const name of ['mazda', 'big-sky', 'test-motors', 'southern', 'outback', 'broken']) expect(res.body.toLowerCase()).not.toContain(name);
  });

  it('refuses a tenant whose document does not validate with a 503 and logs why, while others keep serving', async () => {
    const res = await get(server, 'broken-motors.localhost', '/');
    expect(res.status).toBe(503);
    expect(res.body).not.toContain('no-such-block');
    expect(logs.join('\n')).toMatch(/tenant "broken-motors" is not served[\s\S]*pages\["\/"\]\.blocks\[0\]\.type: unknown block type "no-such-block"/);
    expect((await get(server, 'test-motors.localhost', '/')).status).toBe(200);
  });

  it("shows the tenant's own 404 page, with its header and footer, for an unknown page", async () => {
    const res = await get(server, 'outback-caravans-motorcycles.localhost', '/no/such/page');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Sorry, we could not find that page');
    expect(res.body).toContain('site-header');
    expect(res.body).toContain('Outback Caravans &amp; Motorcycles');
  });

  it('ships only the blocks a page uses, and serialises loader data for hydration', async () => {
    const res = await get(server, 'test-motors.localhost', '/');
    expect(res.body).toContain('/assets/hero.js');
    expect(res.body).toContain('/assets/sales-counter.js');
    expect(res.body).not.toContain('/assets/brand-tiles.js');
    const boot = JSON.parse(captured(/<script id="__boot" type="application\/json">(.*?)<\/script>/, res.body));
    const value = boot.hydrationData.loaderData['/'].blocks['home-counter'].value;
    expect(typeof value).toBe('number');
    expect(res.body).toContain(`data-value="${value}"`);
  });

  it('sends the browser the current page in full and the other pages in outline (no props)', async () => {
    const res = await get(server, 'test-motors.localhost', '/');
    const boot = JSON.parse(captured(/<script id="__boot" type="application\/json">(.*?)<\/script>/, res.body));
    expect(boot.site.pages['/'].blocks.some((b: { props?: unknown }) => b.props)).toBe(true);
    expect(boot.site.pages['/about-us']).toEqual({
      title: 'About Us',
      blocks: [
        { id: 'about-hero', type: 'hero' },
        { id: 'about-text', type: 'rich-text' },
        { id: 'about-links', type: 'link-cards' },
        { id: 'about-cta', type: 'cta-banner' },
      ],
    });
    expect(JSON.stringify(boot.site)).not.toContain('A family of car people');
  });

  it('answers client-side navigations with the page data from the same loaders', async () => {
    const res = await get(server, 'test-motors.localhost', '/__data?path=%2Fabout-us');
    expect(res.status).toBe(200);
    const data = JSON.parse(res.body);
    expect(data).toMatchObject({ route: '/about-us', blocks: {}, blockErrors: {} });
    // The page's own document comes with its data: the first page's boot data held it in outline only.
    expect(data.pageDocument.title).toBe('About Us');
    expect(data.pageDocument.blocks[0]).toMatchObject({ id: 'about-hero', type: 'hero', props: { heading: 'About Us' } });
    expect((await get(server, 'test-motors.localhost', '/__data?path=%2Fnope')).status).toBe(404);
    expect((await get(server, 'test-motors.localhost', '/__data?path=nope')).status).toBe(400);
  });

  it('serves hashed assets compressed with long-lived cache headers', async () => {
    const res = await get(server, 'test-motors.localhost', '/assets/entry-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
