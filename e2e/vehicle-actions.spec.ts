// The vehicle page's buying panel and tools in Chromium, on two sites with different vehicle and finance settings:
// Big Sky (manual finance, reserve $200, masked phone) and Harbourside (Youx quotes, locked interest, monthly,
// unmasked phone). Cars are found through the site's own search API, so the tests follow the demo inventory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Car } from '../schemas/generated/car';
import type { ResolvedFinanceSettings } from '../schemas/generated/settings';
import { calculate } from '../runtime/domain/finance';
import { vehicleFinanceFigure } from '../runtime/domain/finance/vehicle-finance';
import { formatMoney, formatNumber } from '../runtime/domain/format';
import { DELIVERY_UNAVAILABLE, fuelCalculator, vehicleTitle } from '../runtime/domain/vehicle';
import { port, root, siteUrl, watchErrors } from './helpers';

const BIG_SKY = 'big-sky-cars';
const HARBOURSIDE = 'harbourside-mazda';
// The finance settings the page was served with: the validated document's, every default filled in.
const servedFinance = (page: Page): Promise<ResolvedFinanceSettings> =>
  page.evaluate(() => JSON.parse(document.getElementById('__boot')!.textContent!).site.settings.finance);

/** Big Sky's provider is Manual: only cars whose feed carries Manual figures show finance (docs/requirements/dealer-services.md#validation). */
const hasManualFinance = (car: Car) => {
  const manual = (car.finance_lenders as Record<string, { comparisonRate?: number | null; paymentWeek?: number | null }> | null)?.Manual;
  return !!manual && manual.comparisonRate != null && (manual.paymentWeek ?? 0) > 0;
};

/** The first car of a site matching a search filter (and `accept`, when given), with every field. */
async function findCar(page: Page, site: string, filter: string, accept: (car: Car) => boolean = () => true): Promise<Car> {
  // The helper page is the site's robots.txt, a text page with no icon (a JSON answer is a download, not a page):
  // answer Chromium's favicon request quietly.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto(siteUrl(site, '/robots.txt'));
  const hits: Car[] = await page.evaluate(async (f) => {
    const response = await fetch('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries: [{ q: '', filter: f, hitsPerPage: 100 }] }),
    });
    return (await response.json()).results[0].hits;
  }, filter);
  const car = hits.find(accept);
  expect(car, `a car on ${site} matching ${filter}`).toBeTruthy();
  return car as Car;
}

async function openCar(page: Page, site: string, filter: string, accept?: (car: Car) => boolean) {
  const car = await findCar(page, site, filter, accept);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return car;
}

const sidebar = (page: Page) => page.locator('.vehicle-sidebar');
const PRICED_IN_STOCK = 'status = in_stock AND price > 5000 AND simple_fuel = Petrol';

test.describe('Big Sky: manual finance, reserve, masked phone', () => {
  test('an available car shows price, finance figure, reserve and purchase buttons without console errors', async ({ page }) => {
    const car = await findCar(page, BIG_SKY, PRICED_IN_STOCK, hasManualFinance);
    const errors = watchErrors(page);
    await page.goto(siteUrl(BIG_SKY, `/cars/${car.slug}`));
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(sidebar(page).locator('h1')).toHaveText(vehicleTitle(car));
    await expect(sidebar(page).locator('.finance-figure')).toHaveText(/^Only \$[\d,]+ \/wk\*$/);
    await expect(sidebar(page).getByRole('link', { name: 'Get Pre-Approved' })).toHaveAttribute('href', /^\/finance\?.*car_id=\d+.*#finance-form$/);
    await expect(sidebar(page).getByRole('link', { name: 'Reserve Car Now for $200' })).toHaveAttribute('href', `/cars/${car.slug}/checkout`);
    // docs/requirements/vehicle-browsing.md#screens: Enquire Now and the test drive are modal dialogs on the vehicle page.
    await expect(sidebar(page).getByRole('link', { name: 'Enquire Now' })).toHaveAttribute('href', '#enquire');
    await expect(sidebar(page).getByRole('link', { name: 'Book a Test Drive' })).toHaveAttribute('href', '#test-drive');
    await sidebar(page).getByRole('link', { name: 'Enquire Now' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'Value My Trade-In' })).toHaveAttribute('href', `/cars/trade-in?car_id=${car.id}`);
    await expect(page.locator('.sold-notice')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a sold car shows the SOLD notice with Find Me Something Similar and no purchase actions', async ({ page }) => {
    await openCar(page, BIG_SKY, 'status = sold');
    const notice = page.locator('.sold-notice');
    await expect(notice).toContainText('SOLD');
    // The vehicle page has the similar cars carousel, so the button goes to it.
    await expect(notice.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', '#similar-cars');
    for (const name of ['Enquire Now', 'Book a Test Drive', 'Value My Trade-In', 'Get Finance', 'Get Pre-Approved', /Reserve Car Now/, 'WhatsApp Us']) {
      await expect(sidebar(page).getByRole('link', { name })).toHaveCount(0);
    }
    await expect(page.locator('#finance-calculator')).toHaveCount(0);
    // No deposit is offered for a sold car: the tabs leave Reserve Online out.
    const tabs = page.getByRole('tablist', { name: 'About this vehicle' }).getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    await expect(tabs).not.toContainText(['Reserve Online']);
    await expect(page.locator('.vehicle-overview')).not.toContainText('$200');
  });

  test('a car without Manual figures shows no finance and asks for no quote (only Youx sites use quotes)', async ({ page }) => {
    const quoteRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/youx/quote')) quoteRequests.push(r.url());
    });
    await openCar(page, BIG_SKY, PRICED_IN_STOCK, (car) => !hasManualFinance(car));
    await expect(sidebar(page).locator('h1')).toBeVisible();
    await expect(sidebar(page).locator('.finance-figure')).toHaveCount(0);
    await expect(page.locator('#finance-calculator')).toHaveCount(0);
    expect(quoteRequests).toEqual([]);
  });

  test("a car without a price shows 'Enquire for price.' and no finance", async ({ page }) => {
    await openCar(page, BIG_SKY, 'status = in_stock AND price = 0');
    await expect(sidebar(page).locator('.price-now')).toHaveText('Enquire for price.');
    await expect(sidebar(page).locator('.finance-card')).toHaveCount(0);
    await expect(page.locator('#finance-calculator')).toHaveCount(0);
  });

  test('an electric car has no fuel calculator; a petrol car shows the running costs', async ({ page }) => {
    await openCar(page, BIG_SKY, 'status = in_stock AND simple_fuel = Electric');
    await expect(page.locator('.delivery-calculator')).toBeVisible();
    await expect(page.locator('.fuel-calculator')).toHaveCount(0);

    const car = await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    // The site leaves the fuel calculator's settings at their defaults: the schema's (read as a file, since the test
    // runner's loader does not import JSON modules).
    const vehicleSchema = JSON.parse(readFileSync(join(root, 'schemas/settings/vehicle.schema.json'), 'utf8'));
    const fuelSettings = vehicleSchema.properties.fuelCalculator.default;
    const fuel = fuelCalculator(car, fuelSettings);
    if (fuel.hidden) throw new Error('petrol car hides the fuel calculator');
    await expect(page.getByTestId('fuel-weekly')).toHaveText(`$${formatNumber(fuel.weeklyCost, 2)}`);
    await expect(page.getByTestId('fuel-yearly')).toHaveText(formatMoney(fuel.yearlyCost));
    await page.getByLabel('Kilometres per week').fill('500');
    const doubled = fuelCalculator(car, fuelSettings, { kmPerWeek: 500 });
    if (doubled.hidden) throw new Error('hidden');
    await expect(page.getByTestId('fuel-weekly')).toHaveText(`$${formatNumber(doubled.weeklyCost, 2)}`);
  });

  test('the finance calculator shows the domain figures, tracks event 26 once and blanks tiny repayments', async ({ page }) => {
    await page.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
      (window as any).tracked = [];
      // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
      window.addEventListener('dealer:track', (e) => (window as any).tracked.push((e as CustomEvent).detail.id));
    });
    const car = await openCar(page, BIG_SKY, PRICED_IN_STOCK, hasManualFinance);
    const finance = await servedFinance(page);
    const calc = page.locator('#finance-calculator');
    // Below the fold it hydrates when seen; typing before it hydrates would be reset by hydration.
    await calc.scrollIntoViewIfNeeded();
    await expect(calc.locator('.calculator[data-ready="true"]')).toHaveCount(1);
    // a vehicle page's calculator starts from the loan behind the car's figure (its price, the lender's terms)
    const figure = vehicleFinanceFigure(car, finance);
    expect(figure).not.toBeNull();
    const inputs = figure!.loan;
    const first = calculate(inputs, finance);
    expect(`Only ${first.repaymentText} /wk*`).toBe(figure!.text);
    await expect(calc.getByTestId('calc-repayment')).toHaveText(`${first.repaymentText} /wk*`);
    await expect(calc.getByTestId('calc-total')).toHaveText(first.totalText);
    await expect(calc.getByTestId('calc-comparison')).toHaveText(first.comparisonRateText);
    await expect(calc.getByTestId('calc-fees')).toHaveText('$0');

    await calc.getByLabel('Loan term').fill('3');
    await calc.getByLabel('Interest rate').fill('12');
    const changed = calculate({ ...inputs, termYears: 3, interestRate: 12 }, finance);
    await expect(calc.getByTestId('calc-repayment')).toHaveText(`${changed.repaymentText} /wk*`);
    await calc.getByText('Fortnightly').click();
    const fortnightly = calculate({ ...inputs, termYears: 3, interestRate: 12, frequency: 'fortnightly' }, finance);
    await expect(calc.getByTestId('calc-repayment')).toHaveText(`${fortnightly.repaymentText} /fn*`);
    // biome-ignore lint/suspicious/noExplicitAny: a global the page or the test itself sets on window, which Window does not declare
    expect(await page.evaluate(() => (window as any).tracked.filter((id: number) => id === 26).length)).toBe(1);

    await calc.getByLabel('Purchase price').fill('250000');
    await expect(calc.getByRole('alert')).toHaveText('Cannot be less than $1,000 or more than $250,000');
    await calc.getByLabel('Purchase price').fill('1000');
    await calc.getByLabel('Loan term').fill('7');
    await expect(calc.getByTestId('calc-repayment')).toHaveText('Enquire for Finance');
    await expect(calc.getByTestId('calc-total')).toHaveText('');

    const disclaimer = page.locator('#financeDisclaimer');
    await expect(disclaimer.locator('p')).toHaveText(/\.\.\.$/);
    await disclaimer.getByRole('button', { name: 'Show More' }).click();
    await expect(disclaimer.locator('p')).toContainText('WARNING: This comparison rate is true only for the example given');
    await expect(disclaimer.getByRole('button', { name: 'Show Less' })).toBeVisible();
    await expect(calc.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', /#finance-form$/);
  });

  test('the phone is masked after five characters until clicked, and the click records a reveal', async ({ page }) => {
    const car = await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    const phone = page.locator('.call-dealer-phone .phone-number');
    await expect(phone).toHaveText(/^\d\d \d\dXX XXXX$/);
    const reveal = page.waitForRequest((r) => r.url().endsWith('/api/cars/phone-reveal') && r.method() === 'POST');
    await page.locator('.call-dealer-phone').click();
    expect((await reveal).postDataJSON()).toEqual({ car_id: car.id, dealership_id: car.dealership_id, website_id: BIG_SKY });
    await expect(phone).toHaveText(/^\d\d \d{4} \d{4}$/);
  });

  test("the 'Located at' banner shows for a car away from the primary location and can be dismissed", async ({ page }) => {
    await openCar(page, BIG_SKY, 'status = in_stock AND location_id = 2012');
    const banner = page.locator('.located-at');
    await expect(banner).toContainText('Located at Dandenong');
    await expect(banner.getByRole('link', { name: 'Get Directions' })).toBeVisible();
    await banner.getByRole('button', { name: 'Dismiss location notice' }).click();
    await expect(banner).toHaveCount(0);
  });

  test("the sticky header's Enquire Now opens the enquiry dialog in this tab", async ({ page, context }) => {
    await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    const header = page.getByTestId('vehicle-sticky-header');
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(header).toBeVisible();
    const enquire = header.getByRole('link', { name: 'Enquire Now' });
    await expect(enquire).not.toHaveAttribute('target', /.*/);
    await enquire.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(context.pages()).toHaveLength(1);
  });

  test('the sticky header appears after 500 px of scroll', async ({ page }) => {
    const car = await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    const header = page.getByTestId('vehicle-sticky-header');
    await expect(header).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 450));
    await expect(header).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(header).toBeVisible();
    await expect(header).toContainText(vehicleTitle(car));
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toBeHidden();
  });

  test('copy link shows the toast for 3 s and the Copied note for 1.5 s', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl(BIG_SKY, '') });
    const car = await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    await page.getByRole('button', { name: 'Copy Link' }).click();
    const toast = page.locator('.toast-message');
    await expect(toast).toHaveText(`Copied ${vehicleTitle(car)} to your clipboard!`);
    await expect(page.locator('.copied-note')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(siteUrl(BIG_SKY, `/cars/${car.slug}`));
    await expect(page.locator('.copied-note')).toBeHidden({ timeout: 3000 });
    await expect(toast).toBeVisible(); // still up after the note: the toast lasts 3 s
    await expect(toast).toBeHidden({ timeout: 4000 });
  });

  test('the delivery calculator asks for a postcode, then answers with a region and price or the unavailable message', async ({ page }) => {
    const errors = watchErrors(page);
    await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    const box = page.locator('.delivery-calculator');
    await box.getByRole('button', { name: 'Calculate' }).click();
    await expect(box.locator('.delivery-error')).toHaveText('Please enter a postcode.');
    await box.getByLabel('Postcode').fill('3000');
    await box.getByRole('button', { name: 'Calculate' }).click();
    await expect(box.locator('.delivery-region')).toHaveText('Melbourne Metro');
    await expect(box.locator('.delivery-price')).toHaveText('$290');
    await box.getByLabel('Postcode').fill('6798');
    const answer = page.waitForResponse((r) => r.url().includes('/api/delivery-estimate?postcode=6798'));
    await box.getByRole('button', { name: 'Calculate' }).click();
    expect((await answer).status()).toBe(200); // no estimate is an answer, not an error the browser logs
    await expect(box.locator('.delivery-unavailable')).toHaveText(DELIVERY_UNAVAILABLE);
    expect(errors).toEqual([]);
  });

  test("Car History Report and the used-car checks' 'View the report' open the car's report, a PDF naming it", async ({ page }) => {
    const car = await openCar(page, BIG_SKY, 'status = in_stock AND car_type = used', (c) => Boolean(c.file));
    const button = sidebar(page).getByRole('link', { name: 'Car History Report' });
    await expect(button).toHaveAttribute('href', `/media/cars/${car.id}/history-report.pdf`);
    const checkLink = page.locator('[data-check="history-report"] a');
    await expect(checkLink).toHaveText('View the report');
    await expect(checkLink).toHaveAttribute('href', `/media/cars/${car.id}/history-report.pdf`);
    const report = await page.request.get(`http://127.0.0.1:${port}/media/cars/${car.id}/history-report.pdf`, {
      headers: { Host: `${BIG_SKY}.localhost:${port}` },
    });
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');
    const pdf = await getDocument({ data: new Uint8Array(await report.body()), useSystemFonts: false, isEvalSupported: false }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Vehicle History Report');
    expect(text.replace(/\s+/g, ' ')).toContain(vehicleTitle(car));
    expect(text).toContain(car.vin!);
  });

  test('a car without a report has no Car History Report button', async ({ page }) => {
    await openCar(page, BIG_SKY, 'status = in_stock AND car_type = used', (c) => !c.file);
    await expect(sidebar(page).getByRole('link', { name: 'Enquire Now' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Car History Report' })).toHaveCount(0);
  });

  test('Download PDF shows Preparing... and saves {slug}.pdf, a real PDF naming the car', async ({ page }) => {
    const car = await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    const button = page.locator('.vehicle-share button', { hasText: /Download PDF|Preparing/ });
    await page.route('**/api/cars/*/pdf', async (route) => {
      await expect(button).toHaveText('Preparing...');
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${car.slug}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Read back as a PDF reader does: the title is there, with the car's photo and the site's logo.
    const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
    const first = await pdf.getPage(1);
    const text = (await first.getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(vehicleTitle(car));
    expect((await first.getOperatorList()).fnArray.filter((op) => op === OPS.paintImageXObject)).toHaveLength(2);
    await expect(button).toHaveText('Download PDF');
  });

  test('Print opens the printable listing in a new tab', async ({ page, context }) => {
    const car = await openCar(page, BIG_SKY, PRICED_IN_STOCK);
    const link = page.getByRole('link', { name: 'Print' });
    await expect(link).toHaveAttribute('href', `/print?car_id=${car.slug}`);
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(tab.locator('.print-listing h1')).toHaveText(vehicleTitle(car));
    await expect(tab.getByRole('button', { name: 'Print this page' })).toBeVisible();
  });
});

test.describe('Harbourside: Youx quotes, locked interest, unmasked phone', () => {
  test('the quote drives the finance figure, which comes with the page; the calculator starts at that figure with a locked rate', async ({ page, request }) => {
    const quotes: unknown[] = [];
    page.on('request', (r) => r.url().endsWith('/api/youx/quote') && quotes.push(r.postDataJSON()));
    const car = await openCar(page, HARBOURSIDE, 'status = in_stock AND price > 20000');
    await expect(sidebar(page).locator('.finance-figure')).toHaveText(/^Only \$[\d,]+ \/wk\*$/);
    // The server asked for the quote: the figure is in the page's HTML, and the browser asks for none.
    const html = await (await request.get(`http://127.0.0.1:${port}/cars/${car.slug}`, { headers: { host: `${HARBOURSIDE}.localhost:${port}` } })).text();
    expect(html).toContain(`>${(await sidebar(page).locator('.finance-figure').textContent())!}</a>`);
    expect(quotes).toEqual([]);
    const finance = await servedFinance(page);
    const calc = page.locator('#finance-calculator');
    // Below the fold it hydrates when seen (its section shows once the quote is in, so scroll to the block).
    await page.locator('[data-block-type="finance-calculator"]').scrollIntoViewIfNeeded();
    // On the car's page the calculator starts at the sidebar's figure: the quote's loan at the site's locked rate, weekly;
    // the site's monthly frequency is the finance page's start.
    const figure = (await sidebar(page).locator('.finance-figure').textContent())!;
    await expect(calc.getByTestId('calc-repayment')).toHaveText(figure.replace(/^Only /, ''));
    const quoted = vehicleFinanceFigure(car, finance, { weeklyRepaymentAmount: 1, comparisonRate: 9, advertisedRate: 9 });
    expect(figure).toBe(`Only ${calculate(quoted!.loan, finance).repaymentText} /wk*`);
    // The calculator hydrates when seen, its form when its code is in: one tap, made before or after that, chooses Monthly.
    await calc.getByText('Monthly').click();
    await expect(calc.getByTestId('calc-repayment')).toHaveText(`${calculate({ ...quoted!.loan, frequency: 'monthly' }, finance).repaymentText} /mo*`);
    await expect(calc.getByLabel('Interest rate')).toBeDisabled();
    await expect(calc.getByText('The interest rate is fixed for this offer.')).toBeVisible();
  });

  test('reserve reads Reserve Car Now (no amount) to buy-online, with Buy Online; the phone shows in full', async ({ page }) => {
    const car = await openCar(page, HARBOURSIDE, 'status = in_stock AND price > 20000');
    await expect(sidebar(page).getByRole('link', { name: 'Reserve Car Now', exact: true })).toHaveAttribute('href', `/cars/${car.slug}/buy-online`);
    await expect(sidebar(page).getByRole('link', { name: 'Buy Online' })).toHaveAttribute('href', `/checkout-journey?car_id=${car.slug}`);
    await expect(page.locator('.call-dealer-phone .phone-number')).toHaveText(/^\d\d \d{4} \d{4}$/);
    await expect(page.locator('.call-dealer-phone .reveal-hint')).toHaveCount(0);
  });
});
