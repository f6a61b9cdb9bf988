// In-page anchors (`<a href="#…">`: the vehicle sidebar's finance figure and its disclaimer, similar cars, the map,
// a service page's "Book now") scroll to their target and change nothing else, on every page type of every demo site
// that has one: clicked, then Back and Forward, and a page opened with the hash. "Nothing else" is checked on every
// block: none loses its content or turns into a loading placeholder (React replaces a block not hydrated yet with its
// fallback when the router re-renders the page above it).
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { resolveTenantFile } from '../runtime/tenants/resolve';
import { LEAD_DIALOG_KINDS } from '../runtime/ui/dialogs/lead-dialogs';
import { demoSlugs, port, root, siteUrl, watchErrors } from './helpers';

/** A page's server HTML ('' unless it answers 200: a page that needs a car or a sign-in has nothing to walk). */
function get(slug: string, path: string, accept = 'text/html'): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}`, accept } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 ? body : ''));
    });
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${slug}${path}`)));
    req.end();
  });
}

/** The site's pages without a parameter, and one car of its stock (the vehicle page). */
async function pagesOf(slug: string): Promise<string[]> {
  const doc = resolveTenantFile(join(root, 'tenants', `${slug}.json`), join(root, 'tenants', 'templates'));
  const pages = Object.keys(doc.pages)
    .filter((route) => route !== '*')
    .map((route) => route.replace(/\/:[^/]+\?/g, '') || '/')
    .filter((route) => !route.includes(':'));
  const html = await get(slug, '/search');
  const car = html.match(/href="(\/cars\/[^"#?]+)"/)?.[1];
  return car ? [...pages, car] : pages;
}

/** Anchors of a page's server HTML whose target is on the same page (lead dialogs' hashes open a dialog instead). */
function anchorsIn(html: string): string[] {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].flatMap((m) => m[1] ?? []));
  const hashes = new Set([...html.matchAll(/<a\b[^>]*?\shref="#([^"]+)"/g)].flatMap((m) => m[1] ?? []));
  return [...hashes].filter((id) => ids.has(id) && !(LEAD_DIALOG_KINDS as readonly string[]).includes(id));
}

/** The skip link's target (every page has one), from a page's server HTML. */
const skipTargetIn = (html: string) => /<a\b[^>]*?class="skip-link"[^>]*?href="#([^"]+)"/.exec(html)?.[1];

/** The block types of a page's server HTML. */
const blockTypesIn = (html: string) => new Set([...html.matchAll(/\sdata-block-type="([^"]+)"/g)].flatMap((m) => m[1] ?? []));

/** Each block's text length and whether it shows the loading placeholder. */
const blocksOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-block-id]')].map((el) => ({
      id: el.dataset.blockId!,
      text: (el.textContent ?? '').trim().length,
      loading: el.querySelector(':scope > .block-loading, :scope.block-loading') !== null,
    })),
  );

async function expectBlocksKept(page: Page, before: Awaited<ReturnType<typeof blocksOf>>, when: string) {
  const after = new Map((await blocksOf(page)).map((b) => [b.id, b]));
  for (const block of before) {
    const now = after.get(block.id);
    expect(now, `${when}: block ${block.id} is still on the page`).toBeTruthy();
    expect(now!.loading, `${when}: block ${block.id} shows no loading placeholder`).toBe(false);
    if (block.text > 0) expect(now!.text, `${when}: block ${block.id} kept its content`).toBeGreaterThan(0);
  }
  expect(await page.locator('.block-loading').count(), `${when}: no loading placeholder anywhere`).toBe(0);
}

/** The anchor's target is in the viewport (its top edge, for a target taller than the screen). */
async function expectInView(page: Page, id: string, when: string) {
  await expect
    .poll(
      () =>
        page.evaluate((target) => {
          const box = document.getElementById(target)?.getBoundingClientRect();
          return !!box && box.top < window.innerHeight && box.bottom > 0;
        }, id),
      { message: `${when}: #${id} is in view` },
    )
    .toBe(true);
}

test.describe.configure({ mode: 'parallel' });

for (const slug of demoSlugs) {
  test(`${slug}: every in-page anchor scrolls to its target and keeps every block (click, back, forward, open with hash)`, async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    let walked = 0;
    // The skip link's target starts every page: opening a page with its hash shows what opening the page shows.
    const skipTargets = new Set<string>();
    // The skip link is on every page and changes only the hash, as every other anchor does: it is walked on the pages
    // that bring a block type not walked yet (every block type is checked to keep its content, no page twice over).
    const walkedTypes = new Set<string>();
    for (const path of await pagesOf(slug)) {
      const html = await get(slug, path);
      const types = blockTypesIn(html);
      const newTypes = [...types].some((type) => !walkedTypes.has(type));
      const skipTarget = skipTargetIn(html);
      const anchors = anchorsIn(html)
        .filter((id) => newTypes || id !== skipTarget)
        .slice(0, 6);
      if (!anchors.length) continue;
      for (const type of types) walkedTypes.add(type);
      await page.goto(siteUrl(slug, path));
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const blocks = await blocksOf(page);
      for (const id of anchors) {
        const link = page.locator(`a[href="#${id}"]:visible`).first();
        if (!(await link.count())) continue;
        const where = `${path} → #${id}`;
        const before = page.url();
        const entries = await page.evaluate(() => history.length);
        // A skip link shows only once focused: it is followed from the keyboard, as its users do.
        if (await link.evaluate((a) => a.classList.contains('skip-link'))) {
          skipTargets.add(id);
          await link.focus();
          await page.keyboard.press('Enter');
        } else {
          await link.scrollIntoViewIfNeeded();
          await link.click();
        }
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expectInView(page, id, where);
        await expectBlocksKept(page, blocks, `${where}, clicked`);
        // A block may move to its anchor in place (service "Book now" replaces the entry): nothing to go back to.
        if ((await page.evaluate(() => history.length)) === entries) continue;
        await page.goBack();
        await expect(page).toHaveURL(before);
        await expectBlocksKept(page, blocks, `${where}, back`);
        await page.goForward();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expectInView(page, id, `${where}, forward`);
        await expectBlocksKept(page, blocks, `${where}, forward`);
        walked++;
      }
      // A lead dialog's hash (Enquire Now, Book a Test Drive) opens its dialog over the page, which stays as it is.
      for (const kind of LEAD_DIALOG_KINDS) {
        const link = page.locator(`a[href="#${kind}"]:visible`).first();
        if (!(await link.count())) continue;
        await link.scrollIntoViewIfNeeded();
        await link.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectBlocksKept(page, blocks, `${path} → #${kind}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await expectBlocksKept(page, blocks, `${path} → #${kind}, closed`);
      }
      // Opened with the hash: the browser scrolls to the target in the server HTML, and hydration keeps it there.
      const first = anchors.find((id) => !skipTargets.has(id));
      if (!first) continue;
      await page.goto(siteUrl(slug, `${path}#${first}`));
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expectInView(page, first, `${path}#${first}, opened`);
      await expect(page.locator('.block-loading')).toHaveCount(0);
    }
    expect(walked, `${slug} has in-page anchors to walk`).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
}
