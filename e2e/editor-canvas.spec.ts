// Editing in the canvas (the editor's preview), in Chromium against the production build on its own server
// (E2E_PORT+23) with a temporary copy of the tenants: a heading typed in place goes through the same change, undo and
// publish as the form; rich text typed in place keeps its markup; a card from the block picker dragged into a slot of
// a layout block in the preview lands there, and a slot refuses what its `allow` does not name; blocks move by their
// canvas handle with the keyboard; menu rows move by the keyboard pick-up of their handle.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  editorPreview,
  editorWorkspace,
  pickUpByKeyboard,
  port as mainPort,
  signInToEditor,
  siteUrl,
  type SpecServer,
  startServer,
  watchErrors,
} from './helpers';

const port = mainPort + 23;
const base = `http://localhost:${port}`;
const EMAIL = 'ivy@dealers.example';
const PASSWORD = 'canvas-edits-in-place-2026';

let server: SpecServer | undefined;
let tenantsDir = '';
let env: Record<string, string> = {};

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ tenantsDir, env } = editorWorkspace(
    'editor-canvas',
    [{ email: EMAIL, name: 'Ivy Chen', password: PASSWORD, tenants: ['harbourside-mazda', 'southern-cross-motor-group'] }],
    { INVENTORY_SIZE: '2000' },
  ));
  server = await startServer({ port, env });
});

test.afterAll(async () => {
  await server?.stop();
});

const stored = (slug: string) => JSON.parse(readFileSync(join(tenantsDir, `${slug}.json`), 'utf8'));
const undo = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });

async function signIn(page: Page, site: RegExp, firstBlock: string) {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInToEditor(page, base, { email: EMAIL, password: PASSWORD }, { site, ready: `[data-block-id="${firstBlock}"]` });
}

/** Drags with the pointer in small steps (dnd-kit starts a drag after a few pixels) to the middle of `to`. */
async function drag(page: Page, from: Locator, to: Locator, release = true, reveal?: () => Promise<unknown>) {
  // Hovering first waits until the card is visible and still (the picker's grid changes with its category), so the
  // press lands on it. Under load a press still started no drag now and then (twice in local CI runs, the drop places
  // never showing): as a person would, it presses again, up to three times, until the drag's ghost shows.
  for (let attempt = 1; ; attempt++) {
    await from.hover();
    const a = (await from.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
    try {
      await expect(page.locator('.drag-ghost')).toBeVisible({ timeout: 3_000 });
      break;
    } catch (error) {
      await page.mouse.up();
      if (attempt === 3) throw error;
    }
  }
  // The drop places appear once the drag has started, for the part of the preview on screen. `reveal` scrolls the
  // target's block into sight again, as a person scrolls while dragging: pictures loading above it can push it out
  // (a CI run never showed the side column's drop place).
  await expect
    .poll(async () => {
      if (await to.isVisible()) return true;
      await reveal?.();
      return false;
    })
    .toBe(true);
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  // The drop places follow the frame's blocks, which may still move as the drag starts: the pointer follows its
  // target until the line where the drop lands shows, as a person's hand does.
  await expect
    .poll(async () => {
      const box = (await to.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
      return page.locator('.canvas-line').count();
    })
    .toBeGreaterThan(0);
  if (release) await page.mouse.up();
}

test('a heading typed in place in the preview is the form’s change: Escape cancels, Enter commits, undo restores, publish puts it live', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, /Harbourside Mazda/, 'home-hero');
  const h1 = editorPreview(page).locator('[data-block-id="home-hero"] h1');
  const before = (await h1.textContent())!;
  // The live site has no editing marks.
  const live = await page.context().newPage();
  await live.goto(siteUrl('harbourside-mazda', '/', port));
  await expect(live.locator('h1').first()).toHaveText(before);
  await expect(live.locator('[data-inline]')).toHaveCount(0);

  // Escape leaves the heading as it was, with nothing to undo.
  await h1.click();
  await expect(h1).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Not this one');
  await page.keyboard.press('Escape');
  await expect(h1).not.toHaveAttribute('contenteditable');
  await expect(h1).toHaveText(before);
  await expect(undo(page)).toBeDisabled();

  // Typed and committed with Enter: the block is selected, its form shows the new heading, the preview keeps it.
  await h1.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Winter Sale on Every CX-5');
  await page.keyboard.press('Enter');
  const field = page.getByRole('form', { name: 'Properties of home-hero' }).getByRole('textbox', { name: /^Heading/ });
  await expect(field).toHaveValue('Winter Sale on Every CX-5');
  await expect(h1).toHaveText('Winter Sale on Every CX-5');
  await expect(h1).not.toHaveAttribute('contenteditable');
  await expect(undo(page)).toHaveAttribute('title', /Edit heading/);

  // Undo brings back the old heading in the form and the preview; redo the new one.
  await undo(page).click();
  await expect(field).toHaveValue(before);
  await expect(h1).toHaveText(before);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(h1).toHaveText('Winter Sale on Every CX-5');

  // An emptied heading is the form's error (the heading is required) and the preview keeps the last valid one.
  await h1.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('');
  await expect(h1).toHaveText('Winter Sale on Every CX-5');
  await undo(page).click();
  await expect(field).toHaveValue('Winter Sale on Every CX-5');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published revision \d+\. The live site shows it now\./)).toBeVisible();
  await live.reload();
  await expect(live.locator('h1').first()).toHaveText('Winter Sale on Every CX-5');
  expect(stored('harbourside-mazda').pages['/'].blocks[0].props.heading).toBe('Winter Sale on Every CX-5');
  expect(errors).toEqual([]);
});

test('rich text typed in place keeps its paragraphs, list and bold', async ({ page }) => {
  await signIn(page, /Southern Cross/, 'home-layout');
  const body = editorPreview(page).locator('[data-block-id="home-about"] .rich-text-body');
  await body.scrollIntoViewIfNeeded();
  await body.locator('p').first().click();
  await expect(body).toHaveAttribute('contenteditable', 'true');
  // The caret at the end of the first paragraph (End would go to the end of its first line only).
  await body
    .locator('p')
    .first()
    .evaluate((p) => {
      const range = p.ownerDocument.createRange();
      range.selectNodeContents(p);
      range.collapse(false);
      p.ownerDocument.getSelection()?.removeAllRanges();
      p.ownerDocument.getSelection()?.addRange(range);
    });
  await page.keyboard.type(' Open ');
  await page.keyboard.press('ControlOrMeta+B');
  await page.keyboard.type('Sundays');
  await page.keyboard.press('ControlOrMeta+B');
  await page.keyboard.type('.');
  await page.keyboard.press('ControlOrMeta+Enter');
  const textarea = page.getByRole('form', { name: 'Properties of home-about' }).getByRole('textbox', { name: /^Body/ });
  await expect(textarea).toHaveValue(
    'Every Southern Cross dealership has its own sales, service and parts team, and every one of them answers to the family that started the group. Open **Sundays**.\n\n- Sales, service and parts at every dealership\n- Fleet and business pricing\n- Finance and insurance in-house',
  );
  await expect(body.locator('p strong')).toHaveText('Sundays');
  await expect(body.locator('li')).toHaveCount(3);
});

// The empty top slot of the main column lies under the faded picker, below featured stock whose pictures may still
// move it: the drop places are measured as the pointer moves.
test('a card from the block picker dragged into a slot of a layout block in the preview lands there; a slot refuses a layout block', async ({ page }) => {
  await signIn(page, /Southern Cross/, 'home-layout');
  await page.locator('.outline > .outline-list > .outline-end .add-block').click();
  const picker = page.getByRole('dialog', { name: 'Add a block to the page' });
  // The layout block at the top of the preview before each drag (pictures above it may still change its place while
  // they load, and a drop re-renders the preview).
  const showLayout = () =>
    editorPreview(page)
      .locator('[data-block-id="home-layout"]')
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await showLayout();
  const bar = (slot: string) => page.locator('.canvas-slot').filter({ hasText: slot });

  // A layout block over a slot that takes content only: the line turns red, the ghost says so, nothing is added.
  await picker.getByRole('button', { name: 'Layout', exact: true }).click();
  await drag(page, picker.locator('[data-block-type="columns"]'), bar('Side column'), false, showLayout);
  await expect(page.locator('.canvas-line.refused')).toBeVisible();
  await expect(page.locator('.drag-ghost')).toContainText('cannot go here');
  await page.mouse.up();
  await expect(page.locator('.canvas-layer.dragging')).toHaveCount(0);
  await expect(page.locator('[data-outline-id="home-layout"] [data-slot="side"] > .outline-item')).toHaveCount(1);
  await expect(undo(page)).toBeDisabled();

  // A text block onto the top of the main column: it goes into that (empty) slot, in the outline and the preview.
  await picker.getByRole('button', { name: 'Text and links', exact: true }).click();
  await showLayout();
  await drag(page, picker.locator('[data-block-type="rich-text"]'), bar('Top of the main column'), false, showLayout);
  await expect(page.locator('.canvas-line:not(.refused)')).toBeVisible();
  await page.mouse.up();
  const lead = page.locator('[data-outline-id="home-layout"] [data-slot="lead"] > .outline-item');
  await expect(lead).toHaveCount(1);
  const id = (await lead.getAttribute('data-outline-id'))!;
  await expect(editorPreview(page).locator(`[data-block-id="home-layout"] .column-lead [data-block-id="${id}"]`)).toBeVisible();
  await undo(page).click();
  await expect(lead).toHaveCount(0);
});

test('a block moves by its canvas handle with the keyboard; a menu row moves by the keyboard pick-up of its handle', async ({ page }) => {
  await signIn(page, /Harbourside Mazda/, 'home-hero');
  const order = () => page.locator('.outline > .outline-list > .outline-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-outline-id')));
  const before = await order();
  const index = before.indexOf('home-why');
  await page.locator('[data-outline-id="home-why"] .outline-select').click();
  const handle = page.getByRole('button', { name: 'Drag home-why in the preview' });
  await handle.focus();
  await expect(handle).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(order).toEqual([...before.slice(0, index - 1), 'home-why', before[index - 1], ...before.slice(index + 1)]);
  await expect(
    editorPreview(page)
      .locator('main [data-block-id]')
      .nth(index - 1),
  ).toHaveAttribute('data-block-id', 'home-why');

  await page.getByRole('tab', { name: 'Menus' }).click();
  const tree = page.getByRole('list', { name: 'Header menu items' });
  const labels = () => tree.locator(':scope > li > .nav-row input[aria-label^="Label of"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const menu = await labels();
  const finance = menu.indexOf('Finance');
  const financeHandle = tree.getByRole('button', { name: 'Finance: Alt+Up or Alt+Down moves it', exact: true });
  await financeHandle.focus();
  await expect(financeHandle).toBeFocused();
  await pickUpByKeyboard(page);
  // Each arrow moves the row 25 px: up until the line is above the row before it.
  const financeRow = tree.locator(':scope > li > .nav-row').nth(finance);
  for (
    let i = 0;
    i < 8 &&
    !(await tree
      .locator(':scope > li > .nav-row')
      .nth(finance - 1)
      .evaluate((e) => e.classList.contains('drop-before')));
    i++
  )
    await page.keyboard.press('ArrowUp');
  await expect(financeRow).toHaveClass(/dragging/);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await labels()).indexOf('Finance')).toBeLessThan(finance);
  expect((await labels()).toSorted()).toEqual(menu.toSorted());
});
