// The editor's site-wide settings in Chromium (issue 19): the preview's header as the live site shows it, the theme
// (colours, logo from the media library, font, radius) with live preview, and dates set in the site's time zone
// (the announcement's expiry picked, published, stored with its offset, and hidden by the live site after it). Against
// its own server on a temporary copy of the tenants, with an account made by the accounts CLI.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { zonedLocalToIso } from '../runtime/domain/time/zoned';
import { zoneLabel } from '../editor/app/widgets/date-time-value';
import { editorPreview, editorWorkspace, port as mainPort, signInToEditor, siteUrl, type SpecServer, startServer, watchErrors } from './helpers';

const port = mainPort + 19;
const base = `http://localhost:${port}`;
const PASSWORD = 'showroom-floor-2025';
const slug = 'southern-cross-motor-group';
let server: SpecServer | undefined;
let tenantsDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let env: Record<string, string>;
  ({ tenantsDir, env } = editorWorkspace('editor-theme', [{ email: 'ava@southerncross.example', name: 'Ava Brown', password: PASSWORD, tenants: [slug] }]));
  server = await startServer({ port, env, timeoutMs: 120_000 });
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page) =>
  signInToEditor(page, base, { email: 'ava@southerncross.example', password: PASSWORD }, { site: /Southern Cross/, ready: 'header.site-header' });

test("the preview's header shows the Range dropdown with the site's makes and models, as the live site does", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page);
  const header = editorPreview(page).locator('header.site-header');
  const range = header.getByRole('button', { name: 'Range', exact: true });
  await expect(range).toBeVisible();
  await expect(header.getByRole('link', { name: 'Range', exact: true })).toHaveCount(0);
  await range.click();
  await expect(range).toHaveAttribute('aria-expanded', 'true');
  const panel = editorPreview(page).locator(`[id="${await range.getAttribute('aria-controls')}"]`);
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
    editorPreview(page)
      .locator('body')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--primary').trim());
  await expect.poll(primaryInPreview).toBe('#0a5c36');
});

const published = () => JSON.parse(readFileSync(join(tenantsDir, `${slug}.json`), 'utf8'));

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
}

test('font, corner radius and a logo uploaded into the media library show in the preview as they change, and live once published', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Theme' }).click();
  const body = editorPreview(page).locator('body');
  const css = (name: string) => body.evaluate((el, n) => getComputedStyle(el).getPropertyValue(n).trim(), name);

  await page.locator('#f-theme-font').selectOption('serif');
  await expect.poll(() => body.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Georgia');
  await page.locator('#f-theme-radius').fill('16');
  await expect.poll(() => css('--radius')).toBe('16px');

  const form = page.getByRole('form', { name: 'Theme' });
  const logo = await sharp({ create: { width: 360, height: 96, channels: 3, background: { r: 10, g: 92, b: 54 } } })
    .png()
    .toBuffer();
  await form.getByLabel('Upload an image for Logo image').setInputFiles({ name: 'southern-cross-logo.png', mimeType: 'image/png', buffer: logo });
  await expect(form.getByText('Uploaded southern-cross-logo.png.')).toBeVisible();
  const url = await form.locator('#f-theme-logo-url').inputValue();
  // the largest size the server made, as a PNG or (for an opaque image) a JPEG fallback
  expect(url).toMatch(/^\/uploads\/[a-f0-9]+\/\d+\.(png|jpg)$/);
  // The preview runs on the editor's host, so it shows the upload through the editor's media route of the site.
  const headerLogo = editorPreview(page).locator('header.site-header a.logo img');
  await expect(headerLogo).toHaveAttribute('src', url.replace(/^\/uploads\//, `/editor/api/tenants/${slug}/media/`));
  await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The media library lists it; picking it from there keeps it.
  await form.getByRole('button', { name: 'Choose from the media library' }).click();
  await form.getByRole('region', { name: 'Media library' }).getByRole('button', { name: 'Use southern-cross-logo.png' }).click();
  await expect(form.locator('#f-theme-logo-url')).toHaveValue(url);

  await publish(page);
  expect(published().theme).toMatchObject({ font: 'serif', radius: 16, logo: { url } });
  const live = await page.context().newPage();
  const errors = watchErrors(live);
  await live.goto(siteUrl(slug, '/', port));
  await expect(live.locator('body')).toHaveClass(/font-serif/);
  await expect(live.locator('header.site-header a.logo img')).toHaveAttribute('src', url);
  expect(await live.locator('body').evaluate((el) => getComputedStyle(el).getPropertyValue('--radius').trim())).toBe('16px');
  expect(await live.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), url)).toMatch(/^image\/(png|jpeg)$/);
  expect(errors).toEqual([]);
});

/** The calendar date in Sydney `days` from now. */
const sydneyDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(Date.now() + days * 86_400_000);

test("an announcement's expiry picked in the site's time zone is stored with its offset, and the live site hides it after that moment", async ({
  page,
  browser,
}) => {
  // Two publishes and four live pages: 20 s alone, over 30 s beside other specs on two cores.
  test.setTimeout(90_000);
  await signIn(page);
  await page.getByRole('tab', { name: 'Site settings' }).click();
  await page.locator('#f-announcement-text').fill('Holiday trading: open Boxing Day 9am to 4pm');
  const date = page.locator('#f-announcement-expiry');
  const time = page.getByLabel('Expiry time');
  const zone = page.locator('#f-announcement-expiry-zone');
  // The site has no timeZone of its own: its first location is in NSW, so the picker works in Sydney time.
  await expect(zone).toContainText('Australia/Sydney');
  await expect(page.locator('#f-timeZone')).toHaveValue('');
  await expect(page.locator('#f-timeZone option').first()).toHaveText('From the first location (Australia/Sydney)');

  const day = sydneyDate(1);
  await date.fill(day);
  await expect(time).toHaveValue('23:59:59'); // a date alone ends at the end of that day
  await time.fill('17:00');
  const expiry = zonedLocalToIso(`${day}T17:00`, 'Australia/Sydney')!;
  await expect(zone).toHaveText(zoneLabel('Australia/Sydney', Date.parse(expiry)));
  await expect(editorPreview(page).getByRole('region', { name: 'Announcement' })).toContainText('Holiday trading');
  await publish(page);
  expect(published().announcement).toEqual({ text: 'Holiday trading: open Boxing Day 9am to 4pm', expiry });

  // Live, by the real clock: shown. With the browser's clock one second past the expiry: hidden once the page runs;
  // a minute before it: shown.
  const errors: string[][] = [];
  const openLive = async (clock?: number) => {
    const live = await browser.newPage();
    errors.push(watchErrors(live));
    if (clock !== undefined) await live.clock.install({ time: clock });
    await live.goto(siteUrl(slug, '/', port));
    await expect(live.locator('html[data-hydrated="true"]')).toHaveCount(1);
    return live.getByRole('region', { name: 'Announcement' });
  };
  await expect(await openLive()).toContainText('Holiday trading: open Boxing Day 9am to 4pm');
  await expect(await openLive(Date.parse(expiry) + 1_000)).toHaveCount(0);
  await expect(await openLive(Date.parse(expiry) - 60_000)).toBeVisible();
  expect(errors.flat()).toEqual([]);

  // The same instant in Perth time once the site's clock is Perth's: three hours earlier on the wall clock.
  await page.locator('#f-timeZone').selectOption('Australia/Perth');
  await expect(zone).toHaveText(zoneLabel('Australia/Perth', Date.parse(expiry)));
  await expect(time).toHaveValue('14:00:00');
  // An expiry yesterday: the server no longer renders it (no script needed).
  await date.fill(sydneyDate(-1));
  await publish(page);
  expect(published()).toMatchObject({ timeZone: 'Australia/Perth', announcement: { expiry: `${sydneyDate(-1)}T14:00:00+08:00` } });
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(siteUrl(slug, '/', port));
  await expect(plain.locator('header.site-header')).toBeVisible();
  await expect(plain.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
  await noScript.close();
});
