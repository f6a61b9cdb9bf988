// The editor's menus and dealerships in Chromium (issue 19), against the production build on its own server
// (E2E_PORT+18) with a temporary copy of the tenants and its own data; the account comes from the accounts CLI.
// Menu rows are reordered with the mouse (page.mouse: press on a row's drag handle, several moves, release), as staff
// do it: the header menu's top-level items (and one dragged right, into a dropdown), the footer's groups and the links
// in a footer group; the preview follows, and after Publish the stored document and the live site show the new order.
// A dealership added with its location shows on the live site's contact page and its own location page, and is gone
// from both once removed.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorPreview, editorWorkspace, port as mainPort, signInToEditor, siteUrl, type SpecServer, startServer, watchErrors } from './helpers';
import { atLeast } from '../test-support/at-least';

const port = mainPort + 18;
const base = `http://localhost:${port}`;
const slug = 'harbourside-mazda';
const EMAIL = 'noah@harbourside.example';
const PASSWORD = 'menu-drag-and-drop-2026';

let server: SpecServer | undefined;
let tenantsDir = '';
let env: Record<string, string> = {};

// Each test signs in and publishes on a busy machine; the dealership test publishes twice.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A smaller stock starts the server faster; nothing here needs a particular car.
  ({ tenantsDir, env } = editorWorkspace('editor-navigation', [{ email: EMAIL, name: 'Noah Park', password: PASSWORD, tenants: [slug] }], {
    INVENTORY_SIZE: '2000',
  }));
  server = await startServer({ port, env });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  await page.setViewportSize({ width: 1600, height: 1200 });
  await signInToEditor(page, base, { email: EMAIL, password: PASSWORD }, { site: /Harbourside Mazda/, ready: 'header.site-header' });
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
}

const storedDocument = () => JSON.parse(readFileSync(join(tenantsDir, `${slug}.json`), 'utf8'));

/** The values of the inputs a locator finds, in order (the editor's rows show their text in inputs). */
const values = (inputs: Locator) => inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
/** The texts of a site header's top-level items (a link, or a dropdown's button without its caret). */
const headerItems = (header: Locator) =>
  header.locator('.nav-list > .nav-item > :first-child').evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace('▾', '').trim()));

/**
 * Drags a menu row by its handle with the mouse onto a point of another row: `edge` 'top' just below its top edge
 * (the row goes before it), 'bottom' just above its bottom edge (after it), `right` pixels to the right on the way (to
 * nest it). Stops before the release when `release` is false, so the test can look at the drop line or press Escape.
 */
async function dragRow(page: Page, handle: Locator, target: Locator, edge: 'top' | 'bottom', options: { release?: boolean; right?: number } = {}) {
  const { release = true, right = 0 } = options;
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
  const y = edge === 'top' ? to.y + 3 : to.y + to.height - 3;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(x0 + (right * step) / 8, y0 + ((y - y0) * step) / 8);
  // The rows move as the drag starts (the dragged row's place): the pointer follows the target to where it is now, as a
  // person's hand does, until it stays put (in one CI run the drop landed a row late without this).
  for (let tries = 0, last = to.y; tries < 5; tries++) {
    const now = (await target.boundingBox())!;
    await page.mouse.move(x0 + right, edge === 'top' ? now.y + 3 : now.y + now.height - 3);
    if (Math.abs(now.y - last) < 1 && tries > 0) break;
    last = now.y;
  }
  if (release) await page.mouse.up();
}

/** Signs in and opens the Menus tab: the header menu's list, its top-level labels, a top-level row and its drag handle. */
async function openHeaderMenu(page: Page) {
  await signIn(page);
  await page.getByRole('tab', { name: 'Menus' }).click();
  const tree = page.getByRole('list', { name: 'Header menu items' });
  const row = (label: string) => tree.locator(':scope > li > .nav-row').filter({ has: page.getByLabel(`Label of menu item ${label}`, { exact: true }) });
  return {
    tree,
    labels: () => values(tree.locator(':scope > li > .nav-row input[aria-label^="Label of"]')),
    row,
    handle: (label: string) => row(label).getByRole('button', { name: `${label}: Alt+Up or Alt+Down moves it`, exact: true }),
  };
}

test('staff reorder the header menu by dragging an item above another with the mouse; Escape cancels; the live header follows', async ({ page }) => {
  const errors = watchErrors(page);
  const { tree, labels, row, handle } = await openHeaderMenu(page);
  const before = await labels();
  expect(before.slice(0, 6)).toEqual(['Home', 'Range', 'Stock', 'Sell My Car', 'Finance', 'Service & Parts']);

  // While dragging, a line shows where the item would go; Escape puts everything back.
  await dragRow(page, handle('Finance'), row('Stock'), 'top', { release: false });
  await expect(row('Stock')).toHaveClass(/drop-before/);
  await expect(row('Finance')).toHaveClass(/dragging/);
  await page.keyboard.press('Escape');
  await expect(tree.locator('.drop-before, .drop-after, .dragging')).toHaveCount(0);
  await page.mouse.up();
  expect(await labels()).toEqual(before);

  // Dropped on the top half of Stock, Finance goes before it; its dropdown links go with it.
  await dragRow(page, handle('Finance'), row('Stock'), 'top');
  const moved = ['Home', 'Range', 'Finance', 'Stock', 'Sell My Car', ...before.slice(5)];
  await expect.poll(labels).toEqual(moved);
  await expect(handle('Finance')).toBeFocused();
  await expect(page.getByRole('list', { name: 'Dropdown of Finance' }).getByLabel('Label of menu item Insurance')).toBeVisible();
  // Dropped on the bottom half of the last item, Home goes last.
  await dragRow(page, handle('Home'), row(before.at(-1)!), 'bottom');
  const final = [...moved.slice(1), 'Home'];
  await expect.poll(labels).toEqual(final);
  // The keyboard still moves rows: Alt+Up puts Home back before the last item, Alt+Down undoes it.
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(async () => (await labels()).at(-2)).toBe('Home');
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(labels).toEqual(final);

  const previewHeader = editorPreview(page).locator('header.site-header');
  await expect.poll(() => headerItems(previewHeader)).toEqual(expect.arrayContaining(['Range', 'Finance', 'Stock', 'Home']));
  const shown = await headerItems(previewHeader);
  expect(shown.indexOf('Finance')).toBeLessThan(shown.indexOf('Stock'));
  expect(shown.at(-1)).toBe('Home');

  await publish(page);
  expect(storedDocument().navigation.header.map((item: { label: string }) => item.label)).toEqual(final);
  expect(storedDocument().navigation.header[1].children.map((link: { label: string }) => link.label)).toEqual([
    'Mazda Finance',
    'Finance Calculator',
    'Insurance',
  ]);
  const live = await page.context().newPage();
  await live.setViewportSize({ width: 1600, height: 900 });
  await live.goto(siteUrl(slug, '/', port));
  expect(await headerItems(live.locator('header.site-header'))).toEqual(shown);
  expect(errors).toEqual([]);
});

test("staff type into a menu item's label in place: the focus stays in the field (it left after the first key) and the preview shows the new text; Alt+Down twice keeps the focus on the moved item", async ({
  page,
}) => {
  const errors = watchErrors(page);
  const { labels, handle } = await openHeaderMenu(page);
  const label = page.getByLabel('Label of menu item Stock', { exact: true });
  await label.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Cars');
  const input = page.getByLabel('Label of menu item Stock Cars', { exact: true });
  await expect(input).toHaveValue('Stock Cars');
  await expect(input).toBeFocused();
  await expect(editorPreview(page).locator('header.site-header .nav-list')).toContainText('Stock Cars');

  // Moved down twice by keyboard, the item keeps the focus (on its handle) and goes two places down.
  const before = await labels();
  const at = before.indexOf('Stock Cars');
  await handle('Stock Cars').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(labels).toEqual([...before.slice(0, at), before[at + 1], before[at + 2], 'Stock Cars', ...before.slice(at + 3)]);
  await expect(handle('Stock Cars')).toBeFocused();

  // A row these edits did not render again (before the typed item's first place, or past the row after its last place,
  // which names a changed neighbour) nests its item: it acts on the menu as it is now (the new label and order are
  // kept), not as it was when the row last rendered. The item must have a link and no dropdown of its own.
  const moved = await labels();
  let picked: number | undefined;
  for (let k = 1; k < moved.length && picked === undefined; k++) {
    if (k >= at && k <= at + 3) continue;
    const dropdowns = await page.getByRole('list', { name: `Dropdown of ${moved[k]}`, exact: true }).count();
    const href = await page.getByLabel(`Link of menu item ${moved[k]}`, { exact: true }).inputValue();
    if (!dropdowns && href) picked = k;
  }
  expect(picked, `an item to nest in ${moved.join(', ')}`).toBeDefined();
  const [item, under] = [moved[picked!], moved[picked! - 1]];
  await page.getByRole('button', { name: `Put ${item} under ${under}`, exact: true }).click();
  await expect.poll(labels).toEqual(moved.filter((_, k) => k !== picked));
  expect(await labels()).toContain('Stock Cars');
  await expect(page.getByRole('list', { name: `Dropdown of ${under}`, exact: true }).getByLabel(`Label of menu item ${item}`, { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a header item dragged to the right goes under the item above where it is dropped; the live dropdown shows it', async ({ page }) => {
  const errors = watchErrors(page);
  const { tree, labels, row, handle } = await openHeaderMenu(page);
  const before = await labels();
  expect(before.slice(0, 4)).toEqual(['Range', 'Finance', 'Stock', 'Sell My Car']);
  const finance = page.getByRole('list', { name: 'Dropdown of Finance' });
  const dropdown = () => values(finance.locator('input[aria-label^="Label of"]'));

  // Dragged right onto the top of Stock: the line is between Finance and Stock, so Finance (outlined) takes it.
  await dragRow(page, handle('Sell My Car'), row('Stock'), 'top', { release: false, right: 80 });
  await expect(row('Finance')).toHaveClass(/drop-into/);
  await expect(tree.locator('.drop-before, .drop-after')).toHaveCount(0);
  await page.mouse.up();
  await expect.poll(dropdown).toEqual(['Mazda Finance', 'Finance Calculator', 'Insurance', 'Sell My Car']);
  expect(await labels()).toEqual(before.filter((l) => l !== 'Sell My Car'));
  await expect(finance.getByRole('button', { name: 'Sell My Car: Alt+Up or Alt+Down moves it' })).toBeFocused();
  await expect(editorPreview(page).locator('header.site-header .nav-list > .nav-item > a', { hasText: 'Sell My Car' })).toHaveCount(0);

  await publish(page);
  const stored = storedDocument().navigation.header as { label: string; children?: { label: string; href: string }[] }[];
  expect(stored.find((item) => item.label === 'Finance')!.children!.at(-1)).toEqual({ label: 'Sell My Car', href: '/trade-in' });
  expect(stored.map((item) => item.label)).not.toContain('Sell My Car');
  const live = await page.context().newPage();
  await live.setViewportSize({ width: 1600, height: 900 });
  await live.goto(siteUrl(slug, '/', port));
  const header = live.locator('header.site-header');
  expect(await headerItems(header)).not.toContain('Sell My Car');
  await expect(live.locator('html')).toHaveAttribute('data-hydrated', /.*/);
  await header.getByRole('button', { name: 'Finance', exact: true }).click();
  await expect(header.getByRole('link', { name: 'Sell My Car', exact: true })).toHaveAttribute('href', '/trade-in');
  expect(errors).toEqual([]);
});

test('staff reorder the footer menu by dragging a group and a link with the mouse; the live footer follows', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Menus' }).click();
  const tree = page.getByRole('list', { name: 'Footer menu groups' });
  const groupRow = (title: string) =>
    tree.locator(':scope > li > .nav-row').filter({ has: page.getByLabel(`Heading of footer group ${title}`, { exact: true }) });
  const groupHandle = (title: string) => groupRow(title).getByRole('button', { name: `Group ${title}: Alt+Up or Alt+Down moves it`, exact: true });
  const groups = () => values(tree.locator('input[aria-label^="Heading of footer group"]'));
  const links = page.getByRole('list', { name: 'Links of Harbourside Mazda' });
  const linkRow = (label: string) => links.locator(':scope > li > .nav-row').filter({ has: page.getByLabel(`Label of footer link ${label}`, { exact: true }) });
  const linkHandle = (label: string) => linkRow(label).getByRole('button', { name: `${label}: Alt+Up or Alt+Down moves it`, exact: true });
  const linkLabels = () => values(links.locator('input[aria-label^="Label of footer link"]'));
  expect(await groups()).toEqual(['Models', 'Buyer Tools', 'Service & Parts', 'Harbourside Mazda']);
  expect(await linkLabels()).toEqual(['About', 'Ute', 'Fleet', 'Careers', 'Contact', 'Terms', 'Privacy']);

  // The group Harbourside Mazda dropped on the top half of Buyer Tools goes before it, with its links.
  await dragRow(page, groupHandle('Harbourside Mazda'), groupRow('Buyer Tools'), 'top');
  await expect.poll(groups).toEqual(['Models', 'Harbourside Mazda', 'Buyer Tools', 'Service & Parts']);
  expect(await linkLabels()).toHaveLength(7);
  // A link moves within its group: Contact dropped on the top half of About goes first; a link stays in its group.
  await dragRow(page, linkHandle('Contact'), linkRow('About'), 'top');
  const order = ['Contact', 'About', 'Ute', 'Fleet', 'Careers', 'Terms', 'Privacy'];
  await expect.poll(linkLabels).toEqual(order);

  const footerOf = (footer: Locator) =>
    footer
      .locator('.footer-group:not(.footer-contact)')
      .evaluateAll((els) => els.map((g) => [g.querySelector('h2')?.textContent ?? '', ...[...g.querySelectorAll('li a')].map((a) => a.textContent ?? '')]));
  const previewFooter = editorPreview(page).locator('footer.site-footer');
  await previewFooter.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await footerOf(previewFooter)).map((g) => g[0])).toEqual(['Models', 'Harbourside Mazda', 'Buyer Tools', 'Service & Parts']);
  expect((await footerOf(previewFooter))[1]?.slice(1)).toEqual(order);

  await publish(page);
  const stored = storedDocument().navigation.footer as { title: string; links?: { label: string }[] }[];
  expect(stored.map((g) => g.title)).toEqual(['Models', 'Harbourside Mazda', 'Buyer Tools', 'Service & Parts']);
  expect(stored[1]?.links?.map((l) => l.label)).toEqual(order);
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  expect(await footerOf(live.locator('footer.site-footer'))).toEqual(await footerOf(previewFooter));
  expect(errors).toEqual([]);
});

test('staff add a dealership with its location, publish, and the live site lists it; removing it takes it away again', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.getByRole('tab', { name: 'Locations' }).click();
  const adder = page.getByRole('group', { name: 'Add a dealership' });
  await adder.getByLabel('Name of the new dealership').fill('Harbourside Kia');
  await adder.getByRole('button', { name: 'Add dealership' }).click();
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('1.0');
  await expect(page.getByRole('heading', { name: 'Harbourside Kia', exact: true })).toBeVisible();
  // The new location's postcode and phone are still to be filled in: problems, and Publish waits for them.
  await expect(page.getByTestId('validation-status')).toHaveText('2 problems');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  const field = (key: string) => page.locator(`#f-dealerships-1-locations-0-${key}`);
  await field('address-street').fill('12 Kingsford Smith Drive');
  await field('address-city').fill('Hamilton');
  await field('address-postcode').fill('4007');
  await field('contact_detail-phone').fill('07 3250 2200');
  await expect(page.getByTestId('validation-status')).toHaveText('No problems');
  await publish(page);
  const stored = storedDocument().dealerships as { id: number; name: string; locations: { slug: string; address: { street: string } }[] }[];
  expect(stored.map((d) => d.name)).toEqual(['Harbourside Mazda', 'Harbourside Kia']);
  const [first, added] = atLeast(2, stored, 'the dealerships stored');
  expect(added.id).toBeGreaterThan(first.id);
  expect(added.locations[0]).toMatchObject({ slug: 'harbourside-kia', address: { street: '12 Kingsford Smith Drive' } });

  // The live site: the contact page's list of locations, and the location's own page.
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/contact', port));
  const list = live.locator('.location-list');
  await list.scrollIntoViewIfNeeded();
  await expect(list).toContainText('Harbourside Kia');
  await expect(list).toContainText('Harbourside Mazda Sales');
  const own = await live.goto(siteUrl(slug, '/locations/harbourside-kia', port));
  expect(own?.status()).toBe(200);
  await expect(live.locator('.location-details').first()).toContainText('12 Kingsford Smith Drive');
  await expect(live.locator('.location-details').first()).toContainText('07 3250 2200');

  await page.getByRole('button', { name: 'Remove dealership Harbourside Kia' }).click();
  await expect(page.getByLabel('Location', { exact: true }).locator('option')).toHaveText([
    'Harbourside Mazda › Harbourside Mazda Sales',
    'Harbourside Mazda › Harbourside Mazda Service',
  ]);
  await publish(page);
  expect((storedDocument().dealerships as { name: string }[]).map((d) => d.name)).toEqual(['Harbourside Mazda']);
  await live.goto(siteUrl(slug, '/contact', port));
  await list.scrollIntoViewIfNeeded();
  await expect(list).toContainText('Harbourside Mazda Sales');
  await expect(list).not.toContainText('Harbourside Kia');
  expect((await live.goto(siteUrl(slug, '/locations/harbourside-kia', port)))?.status()).toBe(404);
  expect(errors).toEqual([]);
});
