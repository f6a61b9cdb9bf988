// Scheduled publishing, draft share links and locks in Chromium, as staff use them (issue 34), against a server of its
// own (TEST_CLOCK=1: the server's clock is moved through /__test/clock, and due publishes are looked for every 200 ms):
// a draft scheduled for tomorrow 9 am Brisbane time goes live once the clock passes it, a preview link opens signed out
// (read-only, "Draft preview", noindex) and stops once it has expired, and a locked value is refused on save.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { zonedLocalToIso } from '../runtime/domain/time/zoned';
import { editorPreview, editorWorkspace, port as mainPort, signInToEditor, type SpecServer, startServer, watchErrors } from './helpers';

const port = mainPort + 24;
const base = `http://localhost:${port}`;
const PASSWORD = 'harbour-side-2026';
const slug = 'harbourside-mazda';
const DAY = 86_400_000;
let server: SpecServer | undefined;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { env } = editorWorkspace('editor-publishing', [{ email: 'mia@harbourside.example', name: 'Mia Chen', password: PASSWORD, tenants: [slug] }], {
    TEST_CLOCK: '1',
    SCHEDULED_PUBLISH_POLL_MS: '200',
  });
  server = await startServer({ port, env, timeoutMs: 120_000 });
});

test.afterAll(async () => {
  await server?.stop();
});

const heading = (page: Page) => page.getByRole('form', { name: 'Properties of home-hero' }).getByRole('textbox', { name: /^Heading/ });

const signIn = (page: Page) => signInToEditor(page, base, { email: 'mia@harbourside.example', password: PASSWORD }, { site: /Harbourside Mazda/ });

async function saveHeading(page: Page, text: string): Promise<number> {
  await page.locator('[data-outline-id="home-hero"] .outline-select').click();
  await heading(page).fill(text);
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByText(/Draft saved as revision (\d+)\./);
  await expect(saved).toBeVisible();
  return Number(/revision (\d+)/.exec((await saved.textContent()) ?? '')![1]);
}

/** Moves the server's clock to real time + offset (absolute, so tests do not depend on each other's moves). */
async function setClock(request: APIRequestContext, offsetMs: number) {
  const response = await request.post(`http://127.0.0.1:${port}/__test/clock`, { data: { offset_ms: offsetMs } });
  expect(response.ok()).toBe(true);
}

const liveHeading = async (request: APIRequestContext) => {
  const html = await (await request.get(`http://127.0.0.1:${port}/`, { headers: { Host: `${slug}.localhost:${port}` } })).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
};

test('a draft scheduled for 9 am tomorrow (Brisbane) goes live when the clock passes it, and the audit log says so', async ({ page, request }) => {
  const errors = watchErrors(page);
  await signIn(page);
  const rev = await saveHeading(page, 'Spring run-out starts at nine');
  await page.getByRole('tab', { name: 'History' }).click();
  // Tomorrow on Brisbane's clock, 9:00 am (AEST all year).
  const tomorrow = new Date(Date.now() + 10 * 3_600_000 + DAY).toISOString().slice(0, 10);
  await page.getByLabel(`Publish revision ${rev} at (Australia/Brisbane time)`).fill(`${tomorrow}T09:00`);
  await page.getByRole('button', { name: 'Schedule publish' }).click();
  const scheduled = page.getByTestId('scheduled-publish');
  await expect(scheduled).toContainText(`Scheduled: revision ${rev} will be published at`);
  await expect(scheduled).toContainText('9:00 am AEST (scheduled by Mia Chen)');
  await expect(page.locator('.audit-entries li').first()).toContainText(`Mia Chen (mia@harbourside.example) scheduled revision ${rev} to publish`);
  expect(await liveHeading(request)).not.toBe('Spring run-out starts at nine');

  // The clock a minute past 9 am tomorrow: the server publishes it by itself.
  const due = Date.parse(zonedLocalToIso(`${tomorrow}T09:01`, 'Australia/Brisbane')!);
  await setClock(request, due - Date.now());
  await expect.poll(() => liveHeading(request), { timeout: 20_000 }).toBe('Spring run-out starts at nine');
  await page.reload();
  await expect(editorPreview(page).locator('[data-block-id="home-hero"]')).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('last-scheduled')).toContainText(`Published as revision ${rev + 1}.`);
  await expect(page.locator('.audit-entries li').first()).toContainText(`Mia Chen (scheduled) (mia@harbourside.example) published revision ${rev + 1}`);
  expect(errors).toEqual([]);
});

test('a scheduled publish can be cancelled by keyboard, and never runs', async ({ page, request }) => {
  await setClock(request, 0);
  await signIn(page);
  const rev = await saveHeading(page, 'This one is called off');
  await page.getByRole('tab', { name: 'History' }).click();
  const later = new Date(Date.now() + 10 * 3_600_000 + 3 * DAY).toISOString().slice(0, 10);
  const at = page.getByLabel(`Publish revision ${rev} at (Australia/Brisbane time)`);
  await at.fill(`${later}T17:30`);
  await at.press('Enter');
  await expect(page.getByTestId('scheduled-publish')).toContainText(`revision ${rev} will be published at`);
  await page.getByRole('button', { name: 'Cancel scheduled publish' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The scheduled publish was cancelled.')).toBeVisible();
  await expect(page.locator('.audit-entries li').first()).toContainText(`cancelled the scheduled publish of revision ${rev}`);

  // A later draft scheduled a minute after the cancelled one: once it is live, the cancelled one's time has passed too.
  await page.getByRole('tab', { name: 'Block' }).click();
  const next = await saveHeading(page, 'This one goes ahead');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByLabel(`Publish revision ${next} at (Australia/Brisbane time)`).fill(`${later}T17:31`);
  await page.getByRole('button', { name: 'Schedule publish' }).click();
  await expect(page.getByTestId('scheduled-publish')).toContainText(`revision ${next} will be published at`);
  await setClock(request, 4 * DAY);
  await expect.poll(() => liveHeading(request), { timeout: 20_000 }).toBe('This one goes ahead');
  const schedules = (await (await page.request.get(`${base}/editor/api/tenants/${slug}/schedules`)).json()).schedules;
  expect(schedules.slice(0, 2).map((s: { rev: number; status: string }) => [s.rev, s.status])).toEqual([
    [next, 'published'],
    [rev, 'cancelled'],
  ]);
  await setClock(request, 0);
});

test('a preview link shows the draft signed out, read-only and not indexed, and stops working once it has expired', async ({ page, browser, request }) => {
  await setClock(request, 0);
  await signIn(page);
  const rev = await saveHeading(page, 'For the dealer principal to approve');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: `Create preview link for revision ${rev}` }).click();
  const link = await page.getByLabel(/^Preview link \(expires/).inputValue();
  expect(link).toMatch(new RegExp(`^http://localhost:${port}/editor/share/[A-Za-z0-9_-]{43}$`));

  const manager = await (await browser.newContext()).newPage();
  const response = await manager.goto(link);
  expect(response!.status()).toBe(200);
  expect(response!.headers()['x-robots-tag']).toContain('noindex');
  await expect(manager.locator('.draft-preview-bar')).toHaveText(`Draft preview: revision ${rev} of Harbourside Mazda, not yet live. This page is read-only.`);
  await expect(manager.locator('h1').first()).toHaveText('For the dealer principal to approve');
  expect(await manager.locator('script').count()).toBe(0);
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await manager.setViewportSize({ width: w, height: h });
    await manager.screenshot({ path: test.info().outputPath(`share-${w}.png`) });
  }
  await page.screenshot({ path: test.info().outputPath('schedule-panel-1280.png') });
  expect(await liveHeading(request)).not.toBe('For the dealer principal to approve');

  await setClock(request, 8 * DAY);
  const expired = await manager.goto(link);
  expect(expired!.status()).toBe(410);
  await expect(manager.getByText('This preview link has expired. Ask whoever sent it for a new one.')).toBeVisible();
  await setClock(request, 0);
});

test("a locked value is shown as locked and refused on save: the brand colour, and the template's model pages", async ({ page }) => {
  await signIn(page);
  // An edit undone again leaves nothing unsaved.
  const topbar = page.locator('header.topbar');
  await page.locator('[data-outline-id="home-hero"] .outline-select').click();
  await heading(page).fill('Changed my mind');
  await expect(topbar).toContainText('unsaved changes');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(topbar).not.toContainText('unsaved changes');
  await page.getByRole('tab', { name: 'Theme' }).click();
  await page.locator('#f-theme-primary').fill('#ff0000');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert')).toContainText(
    "/theme/primary is locked (Mazda's brand colour, set by the platform team); it cannot be changed here. Undo that change; nothing was saved.",
  );
  await page.getByLabel('Page', { exact: true }).selectOption('/:model');
  const row = page.locator('[data-outline-id="model-overview"]');
  await expect(row.locator('[data-locked]')).toHaveText(/^Locked/);
  await row.locator('.outline-select').click();
  await expect(page.getByRole('note').filter({ hasText: 'Locked:' })).toContainText("the model pages are the brand's, the same on every dealer's site");
});
