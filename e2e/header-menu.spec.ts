// The header menu is one row or behind the Menu button, never wrapped onto a second row: on every demo site, from a
// small laptop to a wide screen (the breakpoint is in site.css, beside the header's rules).
import { expect, type Page, test } from '@playwright/test';
import { demoSlugs, siteUrl } from './helpers';

/** The distinct rows the top-level menu items sit on, and whether the Menu button shows. */
const headerLayout = (page: Page) =>
  page.evaluate(() => {
    const items = [...document.querySelectorAll<HTMLElement>('#site-menu .nav-list > .nav-item')].filter((li) => li.offsetParent !== null);
    const toggle = document.querySelector<HTMLElement>('.site-header .menu-toggle');
    return {
      rows: new Set(items.map((li) => Math.round(li.getBoundingClientRect().top))).size,
      items: items.length,
      toggle: !!toggle && getComputedStyle(toggle).display !== 'none',
      headerHeight: Math.round(document.querySelector('.site-header')!.getBoundingClientRect().height),
    };
  });

for (const slug of demoSlugs) {
  test(`${slug}: the header menu is one row at 1241 px and wider, behind the Menu button below`, async ({ page }) => {
    await page.goto(siteUrl(slug, '/'));
    for (const width of [1241, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      const layout = await headerLayout(page);
      expect(layout.toggle, `${width} px: no Menu button`).toBe(false);
      expect(layout.items, `${width} px: the menu shows`).toBeGreaterThan(0);
      expect(layout.rows, `${width} px: the menu is one row`).toBe(1);
      expect(layout.headerHeight, `${width} px: the header keeps its height`).toBeLessThanOrEqual(80);
    }
    for (const width of [861, 1024, 1240]) {
      await page.setViewportSize({ width, height: 800 });
      const layout = await headerLayout(page);
      expect(layout.toggle, `${width} px: the Menu button shows`).toBe(true);
      expect(layout.items, `${width} px: the menu waits behind the button`).toBe(0);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.locator('#site-menu')).toBeVisible();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.locator('#site-menu')).toBeHidden();
    }
  });
}
