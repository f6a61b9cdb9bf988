// The visual editor in Chromium, against its own server on a temporary copy of the tenants (the shipped files never
// change) with accounts made by the accounts CLI. Needs the editor entries in the client build (editor/README.md).
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import {
  dayWithoutSpecialHours,
  editorPreview,
  editorWorkspace,
  expectClosedInHolidayHours,
  port as mainPort,
  root,
  signInToEditor,
  siteUrl,
  type SpecServer,
  startServer,
  statusOn,
  watchErrors,
} from './helpers';
import sharp from 'sharp';
import { atLeast } from '../test-support/at-least';

const port = mainPort + 2;
const base = `http://localhost:${port}`;
const PASSWORD = 'showroom-floor-2025';
const slug = 'harbourside-mazda';
let server: SpecServer | undefined;
let tenantsDir = '';
let env: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Two accounts through the CLI (scrypt at N=2^17, about a second each on a busy machine) and a server start.
  test.setTimeout(90_000);
  ({ tenantsDir, env } = editorWorkspace('editor', [
    { email: 'mia@harbourside.example', name: 'Mia Nguyen', password: PASSWORD, tenants: [slug] },
    { email: 'oscar@harbourside.example', name: 'Oscar Lee', password: PASSWORD, tenants: [slug] },
  ]));
  server = await startServer({ port, env });
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, email = 'mia@harbourside.example') => signInToEditor(page, base, { email, password: PASSWORD }, { site: /Harbourside Mazda/ });

const outlineIds = (page: Page) =>
  page.locator('.outline > .outline-list > .outline-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-outline-id')));
const heading = (page: Page) => page.getByRole('form', { name: 'Properties of home-hero' }).getByRole('textbox', { name: /^Heading/ });

/** Drags by the mouse as staff do: when the target row is scrolled out of the pane, the wheel scrolls it into view
 *  during the drag (the pane does not scroll by itself); then over the target's upper quarter, and lets go once the
 *  drop line shows before `line`. */
async function dragInSteps(page: Page, from: Locator, to: Locator, line: Locator) {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
  const pane = (await page.locator('.left').boundingBox())!;
  for (let i = 0; i < 20 && (await to.boundingBox())!.y < pane.y; i++) await page.mouse.wheel(0, -120);
  await expect.poll(async () => (await to.boundingBox())!.y).toBeGreaterThanOrEqual(pane.y);
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + 40, b.y + b.height / 4, { steps: 10 });
  await expect.poll(() => line.evaluate((el) => el.classList.contains('drop-before'))).toBe(true);
  await page.mouse.up();
}

async function newSession(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test('sign in, change the hero heading with a live preview, publish, and the live site shows it', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.locator('[data-outline-id="home-hero"] .outline-select').click();
  await heading(page).fill('Winter Sale on Every CX-5');
  await expect(editorPreview(page).locator('[data-block-id="home-hero"] h1')).toHaveText('Winter Sale on Every CX-5');
  await expect(page.getByText(/preview updated in \d+ ms/)).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision 2\. The live site shows it now\./)).toBeVisible();
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  await expect(live.locator('h1').first()).toHaveText('Winter Sale on Every CX-5');
  const file = JSON.parse(readFileSync(join(tenantsDir, `${slug}.json`), 'utf8'));
  expect(file.$schema).toBe('../schemas/tenant-file.schema.json');
  expect(file.template).toBe('single-brand');
  expect(errors).toEqual([]);
});

test('clicking a block in the preview selects it in the outline, and the reverse', async ({ page }) => {
  await signIn(page);
  // Clicked again if the first click landed while the frame was still taking the draft (seen once on a loaded CI machine).
  await expect(async () => {
    await editorPreview(page).locator('[data-block-id="home-why"]').click();
    await expect(page.locator('[data-outline-id="home-why"]')).toHaveClass(/selected/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('form', { name: 'Properties of home-why' })).toBeVisible();
  await page.locator('[data-outline-id="home-offers"] .outline-select').click();
  await expect(editorPreview(page).locator('[data-block-id="home-offers"]')).toHaveCSS('outline-style', 'solid');
  await expect(editorPreview(page).locator('[data-block-id="home-why"]')).not.toHaveCSS('outline-style', 'solid');
  await page.getByRole('button', { name: /^Mobile/ }).click();
  await expect(page.locator('iframe[title="Preview of the draft"]')).toHaveAttribute('style', /width: 375px/);
});

test('add a block from the palette, move it by keyboard and by drag and drop, remove it; undo and redo', async ({ page }) => {
  await signIn(page);
  const before = await outlineIds(page);
  await page.locator('.outline > .outline-list > .outline-end .add-block').click();
  const palette = page.getByRole('dialog', { name: 'Add a block to the page' });
  await expect(palette.getByRole('region', { name: 'Banners and headings' })).toBeVisible();
  await expect(palette.getByRole('region', { name: 'Layout' })).toBeVisible();
  await palette.locator('[data-block-type="hero"]').click();
  expect(await outlineIds(page)).toEqual([...before, 'hero']);
  await expect(editorPreview(page).locator('[data-block-id="hero"] h1')).toHaveText('Search Our New & Used Vehicles');

  await page.locator('[data-outline-id="hero"] .outline-select').focus();
  await page.keyboard.press('Alt+ArrowUp');
  expect((await outlineIds(page)).at(-2)).toBe('hero');

  await dragInSteps(
    page,
    page.locator('[data-outline-id="hero"] > .outline-row .drag-handle'),
    page.locator(`[data-outline-id="${before[0]}"] > .outline-row`),
    page.locator(`[data-outline-id="${before[0]}"]`),
  );
  // The drop is applied once dnd-kit ends the drag (a frame or more later on a busy machine).
  await expect.poll(async () => (await outlineIds(page))[0]).toBe('hero');
  await expect(editorPreview(page).locator('main [data-block-id]').first()).toHaveAttribute('data-block-id', 'hero');

  await page.getByRole('button', { name: 'Remove hero' }).click();
  expect(await outlineIds(page)).toEqual(before);
  await expect(editorPreview(page).locator('[data-block-id="hero"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  expect((await outlineIds(page))[0]).toBe('hero');
  await page.keyboard.press('Control+Shift+Z');
  expect(await outlineIds(page)).toEqual(before);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Undo', exact: true }).click();
  expect(await outlineIds(page)).toEqual(before);
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
});

test('an invalid value shows its error at the field and blocks publishing; undo and redo', async ({ page }) => {
  await signIn(page);
  await page.locator('[data-outline-id="home-hero"] .outline-select').click();
  await heading(page).fill('');
  await expect(
    page
      .locator('.field-text.invalid')
      .filter({ has: page.getByRole('textbox', { name: /^Heading/ }) })
      .getByRole('alert'),
  ).toHaveText('must not be empty (in block "home-hero" of type hero)');
  await expect(heading(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await expect(page.getByTestId('validation-status')).toHaveText('1 problem');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(heading(page)).toHaveValue('Winter Sale on Every CX-5');
  // Undone back to what is live: nothing to publish.
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveAttribute('title', /^Nothing to publish/);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(heading(page)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('validation-status')).toHaveText('No problems');
});

test('text typed into a number field shows its error at the field, counts as a problem and blocks Publish', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Theme' }).click();
  const radius = page.locator('#f-theme-radius');
  await expect(radius).toHaveValue('2');
  await radius.fill('5 years');
  const field = page.locator('.field-number.invalid').filter({ has: radius });
  await expect(field.getByRole('alert')).toHaveText('"5 years" is not a number: type a whole number in digits only, for example 6.');
  await expect(radius).toHaveValue('5 years');
  await expect(radius).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('validation-status')).toHaveText('1 problem');
  await expect(page.locator('.problems')).toContainText('theme.radius');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await radius.fill('30');
  await expect(field.getByRole('alert')).toContainText('24');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await radius.fill('12');
  await expect(page.getByTestId('validation-status')).toHaveText('No problems');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await expect(radius).toHaveValue('12');
  // Edits of one field merge into one undo step: undo brings back the document's value.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(radius).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  // 'Reset to default' removes the site's own value: the field shows the default as its placeholder.
  await page.getByRole('button', { name: 'Reset Radius to its default (6)' }).click();
  await expect(radius).toHaveValue('');
  await expect(radius).toHaveAttribute('placeholder', '6');
  await expect(page.getByRole('button', { name: 'Reset Radius to its default (6)' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(radius).toHaveValue('2');
});

test('restore an earlier revision and publish it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.locator('.revision[data-rev="2"]')).toContainText('Mia Nguyen');
  await page.getByRole('button', { name: 'View revision 1' }).click();
  await expect(page.getByText(/Viewing revision 1 \(imported\)/)).toBeVisible();
  await expect(editorPreview(page).locator('[data-block-id="home-hero"] h1')).not.toHaveText('Winter Sale on Every CX-5');
  await page.getByRole('button', { name: 'Restore this revision…' }).click();
  // Before anything changes, the History tab shows what would: the hero's heading, now and after restoring.
  const diff = page.getByRole('region', { name: 'Restore revision 1' });
  const heroRow = diff.locator('[data-diff-page="/"] [data-diff-block="home-hero"]');
  await expect(heroRow).toContainText('will change');
  await expect(heroRow.getByRole('row', { name: /heading/ })).toContainText('Winter Sale on Every CX-5');
  await diff.getByRole('button', { name: 'Restore everything' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision 3\./)).toBeVisible();
  const original = JSON.parse(readFileSync(join(root, 'tenants', `${slug}.json`), 'utf8')).pages['/'].blocks[0].props.heading;
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  await expect(live.locator('h1').first()).toHaveText(original);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.locator('.revision[data-rev="3"]')).toContainText('restored revision 1');
});

test('a second session saving a stale revision gets the conflict message, and keeps its changes', async ({ browser }) => {
  const mia = await newSession(browser);
  const oscar = await newSession(browser);
  await signIn(mia);
  await signIn(oscar, 'oscar@harbourside.example');
  await oscar.locator('[data-outline-id="home-hero"] .outline-select').click();
  await heading(oscar).fill('Oscar was here');
  await oscar.getByRole('button', { name: 'Save draft' }).click();
  await expect(oscar.getByText(/Draft saved as revision 4\./)).toBeVisible();

  await mia.locator('[data-outline-id="home-hero"] .outline-select').click();
  await heading(mia).fill('Mia was here');
  await mia.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(mia.getByRole('alert').filter({ hasText: 'Oscar Lee' })).toHaveText(
    /Oscar Lee \(oscar@harbourside\.example\) saved a draft as revision 4 after you opened revision 3\. Your changes were not saved, and they are still here in the editor\./,
  );
  await expect(heading(mia)).toHaveValue('Mia was here');
  await mia.getByRole('button', { name: 'Load the latest revision' }).click();
  await expect(heading(mia)).toHaveValue('Oscar was here');
  await mia.keyboard.press('Control+z');
  await expect(heading(mia)).toHaveValue('Mia was here');
});

test('an account granted one tenant gets 403 for another tenant and does not see it listed', async ({ page }) => {
  await page.goto(`${base}/editor`);
  await page.getByLabel('Email').fill('mia@harbourside.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const list = page.getByRole('list', { name: 'Sites you can edit' });
  await expect(list.getByRole('button')).toHaveText([/Harbourside Mazda/]);
  const other = await page.request.get(`${base}/editor/api/tenants/big-sky-cars`);
  expect(other.status()).toBe(403);
  expect(await other.json()).toEqual({ error: 'You do not have access to this site.' });
  expect((await page.request.get(`${base}/editor/preview/big-sky-cars`)).status()).toBe(403);
});

test('staff stay signed in across a server restart, and "Sign out everywhere" ends every session', async ({ browser }) => {
  test.setTimeout(60_000);
  const first = await newSession(browser);
  const second = await newSession(browser);
  await signIn(first);
  await signIn(second);
  await server!.stop();
  server = await startServer({ port, env });
  await first.reload();
  await expect(editorPreview(first).locator('[data-block-id="home-hero"]')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  await first.getByRole('button', { name: '← Sites' }).click();
  await first.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(first.getByLabel('Email')).toBeVisible();
  await second.reload();
  await expect(second.getByLabel('Email')).toBeVisible();
});

test("staff change Saturday's hours and add a holiday closure with a live preview; the published site shows both", async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Locations' }).click();
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('0.0');
  const hours = editorPreview(page).locator('.location-details .hours table').first();
  await expect(hours.locator('tr', { hasText: 'Saturday' })).toContainText('8:30am - 4:00pm');
  await expect(hours.locator('tr').first()).toContainText('Mon-Fri');
  await page.getByLabel('Saturday closes').fill('13:00');
  await expect(hours.locator('tr', { hasText: 'Saturday' })).toContainText('8:30am - 1:00pm');
  // Closing Wednesday breaks the 'Mon-Fri' summary in the preview; reopening brings it back.
  await page.getByLabel('Wednesday closed').check();
  await expect(hours.locator('tr', { hasText: 'Wednesday' })).toContainText('Closed');
  await expect(hours.locator('tr').first()).toContainText('Monday');
  await page.getByLabel('Wednesday closed').uncheck();
  await expect(hours.locator('tr').first()).toContainText('Mon-Fri');
  // An impossible time is refused at the grid and blocks Publish.
  await page.getByLabel('Sunday closed').uncheck();
  await page.getByLabel('Sunday closes').fill('07:00');
  await expect(page.locator('.field-hours').getByRole('alert')).toContainText('Sunday closes at 07:00, which is not after it opens (09:00).');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByLabel('Sunday closed').check();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();

  const day = await dayWithoutSpecialHours(page, 20);
  const adder = page.getByRole('group', { name: 'Add special hours' });
  await adder.getByLabel('Date').fill(day);
  await adder.getByLabel('Name').fill('Staff training day');
  await adder.getByRole('button', { name: 'Add special hours' }).click();
  await expect(page.locator(`.special-hours li[data-date="${day}"]`)).toContainText('Staff training day');
  await expect(page.locator(`.special-hours li[data-date="${day}"]`).getByLabel(`${day} closed`)).toBeChecked();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/locations/harbourside-mazda-sales', port));
  const table = live.locator('.location-details .hours table').first();
  await expect(table.locator('tr', { hasText: 'Saturday' })).toContainText('8:30am - 1:00pm');
  await expect(table.locator('tr', { hasText: 'Sunday' })).toContainText('Closed');
  await expectClosedInHolidayHours(live, 'Harbourside Mazda Sales', 'Staff training day', day);
  expect(errors).toEqual([]);
});

test('staff add a page from a preset, link it from the header menu, reorder it by keyboard, publish; removal is refused while linked', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Page' }).click();
  const add = page.getByRole('form', { name: 'Add a page' });
  await add.getByLabel('Title').fill('Service Specials');
  await expect(add.getByLabel('Address')).toHaveAttribute('placeholder', '/service-specials');
  await add.getByLabel('Starting layout').selectOption({ label: 'Content page (heading and text)' });
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(page.getByLabel('Page', { exact: true })).toHaveValue('/service-specials');
  await expect(editorPreview(page).locator('main h1').first()).toHaveText('Service Specials');
  await expect(editorPreview(page).locator('main')).toContainText('We sell good cars.');
  // A taken address is refused with the reason.
  await add.getByLabel('Title').fill('Again');
  await add.getByLabel('Address').fill('/service-specials');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(add.getByRole('alert')).toHaveText('The site already has a page at /service-specials.');

  await page.getByRole('tab', { name: 'Menus' }).click();
  const adder = page.getByRole('group', { name: 'Add a menu item' });
  await adder.getByLabel('Label').fill('Specials');
  await adder.getByLabel('Link').fill('/service-specialz');
  await adder.getByRole('button', { name: 'Add to header menu' }).click();
  // A typed link to no page is flagged at the item and blocks Publish; picking the page fixes it.
  await expect(page.locator('.nav-row.invalid').getByRole('alert')).toContainText('link "/service-specialz" matches no page of this site');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByLabel('Link of menu item Specials').fill('/service-specials');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  const labels = () =>
    page.locator('.nav-tree > li > .nav-row input[aria-label^="Label of"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const before = await labels();
  expect(before.at(-1)).toBe('Specials');
  await page.getByRole('button', { name: 'Specials: Alt+Up or Alt+Down moves it' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  expect((await labels()).at(-2)).toBe('Specials');

  await page.getByRole('tab', { name: 'Page' }).click();
  await page.getByLabel('Page', { exact: true }).selectOption('/service-specials');
  await page.getByRole('button', { name: 'Remove page' }).click();
  await expect(page.getByRole('form', { name: 'This page' }).getByRole('alert')).toHaveText(
    '/service-specials is linked from the header menu › Specials (/service-specials). Change or remove that link first.',
  );

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  await live.locator('header').getByRole('link', { name: 'Specials', exact: true }).first().click();
  await expect(live).toHaveURL(/\/service-specials$/);
  await expect(live.locator('main h1').first()).toHaveText('Service Specials');
  expect(errors).toEqual([]);
});

test("renaming a page's address updates its header link and redirects the old address (301) on the live site", async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Page' }).click();
  await page.getByLabel('Page', { exact: true }).selectOption('/service-specials');
  const thisPage = page.getByRole('form', { name: 'This page' });
  await thisPage.getByLabel('New address').fill('/specials');
  await thisPage.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('Moved /service-specials to /specials; 1 link updated. The old address will redirect to the new one.')).toBeVisible();
  await expect(page.getByLabel('Page', { exact: true })).toHaveValue('/specials');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();

  const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) =>
    request({ host: '127.0.0.1', port, path: '/service-specials?utm=x', headers: { host: `${slug}.localhost:${port}` } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode!, location: res.headers.location });
    })
      .on('error', reject)
      .end(),
  );
  expect(answer).toEqual({ status: 301, location: '/specials?utm=x' });
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/service-specials', port));
  await expect(live).toHaveURL(/\/specials$/);
  await expect(live.locator('main h1').first()).toHaveText('Service Specials');
  await expect(live.locator('header').getByRole('link', { name: 'Specials', exact: true }).first()).toHaveAttribute('href', '/specials');
  expect(errors).toEqual([]);
});

test('staff add a location and remove it again; removing a location the menu links to is refused, naming the link', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Locations' }).click();
  const adder = page.getByRole('group', { name: 'Add a location' });
  await adder.getByLabel('Name of the new location').fill('Parts counter');
  await adder.getByRole('button', { name: 'Add location to Harbourside Mazda' }).click();
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('0.2');
  await expect(page.getByRole('heading', { name: 'Parts counter', exact: true })).toBeVisible();
  // Its address and phone are still to be filled in: problems, and Publish waits for them.
  await expect(page.getByTestId('validation-status')).toHaveText(/\d+ problems?/);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove location' }).click();
  await expect(page.getByLabel('Location', { exact: true }).locator('option')).toHaveText([
    'Harbourside Mazda › Harbourside Mazda Sales',
    'Harbourside Mazda › Harbourside Mazda Service',
  ]);
  await expect(page.getByTestId('validation-status')).toHaveText('No problems');

  await page.getByRole('tab', { name: 'Menus' }).click();
  const menuAdder = page.getByRole('group', { name: 'Add a menu item' });
  await menuAdder.getByLabel('Label').fill('Service centre');
  await menuAdder.getByLabel('Link').fill('/locations/harbourside-mazda-service');
  await menuAdder.getByRole('button', { name: 'Add to header menu' }).click();
  await page.getByRole('tab', { name: 'Locations' }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Harbourside Mazda › Harbourside Mazda Service' });
  await page.getByRole('button', { name: 'Remove location' }).click();
  await expect(page.getByRole('form', { name: 'Dealerships and locations' }).getByRole('alert')).toHaveText(
    'Harbourside Mazda Service is used by the header menu › Service centre. Change or remove it first.',
  );
  expect(errors).toEqual([]);
});

test('staff edit the footer menu as a tree: add a group and a link, reorder by keyboard, move between groups, remove; the live footer follows', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Menus' }).click();
  const groups = () => page.locator('input[aria-label^="Heading of footer group"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const before = await groups();
  const groupAdder = page.getByRole('group', { name: 'Add a footer group' });
  await groupAdder.getByLabel('Heading').fill('Help');
  await groupAdder.getByRole('button', { name: 'Add footer group' }).click();
  expect(await groups()).toEqual([...before, 'Help']);
  const linkAdder = page.getByRole('group', { name: 'Add a footer link' });
  await linkAdder.getByLabel('Label').fill('Questions');
  await linkAdder.getByLabel('Link').fill('about');
  await linkAdder.getByLabel('Group').selectOption({ label: 'Help' });
  await linkAdder.getByRole('button', { name: 'Add to footer menu' }).click();
  await expect(page.getByRole('form', { name: 'Menus' }).getByRole('alert')).toHaveText(
    'A link is a path on this site (/about-us) or a full web address (https://…).',
  );
  await linkAdder.getByLabel('Link').fill('/pages/faqz');
  await linkAdder.getByRole('button', { name: 'Add to footer menu' }).click();
  // A typed path to no page is flagged at the link and blocks Publish; picking the page fixes it.
  await expect(page.locator('[data-footer-path].invalid').getByRole('alert')).toContainText('link "/pages/faqz" matches no page of this site');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByLabel('Link of footer link Questions').fill('/pages/faqs');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  // The group moves up by keyboard; the link moves to the group before it.
  await page.getByRole('button', { name: 'Group Help: Alt+Up or Alt+Down moves it' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  expect((await groups()).at(-2)).toBe('Help');
  await expect(page.getByRole('button', { name: 'Group Help: Alt+Up or Alt+Down moves it' })).toBeFocused();
  const previous = (await groups()).at(-3)!;
  await page.getByRole('button', { name: `Move Questions to ${previous}` }).click();
  await expect(page.getByRole('list', { name: `Links of ${previous}` }).getByLabel('Label of footer link Questions')).toBeVisible();
  await page.getByRole('button', { name: 'Remove footer group Help' }).click();
  expect(await groups()).toEqual(before);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  await expect(live.locator('footer').getByRole('link', { name: 'Questions', exact: true })).toHaveAttribute('href', '/pages/faqs');
  expect(errors).toEqual([]);
});

test('the theme tab shows the WCAG AA contrast of each colour pair as a colour changes, and the preview follows', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Theme' }).click();
  const theme = page.getByRole('form', { name: 'Theme' });
  await expect(theme.getByTestId('contrast-summary')).toHaveText('Every colour pair meets WCAG AA.');
  await theme.locator('#f-theme-text').fill('#bbbbbb');
  await expect(theme.getByTestId('contrast-summary')).toHaveText('2 colour pairs are below WCAG AA: some shoppers will not be able to read it.');
  await expect(theme.getByRole('row', { name: /body text on the page background/ })).toContainText('1.91:1');
  await expect(page.getByTestId('validation-warnings')).toContainText('theme.text');
  await expect
    .poll(() =>
      editorPreview(page)
        .locator('html')
        .evaluate((h) => getComputedStyle(h).getPropertyValue('--text').trim()),
    )
    .toBe('#bbbbbb');
  await page.keyboard.press('Control+z');
  await expect(theme.getByTestId('contrast-summary')).toHaveText('Every colour pair meets WCAG AA.');
});

test('keyboard walk of the outline and a form: walk, move a block, open its form, edit, leave with Escape, undo by keyboard', async ({ page }) => {
  await signIn(page);
  const before = await outlineIds(page);
  expect(before.slice(0, 2)).toEqual(['home-hero', 'home-stock-search']);
  await page.locator('[data-outline-id="home-hero"] .outline-select').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-outline-id="home-stock-search"] .outline-select')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  expect((await outlineIds(page)).slice(0, 2)).toEqual(['home-stock-search', 'home-hero']);
  await expect(page.locator('[data-outline-id="home-stock-search"] .outline-select')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-outline-id="home-hero"] .outline-select')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading(page)).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' today');
  await expect(editorPreview(page).locator('[data-block-id="home-hero"] h1')).toContainText('today');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-outline-id="home-hero"] .outline-select')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(heading(page)).not.toHaveValue(/today/);
  await page.keyboard.press('Control+z');
  expect(await outlineIds(page)).toEqual(before);
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
});

test('staff upload a banner image into the hero from the media library, publish, and the live site shows it', async ({ page }) => {
  await signIn(page);
  await page.locator('[data-outline-id="home-hero"] .outline-select').click();
  const form = page.getByRole('form', { name: 'Properties of home-hero' });
  // Not an image: refused with the reason, whatever the file is called.
  await form
    .getByLabel('Upload an image for Image')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(form.locator('.field-image').getByRole('alert')).toHaveText('This file is not a JPEG, PNG, WebP, GIF or AVIF image.');
  const banner = await sharp({ create: { width: 1920, height: 600, channels: 3, background: { r: 11, g: 61, b: 145 } } })
    .jpeg()
    .toBuffer();
  await form.getByLabel('Upload an image for Image').setInputFiles({ name: 'winter-sale.jpg', mimeType: 'image/jpeg', buffer: banner });
  await expect(form.getByText('Uploaded winter-sale.jpg.')).toBeVisible();
  const url = await form.getByLabel('Image', { exact: true }).inputValue();
  expect(url).toMatch(/^\/uploads\/[a-f0-9]{18}\/1600\.jpg$/);
  await form.getByRole('button', { name: 'Choose from the media library' }).click();
  const library = form.getByRole('region', { name: 'Media library' });
  await expect(library.getByRole('button', { name: 'Use winter-sale.jpg' })).toBeVisible();
  await expect
    .poll(() =>
      library
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  // In use: it cannot be deleted.
  await expect(library.getByRole('button', { name: 'Delete winter-sale.jpg' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  // The hero shows it (as its side picture on this site): one of the upload's own sizes, loaded.
  const uploadFolder = url.slice(0, url.lastIndexOf('/') + 1);
  await expect
    .poll(() =>
      live
        .locator('.hero img.hero-picture')
        .first()
        .evaluate((img: HTMLImageElement) => (img.naturalWidth > 0 ? img.currentSrc : '')),
    )
    .toContain(uploadFolder);
  const variant = await live.evaluate(
    async (u) => {
      const r = await fetch(u);
      return { status: r.status, type: r.headers.get('content-type') };
    },
    url.replace('1600.jpg', '960.avif'),
  );
  expect(variant).toEqual({ status: 200, type: 'image/avif' });
  // Another site does not serve it.
  // A missing image answers a JSON 404 (which a browser opening it saves as api.json): asked for from Node.
  expect(await statusOn('big-sky-cars', url, port)).toBe(404);
});

test('a page with a required parameter (/cars/:slug) previews a real car from the site’s stock, switchable, not the 404 page', async ({ page }) => {
  await signIn(page);
  await page.getByLabel('Page', { exact: true }).selectOption('/cars/:slug');
  const example = page.getByLabel('Preview with');
  await expect(example.locator('option')).not.toHaveCount(0);
  const labels = atLeast(1, await example.locator('option').allTextContents(), 'the examples');
  const words = (label: string) => label.split(' ').slice(1, 3).join(' ');
  await expect(editorPreview(page).locator('h1').first()).toContainText(words(labels[0]));
  await expect(editorPreview(page).getByText('Page not found')).toHaveCount(0);
  const other = labels.findIndex((l) => words(l) !== words(labels[0]));
  expect(other).toBeGreaterThan(0);
  await example.selectOption(String(other));
  await expect(editorPreview(page).locator('h1').first()).toContainText(words(labels[other] ?? ''));
});
