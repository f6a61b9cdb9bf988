// Search engines on every demo site (issue 18): robots.txt and sitemap.xml answer 200, the sitemap validates against
// the sitemaps.org schema, every address in it answers 200 and names itself as canonical on the configured site url;
// a car sold past the visibility window answers 410 (or redirects where the site says so); an unknown car 404.
// Its own server (E2E_PORT + 15) with a small demo stock, so walking every sitemap address stays quick.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildDemoInventory } from '../runtime/inventory/demo-inventory';
import type { TenantDocument } from '../schemas/generated/tenant';
import { demoSlugs, isolatedDataEnv, port as basePort, root, siteUrl, startServer, type SpecServer } from './helpers';

const port = basePort + 15;
const INVENTORY_SIZE = 400;
const REDIRECTING = 'southern-cross-motor-group';
let server: SpecServer | undefined;
let tenantsDir = '';

test.describe.configure({ mode: 'serial' });

function get(slug: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: `${slug}.localhost:${port}` } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: data }));
    });
    req.on('error', reject);
    req.end();
  });
}

const configuredUrl = (slug: string) => new URL(JSON.parse(readFileSync(join(tenantsDir, `${slug}.json`), 'utf8')).url as string).origin;
const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

test.beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), 'seo-e2e-'));
  tenantsDir = join(data, 'tenants');
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  // One site redirects sold cars to a similar search; the others answer 410 (the default).
  const file = join(tenantsDir, `${REDIRECTING}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.settings = { ...doc.settings, seo: { ...doc.settings?.seo, soldCarResponse: 'similar-search' } };
  writeFileSync(file, JSON.stringify(doc, null, 2));
  server = await startServer({
    port,
    env: {
      NODE_ENV: 'production',
      TENANTS_DIR: tenantsDir,
      INVENTORY_SIZE: String(INVENTORY_SIZE),
      CRM_ALLOW_HOSTS: '127.0.0.1',
      ...isolatedDataEnv(data),
    },
  });
});
test.afterAll(() => server?.stop());

for (const slug of demoSlugs) {
  test(`${slug}: robots.txt and sitemap.xml answer 200; every sitemap address answers 200 with itself as canonical`, async () => {
    test.setTimeout(240_000);
    const origin = configuredUrl(slug);
    const robots = await get(slug, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots.text).toContain('Disallow: /editor');

    const sitemap = await get(slug, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(String(sitemap.headers['content-type'])).toContain('application/xml');
    const xml = join(mkdtempSync(join(tmpdir(), 'sitemap-')), 'sitemap.xml');
    writeFileSync(xml, sitemap.text);
    execFileSync('xmllint', ['--noout', '--schema', join(root, 'schemas/sitemaps/sitemap.xsd'), xml], { stdio: 'pipe' });

    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
    expect(locs.length).toBeGreaterThan(20);
    expect(locs.filter((l) => l.includes('/cars/')).length).toBeGreaterThan(10);
    const failures: string[] = [];
    const queue = [...locs];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let loc = queue.shift(); loc; loc = queue.shift()) {
          if (!loc.startsWith(`${origin}/`)) {
            failures.push(`${loc}: not on ${origin}`);
            continue;
          }
          const page = await get(slug, loc.slice(origin.length));
          if (page.status !== 200) failures.push(`${loc}: ${page.status}`);
          const canonical = canonicalOf(page.text);
          if (canonical.length !== 1 || canonical[0] !== loc) failures.push(`${loc}: canonical ${JSON.stringify(canonical)}`);
          if (page.text.includes('<meta name="robots" content="noindex"/>')) failures.push(`${loc}: noindex`);
        }
      }),
    );
    expect(failures).toEqual([]);
  });
}

test('canonical and share tags come from the configured url, whatever host or query the request has', async ({ page }) => {
  const slug = 'big-sky-cars';
  const origin = configuredUrl(slug);
  await page.goto(siteUrl(slug, '/about-us?utm_source=newsletter', port));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/about-us`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${origin}/share-image/logo.png`);
  const logo = await get(slug, '/share-image/logo.png');
  expect(logo.status).toBe(200);
  expect(String(logo.headers['content-type'])).toBe('image/png');
  // A filtered search: canonical is the unfiltered search; page 2 of it is noindex.
  await page.goto(siteUrl(slug, '/search?body=SUV&page=2', port));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/search`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // After a client-side navigation the head describes the new page (one canonical, the new address).
  await page.goto(siteUrl(slug, '/', port));
  await page.locator('html[data-hydrated]').waitFor();
  await page.locator('header a[href="/finance"], footer a[href="/finance"]').first().click();
  await expect(page).toHaveURL(/\/finance$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/finance`);
});

test('a car sold past the visibility window answers 410 (or redirects to a similar search); an unknown car 404', async () => {
  // The server's stock, drawn the same way (the dealerships are in the tenant files themselves).
  const tenants = readdirSync(tenantsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(tenantsDir, f), 'utf8')) as TenantDocument);
  const cars = buildDemoInventory(tenants, { total: INVENTORY_SIZE, seed: 1 });
  const nowSeconds = Date.now() / 1000;
  const soldLongAgo = (slug: string) => {
    const ids = new Set(tenants.find((t) => t.slug === slug)!.dealerships.map((d) => d.id));
    return cars.find(
      (c) => ids.has(c.dealership_id) && c.status === 'sold' && c.show_on_dealer_website !== false && c.sold_date_timestamp! < nowSeconds - 10 * 86_400,
    )!;
  };
  const gone = soldLongAgo('big-sky-cars');
  const answer = await get('big-sky-cars', `/cars/${gone.slug}`);
  expect(answer.status).toBe(410);
  expect(answer.text).toContain('<meta name="robots" content="noindex"/>');
  const moved = soldLongAgo(REDIRECTING);
  const redirect = await get(REDIRECTING, `/cars/${moved.slug}`);
  expect(redirect.status).toBe(301);
  expect(redirect.headers.location).toMatch(new RegExp(`^/search/${moved.make.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`));
  expect((await get('big-sky-cars', '/cars/no-such-car-123')).status).toBe(404);
  // A sold car still inside the window keeps its page.
  const ids = new Set(tenants.find((t) => t.slug === 'big-sky-cars')!.dealerships.map((d) => d.id));
  const recent = cars.find(
    (c) => ids.has(c.dealership_id) && c.status === 'sold' && c.show_on_dealer_website !== false && c.sold_date_timestamp! > nowSeconds - 2 * 86_400,
  )!;
  expect((await get('big-sky-cars', `/cars/${recent.slug}`)).status).toBe(200);
});
