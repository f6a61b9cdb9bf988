// The model range browser and the model directory on /models, as a shopper sees them in Chromium (docs/requirements/dealer-services.md#screens model
// range browser, docs/requirements/dealer-services.md#data Model, docs/requirements/dealer-services.md#states status
// badges, docs/requirements/dealer-services.md#constants description cut at 200;
// docs/requirements/vehicle-browsing.md#screens directory search, #constants 21 per page).
import { expect, test, type Page } from '@playwright/test';
import { MODEL_DETAILS } from '../runtime/models/details';
import { port, siteUrl, watchErrors } from './helpers';

const MAZDA = 'harbourside-mazda';
const GROUP = 'southern-cross-motor-group';

const range = (page: Page) => page.locator('.model-range');
const directory = (page: Page) => page.locator('.model-directory');
const rangeNames = (page: Page) => range(page).locator('.model-card-name');
const directoryNames = (page: Page) => directory(page).locator('.model-card-name');

async function open(page: Page, slug: string, path = '/models') {
  await page.goto(siteUrl(slug, path));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

test.describe('model range browser', () => {
  test('category buttons by body type with All, in rows of 3 then the rest; a button narrows the models', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, MAZDA);
    const rows = range(page).locator('.model-category-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('button')).toHaveText(['All', 'Ute', 'SUV']);
    await expect(rows.nth(1).getByRole('button')).toHaveText(['Hatch', 'Sedan', 'Convertible']);
    await expect(range(page).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rangeNames(page)).toHaveText(['BT-50', 'CX-5', 'CX-30', 'CX-80', 'CX-90', 'Mazda2', 'Mazda3', 'Mazda 6e', 'MX-5']);

    await range(page).getByRole('button', { name: 'SUV' }).click();
    await expect(range(page).getByRole('button', { name: 'SUV' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rangeNames(page)).toHaveText(['CX-5', 'CX-30', 'CX-80', 'CX-90']);
    // One model: a single card, no carousel.
    await range(page).getByRole('button', { name: 'Convertible' }).click();
    await expect(rangeNames(page)).toHaveText(['MX-5']);
    await expect(range(page).getByRole('region', { name: /models$/ })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the carousel moves with the arrow keys and its buttons are disabled at the ends', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, MAZDA);
    const carousel = range(page).getByRole('region', { name: 'Explore the range: models' });
    const previous = range(page).getByRole('button', { name: 'Previous models' });
    const next = range(page).getByRole('button', { name: 'Next models' });
    const firstSlide = carousel.getByRole('group').first();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const startX = (await firstSlide.boundingBox())!.x;

    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(previous).toBeEnabled();
    await expect.poll(async () => (await firstSlide.boundingBox())!.x).toBeLessThan(startX - 100);

    await page.keyboard.press('ArrowLeft');
    await expect(previous).toBeDisabled();
    await expect.poll(async () => Math.round((await firstSlide.boundingBox())!.x)).toBe(Math.round(startX));

    // To the end: 9 models, 3 in view on a desktop, so six quick steps reach the last and Next is disabled.
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await expect(next).toBeDisabled();
    await page.keyboard.press('ArrowRight');
    await expect(carousel.getByRole('group').nth(6)).toBeInViewport();
    await expect(carousel.getByRole('group', { name: /^9 of 9: Mazda MX-5$/ })).toBeInViewport();
    expect(errors).toEqual([]);
  });

  test('cards: description cut at 200 characters, From price, NEW and COMING SOON badges', async ({ page, request }) => {
    await open(page, MAZDA);
    const card = (slug: string) => range(page).locator(`.model-card[data-model="${slug}"]`);

    const full = MODEL_DETAILS['Mazda|3']?.description ?? '';
    expect(full.length).toBeGreaterThan(200);
    await expect(card('mazda-3').locator('.model-card-description')).toHaveText(`${full.slice(0, 200).trimEnd()}...`);
    const short = MODEL_DETAILS['Mazda|2']?.description ?? '';
    expect(short.length).toBeLessThanOrEqual(200);
    await expect(card('mazda-2').locator('.model-card-description')).toHaveText(short);

    await expect(card('mazda-cx-5').locator('.model-card-price')).toHaveText('From $36,990');
    await expect(card('mazda-cx-90').locator('.model-badge')).toHaveText('NEW');
    await expect(card('mazda-6e').locator('.model-badge')).toHaveText('COMING SOON');
    await expect(card('mazda-6e').locator('.model-card-price')).toHaveCount(0);
    await expect(card('mazda-cx-5').locator('.model-badge')).toHaveCount(0);

    // The MX-5 has no list price: its From price is the lowest new MX-5 price in the site's own stock.
    const answer = await request.post(`http://127.0.0.1:${port}/api/search`, {
      headers: { host: `${MAZDA}.localhost:${port}` },
      data: { queries: [{ q: '', filter: ['car_type = "new"', 'model = "MX-5"', 'price > 0'], sort: ['price:asc'], limit: 1 }] },
    });
    const lowest = (await answer.json()).results[0].hits[0]?.price as number | undefined;
    expect(lowest).toBeGreaterThan(0); // the demo stock has new MX-5s
    await expect(card('mazda-mx-5').locator('.model-card-price')).toHaveText(`From $${lowest!.toLocaleString('en-AU')}`);
  });

  test("Explore goes to the model's stock", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, MAZDA);
    const explore = range(page).getByRole('link', { name: 'Explore Mazda CX-5' });
    await expect(explore).toHaveAttribute('href', '/search/mazda/cx-5');
    await explore.click();
    await expect(page).toHaveURL(/\/search\/mazda\/cx-5$/);
    await expect(page.locator('.car-search .result-count')).toContainText('found');
    expect(errors).toEqual([]);
  });

  test('a Swipe hint on mobile only', async ({ browser }) => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(phone, MAZDA);
    await expect(range(phone).getByText('Swipe')).toBeVisible();
    await phone.close();
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(desktop, MAZDA);
    await expect(range(desktop).getByText('Swipe')).toBeHidden();
    await desktop.close();
  });
});

test.describe('model directory', () => {
  test('/models?body={body} is filtered in the server HTML', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl(MAZDA, '/models?body=suv'));
    await expect(directoryNames(page)).toHaveText(['CX-5', 'CX-30', 'CX-80', 'CX-90']);
    await expect(directory(page).getByLabel('Body type')).toHaveValue('suv');
    await context.close();
  });

  test('body and model name filters live in the URL; no match shows the empty card and Clear Filters', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, MAZDA);
    await expect(directory(page).locator('.model-directory-count')).toHaveText('9 models');
    // A single-brand site has no make to choose.
    await expect(directory(page).getByLabel('Make', { exact: true })).toHaveCount(0);

    await directory(page).getByLabel('Body type').selectOption('hatch');
    await expect(page).toHaveURL(/\/models\?body=hatch$/);
    await expect(directoryNames(page)).toHaveText(['Mazda2', 'Mazda3']);

    await directory(page).getByLabel('Body type').selectOption('');
    await directory(page).getByLabel('Model', { exact: true }).fill('cx');
    await expect(page).toHaveURL(/\/models\?model=cx$/); // after the 300 ms debounce
    await expect(directoryNames(page)).toHaveText(['CX-5', 'CX-30', 'CX-80', 'CX-90']);

    await directory(page).getByLabel('Model', { exact: true }).fill('zzz');
    await directory(page).getByLabel('Model', { exact: true }).press('Enter');
    const empty = directory(page).getByRole('status');
    await expect(empty.getByRole('heading')).toHaveText('No Results Available');
    await expect(empty).toContainText('No results found for your search at this time. Please try adjusting the filters for more results.');
    await empty.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(siteUrl(MAZDA, '/models'));
    await expect(directoryNames(page)).toHaveCount(9);

    // Back returns to the filtered address and its results.
    await page.goBack();
    await expect(page).toHaveURL(/model=zzz/);
    await expect(directory(page).getByRole('heading', { name: 'No Results Available' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a dealer group filters by make and pages 21 models at a time', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, GROUP);
    const make = directory(page).getByLabel('Make', { exact: true });
    await expect(make.locator('option')).toHaveText(['All', /^Ford \(\d+\)$/, /^Hyundai \(\d+\)$/, /^Isuzu \(\d+\)$/, /^Kia \(\d+\)$/, /^Toyota \(\d+\)$/]);
    const count = Number((await directory(page).locator('.model-directory-count strong').textContent())!);
    expect(count).toBeGreaterThan(21);
    await expect(directoryNames(page)).toHaveCount(21);
    await directory(page).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/models\?page=2$/);
    await expect(directoryNames(page)).toHaveCount(count - 21);

    await make.selectOption('toyota');
    await expect(page).toHaveURL(/\/models\?make=toyota$/);
    await expect(directory(page).locator('.model-card-make').first()).toHaveText('Toyota');
    const toyota = await directory(page).locator('.model-card-make').allTextContents();
    expect(new Set(toyota)).toEqual(new Set(['Toyota']));
    await directory(page).getByLabel('Body type').selectOption('ute');
    await expect(directoryNames(page)).toHaveText(['HiLux']);
    expect(errors).toEqual([]);
  });
});
