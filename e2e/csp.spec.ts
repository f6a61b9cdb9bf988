// The Content-Security-Policy in force in Chromium (no 'unsafe-eval', no inline scripts): a home page, a vehicle
// page and a lead form (validated in the browser by the build's precompiled Ajv code, then sent) run without a
// single CSP violation or console error.
import { expect, test, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors } from './helpers';

const SITE = 'harbourside-mazda';

/** Records every securitypolicyviolation event of every document the page loads. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const list: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

async function hydrated(page: Page, url: string) {
  const response = await page.goto(url);
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'nonce-/);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

test('home and vehicle pages hydrate and run under the CSP without violations', async ({ page, request }) => {
  const errors = watchErrors(page);
  const violations = await watchViolations(page);
  await hydrated(page, siteUrl(SITE, '/'));
  expect(await violations()).toEqual([]);

  const search = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${SITE}.localhost:${port}` },
    data: { queries: [{ q: '', filter: 'status = in_stock', hitsPerPage: 1 }] },
  });
  const car = (await search.json()).results[0].hits[0] as { slug: string };
  await hydrated(page, siteUrl(SITE, `/cars/${car.slug}`));
  await expect(page.locator('h1')).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(errors.filter((e) => /Content Security Policy|unsafe-eval|EvalError/i.test(e))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a lead form validates in the browser and is sent, with no CSP violation', async ({ page }) => {
  const errors = watchErrors(page);
  const violations = await watchViolations(page);
  await hydrated(page, siteUrl(SITE, '/contact'));
  const form = page.locator('#enquiry-form form');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  // The precompiled check ran (Ajv's compiler would need eval, which the CSP refuses).
  await expect(form.locator('.form-error-list-heading')).toHaveText('Please fix the following errors:');
  await expect(form.locator('.form-error-list')).toContainText('* This field is required');
  await form.locator('[name="email"]').fill('not-an-email');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.locator('.form-error-list')).toContainText('Please enter a valid email address.');

  await form.locator('[name="name"]').fill('Casey CSP');
  await form.locator('[name="email"]').fill('casey@example.com');
  await form.locator('[name="phone"]').fill('0412 345 678');
  await form.locator('[name="message"]').fill('Is it still available?');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(siteUrl(SITE, '/success'));
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});
