import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

// Specs that start their own server use E2E_PORT + an offset of their own, so parallel workers never collide:
// +1 validation-and-isolation, +2 editor, +3 service-booking, +4 accounts, +5 lead-delivery, +7 trade-in,
// +8 and +14 production-build, +9/+10 two-processes, +11 checkout, +12 finance-and-analytics, +13 direct-search, +15 seo,
// +16 dev-server (npm run dev), +17 editor-accounts, +19 editor-theme, +21 editor-acceptance,
// +20 the accessibility suite (playwright.a11y.config.ts).
export const port = Number(process.env.E2E_PORT ?? 3100);
export const serverBundle = resolve(import.meta.dirname, '..', process.env.SERVER_BUNDLE ?? 'dist/server/main.js');
export const root = join(import.meta.dirname, '..');
export const demoSlugs = readdirSync(join(root, 'tenants'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
export const siteUrl = (slug: string, path = '/', p = port) => `http://${slug}.localhost:${p}${path}`;

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A day at least `ahead` days from today with no special hours yet in the editor's list (the demo sites list Christmas
 *  and other public holidays, which a fixed offset would hit some weeks of the year). */
export async function dayWithoutSpecialHours(editor: Page, ahead = 21): Promise<string> {
  const taken = await editor.locator('.special-hours li[data-date]').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
  const dayAt = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  while (taken.includes(dayAt(ahead))) ahead++;
  return dayAt(ahead);
}

/** On a live location page: opens its Holiday Hours and expects `name` on `day` (YYYY-MM-DD) as Closed. */
export async function expectClosedInHolidayHours(live: Page, location: string, name: string, day: string) {
  await expect(live.locator('html')).toHaveAttribute('data-hydrated', /.*/);
  const opener = live.locator('.location-details .hours').first().getByRole('button', { name: 'View Holiday Hours' });
  await expect(async () => {
    await opener.click();
    await expect(live.getByRole('dialog', { name: `Holiday Hours: ${location}` })).toBeVisible({ timeout: 1000 });
  }).toPass();
  const [y, m, d] = day.split('-');
  const row = live.getByRole('dialog').locator('tbody tr', { hasText: name });
  await expect(row).toContainText(`${d}/${m}/${y}`);
  await expect(row).toContainText('Closed');
}
