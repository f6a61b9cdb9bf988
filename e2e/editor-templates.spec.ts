// Template publish as a platform admin does it, in Chromium against the production build on its own server
// (E2E_PORT+46, or E2E_TEMPLATES_PORT) with a temporary copy of the tenants: the single-brand template locks its model pages' overview
// block; the admin changes a locked value in the Templates page, publishes, the report lists the tenants it reached,
// and a tenant's live model page shows the new value. Staff (not admins) get no Templates page and a 403 from the API.
import { expect, test } from '@playwright/test';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { editorWorkspace, port as mainPort, signInToEditor, siteUrl, type SpecServer, startServer, watchErrors } from './helpers';

const port = Number(process.env.E2E_TEMPLATES_PORT ?? mainPort + 46);
const base = `http://localhost:${port}`;
const ADMIN = 'ada@platform.example';
const ADMIN_PASSWORD = 'template-admin-2026';
const STAFF = 'sam@harbourside.example';
const STAFF_PASSWORD = 'template-staff-2026';

let server: SpecServer | undefined;
let workDir = '';
let tenantsDir = '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  let env: Record<string, string>;
  ({
    work: workDir,
    tenantsDir,
    env,
  } = editorWorkspace('editor-templates', [{ email: STAFF, name: 'Sam Lee', password: STAFF_PASSWORD, tenants: ['harbourside-mazda'] }], {
    INVENTORY_SIZE: '2000',
    EDITOR_ADMIN_EMAIL: ADMIN,
    EDITOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
    EDITOR_ADMIN_NAME: 'Ada Platform',
  }));
  server = await startServer({ port, env, readyText: 'created the platform admin' });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument as an object pattern
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(server?.log().slice(-4000));
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

const signIn = (page: import('@playwright/test').Page, email: string, password: string) => signInToEditor(page, base, { email, password });

test('staff get no Templates page, and the API refuses them', async ({ page }) => {
  await signIn(page, STAFF, STAFF_PASSWORD);
  await expect(page.getByRole('button', { name: 'Templates' })).toHaveCount(0);
  const csrf = await page.evaluate(async () => (await (await fetch('/editor/api/session')).json()).csrf as string);
  const refused = await page.request.post(`${base}/editor/api/templates/single-brand/publish`, {
    headers: { 'x-csrf-token': csrf, origin: base },
    data: { values: [{ lock: 0, value: { enquireLabel: 'Sneaky' } }] },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: 'Only a platform admin may do this.' });
});

test("an admin changes a locked template value and publishes: the report lists the tenants, a tenant's live page shows it", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN, ADMIN_PASSWORD);
  // The site's editor is open in another tab meanwhile, with nothing to publish.
  const site = await page.context().newPage();
  const siteErrors = watchErrors(site);
  await site.setViewportSize({ width: 1440, height: 900 });
  await site.goto(`${base}/editor`);
  await site.getByRole('button', { name: /Harbourside Mazda/ }).click();
  const sitePublish = site.getByRole('button', { name: 'Publish', exact: true });
  await expect(sitePublish).toBeDisabled();
  await page.bringToFront();
  await page.getByRole('button', { name: 'Templates' }).click();
  const card = page.getByRole('region', { name: 'single-brand' });
  const lock = card.getByRole('group', { name: 'Locked block model-overview' });
  await expect(lock.getByText("Locked: the model pages are the brand's, the same on every dealer's site")).toBeVisible();
  const label = lock.getByLabel('Enquire label', { exact: true });
  await label.fill('Ask About This Model');
  // By keyboard.
  await card.getByRole('button', { name: 'Publish the single-brand template' }).focus();
  await page.keyboard.press('Enter');
  const status = card.getByRole('status');
  await expect(status.getByText('Published the single-brand template. It changed 1 site:')).toBeVisible();
  await expect(status.getByRole('listitem')).toHaveText(['harbourside-mazda: locked values changed: block model-overview']);
  await page.screenshot({ path: 'test-results/editor-templates-1440.png' });
  const written = JSON.parse(readFileSync(join(tenantsDir, 'templates', 'single-brand.json'), 'utf8'));
  expect(written.pages['/:model'].blocks[0].props).toEqual({ enquireLabel: 'Ask About This Model' });

  const live = await page.context().newPage();
  await live.goto(siteUrl('harbourside-mazda', '/mazda-cx-90', port));
  await expect(live.locator('.model-overview').getByRole('link', { name: 'Ask About This Model' })).toBeVisible();
  await expect(live.locator('.model-overview').getByRole('link', { name: 'Enquire Now' })).toHaveCount(0);

  // The open site editor has still nothing to publish (the server published the site), and the site's audit log says
  // who published which template and the sites it reached.
  await site.bringToFront();
  await expect(sitePublish).toBeDisabled();
  await expect(sitePublish).toHaveAttribute('title', 'Nothing to publish: the live site shows this revision');
  await site.getByRole('tab', { name: 'History' }).click();
  const entry = site.getByRole('region', { name: 'Audit log' }).locator('li[data-audit-action="template published"]');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(
    /^Ada Platform \(ada@platform\.example\) published the single-brand template as revision \d+; it reached harbourside-mazda/,
  );
  expect(errors).toEqual([]);
  expect(siteErrors).toEqual([]);
});
