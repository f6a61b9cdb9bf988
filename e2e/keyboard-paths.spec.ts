// Keyboard walks of whole tasks (issue 18), on the suite's server: the search filters and range sliders, the trade-in
// wizard and the service booking wizard, each done with Tab / Shift+Tab / Enter / Space / arrow keys only (no clicks,
// no fill), with a visible focus indicator on every control the walk stops at.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { siteUrl, watchErrors } from './helpers';

const BIG_SKY = 'big-sky-cars';
const HARBOURSIDE = 'harbourside-mazda';

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (Shift+Tab when the target comes before the focus) until `target` has the focus, then checks the
 *  focus is visible there. */
async function tabTo(page: Page, target: Locator, { max = 150 } = {}) {
  await expect(target).toBeVisible();
  const back = await target.evaluate((el) => {
    const active = document.activeElement;
    return !!active && active !== document.body && !!(el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  expect(await isFocused(target), `Tab reached ${target}`).toBe(true);
  await expectVisibleFocus(page);
}

/** The focused element draws an outline or a box shadow (the site's :focus-visible style). */
async function expectVisibleFocus(page: Page) {
  const shown = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has the focus';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? 'visible' : `${el.tagName.toLowerCase()}.${el.className} shows no focus`;
  });
  expect(shown).toBe('visible');
}

/** Types into the focused field. */
const type = (page: Page, text: string) => page.keyboard.type(text);

/** Chooses an option of the focused native select with the arrow keys (Chromium changes a closed select's value). */
async function arrowToOption(page: Page, select: Locator, label: string | RegExp) {
  const labels = await select.locator('option').allTextContents();
  const target = labels.findIndex((l) => (typeof label === 'string' ? l.trim() === label : label.test(l)));
  expect(target, `option ${label} in ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const current = await select.evaluate((s) => (s as HTMLSelectElement).selectedIndex);
  const key = target > current ? 'ArrowDown' : 'ArrowUp';
  for (let i = 0; i < Math.abs(target - current); i++) await page.keyboard.press(key);
  await expect.poll(() => select.evaluate((s) => (s as HTMLSelectElement).selectedIndex)).toBe(target);
}

const count = async (page: Page) => Number(((await page.locator('.result-count strong').textContent()) ?? '').replace(/,/g, ''));

test('search: open a filter group, choose options and move the range sliders by keyboard; results and the URL follow', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto(siteUrl(BIG_SKY, '/search/used-cars'));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const total = await count(page);

  // A checkbox filter: Space ticks it.
  const firstBody = filters.locator('[data-filter="simple_body"] input[type=checkbox]').first();
  const bodyValue = await firstBody.getAttribute('value');
  await tabTo(page, firstBody);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(new RegExp(`simple_body=${encodeURIComponent(bodyValue!).replace(/%20/g, '(%20|\\+)')}`));
  await expect(firstBody).toBeChecked();
  await expect.poll(() => count(page)).toBeLessThan(total);
  const afterBody = await count(page);
  // Space again unticks it: back to every car.
  await expect(firstBody).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).not.toHaveURL(/simple_body=/);
  await expect.poll(() => count(page)).toBe(total);

  // The price slider: arrow keys, Page Up and End move its handles, each move in steps of $500 and sent to the URL.
  const minPrice = filters.getByLabel('Minimum price');
  await tabTo(page, minPrice);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageUp');
  await expect(page).toHaveURL(/price=\d+%3A\d+/);
  const low = Number(new URL(page.url()).searchParams.get('price')!.split(':')[0]);
  expect(low % 500).toBe(0);
  expect(low).toBeGreaterThan(0);
  await expect(minPrice).toHaveAttribute('aria-valuetext', `$${low.toLocaleString('en-AU')}`);
  await expect.poll(() => count(page)).toBeLessThan(total);
  const withMin = await count(page);
  // Tab to the maximum handle, Page Down twice: fewer cars again.
  await page.keyboard.press('Tab');
  await expect(filters.getByLabel('Maximum price')).toBeFocused();
  await expectVisibleFocus(page);
  const priceHigh = () => Number(new URL(page.url()).searchParams.get('price')?.split(':')[1]);
  const fullHigh = priceHigh();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect.poll(priceHigh).toBeLessThan(fullHigh);
  await expect.poll(() => count(page)).toBeLessThan(withMin);
  // End and Home (on each handle) take the slider back to its whole range: the price leaves the URL.
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Tab');
  await expect(minPrice).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page).not.toHaveURL(/price=/);
  await expect.poll(() => count(page)).toBe(total);

  // A collapsed group (Colour): Enter on its heading opens it; its list box is chosen with arrows and Enter.
  const colour = filters.locator('[data-filter="colour"]');
  await expect(colour).not.toHaveAttribute('open', '');
  await tabTo(page, colour.locator('summary'));
  await page.keyboard.press('Enter');
  await expect(colour).toHaveAttribute('open', '');
  const colourButton = colour.locator('.facet-dropdown-button');
  await page.keyboard.press('Tab');
  await expect(colourButton).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const listbox = colour.getByRole('listbox');
  await expect(listbox).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const chosen = ((await colour.locator('[role=option].active').textContent()) ?? '').replace(/\s*\([\d,]+\)$/, '');
  await page.keyboard.press('Enter');
  await expect(listbox).toHaveCount(0);
  await expect(page).toHaveURL(/colour=/);
  // The focus comes back to the button, which names the choice.
  await expect(colourButton).toBeFocused();
  await expect(colourButton).toContainText(chosen);
  await expect.poll(() => count(page)).toBeLessThan(total);

  // The collapsed Subscription slider opens with Space on its heading and moves with the arrow keys.
  const subscription = filters.locator('[data-filter="subscription_price"]');
  await tabTo(page, subscription.locator('summary'));
  await page.keyboard.press('Space');
  await expect(subscription).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await expect(subscription.getByRole('slider').first()).toBeFocused();
  const before = page.url();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/subscription_price=/);
  expect(page.url()).not.toBe(before);
  expect(afterBody).toBeLessThan(total);
  expect(errors).toEqual([]);
});

test('trade-in wizard: from the registration to the offer by keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto(siteUrl(BIG_SKY, '/sell-my-car'));
  const w = page.locator('.trade-in-wizard');
  // Hydrated: the lazily loaded wizard answers (typing before would be reset by hydration).
  await expect(w.getByRole('button', { name: 'Find My Car' })).toBeEnabled();
  await page.waitForLoadState('networkidle');

  await tabTo(page, w.getByLabel('Registration number'));
  await type(page, 'TRADE1');
  await page.keyboard.press('Tab');
  await expect(w.getByLabel('State')).toBeFocused();
  await arrowToOption(page, w.getByLabel('State'), /^(QLD|Queensland)$/i);
  await tabTo(page, w.getByRole('button', { name: 'Find My Car' }));
  await page.keyboard.press('Enter');
  // Several descriptions: a radio group, entered with Tab and moved with the arrow keys.
  await expect(w.getByRole('heading', { name: 'Vehicle Selection', level: 3 })).toBeVisible();
  const radios = w.getByRole('radio');
  await tabTo(page, radios.first());
  await page.keyboard.press('Space');
  await expect(radios.first()).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1)).toBeChecked();
  await expect(radios.nth(1)).toBeFocused();
  const description = (await radios.nth(1).evaluate((r) => (r as HTMLInputElement).value)).trim();
  await tabTo(page, w.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Your Details', level: 3 })).toBeVisible();
  // The vehicle line names the chosen description (year, make, model, badge, series).
  await expect(w.getByTestId('trade-in-vehicle')).toContainText(description.split(' ').slice(0, 5).join(' '));

  await tabTo(page, w.getByRole('textbox', { name: 'Odometer' }));
  await type(page, '45000');
  await expect(w.getByRole('textbox', { name: 'Odometer' })).toHaveValue('45,000');
  await tabTo(page, w.getByLabel(/^Postcode/));
  await type(page, '4000');
  for (const [label, option] of [
    ['Service history', 'Full service history'],
    ['Number of keys', '2'],
    ['Car condition', 'Good'],
  ] as const) {
    await tabTo(page, w.getByLabel(label));
    await arrowToOption(page, w.getByLabel(label), option);
  }
  await tabTo(page, w.getByLabel('Comments'));
  await type(page, 'Garaged, one owner.');
  await tabTo(page, w.getByRole('textbox', { name: /^(Name|First name)$/ }));
  await type(page, 'Kim Keys');
  await tabTo(page, w.getByLabel('Email'));
  await type(page, 'kim@example.com');
  await tabTo(page, w.getByLabel('Phone'));
  await type(page, '0412 345 678');
  const terms = w.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) {
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
  }
  // Shift+Tab back to Phone and on again: the order runs both ways.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, w.getByRole('button', { name: 'Get My Offer' }));
  await page.keyboard.press('Enter');
  const outcome = w.locator('.trade-in-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'offer');
  await expect(outcome.getByTestId('offer-price')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
  expect(errors).toEqual([]);
});

test('service booking wizard: every step to the confirmation by keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto(siteUrl(HARBOURSIDE, '/service'));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const form = page.locator('#service-form form');
  const next = form.getByRole('button', { name: 'Next' });
  // The wizard is below the fold: it hydrates when it comes into view.
  await form.scrollIntoViewIfNeeded();
  await expect(next).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const field = (name: string) => form.locator(`[name="${name}"]`);

  // BOOK NOW by Enter goes to the form.
  await tabTo(page, page.getByRole('link', { name: 'BOOK NOW' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('#service-form')).toBeInViewport();

  // Contact Details.
  await tabTo(page, field('name'));
  await type(page, 'Jordan');
  for (const [name, text] of [
    ['last_name', 'Lee'],
    ['email', 'jordan.lee@example.com'],
    ['phone', '0412 345 678'],
  ] as const) {
    await tabTo(page, field(name));
    await type(page, text);
  }
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(form.locator('.form-steps [aria-current="step"]')).toHaveText(/Vehicle Details/);

  // Vehicle Details.
  for (const [name, text] of [
    ['vehicle_make', 'Mazda'],
    ['vehicle_model', 'CX-5'],
    ['vehicle_year', '2021'],
  ] as const) {
    await tabTo(page, field(name));
    await type(page, text);
  }
  for (const [name, option] of [
    ['service_interval', '40,000 km / 48 months'],
    ['service_type', 'Logbook Service'],
  ] as const) {
    await tabTo(page, field(name));
    await arrowToOption(page, field(name), option);
  }
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(form.locator('.form-steps [aria-current="step"]')).toHaveText(/Order Details/);

  // Order Details: the first open day, then Book Service.
  const date = field('preferred_date');
  await tabTo(page, date);
  await page.keyboard.press('ArrowDown');
  await expect(date).not.toHaveValue('');
  const submit = form.getByRole('button', { name: 'Book Service' });
  await tabTo(page, submit);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(201);
  await expect(page).toHaveURL(/\/success$/);
  expect(errors).toEqual([]);
});
