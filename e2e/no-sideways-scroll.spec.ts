// No page of any type scrolls sideways from 320 to 1440 px (issue 16): every route of every demo site without route
// parameters, plus an available and a sold vehicle page and a 404, at the narrowest width; the main page types at
// every width (loaded at 390 px, then resized). An element that sticks out of the viewport without a clipping ancestor
// is named in the failure.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { resolveTenantFile } from '../runtime/tenants/resolve';
import { demoSlugs, port, root, siteUrl } from './helpers';

const WIDTHS = [320, 390, 768, 1024, 1440];

/** Pages of the resolved document (template included) without route parameters (':slug', '*'). */
const plainRoutes = (slug: string): string[] => {
  const doc = resolveTenantFile(join(root, 'tenants', `${slug}.json`), join(root, 'tenants', 'templates'));
  return Object.keys(doc.pages ?? {}).filter((route) => !route.includes(':') && !route.includes('*'));
};

async function carPath(page: Page, slug: string, filter: string): Promise<string | null> {
  // Node does not resolve *.localhost: ask 127.0.0.1 with the site's Host header.
  const res = await page.request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', filter, hitsPerPage: 1 }] },
  });
  const hit = (await res.json()).results?.[0]?.hits?.[0];
  return hit ? `/cars/${hit.slug}` : null;
}

/** Elements past the right edge that no ancestor clips, and how wide the document is. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > viewport + 1 && getComputedStyle(e).position !== 'fixed' && !clipped(e))
      .slice(0, 3)
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}"> right=${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, viewport, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page, url: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const result = await sideways(page);
  expect(result.scrollWidth, `${url} at ${width} px: ${result.culprits.join('; ')}`).toBeLessThanOrEqual(result.viewport);
}

async function expectNoSidewaysScrollAfterResize(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  // Two frames: the resize's layout and what scripts change in answer to it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const result = await sideways(page);
  expect(result.scrollWidth, `${path} resized to ${width} px: ${result.culprits.join('; ')}`).toBeLessThanOrEqual(result.viewport);
}

for (const slug of demoSlugs) {
  test(`${slug}: every page fits 320 px, the main page types fit 320 to 1440 px`, async ({ page }) => {
    test.setTimeout(120_000);
    const available = await carPath(page, slug, 'status = in_stock');
    const sold = await carPath(page, slug, 'status = sold');
    const narrow = [...plainRoutes(slug), '/no-such-page', ...[available, sold].filter((p): p is string => !!p)];
    for (const path of narrow) await expectNoSidewaysScroll(page, siteUrl(slug, path), 320);
    const main = ['/', plainRoutes(slug).find((r) => r.startsWith('/search')) ?? '/', available].filter((p): p is string => !!p);
    // The wider widths resize the loaded page, as a turned tablet or a dragged window does (CSS and the scripts'
    // media queries follow), instead of loading each page four more times.
    for (const path of main) {
      await expectNoSidewaysScroll(page, siteUrl(slug, path), WIDTHS[1]!);
      for (const width of WIDTHS.slice(2)) await expectNoSidewaysScrollAfterResize(page, path, width);
    }
  });
}
