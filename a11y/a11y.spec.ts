// Accessibility (WCAG 2.2 AA): axe finds no serious or critical violation on any page type of any demo site (home,
// search with results and empty, vehicle page available and sold, finance, contact, trade-in, service, a location,
// content pages, sign-in, checkout, 404) nor in the editor. Each violation found is fixed at its component.
import AxeBuilder from '@axe-core/playwright';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildDemoInventory } from '../runtime/inventory/demo-inventory';
import type { TenantDocument } from '../schemas/generated/tenant';

const root = resolve(import.meta.dirname, '..');
// Two workers share the pages between them, each with its own server (A11Y_PORT, then 30 above it).
const basePort = Number(process.env.A11Y_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 20);
let port = basePort;
const serverBundle = resolve(root, process.env.SERVER_BUNDLE ?? 'dist/server/main.js');
const INVENTORY_SIZE = 400;
const PASSWORD = 'a11y-check-2025';
const tenantsDir = join(root, 'tenants');
const tenants = readdirSync(tenantsDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(tenantsDir, f), 'utf8')) as TenantDocument);
const url = (slug: string, path: string) => `http://${slug}.localhost:${port}${path}`;
let server: ChildProcess;
let log = '';

test.describe.configure({ mode: 'parallel' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  port = basePort + 30 * test.info().parallelIndex;
  const data = mkdtempSync(join(tmpdir(), 'a11y-'));
  const editorData = join(data, 'editor');
  const tenantsCopy = join(data, 'tenants');
  cpSync(tenantsDir, tenantsCopy, { recursive: true });
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      join(root, 'tools/editor/accounts.ts'),
      'add',
      'a11y@example.com',
      '--name',
      'Ally Check',
      '--password',
      PASSWORD,
      '--tenants',
      'harbourside-mazda',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, EDITOR_DATA_DIR: editorData } },
  );
  if (run.status !== 0) throw new Error(run.stderr || run.stdout);
  server = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      EDITOR_PUBLIC_URL: `http://localhost:${port}`,
      TENANTS_DIR: tenantsCopy,
      INVENTORY_SIZE: String(INVENTORY_SIZE),
      EDITOR_DATA_DIR: editorData,
      LEADS_DB: join(data, 'leads.sqlite'),
      ACCOUNTS_DB: join(data, 'accounts.sqlite'),
      RESERVATIONS_DB: join(data, 'reservations.sqlite'),
      TRADE_IN_DB: join(data, 'trade-in.sqlite'),
      TRADE_IN_UPLOADS_DIR: join(data, 'uploads'),
      CRM_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  server.stderr!.on('data', (d) => (log += d));
  server.stdout!.on('data', (d) => (log += d));
  await expect.poll(() => log, { timeout: 90_000 }).toContain('listening');
});
test.afterAll(() => void server?.kill());

/** Serious and critical violations of WCAG 2.0-2.2 A and AA rules, one line each with where they are. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.slice(0, 5).map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(0, 2).join(' ') ?? ''}`),
    );
}

async function visit(page: Page, href: string) {
  await page.goto(href);
  await page.locator('html[data-hydrated]').waitFor({ timeout: 15_000 });
  // Lazy blocks hydrate after the page; give them a moment so axe sees the page a shopper sees.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

const stock = buildDemoInventory(tenants, { total: INVENTORY_SIZE, seed: 1 });

function pageTypes(site: TenantDocument): [string, string][] {
  const ids = new Set(site.dealerships.map((d) => d.id));
  const nowSeconds = Date.now() / 1000;
  const mine = stock.filter((c) => ids.has(c.dealership_id) && c.show_on_dealer_website !== false);
  const available = mine.find((c) => c.status === 'in_stock' && c.price > 0);
  const sold = mine.find((c) => c.status === 'sold' && c.sold_date_timestamp! > nowSeconds - 2 * 86_400);
  const location = site.dealerships[0].locations[0];
  const pages: [string, string | undefined][] = [
    ['home', '/'],
    ['search with results', '/search'],
    ['search without results', '/search?q=zzqqxxnomatch'],
    ['vehicle page (available)', available && `/cars/${available.slug}`],
    ['vehicle page (sold)', sold && `/cars/${sold.slug}`],
    ['finance', '/finance'],
    ['contact', '/contact'],
    ['trade-in', '/trade-in'],
    ['service', '/service'],
    ['location', `/our-location/${location.slug}`],
    ['content page', '/about-us'],
    ['content page (faqs)', '/pages/faqs'],
    ['sign-in', '/sign-in'],
    ['checkout', available && `/cars/${available.slug}/checkout`],
    ['not found', '/no-such-page-here'],
  ];
  return pages.filter((p): p is [string, string] => Boolean(p[1]));
}

// One test a page, so the two workers share the walk evenly and a failure names its page.
for (const site of tenants) {
  for (const [name, path] of pageTypes(site)) {
    test(`${site.slug}: no serious or critical axe violation on the ${name} page (${path})`, async ({ page }) => {
      await visit(page, url(site.slug, path));
      expect(await violations(page)).toEqual([]);
    });
  }
}

// Lighthouse (mobile) also fails a page on rules of any impact: heading order, empty headings, contrast and tap
// targets, checked here at its phone viewport (the search filters' heading is then in the closed drawer), on the page
// types bench:lighthouse visits (tools/bench/server.ts, benchPages).
const LIGHTHOUSE_PAGES = ['home', 'search with results', 'vehicle page (available)', 'content page', 'finance', 'trade-in', 'location'];
const LIGHTHOUSE_RULES = ['heading-order', 'empty-heading', 'color-contrast', 'target-size', 'landmark-one-main', 'image-redundant-alt'];
for (const site of tenants) {
  test(`${site.slug}: at a phone's width, no violation of Lighthouse's heading, contrast and tap-target rules`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const found: string[] = [];
    for (const [name, path] of pageTypes(site).filter(([name]) => LIGHTHOUSE_PAGES.includes(name))) {
      await visit(page, url(site.slug, path));
      const result = await new AxeBuilder({ page }).withRules(LIGHTHOUSE_RULES).analyze();
      for (const v of result.violations) for (const n of v.nodes.slice(0, 5)) found.push(`${name} ${path}: ${v.id} (${v.impact}): ${n.target.join(' ')}`);
    }
    expect(found).toEqual([]);
  });
}

test('the editor: no serious or critical axe violation on sign-in, the site list and the page editor', async ({ page }) => {
  const found: string[] = [];
  await page.goto(`http://127.0.0.1:${port}/editor`);
  await page.getByLabel('Email').waitFor();
  for (const v of await violations(page)) found.push(`editor sign-in: ${v}`);
  await page.getByLabel('Email').fill('a11y@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Harbourside Mazda/ }).waitFor();
  for (const v of await violations(page)) found.push(`editor sites: ${v}`);
  await page.getByRole('button', { name: /Harbourside Mazda/ }).click();
  await page.frameLocator('iframe[title="Preview of the draft"]').locator('[data-block-id="home-hero"]').waitFor();
  // The preview frame is the site itself (checked above): axe checks the editor around it.
  const result = await new AxeBuilder({ page }).exclude('iframe').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
    for (const n of v.nodes.slice(0, 5)) found.push(`editor: ${v.id} (${v.impact}): ${n.target.join(' ')}`);
  }
  expect(found).toEqual([]);
});
