// `npm run dev` (runtime/server/dev.ts) on a temporary copy of the sources: a demo site renders and hydrates, and an edit
// to a block's component file shows in the open page through hot module replacement, without a reload.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { port as basePort, root } from './helpers';

const port = basePort + 16;
const SITE = 'big-sky-cars';
// Build output, local data and test reports are not sources; node_modules is linked, not copied.
const NOT_SOURCES = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report', 'coverage']);

let copy: string;
let server: ChildProcess | undefined;
let log = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  copy = mkdtempSync(join(tmpdir(), 'dev-server-e2e-'));
  cpSync(root, copy, { recursive: true, filter: (src) => !NOT_SOURCES.has(relative(root, src).replace(/\/.*$/s, '')) });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  server = spawn('npm', ['run', 'dev'], {
    cwd: copy,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      INVENTORY_SIZE: '500',
      CRM_ALLOW_HOSTS: '127.0.0.1',
      LEADS_DB: join(copy, 'data/leads.sqlite'),
      ACCOUNTS_DB: join(copy, 'data/accounts.sqlite'),
      RESERVATIONS_DB: join(copy, 'data/reservations.sqlite'),
      TRADE_IN_DB: join(copy, 'data/trade-in.sqlite'),
      TRADE_IN_UPLOADS_DIR: join(copy, 'data/uploads'),
      EDITOR_DATA_DIR: join(copy, 'data/editor'),
      VIEWS_DB: join(copy, 'data/views.sqlite'),
      UNSUBSCRIBE_DB: join(copy, 'data/unsubscribe.sqlite'),
    },
  });
  server.stderr!.on('data', (d) => (log += d));
  server.stdout!.on('data', (d) => (log += d));
  await expect.poll(() => log, { timeout: 90_000 }).toMatch(/Dev server \(Vite middleware, hot reload\) ready in \d+ ms/);
});

test.afterAll(() => {
  // npm runs tsx which runs node: stop the whole process group this spec started.
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('an edit to a block component shows in the open page without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`http://${SITE}.localhost:${port}/`);
  await page.locator('html[data-hydrated]').waitFor({ timeout: 60_000 });
  // feature-grid's icon component (blocks/feature-grid/icons.tsx), rendered as a React element inside the block.
  const icon = page.locator('.block-feature-grid svg.icon').first();
  await expect(icon).toBeVisible({ timeout: 60_000 });
  await expect(icon).not.toHaveAttribute('data-dev-edit');

  // A marker on window disappears if the page reloads.
  await page.evaluate(() => ((window as unknown as { devMarker: string }).devMarker = 'still here'));

  const file = join(copy, 'blocks/feature-grid/icons.tsx');
  const source = readFileSync(file, 'utf8');
  // The icon's one `className="icon"` (on the <svg>), whatever the formatter's line breaks.
  expect(source.match(/className="icon"/g)).toHaveLength(1);
  // Written beside and renamed over, as editors save, so the watcher never reads a half-written file.
  writeFileSync(`${file}.tmp`, source.replace('className="icon"', 'data-dev-edit="hot" className="icon"'));
  renameSync(`${file}.tmp`, file);

  await expect(icon).toHaveAttribute('data-dev-edit', 'hot', { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { devMarker?: string }).devMarker)).toBe('still here');

  // The server renders the edited component too (pages render through vite.ssrLoadModule, no page cache in dev).
  const html = await page.evaluate(() => fetch('/').then((r) => r.text()));
  expect(html).toContain('data-dev-edit="hot"');
  expect(pageErrors).toEqual([]);
});
