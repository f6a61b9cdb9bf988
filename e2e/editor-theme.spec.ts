// The editor's preview of a site's look in Chromium: the header's Range menu as the live site shows it (issue 19),
// against its own server on a temporary copy of the tenants, with an account made by the accounts CLI.
import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { port as mainPort, root, serverBundle, watchErrors } from './helpers';

const port = mainPort + 19;
const base = `http://localhost:${port}`;
const PASSWORD = 'showroom-floor-2025';
const slug = 'southern-cross-motor-group';
let server: ChildProcess;
let tenantsDir = '';
let dataDir = '';

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'tools/editor/accounts.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, EDITOR_DATA_DIR: dataDir },
  });
  if (run.status !== 0) throw new Error(run.stderr || run.stdout);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  tenantsDir = mkdtempSync(join(tmpdir(), 'e2e-editor-theme-tenants-'));
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-editor-theme-data-'));
  cli('add', 'ava@southerncross.example', '--name', 'Ava Brown', '--password', PASSWORD, '--tenants', slug);
  server = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TENANTS_DIR: tenantsDir, EDITOR_DATA_DIR: dataDir },
  });
  let log = '';
  server.stderr!.on('data', (d) => (log += d));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`editor server did not start:\n${log}`);
});

test.afterAll(() => {
  server?.kill();
});

const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the draft"]');

async function signIn(page: Page) {
  await page.goto(`${base}/editor`);
  await page.getByLabel('Email').fill('ava@southerncross.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Southern Cross/ }).click();
  await expect(preview(page).locator('header.site-header')).toBeVisible();
}

test("the preview's header shows the Range dropdown with the site's makes and models, as the live site does", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page);
  const header = preview(page).locator('header.site-header');
  const range = header.getByRole('button', { name: 'Range', exact: true });
  await expect(range).toBeVisible();
  await expect(header.getByRole('link', { name: 'Range', exact: true })).toHaveCount(0);
  await range.click();
  await expect(range).toHaveAttribute('aria-expanded', 'true');
  const panel = preview(page).locator(`[id="${await range.getAttribute('aria-controls')}"]`);
  await expect(panel.locator('.menu-logo-tile')).toHaveText(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
  await expect(panel.getByRole('link').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a low-contrast primary colour shows the WCAG AA warning at the field; a good one clears it and restyles the preview', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Theme' }).click();
  const primary = page.locator('#f-theme-primary');
  const field = page.locator('.colour-field').filter({ has: primary });
  await expect(field.locator('.field-warning')).toHaveCount(0);
  await primary.fill('#ffee88');
  await expect(field.locator('.field-warning').first()).toContainText(
    'Low contrast: contrast of text on the main brand colour (header, brand bands) (#ffffff on #ffee88) is 1.17:1; WCAG AA needs at least 4.5:1',
  );
  await primary.fill('#0a5c36');
  await expect(field.locator('.field-warning')).toHaveCount(0);
  const primaryInPreview = () =>
    preview(page)
      .locator('body')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--primary').trim());
  await expect.poll(primaryInPreview).toBe('#0a5c36');
});
