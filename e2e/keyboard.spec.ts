// Keyboard paths not covered by the feature specs (dialogs, tabs, galleries and carousels have theirs): every control
// reached with Tab shows a visible focus indicator, on every demo site's home, search and vehicle pages; and a shopper
// who asks for reduced motion gets no transitions or animations.
import { expect, test, type Page } from '@playwright/test';
import { demoSlugs, siteUrl } from './helpers';

async function open(page: Page, slug: string, path: string) {
  await page.goto(siteUrl(slug, path));
  await page.locator('html[data-hydrated]').waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** Tabs through the page; returns each focused control that shows no outline, box-shadow or border change. */
async function focusWithoutIndicator(page: Page, stops: number): Promise<string[]> {
  const missing: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none';
      if (outline || shadow) return null;
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    });
    if (found) missing.push(found);
  }
  return missing;
}

for (const slug of demoSlugs) {
  test(`${slug}: every control reached with Tab shows where the focus is (home, search, a vehicle)`, async ({ page }) => {
    test.setTimeout(90_000);
    await open(page, slug, '/');
    const missing = await focusWithoutIndicator(page, 30);
    await open(page, slug, '/search');
    missing.push(...(await focusWithoutIndicator(page, 40)));
    const carHref = await page.locator('.car-card a[href^="/cars/"]').first().getAttribute('href');
    await open(page, slug, carHref!);
    missing.push(...(await focusWithoutIndicator(page, 40)));
    expect(missing).toEqual([]);
  });
}

test('reduced motion: no transitions or animations on the search page', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await open(page, 'big-sky-cars', '/search');
  const durations = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')].flatMap((el) => {
      const s = getComputedStyle(el);
      const longest = (list: string) => Math.max(...list.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000)));
      return longest(s.transitionDuration) > 1 || (s.animationName !== 'none' && longest(s.animationDuration) > 1) ? [el.className] : [];
    }),
  );
  expect(durations).toEqual([]);
  await context.close();
});
