// Every location link on every demo site answers 200 (DESIGN: never a link to a page that does not exist).
import { expect, test } from '@playwright/test';
import { demoSlugs, siteUrl } from './helpers';

const PAGES_WITH_LOCATIONS = ['/', '/contact', '/service', '/dealer-locator'];

for (const slug of demoSlugs) {
  test(`${slug}: location links answer 200`, async ({ page }) => {
    const links = new Set<string>();
    for (const path of PAGES_WITH_LOCATIONS) {
      const response = await page.goto(siteUrl(slug, path));
      if (response?.status() !== 200) continue;
      for (const href of await page
        .locator('.location-card a[href^="/"], .location-list a[href^="/"], .location-map-block a[href^="/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        links.add(href.replace(/#.*$/s, ''));
      }
    }
    // Each location page the cards link to, followed once, and its own links too.
    for (const href of [...links].filter((h) => /^\/(our-location|locations|contact-us)\//.test(h))) {
      await page.goto(siteUrl(slug, href));
      for (const inner of await page.locator('.location-details a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))
        links.add(inner.replace(/#.*$/s, ''));
    }
    expect(links.size).toBeGreaterThan(0);
    for (const href of links) {
      const response = await page.goto(siteUrl(slug, href));
      expect(response?.status(), `${slug}${href}`).toBe(200);
    }
  });
}
