// Every demo tenant: server-rendered, hydrates without console errors, navigates client-side, own 404 page.
import { expect, test } from '@playwright/test';
import { demoSlugs, siteUrl, watchErrors } from './helpers';

test('there are at least four demo sites', () => {
  expect(demoSlugs.length).toBeGreaterThanOrEqual(4);
});

for (const slug of demoSlugs) {
  test.describe(slug, () => {
    test('home page content is in the HTML before any script runs', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(siteUrl(slug));
      expect(response?.status()).toBe(200);
      await expect(page.locator('header.site-header nav')).toBeVisible();
      await expect(page.locator('main h1').first()).not.toBeEmpty();
      await expect(page.locator('footer.site-footer')).toContainText('©');
      expect(await page.locator('[data-block-id]').count()).toBeGreaterThan(1);
      await context.close();
    });

    test('hydrates without console errors and navigates client-side', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(siteUrl(slug));
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.locator('footer a[href="/contact"]').first().click();
      await expect(page).toHaveURL(siteUrl(slug, '/contact'));
      await expect(page.locator('main h1')).toHaveText('Contact Us');
      await expect(page.locator('.location-card').first()).toBeVisible();
      // Still the same document: the page changed without a full reload.
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect(page).toHaveTitle(/Contact Us/);
      await page.goBack();
      await expect(page).toHaveURL(siteUrl(slug, '/'));
      expect(errors).toEqual([]);
    });

    test("an unknown page shows the site's own 404 page with its header and footer", async ({ page }) => {
      const response = await page.goto(siteUrl(slug, '/this/page/does-not-exist'));
      expect(response?.status()).toBe(404);
      await expect(page.locator('main h1')).toHaveText('Sorry, we could not find that page');
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.locator('footer.site-footer')).toBeVisible();
    });
  });
}

test('header dropdowns open by click, close with Escape, and mark the header while open', async ({ page }) => {
  const slug = demoSlugs[0];
  await page.goto(siteUrl(slug));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const trigger = page.locator('.nav-trigger').first();
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.site-header')).toHaveClass(/dropdown-open/);
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('.site-header')).not.toHaveClass(/dropdown-open/);
});

test('the four demo sites look different from each other', async ({ page }) => {
  const looks = new Set<string>();
  for (const slug of demoSlugs) {
    await page.goto(siteUrl(slug));
    const look = await page.evaluate(() => {
      const header = getComputedStyle(document.querySelector('.site-header')!);
      const body = getComputedStyle(document.body);
      return `${header.backgroundColor}|${body.fontFamily}|${getComputedStyle(document.querySelector('.hero')!).backgroundImage.slice(0, 60)}`;
    });
    looks.add(look);
  }
  expect(looks.size).toBe(demoSlugs.length);
});
