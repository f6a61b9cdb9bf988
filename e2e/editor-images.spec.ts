// Pictures as staff edit them, in Chromium against the production build on its own server (E2E_PORT + 33) with a
// temporary copy of the tenants: a content picture needs a description or the "Decorative" box (the message sits at the
// field and holds Publish back); a backdrop's focal point set by keyboard and by a click, shown in the preview and on
// the live page; an image file dropped from the desktop onto the preview's picture uploads it and sets the prop in one
// undo step. Axe finds no serious issue in the editor with these controls open.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Locator, test, type Page } from '@playwright/test';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { editorPreview, editorWorkspace, port as mainPort, signInToEditor, siteUrl, type SpecServer, startServer, watchErrors } from './helpers';

const port = mainPort + 33;
const base = `http://localhost:${port}`;
const slug = 'harbourside-mazda';
const EMAIL = 'mia@harbourside.example';
const PASSWORD = 'focal-point-2026';
const MISSING = 'describe what this image shows for shoppers who cannot see it, or mark it "Decorative" when it adds nothing to the page';

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
  } = editorWorkspace('editor-images', [{ email: EMAIL, name: 'Mia Tran', password: PASSWORD, tenants: [slug] }], {
    INVENTORY_SIZE: '2000',
  }));
  server = await startServer({ port, env });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument as an object pattern
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(server?.log().slice(-4000));
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * Drops a PNG file on a picture of the preview, as the operating system hands a dragged file to the page (a
 * DataTransfer holding it), and checks the picture showed itself as a drop target on the way.
 */
async function dropFile(frame: Frame, picture: Locator, name: string, png: Buffer) {
  const files = await frame.evaluateHandle(
    ([bytes, fileName]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], fileName, { type: 'image/png' }));
      return dt;
    },
    [[...png], name] as const,
  );
  await picture.dispatchEvent('dragenter', { dataTransfer: files });
  await picture.dispatchEvent('dragover', { dataTransfer: files });
  await expect(picture).toHaveClass(/image-drop-target/);
  await picture.dispatchEvent('drop', { dataTransfer: files });
}

const stored = () => JSON.parse(readFileSync(join(tenantsDir, `${slug}.json`), 'utf8'));
const storedHero = () => stored().pages['/'].blocks.find((b: { id: string }) => b.id === 'home-hero');

async function openHero(page: Page) {
  await signInToEditor(page, base, { email: EMAIL, password: PASSWORD }, { site: /Harbourside Mazda/ });
  await page.locator('[data-outline-id="home-hero"] .outline-select').click();
  return page.getByRole('form', { name: 'Properties of home-hero' });
}

test('a content picture needs a description or "Decorative"; the message is at the field and holds Publish back', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const form = await openHero(page);
  const alt = form.getByLabel('Image alt', { exact: true });
  await expect(alt).toHaveValue('A Mazda CX-5 SUV');
  await alt.fill('');
  const field = form.locator('.field').filter({ has: page.getByRole('textbox', { name: 'Image alt', exact: true }) });
  await expect(field.getByRole('alert')).toHaveText(`${MISSING} (in block "home-hero")`);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  // By keyboard: the Decorative box stores an explicit empty description and the message goes.
  const decorative = form.getByRole('checkbox', { name: /Decorative/ });
  await decorative.focus();
  await page.keyboard.press('Space');
  await expect(decorative).toBeChecked();
  await expect(alt).toBeDisabled();
  await expect(field.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/editor-images-alt-1440.png' });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  expect(storedHero().props.imageAlt).toBe('');

  // A description again: the box unticks and the text is stored.
  await decorative.click();
  await expect(field.getByRole('alert')).toHaveText(`${MISSING} (in block "home-hero")`);
  await alt.fill('A red Mazda CX-5 at the harbour');
  await expect(field.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a backdrop's focal point: arrow keys and a click move it, the preview and the live page crop around it", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const form = await openHero(page);
  await form.getByLabel('Image layout', { exact: true }).selectOption('backdrop');
  const backdrop = editorPreview(page).locator('[data-block-id="home-hero"] img.hero-backdrop');
  await expect(backdrop).toBeVisible();

  const marker = form.getByRole('button', { name: /^Focal point of image: / });
  await expect(marker).toHaveAccessibleName('Focal point of image: 50% from the left, 50% from the top');
  await marker.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(marker).toHaveAccessibleName('Focal point of image: 70% from the left, 49% from the top');
  await expect(backdrop).toHaveCSS('object-position', '70% 49%');
  // Three key presses are one undo step.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(marker).toHaveAccessibleName('Focal point of image: 50% from the left, 50% from the top');

  // A click on the picture puts the point there.
  const picture = form.locator('.focal-frame img');
  const box = (await picture.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  const name = await marker.getAttribute('aria-label');
  const [x, y] = (name!.match(/(\d+)% from the left, (\d+)% from the top/) ?? []).slice(1).map(Number);
  expect(Math.abs(x! - 25)).toBeLessThanOrEqual(2);
  expect(Math.abs(y! - 75)).toBeLessThanOrEqual(2);
  await expect(backdrop).toHaveCSS('object-position', `${x}% ${y}%`);
  await page.screenshot({ path: 'test-results/editor-images-focal-1280.png' });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  expect(storedHero().props.imageFocus).toEqual({ x, y });
  const live = await page.context().newPage();
  await live.goto(siteUrl(slug, '/', port));
  await expect(live.locator('.hero img.hero-backdrop')).toHaveCSS('object-position', `${x}% ${y}%`);
  expect(errors).toEqual([]);
});

test("an image file dropped from the desktop onto the preview's picture goes into the media library and the block, one undo step", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const form = await openHero(page);
  const image = form.getByLabel('Image', { exact: true });
  const before = await image.inputValue();
  const png = await sharp({ create: { width: 1200, height: 500, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

  const frame = page.frame({ url: /\/editor\/preview\// })!;
  const picture = frame.locator('[data-block-id="home-hero"] [data-image-prop="image"]');
  await dropFile(frame, picture, 'harbour-dusk.png', png);
  await expect(page.getByText('harbour-dusk.png is in the media library and on the page.')).toBeVisible({ timeout: 60_000 });
  await expect(image).toHaveValue(/^\/uploads\/[a-f0-9]{18}\/\d+\.(jpg|png)$/);
  const uploaded = await image.inputValue();
  await expect(picture).not.toHaveClass(/image-drop-target/);

  // In the media library too.
  await form.getByRole('button', { name: 'Choose from the media library' }).click();
  await expect(form.getByRole('button', { name: 'Use harbour-dusk.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(image).toHaveValue(before);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(image).toHaveValue(uploaded);

  // Axe on the editor with the picture's controls open (the frame is the site, checked by the a11y suite).
  const result = await new AxeBuilder({ page }).exclude('iframe').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
  expect(serious).toEqual([]);
  await page.screenshot({ path: 'test-results/editor-images-drop-1440.png' });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  expect(storedHero().props.image).toBe(uploaded);
  expect(errors).toEqual([]);
});

test('the site logo is a content picture too: its description or "Decorative", the message at the Theme field', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHero(page);
  await page.getByRole('tab', { name: 'Theme' }).click();
  const form = page.getByRole('form', { name: 'Theme' });
  const alt = form.getByLabel('Logo description', { exact: true });
  await expect(alt).toHaveValue('Harbourside Mazda');
  await alt.fill('');
  const field = form.locator('.field').filter({ has: page.getByRole('textbox', { name: 'Logo description', exact: true }) });
  await expect(field.getByRole('alert')).toHaveText(MISSING);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  const decorative = field.getByRole('checkbox', { name: /Decorative/ });
  await decorative.focus();
  await page.keyboard.press('Space');
  await expect(alt).toBeDisabled();
  await expect(field.getByRole('alert')).toHaveCount(0);
  await decorative.click();
  await alt.fill('Harbourside Mazda logo');
  await expect(field.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  expect(stored().theme.logo.alt).toBe('Harbourside Mazda logo');
  expect(errors).toEqual([]);
});

test("an image file dropped on a promotions slide's picture sets that slide's image, one undo step", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHero(page);
  await page.getByLabel('Page', { exact: true }).selectOption('/special-offers');
  const frame = page.frame({ url: /\/editor\/preview\// })!;
  // The first slide shown (only live slides show): its picture names its place in the block's slides.
  const picture = frame.locator('[data-block-id="offers-slider"] img[data-image-prop^="slides."]').first();
  await expect(picture).toBeVisible();
  const prop = (await picture.getAttribute('data-image-prop'))!;
  const index = Number(/^slides\.(\d+)\.image$/.exec(prop)![1]);
  const before = await picture.getAttribute('src');
  const png = await sharp({ create: { width: 1920, height: 540, channels: 3, background: { r: 180, g: 30, b: 40 } } })
    .png()
    .toBuffer();
  await dropFile(frame, picture, 'red-sale.png', png);
  await expect(page.getByText('red-sale.png is in the media library and on the page.')).toBeVisible({ timeout: 60_000 });
  const slide = frame.locator(`[data-block-id="offers-slider"] img[data-image-prop="${prop}"]`);
  await expect(slide).not.toHaveAttribute('src', before!);
  const after = await slide.getAttribute('src');

  // One step back and forth.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(slide).toHaveAttribute('src', before!);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(slide).toHaveAttribute('src', after!);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  const slides = stored().pages['/special-offers'].blocks.find((b: { id: string }) => b.id === 'offers-slider').props.slides;
  expect(slides[index].image).toMatch(/^\/uploads\/[a-f0-9]{18}\/\d+\.(jpg|png)$/);
  // The other slides keep their pictures.
  expect(slides.filter((s: { image: string }) => s.image.startsWith('/uploads/'))).toHaveLength(1);
  expect(errors).toEqual([]);
});
