// Finishing touches of the editor as staff use them, in Chromium against the production build on its own server
// (E2E_PORT+37) with a temporary copy of the tenants: one location's opening hours applied to every location of a
// group and its holiday hours copied to another; a page just added put into the header menu in one click; the block
// picker's Close button in full view and working by keyboard.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorPreview, editorWorkspace, port as mainPort, signInToEditor, siteUrl, type SpecServer, startServer, watchErrors } from './helpers';

const port = mainPort + 37;
const base = `http://localhost:${port}`;
const EMAIL = 'noah@dealers.example';
const PASSWORD = 'finishing-touches-2026';
const slug = 'southern-cross-motor-group';

let server: SpecServer | undefined;
let tenantsDir = '';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  let env: Record<string, string>;
  ({ tenantsDir, env } = editorWorkspace('editor-finishing', [{ email: EMAIL, name: 'Noah Park', password: PASSWORD, tenants: [slug] }]));
  server = await startServer({ port, env });
});

test.afterAll(async () => {
  await server?.stop();
});

const stored = () => JSON.parse(readFileSync(join(tenantsDir, `${slug}.json`), 'utf8'));

const signIn = (page: Page) =>
  signInToEditor(page, base, { email: EMAIL, password: PASSWORD }, { site: /Southern Cross/, ready: '[data-block-id="home-layout"]', attached: true });

test("one location's opening hours apply to all the group's locations; its special hours copy to another", async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Locations' }).click();
  const location = page.getByLabel('Location', { exact: true });
  await expect(location).toHaveValue('0.0');
  await page.getByLabel('Monday opens').fill('07:30');
  const share = page.getByRole('group', { name: "Share this location's hours" });
  // By keyboard, as every control here.
  await share.getByRole('button', { name: 'Apply these opening hours to all locations' }).focus();
  await page.keyboard.press('Enter');
  await expect(share.getByRole('status')).toHaveText(
    'Applied the opening hours of Southern Cross Toyota › Southern Cross Toyota Parramatta to 7 other locations.',
  );
  await location.selectOption({ label: 'Southern Cross Hyundai › Southern Cross Hyundai Penrith' });
  await expect(page.getByLabel('Monday opens')).toHaveValue('07:30');
  await expect(page.locator('.special-hours li[data-date]')).toHaveCount(0);

  // Parramatta's holiday hours copied to Penrith only.
  await location.selectOption('0.0');
  const holidays = await page.locator('.special-hours li[data-date]').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
  expect(holidays.length).toBeGreaterThan(0);
  await share.getByLabel('Copy special hours to').selectOption({ label: 'Southern Cross Hyundai › Southern Cross Hyundai Penrith' });
  await share.getByRole('button', { name: 'Copy special hours' }).click();
  await expect(share.getByRole('status')).toHaveText('Copied the special hours of Southern Cross Toyota › Southern Cross Toyota Parramatta to 1 location.');
  await location.selectOption({ label: 'Southern Cross Hyundai › Southern Cross Hyundai Penrith' });
  await expect(page.locator('.special-hours li[data-date]')).toHaveCount(holidays.length);
  await location.selectOption({ label: 'Southern Cross Ford › Southern Cross Ford Campbelltown' });
  await expect(page.locator('.special-hours li[data-date]')).toHaveCount(0);

  // One undo step each: undoing the copy leaves Penrith without holiday hours, the weekly hours stay.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await location.selectOption({ label: 'Southern Cross Hyundai › Southern Cross Hyundai Penrith' });
  await expect(page.locator('.special-hours li[data-date]')).toHaveCount(0);
  await expect(page.getByLabel('Monday opens')).toHaveValue('07:30');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  const locations = stored().dealerships.flatMap((d: { locations: object[] }) => d.locations);
  expect(locations).toHaveLength(8);
  for (const l of locations) expect(l.contact_detail.opening_hours.find((h: { weekday: number }) => h.weekday === 1)).toMatchObject({ open: '07:30' });
  expect(locations[2].special_hours.map((s: { date: string }) => s.date)).toEqual(holidays);
  expect(errors).toEqual([]);
});

test('a page just added goes into the header menu in one click, and the live header links to it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Page' }).click();
  const add = page.getByRole('form', { name: 'Add a page' });
  await add.getByLabel('Title').fill('Fleet Sales');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(add.getByRole('status')).toHaveText('Added the page /fleet-sales.');
  const offer = add.getByRole('button', { name: 'Add to the header menu' });
  await offer.focus();
  await page.keyboard.press('Enter');
  await expect(add.getByRole('status')).toHaveText('Added Fleet Sales to the header menu.');
  await expect(offer).toHaveCount(0);
  await expect(editorPreview(page).locator('header').getByRole('link', { name: 'Fleet Sales', exact: true }).first()).toHaveAttribute('href', '/fleet-sales');
  await page.getByRole('tab', { name: 'Menus' }).click();
  await expect(page.getByLabel('Link of menu item Fleet Sales')).toHaveValue('/fleet-sales');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  expect(stored().navigation.header.at(-1)).toEqual({ label: 'Fleet Sales', href: '/fleet-sales' });
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  await expect(live.locator('header').getByRole('link', { name: 'Fleet Sales', exact: true }).first()).toHaveAttribute('href', '/fleet-sales');
});

test("the block picker's Close button stays in full view, scrolled and on a narrow window, and closes it by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page);
  // The picker of a slot, whose long title shares the head with Close.
  await page.getByRole('button', { name: '+ Add block to top' }).click();
  const picker = page.getByRole('dialog', { name: 'Add a block to Top of the main column of home-layout' });
  const close = picker.getByRole('button', { name: 'Close', exact: true });
  const inFullView = async () => {
    const box = (await close.boundingBox())!;
    const frame = (await picker.boundingBox())!;
    const viewport = page.viewportSize()!;
    const covered = await close.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return !el.contains(el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    return (
      box.y >= frame.y &&
      box.x >= frame.x &&
      box.x + box.width <= Math.min(frame.x + frame.width, viewport.width) &&
      box.y + box.height <= viewport.height &&
      !covered
    );
  };
  await expect(close).toBeVisible();
  expect(await inFullView()).toBe(true);
  await picker.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(inFullView).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(inFullView).toBe(true);
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
});
