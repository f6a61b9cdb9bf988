// Seed completion, part C, as a shopper sees it in Chromium: the home hero's budget slider follows the search page's
// price rule (5,000 to 250,000 in steps of 500, minimum at most maximum minus 1), a header dropdown closes once a link
// in it is chosen, and the dealership carousel's controls (read from the carousel's provider) disable at the ends.
import { expect, test, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors } from './helpers';

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

test.describe('home hero budget slider', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`two handles over 5,000 to 250,000 moving in steps of 500 (${size.width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      const errors = watchErrors(page);
      await hydrated(page, siteUrl('harbourside-mazda'));
      const price = page.locator('.stock-search-hero .ssh-price');
      const budget = price.getByRole('group', { name: 'Your budget' });
      const min = budget.getByLabel('Minimum price');
      const max = budget.getByLabel('Maximum price');
      for (const handle of [min, max]) {
        await expect(handle).toHaveAttribute('min', '5000');
        await expect(handle).toHaveAttribute('max', '250000');
      }
      await expect(price.locator('output')).toHaveText('Any price');

      // Focus wakes the block (it hydrates on interaction); keys are read once it has.
      await min.focus();
      await expect(page.locator('[data-block-id][data-hydrated="true"]').filter({ has: price })).toHaveCount(1);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(price.locator('output')).toHaveText('$6,000 - $250,000');
      await max.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(price.locator('output')).toHaveText('$6,000 - $249,500');
      await expect(price.getByRole('link', { name: 'Show Cars by Price' })).toHaveAttribute('href', /[?&]price=6000%3A249500(&|$)/);

      // The minimum stops one dollar under the maximum.
      await min.focus();
      await page.keyboard.press('End');
      await expect(price.locator('output')).toHaveText('$249,499 - $249,500');
      await price.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`hero-budget-${size.width}.png`) });
      expect(errors).toEqual([]);
    });
  }
});

test('a header dropdown closes once a link in it is chosen, also a link to the page already shown', async ({ page }) => {
  await hydrated(page, siteUrl('southern-cross-motor-group'));
  const header = page.locator('header.site-header');
  const range = header.getByRole('button', { name: 'Range', exact: true });
  const panel = page.locator(`[id="${await range.getAttribute('aria-controls')}"]`);
  await range.click();
  await expect(panel).toBeVisible();
  const allModels = panel.getByRole('link', { name: 'All Models' });
  const href = (await allModels.getAttribute('href')) ?? '';
  await allModels.click();
  await expect(page).toHaveURL(siteUrl('southern-cross-motor-group', href));
  await expect(panel).toBeHidden();

  // On that page the same link changes no address: the choice alone closes the menu.
  await range.click();
  await expect(panel).toBeVisible();
  await allModels.click();
  await expect(panel).toBeHidden();
  await expect(range).toHaveAttribute('aria-expanded', 'false');
  await expect(header).not.toHaveClass(/dropdown-open/);
});

test('the dealership carousel: Previous disabled at the start, Next disabled at the end', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  const errors = watchErrors(page);
  await hydrated(page, siteUrl('southern-cross-motor-group', '/dealer-locator'));
  const carousel = page.locator('.location-list [aria-roledescription="carousel"]');
  const prev = carousel.getByRole('button', { name: 'Previous locations' });
  const next = carousel.getByRole('button', { name: 'Next locations' });
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  await carousel.focus();
  await page.keyboard.press('End');
  await expect(next).toBeDisabled();
  await expect(prev).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a car tagged Test Drive Only offers its test-drive booking', async ({ page, request }) => {
  const slug = 'harbourside-mazda';
  const response = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', hitsPerPage: 100 }] },
  });
  expect(response.ok()).toBe(true);
  const hits = (await response.json()).results[0].hits as { id: number; slug: string; tag?: string | null }[];
  const car = hits.find((h) => h.tag === 'Test Drive Only');
  expect(car, 'the demo stock has a car tagged Test Drive Only').toBeDefined();
  const errors = watchErrors(page);
  await hydrated(page, siteUrl(slug, `/cars/${car!.slug}`));
  const book = page.locator('.vehicle-sidebar').getByRole('link', { name: 'Book a Test Drive' });
  await expect(book).toBeVisible();
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Test Drive' })).toBeVisible();
  expect(errors).toEqual([]);
});
