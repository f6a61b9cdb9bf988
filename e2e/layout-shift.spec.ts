// No layout shift (issue 17, item 3: Lighthouse CLS 0) on a phone, as Lighthouse's mobile run sees it: 412 x 823 CSS
// pixels at 1.75 device pixels, touch, the CPU slowed four times (so the parser yields and files arrive after the first
// paint, as on a real phone). On the home, search, a vehicle and a content page of every demo site, the page records
// every layout-shift entry from its first paint until it is hydrated and the browser has painted twice more: none.
// The header's logo keeps its box while its file is held back. Its own server (E2E_PORT + 27) with a small demo stock.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { demoSlugs, isolatedDataEnv, port as basePort, siteUrl, startServer, type SpecServer } from './helpers';

const port = basePort + 27;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
let server: SpecServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000); // the demo stock is made at start: slow on a busy machine
  server = await startServer({ port, env: { NODE_ENV: 'production', INVENTORY_SIZE: '300', ...isolatedDataEnv(mkdtempSync(join(tmpdir(), 'cls-e2e-'))) } });
});
test.afterAll(() => server?.stop());

/** A phone-sized page whose CPU runs four times slower, recording layout shifts (with what moved) from its start. */
async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        const moved = (entry.sources ?? []).map(
          (s) => `${(s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? s.node?.nodeName} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
        );
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return page;
}

/** The layout shifts recorded until the page is hydrated and painted twice after that (entries arrive after a paint). */
async function shiftsThroughHydration(page: Page): Promise<string[]> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  return page.evaluate(
    () =>
      new Promise<string[]>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done((window as unknown as { layoutShifts: string[] }).layoutShifts)))),
      ),
  );
}

/**
 * The layout shifts seen when a child of `target` arrives after the rest, as the parser can leave a page between two
 * paints: `child` 'text' is its label (its first non-blank text node), 'last' its last element. Removed, two frames,
 * then put back while a layout-shift observer watches.
 */
function shiftsWhenChildArrivesLate(target: Locator, child: 'text' | 'last'): Promise<string[]> {
  return target.evaluate(async (element, child) => {
    const late = child === 'last' ? element.lastElementChild! : [...element.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())!;
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))));
    late.remove();
    await frames();
    const seen: string[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[])
        seen.push(`${entry.value.toFixed(5)}: ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 60)).join('; ')}`);
    });
    observer.observe({ type: 'layout-shift' });
    element.append(late);
    await frames();
    observer.disconnect();
    return seen;
  }, child);
}

for (const slug of demoSlugs) {
  test(`${slug}: no layout shift through hydration on a phone (home, search, vehicle and content pages)`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext(PHONE);
    try {
      let vehicle = '';
      let contentPage = '';
      // The content page is the one the Lighthouse bench measures: the first of these the site has (a template's or its own).
      const contentPages = ['/about-us', '/contact', '/finance'];
      for (const [name, path] of [['home', '/'], ['search', '/search'], ['vehicle', ''], ...contentPages.map((p) => ['content', p] as const)] as const) {
        const page = await phonePage(context);
        const response = await page.goto(siteUrl(slug, path || vehicle, port));
        if (name === 'content' && response?.status() !== 200) {
          await page.close();
          continue;
        }
        expect(response?.status(), `${slug}'s ${name} page (${path || vehicle})`).toBe(200);
        expect(await shiftsThroughHydration(page), `layout shifts on ${slug}'s ${name} page (${path || vehicle})`).toEqual([]);
        // The vehicle page measured is the search page's first car.
        if (name === 'search') vehicle = (await page.locator('main a[href^="/cars/"]').first().getAttribute('href')) ?? '';
        await page.close();
        if (name === 'content') {
          contentPage = path;
          break;
        }
      }
      expect(contentPage, `a content page of ${slug}`).not.toBe('');
    } finally {
      await context.close();
    }
  });
}

test('the header logo keeps its box while its file loads, on a phone and on a desktop', async ({ browser }) => {
  // Eight home pages (four sites, two widths), each waiting for its logo.
  test.setTimeout(90_000);
  for (const options of [PHONE, { viewport: { width: 1280, height: 800 } }]) {
    const context = await browser.newContext(options);
    for (const slug of demoSlugs) {
      const page = await context.newPage();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/tenant-assets/*/logo.*', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(siteUrl(slug, '/', port), { waitUntil: 'domcontentloaded' });
      const logo = page.locator('header.site-header a.logo img');
      const box = () => logo.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height].map(Math.round));
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
      const loading = await box();
      expect(loading[0], `${slug}'s logo width while loading`).toBeGreaterThan(50);
      release();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await box(), `${slug}'s logo box once loaded (${options.viewport.width} px wide)`).toEqual(loading);
      await page.close();
    }
    await context.close();
  }
});

/** A site's first searched car's page on a phone, hydrated. */
async function hydratedVehiclePageOnPhone(browser: Browser, slug: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(siteUrl(slug, '/search', port));
  const car = await page.locator('main a[href^="/cars/"]').first().getAttribute('href');
  await page.goto(siteUrl(slug, car!, port));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { context, page };
}

test("the gallery's Fullscreen button stays put when its label arrives after its icon (a page parsed in pieces)", async ({ browser }) => {
  const { context, page } = await hydratedVehiclePageOnPhone(browser, 'big-sky-cars');
  // As the parser can leave it between two paints: the icon alone, then the label.
  const shifts = await shiftsWhenChildArrivesLate(page.locator('.gallery-fullscreen'), 'text');
  expect(shifts).toEqual([]);
  await context.close();
});

test("a vehicle page's bottom bar keeps its links in place when its last link arrives after the others (a page parsed in pieces)", async ({ browser }) => {
  const { context, page } = await hydratedVehiclePageOnPhone(browser, 'harbourside-mazda');
  const bar = page.getByRole('navigation', { name: 'Vehicle actions' });
  await expect(bar.getByRole('link')).toHaveText(['Call', 'Enquire', 'Finance']);
  // As the parser can leave it between two paints: Call and Enquire alone, then Finance (0.0035 before the fix).
  const shifts = await shiftsWhenChildArrivesLate(bar, 'last');
  expect(shifts).toEqual([]);
  await context.close();
});
