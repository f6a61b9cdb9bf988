// Issue 19's acceptance story in one go, in Chromium against the production build: a staff member signs in, adds a page
// from a preset, links it from the header menu, changes Saturday's opening hours and adds a holiday closure, uploads a
// banner image (a real PNG) into the new page's hero, publishes, and the live site (the tenant's own host, another tab)
// shows all four at once, with no server restart. On the way, text typed into a number field is flagged at the field
// and holds Publish back; after the story, the server restarts and the staff member is still signed in.
// Its own server on E2E_PORT+21 with a temporary copy of the tenants and editor data; the account comes from the CLI.
import { expect, test, type Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import sharp from 'sharp';
import {
  dayWithoutSpecialHours,
  editorPreview,
  editorWorkspace,
  expectClosedInHolidayHours,
  port as mainPort,
  signInToEditor,
  siteUrl,
  type SpecServer,
  startServer,
  statusOn,
  watchErrors,
} from './helpers';

const port = mainPort + 21;
const base = `http://localhost:${port}`;
const slug = 'harbourside-mazda';
const EMAIL = 'lena@harbourside.example';
const PASSWORD = 'saturday-hours-2026';

let server: SpecServer | undefined;
let workDir = '';
let env: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // A smaller stock starts the server faster; the story needs no particular car.
  ({ work: workDir, env } = editorWorkspace('editor-acceptance', [{ email: EMAIL, name: 'Lena Brooks', password: PASSWORD, tenants: [slug] }], {
    INVENTORY_SIZE: '2000',
  }));
  server = await startServer({ port, env });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument as an object pattern
test.afterEach(({}, info) => {
  // The server's own words, when a step failed.
  if (info.status !== info.expectedStatus) console.log(server?.log().slice(-4000));
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** The address the live page's hero backdrop loaded, once it has loaded (empty before). */
const loadedBackdrop = (page: Page) =>
  page
    .locator('.hero img.hero-backdrop')
    .first()
    .evaluate((img: HTMLImageElement) => (img.naturalWidth > 0 ? img.currentSrc : ''));
const published = (page: Page) => expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();

const signIn = (page: Page) => signInToEditor(page, base, { email: EMAIL, password: PASSWORD }, { site: /Harbourside Mazda/ });

test('a page from a preset, its header link, Saturday hours, a holiday closure and a PNG banner go live together on publish', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await signIn(page);

  // 1. A page from the promotion preset: its blocks come from the blocks' fixtures, not empty props.
  await page.getByRole('tab', { name: 'Page' }).click();
  const add = page.getByRole('form', { name: 'Add a page' });
  await add.getByLabel('Title').fill('Winter Sale');
  await add.getByLabel('Starting layout').selectOption({ label: 'Promotion page (banner, features, call to action)' });
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(page.getByLabel('Page', { exact: true })).toHaveValue('/winter-sale');
  await expect(page.locator('.outline > .outline-list > .outline-item')).toHaveCount(3);
  await expect(editorPreview(page).locator('main h1').first()).toHaveText('Winter Sale');
  await expect(editorPreview(page).locator('[data-block-id="cta-banner"]')).toBeVisible();

  // 2. A real PNG banner uploaded into the new page's hero.
  await page.locator('[data-outline-id="hero"] .outline-select').click();
  const form = page.getByRole('form', { name: 'Properties of hero' });
  const png = await sharp({ create: { width: 1800, height: 500, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
  await form.getByLabel('Upload an image for Image').setInputFiles({ name: 'winter-banner.png', mimeType: 'image/png', buffer: png });
  // Encoding AVIF/WebP at three widths can take a while on a busy machine.
  await expect(form.getByText('Uploaded winter-banner.png.')).toBeVisible({ timeout: 60_000 });
  const banner = await form.getByLabel('Image', { exact: true }).inputValue();
  // An opaque PNG is served as JPEG at its largest width (PNG is kept for images with transparency), AVIF/WebP beside it.
  expect(banner).toMatch(/^\/uploads\/[a-f0-9]{18}\/1600\.jpg$/);
  // The preview (on the editor's host) shows it through the editor's media route of the site: the image loads there.
  const [, id] = banner.split('/').slice(1);
  // The hero shows it as its backdrop picture (one of the upload's sizes), loaded.
  const previewBackdrop = editorPreview(page).locator('[data-block-id="hero"] .hero img.hero-backdrop');
  await expect
    .poll(() => previewBackdrop.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : '')))
    .toContain(`/editor/api/tenants/${slug}/media/${id}/`);
  expect(
    await previewBackdrop.evaluate(async (img: HTMLImageElement) => {
      const r = await fetch(img.currentSrc);
      return { status: r.status, image: /^image\//.test(r.headers.get('content-type') ?? '') };
    }),
  ).toEqual({ status: 200, image: true });

  // 3. A header menu link to it, picked from the site's pages.
  await page.getByRole('tab', { name: 'Menus' }).click();
  const adder = page.getByRole('group', { name: 'Add a menu item' });
  await adder.getByLabel('Label').fill('Winter Sale');
  await expect(page.locator('#site-pages option[value="/winter-sale"]')).toHaveCount(1);
  await adder.getByLabel('Link').fill('/winter-sale');
  await adder.getByRole('button', { name: 'Add to header menu' }).click();
  await expect(page.getByLabel('Link of menu item Winter Sale')).toHaveValue('/winter-sale');
  await expect(editorPreview(page).locator('header').getByRole('link', { name: 'Winter Sale', exact: true }).first()).toHaveAttribute('href', '/winter-sale');

  // 4. Saturday closes at 1pm, and a public holiday is closed.
  await page.getByRole('tab', { name: 'Locations' }).click();
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('0.0');
  await page.getByLabel('Saturday closes').fill('13:00');
  const day = await dayWithoutSpecialHours(page);
  const special = page.getByRole('group', { name: 'Add special hours' });
  await special.getByLabel('Date').fill(day);
  await special.getByLabel('Name').fill('Winter public holiday');
  await special.getByRole('button', { name: 'Add special hours' }).click();
  await expect(page.locator(`.special-hours li[data-date="${day}"]`)).toContainText('Winter public holiday');
  await expect(page.locator(`.special-hours li[data-date="${day}"]`).getByLabel(`${day} closed`)).toBeChecked();

  // 5. Text typed into a number field: the message at the field, one problem, Publish held back until it is fixed.
  await page.getByRole('tab', { name: 'Site settings' }).click();
  const makes = page.locator('#f-settings-search-makesShownBeforeShowAll');
  // The setting's group opens from its heading; the site has no value of its own, so the default shows as the placeholder.
  await page.locator('details.field-object').filter({ has: makes }).last().locator('> summary').click();
  await expect(makes).toHaveAttribute('placeholder', '7');
  const shown = await makes.inputValue();
  await makes.fill('seven makes');
  const field = page.locator('.field-number.invalid').filter({ has: makes });
  await expect(field.getByRole('alert')).toHaveText(/^"seven makes" is not a number/);
  await expect(makes).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('validation-status')).toHaveText('1 problem');
  await expect(page.locator('.problems')).toContainText('settings.search.makesShownBeforeShowAll');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await makes.fill(shown);
  await expect(page.getByTestId('validation-status')).toHaveText('No problems');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await published(page);

  // The live site, on the tenant's own host, with the same server still running.
  const live = await page.context().newPage();
  const liveErrors = watchErrors(live);
  await live.goto(siteUrl(slug, '/', port));
  await live.locator('header').getByRole('link', { name: 'Winter Sale', exact: true }).first().click();
  await expect(live).toHaveURL(siteUrl(slug, '/winter-sale', port));
  await expect(live.locator('main h1').first()).toHaveText('Winter Sale');
  await expect.poll(() => loadedBackdrop(live)).toContain(`/uploads/${id}/`);
  const served = await live.evaluate(async (u) => {
    const r = await fetch(u);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const image = await createImageBitmap(new Blob([bytes]));
    return { status: r.status, type: r.headers.get('content-type'), jpeg: bytes[0] === 0xff && bytes[1] === 0xd8, width: image.width, height: image.height };
  }, banner);
  expect(served).toEqual({ status: 200, type: 'image/jpeg', jpeg: true, width: 1600, height: 444 });

  await live.goto(siteUrl(slug, '/locations/harbourside-mazda-sales', port));
  const table = live.locator('.location-details .hours table').first();
  await expect(table.locator('tr', { hasText: 'Saturday' })).toContainText('8:30am - 1:00pm');
  await expectClosedInHolidayHours(live, 'Harbourside Mazda Sales', 'Winter public holiday', day);
  expect(errors).toEqual([]);
  expect(liveErrors).toEqual([]);
});

test('staff stay signed in across a server restart, and the published changes are still live', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await server!.stop();
  server = await startServer({ port, env });
  await page.reload();
  await expect(editorPreview(page).locator('[data-block-id="home-hero"]')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  await expect(page.getByLabel('Page', { exact: true }).locator('option[value="/winter-sale"]')).toHaveCount(1);
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/winter-sale', port));
  await expect(live.locator('main h1').first()).toHaveText('Winter Sale');
});

test("the rest of issue 19's page, menu, media and audit list: duplicate a page, its title and SEO description, move and nest a menu link, delete an unused image", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await signIn(page);
  // Duplicate the new page to another address; the copy gets its own title and SEO description.
  await page.getByRole('tab', { name: 'Page' }).click();
  await page.getByLabel('Page', { exact: true }).selectOption('/winter-sale');
  const thisPage = page.getByRole('form', { name: 'This page' });
  await thisPage.getByLabel('New address').fill('/winter-sale-2027');
  await thisPage.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByLabel('Page', { exact: true })).toHaveValue('/winter-sale-2027');
  await expect(page.locator('.outline > .outline-list > .outline-item')).toHaveCount(3);
  // The preview shows the copy: the original's heading and its banner.
  await expect(editorPreview(page).locator('main h1').first()).toHaveText('Winter Sale');
  await expect(editorPreview(page).locator('.hero img.hero-backdrop').first()).toHaveAttribute('src', /\/media\/[a-f0-9]{18}\//);
  const pageForm = page.locator('form.props-form', { has: page.getByRole('heading', { name: 'Page /winter-sale-2027' }) });
  await pageForm.getByRole('textbox', { name: /^Title/ }).fill('Winter Sale 2027');
  await pageForm.getByRole('textbox', { name: /^Description/ }).fill('Drive-away prices on every winter-ready SUV next year.');
  // The preview's page carries them as it types: the browser tab's title and the description search engines show.
  await expect
    .poll(() =>
      editorPreview(page)
        .locator('html')
        .evaluate(() => document.title),
    )
    .toBe('Winter Sale 2027 | Harbourside Mazda');
  await expect(editorPreview(page).locator('head > meta[name="description"]')).toHaveAttribute(
    'content',
    'Drive-away prices on every winter-ready SUV next year.',
  );

  // The header menu: add a link to the copy, move it to the top, move it down by keyboard, nest it under the item
  // above and take it out again, then nest it for good.
  await page.getByRole('tab', { name: 'Menus' }).click();
  const adder = page.getByRole('group', { name: 'Add a menu item' });
  await adder.getByLabel('Label').fill('Next winter');
  await adder.getByLabel('Link').fill('/winter-sale-2027');
  await adder.getByRole('button', { name: 'Add to header menu' }).click();
  const labels = () =>
    page
      .locator('.nav-tree[aria-label="Header menu items"] > li > .nav-row input[aria-label^="Label of"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  // The new item is last once it shows (read before that, the list is one short and the moves below stop early).
  await expect.poll(async () => (await labels()).at(-1)).toBe('Next winter');
  const first = (await labels())[0];
  const last = (await labels()).length - 1;
  // To the top by keyboard (a Playwright drag does not move header rows yet).
  await page.getByRole('button', { name: 'Next winter: Alt+Up or Alt+Down moves it' }).focus();
  for (let i = 0; i < last; i++) await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(async () => (await labels())[0]).toBe('Next winter');
  await page.getByRole('button', { name: 'Next winter: Alt+Up or Alt+Down moves it' }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  expect((await labels()).slice(0, 2)).toEqual([first, 'Next winter']);
  await expect(page.getByRole('button', { name: 'Next winter: Alt+Up or Alt+Down moves it' })).toBeFocused();
  await page.getByRole('button', { name: `Put Next winter under ${first}` }).click();
  const dropdown = page.getByRole('list', { name: `Dropdown of ${first}` });
  await expect(dropdown.getByLabel('Label of menu item Next winter')).toBeVisible();
  expect(await labels()).not.toContain('Next winter');
  await page.getByRole('button', { name: `Take Next winter out of ${first}` }).click();
  expect((await labels()).slice(0, 2)).toEqual([first, 'Next winter']);
  await page.getByRole('button', { name: `Put Next winter under ${first}` }).click();
  await expect(dropdown.getByLabel('Label of menu item Next winter')).toBeVisible();

  // The media library: an image nobody uses can be deleted, the published banner cannot.
  // The copy's blocks got ids of their own (the hero is its first block).
  await page.locator('.outline > .outline-list > .outline-item').first().locator('.outline-select').click();
  const form = page.getByRole('form', { name: /^Properties of hero/ });
  const spare = await sharp({ create: { width: 800, height: 300, channels: 4, background: { r: 0, g: 90, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
  await form.getByLabel('Upload an image for Image').setInputFiles({ name: 'spare.png', mimeType: 'image/png', buffer: spare });
  await expect(form.getByText('Uploaded spare.png.')).toBeVisible({ timeout: 60_000 });
  // It has transparency: its fallback stays PNG.
  const spareUrl = await form.getByLabel('Image', { exact: true }).inputValue();
  expect(spareUrl).toMatch(/^\/uploads\/[a-f0-9]{18}\/800\.png$/);
  await expect(editorPreview(page).locator('.hero img.hero-backdrop').first()).toHaveAttribute('src', new RegExp(`/media/${spareUrl.split('/')[2]}/`));
  // The library lists every image of the site, not only the one just uploaded.
  await form.getByRole('button', { name: 'Choose from the media library' }).click();
  const library = form.getByRole('region', { name: 'Media library' });
  const names = () => library.locator('.media-pick span').allTextContents();
  await expect.poll(names).toEqual(['spare.png', 'winter-banner.png']);
  await library.getByRole('button', { name: 'Use winter-banner.png' }).click();
  const bannerUrl = await form.getByLabel('Image', { exact: true }).inputValue();
  expect(bannerUrl).toMatch(/^\/uploads\/[a-f0-9]{18}\/1600\.jpg$/);
  const bannerId = bannerUrl.split('/')[2];
  await expect(editorPreview(page).locator('.hero img.hero-backdrop').first()).toHaveAttribute('src', new RegExp(`/media/${bannerId}/`));
  // The banner is in use (this page and the published one): no Delete; the spare one is no longer used by anything.
  await expect(library.getByRole('button', { name: 'Delete winter-banner.png' })).toHaveCount(0);
  await library.getByRole('button', { name: 'Delete spare.png' }).click();
  await expect.poll(names).toEqual(['winter-banner.png']);
  await expect(form.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await published(page);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.locator('.audit-entries li[data-audit-action="published"]').first()).toContainText(
    /Lena Brooks \(lena@harbourside\.example\) published revision \d+/,
  );

  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/winter-sale-2027', port));
  await expect(live).toHaveTitle(/Winter Sale 2027/);
  await expect(live.locator('meta[name="description"]')).toHaveAttribute('content', 'Drive-away prices on every winter-ready SUV next year.');
  await expect(live.locator('main h1').first()).toHaveText('Winter Sale');
  await expect.poll(() => loadedBackdrop(live)).toContain(`/uploads/${bannerId}/`);
  await expect(live.locator('header a[href="/winter-sale-2027"]').first()).toHaveText('Next winter');
  // A missing image answers a JSON 404 (which a browser opening it saves as api.json): asked for from Node.
  expect(await statusOn(slug, spareUrl, port)).toBe(404);
  expect(errors).toEqual([]);
});
