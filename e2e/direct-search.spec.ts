// With a public Meilisearch host configured, the browser searches Meilisearch directly with a tenant token from
// GET /api/search/token (docs/requirements/vehicle-browsing.md#calls), bypassing the app server; the token's rules keep it to the site's stock, and the
// page's Content-Security-Policy allows that host. Meilisearch here is the HTTP stub (no server can be installed).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startMeilisearchStub, type MeilisearchStub } from '../test-support/meilisearch-stub';
import { isolatedDataEnv, port as basePort, root, siteUrl, startServer, watchErrors, type SpecServer } from './helpers';
import { atLeast } from '../test-support/at-least';

const port = basePort + 13;
const SITE = 'big-sky-cars';
const MASTER = 'direct-master-key-0123456789';
const SEARCH_KEY = 'direct-search-key-0123456789';
const SEARCH_KEY_UID = '0b6ad2a4-63a4-4c5a-9b8f-1b2a3c4d5e6f';
let stub: MeilisearchStub;
let server: SpecServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stub = await startMeilisearchStub({ masterKey: MASTER, searchKey: SEARCH_KEY, searchKeyUid: SEARCH_KEY_UID, autoProcessMs: 5 });
  server = await startServer({
    port,
    env: {
      INVENTORY_SIZE: '400',
      MEILISEARCH_HOST: stub.url,
      MEILISEARCH_KEY: MASTER,
      MEILISEARCH_PUBLIC_HOST: stub.url,
      MEILISEARCH_SEARCH_KEY: SEARCH_KEY,
      MEILISEARCH_SEARCH_KEY_UID: SEARCH_KEY_UID,
      ...isolatedDataEnv(mkdtempSync(join(tmpdir(), 'direct-search-e2e-'))),
    },
  });
  // Ready once the stock is indexed in Meilisearch (the server listens before that).
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status ?? 0, { timeout: 60_000, message: server.log() })
    .toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
  await stub?.close();
});

test('the search page searches Meilisearch directly with a tenant token, within the site, and the CSP allows it', async ({ page }) => {
  const errors = watchErrors(page);
  const toApp: string[] = [];
  const toMeilisearch: { url: string; authorization?: string; body: string }[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(stub.url)) toMeilisearch.push({ url: r.url(), authorization: r.headers().authorization, body: r.postData() ?? '' });
    else if (new URL(r.url()).pathname.startsWith('/api/search')) toApp.push(new URL(r.url()).pathname);
  });
  await page.goto(siteUrl(SITE, '/search/used-cars', port));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const firstPage = await page.locator('.result-grid .car-card').count();
  expect(firstPage).toBeGreaterThan(0);

  const searchResponse = page.waitForResponse((r) => r.url() === `${stub.url}/multi-search` && r.request().method() === 'POST');
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sortBy=price_asc/);
  await expect.poll(() => toMeilisearch.filter((r) => r.url.endsWith('/multi-search')).length).toBeGreaterThan(0);
  await expect(page.locator('.result-grid .car-card')).toHaveCount(firstPage);

  // One token from the app server; the search itself went to Meilisearch with it, never to POST /api/search.
  expect(toApp).toEqual(['/api/search/token']);
  const search = toMeilisearch.find((r) => r.url.endsWith('/multi-search'))!;
  expect(search.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(search.authorization).not.toContain(SEARCH_KEY);
  // Meilisearch's answer drives the page: the cards are its hits in its order (price ascending), all of this site.
  const answer = (await (await searchResponse).json()) as { results: { hits: { id: number; price: number | null; dealership_id: number }[] }[] };
  const hits = atLeast(1, answer.results, 'the search results')[0].hits;
  const shown = await page.locator('.result-grid .car-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-car-id'))));
  expect(shown).toEqual(hits.slice(0, shown.length).map((h) => h.id));
  const priced = hits.map((h) => h.price).filter((p): p is number => typeof p === 'number');
  expect(priced).toEqual([...priced].sort((a, b) => a - b));
  const own = new Set((JSON.parse(readFileSync(join(root, 'tenants', `${SITE}.json`), 'utf8')).dealerships as { id: number }[]).map((d) => d.id));
  expect(hits.every((h) => own.has(h.dealership_id))).toBe(true);
  expect(errors).toEqual([]);
});

test('a site that left hosted search off searches through its own server: no token asked, nothing sent to Meilisearch', async ({ page }) => {
  const errors = watchErrors(page);
  const toMeilisearch: string[] = [];
  const toApp: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(stub.url)) toMeilisearch.push(r.url());
    else if (new URL(r.url()).pathname.startsWith('/api/search')) toApp.push(new URL(r.url()).pathname);
  });
  const response = await page.goto(siteUrl('harbourside-mazda', '/search/used-cars', port));
  expect(response?.headers()['content-security-policy'] ?? '').not.toContain(new URL(stub.url).host);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search' && r.request().method() === 'POST');
  await page.getByLabel('Sort by').selectOption('price_asc');
  expect((await searched).status()).toBe(200);
  await expect(page.locator('.result-grid .car-card').first()).toBeVisible();
  expect(toApp).not.toContain('/api/search/token');
  expect(toMeilisearch).toEqual([]);
  expect(errors).toEqual([]);
});
