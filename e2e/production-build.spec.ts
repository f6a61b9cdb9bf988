// The built server runs React's production build wherever it is started with the project's settings (npm start, the
// demo, these tests): its start-up log says which React build it loaded.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { demoSlugs, port, root, serverBundle, siteUrl, startServer } from './helpers';
import { captured } from '../test-support/captured';

const client = join(root, 'dist', 'client');
/** The client build's Vite manifest: each chunk by its source key. */
const clientManifest = () =>
  JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { name?: string; file: string; imports?: string[]; dynamicImports?: string[] }
  >;

test('npm start and the demo set NODE_ENV=production', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  expect(pkg.scripts.start).toMatch(/^NODE_ENV=production node dist\/server\/main\.js$/);
  expect(readFileSync(join(root, 'tools/demo.sh'), 'utf8')).toMatch(/^NODE_ENV=production exec node dist\/server\/main\.js$/m);
});

/** Starts the built server in production with `env` and waits for it to exit (it should refuse to start). */
function refusedStart(env: Record<string, string | undefined>) {
  const full: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port + 14), HOST: '127.0.0.1', INVENTORY_SIZE: '200', ...env };
  for (const key of Object.keys(full)) if (full[key] === undefined) delete full[key];
  delete full.DATABASE_URL;
  return spawnSync(process.execPath, [serverBundle], { cwd: root, env: full, encoding: 'utf8', timeout: 60_000 });
}

test("production refuses to start without the editor's public address, or with a site that has no url, and says why", () => {
  const noEditor = refusedStart({ EDITOR_PUBLIC_URL: undefined, SITE_URL_TEMPLATE: undefined });
  expect(noEditor.status).toBe(1);
  expect(noEditor.stderr).toContain('Not starting: EDITOR_PUBLIC_URL is not set.');

  const tenantsDir = join(mkdtempSync(join(tmpdir(), 'e2e-no-url-')), 'tenants');
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  const file = join(tenantsDir, 'big-sky-cars.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  delete doc.url;
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const noSiteUrl = refusedStart({ EDITOR_PUBLIC_URL: 'https://editor.example.com', SITE_URL_TEMPLATE: undefined, TENANTS_DIR: tenantsDir });
  expect(noSiteUrl.status).toBe(1);
  expect(noSiteUrl.stderr).toContain('Not starting: these sites have no "url" in their document: big-sky-cars.');
});

test("the server the end-to-end tests start renders with React's production build", async () => {
  // The environment every spec's server inherits (playwright.config.ts sets NODE_ENV for them all).
  const server = await startServer({ port: port + 8, env: { INVENTORY_SIZE: '200' }, readyText: 'React: ' });
  try {
    expect(server.log()).toContain('React: production build (NODE_ENV=production)');
  } finally {
    await server.stop();
  }
});

test('request logs are JSON lines with the tenant and a request id; SIGTERM drains and exits cleanly', async ({ page }) => {
  const p = port + 14;
  const server = await startServer({ port: p, env: { INVENTORY_SIZE: '200', LOG_LEVEL: 'info' } });
  try {
    const response = await page.goto(siteUrl(demoSlugs[0], '/', p));
    const requestId = await response!.headerValue('x-request-id');
    expect(requestId).toBeTruthy();
    await expect.poll(() => server.log()).toContain(requestId!);
    const line = JSON.parse(
      server
        .log()
        .split('\n')
        .find((l) => l.includes(requestId!))!,
    );
    expect(line).toMatchObject({ msg: 'request', tenant: demoSlugs[0], route: 'page', path: '/', status: 200, req_id: requestId });
  } finally {
    // No new requests from the page (its lazy images), and the drain may finish what is in flight: rendering an image
    // variant takes seconds on a loaded machine. The server itself gives up after 10 s (SHUTDOWN_TIMEOUT_MS, exit 1).
    await page.close();
    await server.stop(15_000);
  }
  expect(server.process.exitCode).toBe(0);
  expect(server.log()).toContain('shut down cleanly');
});

test("every block with a stylesheet has it found in the build, and a page inlines its blocks' styles in the server HTML", async ({ page }) => {
  // Rollup merges small blocks into other chunks; the server must still find their stylesheets (to inline) and chunks.
  const { blocks } = JSON.parse(readFileSync(join(client, '.vite/block-chunks.json'), 'utf8')) as { blocks: Record<string, { file: string; css: string[] }> };
  const unstyled: string[] = [];
  for (const type of readdirSync(join(root, 'blocks'))) {
    const source = join(root, 'blocks', type, 'styles.css');
    if (!existsSync(source)) continue;
    const selector = captured(/^\s*(\.[A-Za-z][\w-]*)/m, readFileSync(source, 'utf8'));
    const built = (blocks[type]?.css ?? []).map((css) => readFileSync(join(client, css), 'utf8')).join('\n');
    if (!built.includes(selector)) unstyled.push(`${type} (${selector})`);
  }
  expect(unstyled).toEqual([]);

  // Without script (as a phone paints before hydrating), the search page's filters are already the styled drawer.
  const server = await startServer({ port: port + 8, env: { INVENTORY_SIZE: '200' } });
  try {
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const noScript = await context.newPage();
    await noScript.goto(siteUrl(demoSlugs[0], '/search', port + 8));
    // The server HTML inlines the block's stylesheet (script is off: nothing was added after).
    expect((await noScript.locator('head style').allTextContents()).join('')).toContain('.search-sidebar{');
    await expect(noScript.locator('.search-sidebar')).toBeHidden();
    await expect(noScript.locator('.filters-toggle')).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
  }
});

test("the chunks every page runs at start ask Chromium to compile them as they stream in; a block's chunk does not", () => {
  const manifest = clientManifest();
  const fileOf = (name: string) => Object.values(manifest).find((chunk) => chunk.name === name)?.file;
  const opening = (file: string) => readFileSync(join(client, file), 'utf8').split('\n', 1)[0];
  for (const name of ['entry-client', 'site', 'react', 'react-router']) {
    const file = fileOf(name);
    expect(file, `${name} chunk`).toBeTruthy();
    expect(opening(file!), file).toBe('//# allFunctionsCalledOnLoad');
    // The precompressed copy the server sends is of the same text.
    expect(brotliDecompressSync(readFileSync(join(client, `${file}.br`))).toString('utf8')).toBe(readFileSync(join(client, file!), 'utf8'));
  }
  expect(opening(fileOf('vehicle-gallery')!)).not.toContain('allFunctionsCalledOnLoad');
});

test("no script a shopper's page can load formats with toLocaleString (a cold phone's first Intl call loads the locale's data)", () => {
  const manifest = clientManifest();
  // Every chunk the site's entry reaches, loaded at once or later (blocks, dialogs): the editor's entries are not among them.
  const reached = new Set<string>();
  const visit = (key: string) => {
    if (reached.has(key) || !manifest[key]) return;
    reached.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(next);
  };
  visit('runtime/renderer/entry-client.tsx');
  expect(reached.size).toBeGreaterThan(20);
  const formatting = [...reached]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js') && /\.toLocale(String|DateString|TimeString)\(/.test(readFileSync(join(client, file), 'utf8')));
  expect(formatting).toEqual([]);
});
