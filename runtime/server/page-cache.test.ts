import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetResolver } from '../renderer/entry-server';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import type { RuntimeServices } from '../services';
import { createApp } from './app';
import { etagMatches, NONCE_PLACEHOLDER, PageCache, pageBody, preparePage } from './page-cache';
import { get } from '../../test-support/http-client';
import { utf8Bytes } from '../renderer/utf8-bytes';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../search';
import { CarCatalogue } from '../inventory/car-catalogue';
import { shippedTenants, listenOnLoopback, closeServer } from '../../test-support/server';
import { TenantRegistry } from './tenant-registry';
import { atLeast } from '../../test-support/at-least';

const assets: AssetResolver = { forBlocks: () => ({ script: '/assets/entry.js', styles: [], modulePreloads: [] }) };

describe('PageCache', () => {
  const site = {};
  const page = preparePage('<p>hello</p>', 200, {});

  it('serves a page only for the same site document and data version, and within its time to live', () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 1000, now: () => now });
    cache.set(site, 'a', '/x', 1, page);
    expect(String(cache.get(site, 'a', '/x', 1)?.bytes)).toBe('<p>hello</p>');
    expect(cache.get(site, 'a', '/x?y=1', 1)).toBeUndefined();
    expect(cache.get(site, 'b', '/x', 1)).toBeUndefined();
    expect(cache.get(site, 'a', '/x', 2)).toBeUndefined(); // stock changed
    cache.set(site, 'a', '/x', 1, page);
    expect(cache.get({}, 'a', '/x', 1)).toBeUndefined(); // published: a new document
    cache.set(site, 'a', '/x', 1, page);
    now = 1000;
    expect(cache.get(site, 'a', '/x', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used pages beyond its limits', () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set(site, 'a', '/1', 0, page);
    cache.set(site, 'a', '/2', 0, page);
    cache.get(site, 'a', '/1', 0);
    cache.set(site, 'a', '/3', 0, page);
    expect(cache.get(site, 'a', '/2', 0)).toBeUndefined();
    expect(cache.get(site, 'a', '/1', 0)).toBeDefined();
    expect(cache.get(site, 'a', '/3', 0)).toBeDefined();
    const small = new PageCache({ maxBytes: 100 });
    small.set(site, 'a', '/big', 0, preparePage('x'.repeat(200), 200, {}));
    expect(small.size).toBe(0);
  });

  it('gives each answer of a page holding the nonce its own nonce, and such a page no entity tag', () => {
    const withNonce = preparePage(`<script nonce="${NONCE_PLACEHOLDER}">1</script>`, 200, {});
    expect(withNonce.etag).toBeUndefined();
    expect(pageBody(withNonce, 'abc')).toBe('<script nonce="abc">1</script>');
    expect(pageBody(withNonce, 'xyz')).toBe('<script nonce="xyz">1</script>');
    expect(page.etag).toMatch(/^"[0-9a-z]{1,13}-c"$/); // 64 bits of hash, and the 12 bytes' length
    expect(preparePage('<p>hellp</p>', 200, {}).etag).not.toBe(page.etag);
    expect(String(pageBody(page, 'abc'))).toBe('<p>hello</p>');
  });

  it("keeps the renderer's bytes as they are, with the entity tag the same HTML as a string gets", () => {
    const bytes = Buffer.from('<p>héllo ▾</p>', 'utf8');
    const fromBytes = preparePage(bytes, 200, {});
    expect(fromBytes.bytes).toBe(bytes);
    expect(fromBytes.html).toBeUndefined();
    expect(fromBytes.etag).toBe(preparePage('<p>héllo ▾</p>', 200, {}).etag);
  });

  it('keeps bytes that are the front of a larger buffer as a copy of their own size', () => {
    const html = `<p>${'x'.repeat(20_000)}</p>`;
    const rendered = utf8Bytes([html]);
    expect(rendered.buffer.byteLength).toBeGreaterThan(2 * rendered.length);
    const cache = new PageCache();
    cache.set(site, 'a', '/big', 0, preparePage(rendered, 200, {}));
    const kept = cache.get(site, 'a', '/big', 0)!;
    expect(kept.bytes!.equals(rendered)).toBe(true);
    expect(kept.bytes!.buffer.byteLength).toBe(rendered.length);
    expect(kept.etag).toBe(preparePage(html, 200, {}).etag);
  });

  it('compares entity tags as If-None-Match does', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});

describe('page cache in the server', () => {
  let server: Server;
  let registry: TenantRegistry;
  let file: string;
  const stock = { version: 0 };
  const home = (heading: string) =>
    minimalTenant('test-motors', {
      pages: {
        '/': { title: 'Home', blocks: [{ id: 'home-hero', type: 'hero', props: { heading } }] },
      },
    });

  beforeAll(async () => {
    const other = minimalTenant('other-motors', {
      pages: { '/': { title: 'Home', blocks: [{ id: 'home-hero', type: 'hero', props: { heading: 'Other site heading' } }] } },
    });
    const dir = tempTenantsDir({ 'test-motors': home('First heading'), 'other-motors': { ...other, name: 'Other Motors' } });
    file = join(dir, 'test-motors.json');
    registry = new TenantRegistry(dir, join(dir, 'templates'), 'test-motors', () => {});
    registry.loadAll();
    const app = createApp({
      registry,
      clientDir: mkdtempSync(join(tmpdir(), 'client-')),
      assets,
      services: { catalogue: stock } as unknown as RuntimeServices,
      log: () => {},
      pageCache: new PageCache(),
    });
    server = await listenOnLoopback(app);
  });
  afterAll(() => closeServer(server));

  it('renders a page once, then serves it from memory with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const first = await get(server, 'test-motors.localhost', '/?from=test');
    expect(first.status).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.body).toContain('First heading');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, must-revalidate');
    const second = await get(server, 'test-motors.localhost', '/?from=test');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const again = await get(server, 'test-motors.localhost', '/?from=test', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    // Another query string is another page.
    expect((await get(server, 'test-motors.localhost', '/?from=elsewhere')).headers['x-page-cache']).toBe('miss');
  });

  it('renders again after a publish and after a stock change', async () => {
    await get(server, 'test-motors.localhost', '/');
    expect((await get(server, 'test-motors.localhost', '/')).headers['x-page-cache']).toBe('hit');
    writeFileSync(file, JSON.stringify(home('Published heading')));
    registry.reload(file);
    const published = await get(server, 'test-motors.localhost', '/');
    expect(published.headers['x-page-cache']).toBe('miss');
    expect(published.body).toContain('Published heading');
    expect(published.body).not.toContain('First heading');
    expect((await get(server, 'test-motors.localhost', '/')).headers['x-page-cache']).toBe('hit');
    stock.version++;
    expect((await get(server, 'test-motors.localhost', '/')).headers['x-page-cache']).toBe('miss');
  });

  it("keeps each site's pages apart: the same address on another site is that site's own page", async () => {
    const first = await get(server, 'test-motors.localhost', '/?site=check');
    expect(first.body).toContain('Published heading'); // the document the test above published
    const other = await get(server, 'other-motors.localhost', '/?site=check');
    expect(other.status).toBe(200);
    expect(other.headers['x-page-cache']).toBe('miss');
    expect(other.body).toContain('Other site heading');
    expect(other.body).not.toContain('Published heading');
    expect(other.headers.etag).not.toBe(first.headers.etag);
    // A validator of one site's page is no use on another's.
    expect((await get(server, 'other-motors.localhost', '/?site=check', { 'if-none-match': String(first.headers.etag) })).status).toBe(200);
  });

  it("never caches or shares a signed-in shopper's page, nor a page that was not found", async () => {
    const signedIn = await get(server, 'test-motors.localhost', '/about-us', { cookie: 'theme=dark; shopper_session=abc' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['x-page-cache']).toBe('bypass');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    // Nothing was stored for it: the next anonymous visitor's page is rendered.
    expect((await get(server, 'test-motors.localhost', '/about-us')).headers['x-page-cache']).toBe('miss');
    expect((await get(server, 'test-motors.localhost', '/about-us', { cookie: '__Host-shopper_session=abc' })).headers['x-page-cache']).toBe('bypass');
    // Other cookies (consent, theme) do not make a page personal.
    expect((await get(server, 'test-motors.localhost', '/about-us', { cookie: 'consent=yes' })).headers['x-page-cache']).toBe('hit');

    const missing = await get(server, 'test-motors.localhost', '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await get(server, 'test-motors.localhost', '/no-such-page')).headers['x-page-cache']).toBe('miss');
  });
});

describe('the data version pages are cached by', () => {
  it('changes when a reservation marks a car reserved and when the hold ends, not when nothing changed', async () => {
    const tenants = shippedTenants();
    const cars = buildDemoInventory(tenants, { total: 20 }).map((car) => ({ ...car, reserved: false }));
    const catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
    const [car] = atLeast(1, cars, 'the demo stock');
    const start = catalogue.version;
    await catalogue.setReserved(car.id, true);
    expect(catalogue.version).toBe(start + 1);
    await catalogue.setReserved(car.id, true);
    expect(catalogue.version).toBe(start + 1);
    await catalogue.setReserved(car.id, false);
    expect(catalogue.version).toBe(start + 2);
  });
});
