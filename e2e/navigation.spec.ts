// Header and footer navigation in Chromium (docs/requirements/dealer-services.md#screens): the Range mega-menu from the model catalogue, opened by click
// on one site and by hover on another (navigation.dropdownTrigger), the header's class while a menu is open, Escape
// and outside clicks, keyboard use of the disclosure menus, the mobile menu, payment logos and the terms of use.
import { expect, test, type Page } from '@playwright/test';
import { siteUrl, watchErrors } from './helpers';

const CLICK_SITE = 'southern-cross-motor-group'; // dealer-group template: dropdowns open by click
const HOVER_SITE = 'harbourside-mazda'; // single-brand template: dropdowns open by hover

async function open(page: Page, slug: string, path = '/') {
  await page.goto(siteUrl(slug, path));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

const header = (page: Page) => page.locator('header.site-header');
const menuButton = (page: Page, name: string) => header(page).getByRole('button', { name, exact: true });
const panelOf = async (page: Page, name: string) => page.locator(`[id="${await menuButton(page, name).getAttribute('aria-controls')}"]`);

/**
 * Clicks a point below the open menu where there is nothing to follow or press, inside a block that has not hydrated
 * yet (one that waits to be touched, such as the stock search). React stops a press aimed at such a block before it
 * reaches the document, so this is the press an outside-click handler can miss.
 */
async function clickOnUnhydratedBlock(page: Page) {
  const point = await page.evaluate(() => {
    const panels = [...document.querySelectorAll('.site-header .dropdown:not([hidden])')];
    const below = Math.max(0, ...panels.map((p) => p.getBoundingClientRect().bottom)) + 8;
    for (let y = innerHeight - 4; y > below; y -= 16)
      for (let x = 4; x < innerWidth; x += 16) {
        const hit = document.elementFromPoint(x, y);
        const block = hit?.closest('[data-block-id]');
        if (block && !block.hasAttribute('data-hydrated') && !hit?.closest('a, button, input, select, textarea, label, summary, [tabindex]')) return { x, y };
      }
    return null;
  });
  if (!point) throw new Error('no point below the open menu on a block that has not hydrated');
  await page.mouse.click(point.x, point.y);
}

test.describe('desktop menus', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('click site: the Range mega-menu opens by click with make logo tiles, marks the header, and closes on an outside click', async ({ page }) => {
    await open(page, CLICK_SITE);
    const range = menuButton(page, 'Range');
    const panel = await panelOf(page, 'Range');
    await expect(panel).toBeHidden();

    // Hovering does nothing on a click site.
    await range.hover();
    await expect(range).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page)).not.toHaveClass(/dropdown-open/);

    await range.click();
    await expect(range).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(header(page)).toHaveClass(/dropdown-open/);
    // One logo tile per make the group sells, each heading its models.
    const tiles = panel.locator('.menu-logo-tile');
    await expect(tiles).toHaveText(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
    await expect(tiles.locator('img')).toHaveCount(5);
    await expect(panel.getByRole('link', { name: 'HiLux' })).toBeVisible();

    // A click elsewhere on the page (below the panel) closes it, even on a block that has not hydrated yet.
    await clickOnUnhydratedBlock(page);
    await expect(range).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(header(page)).not.toHaveClass(/dropdown-open/);

    // Only one menu is open at a time; Escape closes it.
    await range.click();
    await menuButton(page, 'Stock').click();
    await expect(range).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page, 'Stock')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menuButton(page, 'Stock')).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page)).not.toHaveClass(/dropdown-open/);
  });

  test('click site: following a model in the Range leads to a page of the site and closes the menu', async ({ page }) => {
    await open(page, CLICK_SITE);
    await menuButton(page, 'Range').click();
    const panel = await panelOf(page, 'Range');
    await panel.getByRole('link', { name: 'Sportage' }).click();
    await expect(page).toHaveURL(/\/kia-sportage$/); // the model's own page (issue 15's model pages)
    await expect(page.locator('main h1')).toBeVisible();
    await expect(menuButton(page, 'Range')).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page)).not.toHaveClass(/dropdown-open/);
  });

  test('hover site: the Range opens on hover, stays open over the panel, and closes when the pointer leaves or on Escape', async ({ page }) => {
    await open(page, HOVER_SITE);
    const range = menuButton(page, 'Range');
    const panel = await panelOf(page, 'Range');
    await range.hover();
    await expect(range).toHaveAttribute('aria-expanded', 'true');
    await expect(header(page)).toHaveClass(/dropdown-open/);
    await expect(panel.locator('.menu-logo-tile')).toHaveText(['Mazda']);
    // Moving into the panel keeps it open; a click on the label keeps it open too.
    await panel.getByRole('link', { name: 'CX-5' }).hover();
    await expect(range).toHaveAttribute('aria-expanded', 'true');
    await range.click();
    await expect(range).toHaveAttribute('aria-expanded', 'true');
    // Leaving closes it.
    await page.mouse.move(640, 700);
    await expect(range).toHaveAttribute('aria-expanded', 'false');
    await expect(header(page)).not.toHaveClass(/dropdown-open/);

    await menuButton(page, 'Stock').hover();
    await expect(menuButton(page, 'Stock')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menuButton(page, 'Stock')).toHaveAttribute('aria-expanded', 'false');
  });

  test('every Range link of both sites answers with a page', async ({ page }) => {
    for (const slug of [CLICK_SITE, HOVER_SITE]) {
      await open(page, slug);
      const hrefs = await (await panelOf(page, 'Range')).locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(5);
      for (const href of new Set(hrefs)) {
        // Fetched from the page itself: Node's resolver does not know *.localhost, Chromium does.
        const status = await page.evaluate(async (url) => (await fetch(url)).status, href);
        expect(status, `${slug} ${href}`).toBe(200);
      }
    }
  });

  test('keyboard: Enter and Space toggle a menu, Tab moves through its links, Escape closes it and returns focus', async ({ page }) => {
    await open(page, CLICK_SITE);
    const range = menuButton(page, 'Range');
    const panel = await panelOf(page, 'Range');
    await range.focus();
    await page.keyboard.press('Enter');
    await expect(range).toHaveAttribute('aria-expanded', 'true');
    await expect(header(page)).toHaveClass(/dropdown-open/);
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'All Models' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Ford' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(range).toHaveAttribute('aria-expanded', 'false');
    await expect(range).toBeFocused();

    await page.keyboard.press('Space');
    await expect(range).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(range).toHaveAttribute('aria-expanded', 'false');

    // Tab from a closed menu goes to the next menu button, not into the hidden links.
    await page.keyboard.press('Tab');
    const stock = menuButton(page, 'Stock');
    await expect(stock).toBeFocused();
    // Tabbing out past the last link of an open menu closes it.
    await page.keyboard.press('Enter');
    await expect(stock).toHaveAttribute('aria-expanded', 'true');
    const links = await (await panelOf(page, 'Stock')).getByRole('link').count();
    for (let i = 0; i < links; i++) await page.keyboard.press('Tab');
    await expect(stock).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(stock).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Sell My Car' }).first()).toBeFocused();
  });

  test('keyboard on a hover site: Enter opens and closes the menu too', async ({ page }) => {
    await open(page, HOVER_SITE);
    const more = menuButton(page, 'More');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  test('footer: payment logos where the site enables them, none where it does not; terms of use shown in full', async ({ page }) => {
    await open(page, HOVER_SITE);
    const footer = page.locator('footer.site-footer');
    const logos = footer.getByRole('list', { name: 'Payment methods we accept' });
    for (const name of ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']) await expect(logos.getByRole('img', { name, exact: true })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Models' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'CX-5', exact: true })).toHaveAttribute('href', '/mazda-cx-5');
    await expect(footer.locator('.footer-terms-body')).toBeVisible();
    await expect(footer.locator('.footer-terms-toggle')).toBeHidden();

    await open(page, CLICK_SITE);
    await expect(page.locator('footer.site-footer .payment-logos')).toHaveCount(0);
    await expect(page.locator('footer.site-footer svg.payment-logo')).toHaveCount(0);
  });
});

test.describe('mobile (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens the menu and moves focus into it; Escape closes it and returns focus', async ({ page }) => {
    await open(page, HOVER_SITE);
    const toggle = header(page).getByRole('button', { name: 'Menu' });
    const nav = page.locator('#site-menu');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-controls', 'site-menu');
    await expect(nav).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('a menu inside opens by tap on a hover site, and following a link closes the mobile menu', async ({ page }) => {
    await open(page, HOVER_SITE);
    const toggle = header(page).getByRole('button', { name: 'Menu' });
    await toggle.click();
    const range = menuButton(page, 'Range');
    await range.click();
    await expect(range).toHaveAttribute('aria-expanded', 'true');
    const panel = await panelOf(page, 'Range');
    await panel.getByRole('link', { name: 'Mazda3' }).click();
    await expect(page).toHaveURL(/\/mazda3$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#site-menu')).toBeHidden();
    // No sideways scroll with the menu open either.
    await toggle.click();
    await range.click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the terms of use collapse behind a button', async ({ page }) => {
    await open(page, HOVER_SITE);
    const toggle = page.locator('footer').getByRole('button', { name: 'Terms of use' });
    const body = page.locator('footer .footer-terms-body');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(body).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(body).toBeVisible();
    await expect(body).toContainText('Finance is subject to the lender');
    await toggle.click();
    await expect(body).toBeHidden();
  });
});

test("the footer is the server's HTML: its code does not load with the page, its links navigate in the page, and the next page has the same footer", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await open(page, HOVER_SITE);
  expect(scripts.filter((s) => /footer/i.test(s))).toEqual([]);
  const footer = page.locator('footer.site-footer');
  const text = await footer.innerText();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await footer.getByRole('link', { name: 'CX-5', exact: true }).click();
  await expect(page).toHaveURL(siteUrl(HOVER_SITE, '/mazda-cx-5'));
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(footer).toHaveText(text, { useInnerText: true });
  await expect(footer.getByRole('link', { name: 'CX-5', exact: true })).toHaveAttribute('href', '/mazda-cx-5');
});

test('signed out, following a link to a gated page goes to sign-in in the page, with no error in the console', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, CLICK_SITE, '/about-us');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const data = page.waitForResponse((r) => r.url().includes('/__data?path=%2Ffinance'));
  await page.locator('footer a[href="/finance"]').first().click();
  expect((await data).status()).toBe(200);
  await expect(page).toHaveURL(siteUrl(CLICK_SITE, '/sign-in?type=page&redirect=%2Ffinance&back=%2Fabout-us'));
  await expect(page.locator('main h1')).toHaveText('Sign In');
  // the router followed the redirect: still the same document
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
