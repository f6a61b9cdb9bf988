// The instant offer wizard end to end in Chromium (issue 12), on two sites: harbourside-mazda (photo upload on, its
// leads delivered as JSON to a local test CRM) and big-sky-cars (photo upload off). Demo regos: README "Trade-in demo
// registrations" (TRADE1 qld: several descriptions; EVAL01 qld: one evaluation; OLD123 qld: a 2012 car; others: none).
//
// Runs its own built server (SERVER_BUNDLE) on E2E_PORT+7 (or E2E_TRADE_IN_PORT) with a temporary tenants copy, lead
// database, evaluation database and photo folder, and a test CRM (node:http, port 0) that records every request.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoSlugs, port as mainPort, root, siteUrl, watchErrors, type SpecServer, startServer } from './helpers';

const port = Number(process.env.E2E_TRADE_IN_PORT ?? mainPort + 7);
const UPLOAD_SITE = { slug: 'harbourside-mazda', dealershipId: 101, crmPath: '/crm/harbourside' };
const NO_UPLOAD_SITE = 'big-sky-cars';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

test.describe.configure({ mode: 'serial', timeout: 90_000 });

interface CrmRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const crmRequests: CrmRequest[] = [];
let crm: Server;
let server: SpecServer | undefined;
let workDir = '';

test.beforeAll(async () => {
  // A shared, busy machine can take a while to build the demo inventory.
  test.setTimeout(180_000);
  crm = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      crmRequests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', r));
  const crmPort = (crm.address() as AddressInfo).port;
  workDir = mkdtempSync(join(tmpdir(), 'e2e-trade-in-'));
  const tenantsDir = join(workDir, 'tenants');
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  const file = join(tenantsDir, `${UPLOAD_SITE.slug}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.settings ??= {};
  doc.settings.leads ??= {};
  doc.settings.leads.crm = {
    endpoints: [{ dealershipId: UPLOAD_SITE.dealershipId, url: `http://127.0.0.1:${crmPort}${UPLOAD_SITE.crmPath}`, format: 'json' }],
    maxAttempts: 20,
    backoffSeconds: 0.1,
    timeoutSeconds: 5,
  };
  // Show 'Value My Trade-In' on this site's vehicle pages too.
  doc.settings.vehicle ??= {};
  doc.settings.vehicle.sidebarButtons = ['call', 'enquire', 'test-drive', 'trade-in'];
  writeFileSync(file, JSON.stringify(doc, null, 2));
  server = await startServer({
    port,
    env: {
      CRM_ALLOW_HOSTS: '127.0.0.1', // the test CRM listens on loopback over http
      TENANTS_DIR: tenantsDir,
      LEADS_DB: join(workDir, 'leads.sqlite'),
      TRADE_IN_DB: join(workDir, 'trade-in.sqlite'),
      TRADE_IN_UPLOADS_DIR: join(workDir, 'uploads'),
      LEADS_POLL_MS: '100',
      INVENTORY_SIZE: '2000',
      EDITOR_DATA_DIR: join(workDir, 'editor'),
      VALUATION_API_URL: undefined,
    },
    timeoutMs: 150_000,
  });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument as an object pattern
test.afterEach(({}, info) => {
  // The server's own words, when a step failed.
  if (info.status !== info.expectedStatus) console.log(server?.log().slice(-4000));
});

test.afterAll(async () => {
  await server?.stop();
  crm?.closeAllConnections();
  await new Promise<void>((r) => (crm ? crm.close(() => r()) : r()));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const url = (slug: string, path: string) => siteUrl(slug, path, port);
const wizard = (page: Page) => page.locator('.trade-in-wizard');
const heading = (page: Page, name: string) => wizard(page).getByRole('heading', { name, level: 3 });

async function lookUp(page: Page, rego: string, state = 'qld') {
  await wizard(page).getByLabel('Registration number').fill(rego);
  await wizard(page).getByLabel('State').selectOption(state);
  await wizard(page).getByRole('button', { name: 'Find My Car' }).click();
}

async function open(page: Page, slug: string, path = '/trade-in') {
  await page.goto(url(slug, path));
  // hydrated: the lazily loaded wizard replaced the server's first render and answers clicks
  await expect(wizard(page).getByRole('button', { name: 'Find My Car' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
}

async function fillDetails(page: Page, km: number) {
  const w = wizard(page);
  await w.getByRole('textbox', { name: 'Odometer' }).fill(String(km));
  await w.getByLabel(/^Postcode/).fill('4000');
  await w.getByLabel('Service history').selectOption('Full service history');
  await w.getByLabel('Number of keys').selectOption('2');
  await w.getByLabel('Car condition').selectOption('Good');
  await w.getByLabel('Comments').fill('One owner, always garaged.');
  await w.getByRole('textbox', { name: /^(Name|First name)$/ }).fill('Ann Lee');
  await w.getByLabel('Email').fill('ann@example.com');
  await w.getByLabel('Phone').fill('0412 345 678');
}

async function inStockCar(request: APIRequestContext, slug: string): Promise<{ id: number; slug: string }> {
  const response = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', filter: 'status = in_stock', hitsPerPage: 1 }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).results[0].hits[0];
}

test('step 1 requires rego and state; a rego with several descriptions goes to Vehicle Selection, which requires a choice', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, UPLOAD_SITE.slug);
  const w = wizard(page);
  await expect(w.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveText([
    'Vehicle Details',
    'Vehicle Selection',
    'Upload Images',
    'Your Details',
  ]);
  await expect(w.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(w.getByLabel('State')).toHaveValue('qld');
  await w.getByRole('button', { name: 'Find My Car' }).click();
  await expect(w.locator('.form-error')).toHaveText(['* This field is required']);
  await lookUp(page, 'TRADE1');
  await expect(heading(page, 'Vehicle Selection')).toBeVisible();
  await expect(w.getByRole('radio')).toHaveCount(3);
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(w.getByText('* Please choose one car.')).toBeVisible();
  await w.getByRole('radio', { name: /Touring/ }).check();
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 'Upload Images')).toBeVisible();
  await expect(w.getByTestId('trade-in-vehicle')).toContainText('2021 Mazda CX-5 Touring');
  await expect(w.locator('.form-steps li.current')).toHaveText('Upload Images');
  // Back returns to the step before
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page, 'Vehicle Selection')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the manual path (a car chosen in Vehicle Selection) keeps the rego looked up in the saved valuation', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, NO_UPLOAD_SITE);
  await lookUp(page, 'TRADE1');
  const w = wizard(page);
  await expect(heading(page, 'Vehicle Selection')).toBeVisible();
  await w.getByRole('radio', { name: /Touring/ }).check();
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 'Your Details')).toBeVisible();
  await fillDetails(page, 40_000);
  await w.getByLabel(/I agree to the/).check();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/miscellaneous'));
  await w.getByRole('button', { name: 'Get My Offer' }).click();
  const misc = await saved;
  expect(misc.status()).toBe(201);
  // The valuation the site saves, and the one kept in the browser, carry the registration the shopper entered.
  expect(misc.request().postDataJSON()).toMatchObject({ column_name: 'valuation', rego: 'TRADE1', state: 'qld', vehicle: { Registration: 'TRADE1' } });
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `dealer:${NO_UPLOAD_SITE}:valuation`);
  expect(stored).toMatchObject({ rego: 'TRADE1', vehicle: { Registration: 'TRADE1' } });
  expect(errors).toEqual([]);
});

test('a single evaluation skips Vehicle Selection; with photo upload off it goes straight to Your Details', async ({ page }) => {
  await open(page, UPLOAD_SITE.slug);
  await lookUp(page, 'EVAL01');
  await expect(heading(page, 'Upload Images')).toBeVisible();

  await open(page, NO_UPLOAD_SITE, '/sell-my-car');
  await expect(wizard(page).getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveText(['Vehicle Details', 'Vehicle Selection', 'Your Details']);
  await lookUp(page, 'EVAL01');
  await expect(heading(page, 'Your Details')).toBeVisible();
  await expect(wizard(page).getByTestId('trade-in-vehicle')).toContainText('2022 Toyota Corolla');
});

test('an unknown rego shows the no-match panel with phone, contact and Back', async ({ page }) => {
  await open(page, UPLOAD_SITE.slug);
  await lookUp(page, 'NOPE99', 'vic');
  const w = wizard(page);
  await expect(w.getByText('Unfortunately, we could not find a match for your registration number.')).toBeVisible();
  await expect(w.getByText('Please contact our team')).toBeVisible();
  await expect(w.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(w.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page, 'Vehicle Details')).toBeVisible();
  await expect(w.getByLabel('Registration number')).toHaveValue('NOPE99');
});

test('photos: at most 10, each under 10MB, and a text file named .jpg is refused by the server', async ({ page }) => {
  await open(page, UPLOAD_SITE.slug);
  await lookUp(page, 'EVAL01');
  const w = wizard(page);
  const input = w.locator('input[type=file]');
  await input.setInputFiles(Array.from({ length: 11 }, (_, i) => png(`car-${i}.png`)));
  await expect(w.getByTestId('image-alert')).toHaveText('You can only upload 10 images');
  await expect(w.getByRole('list', { name: 'Chosen photos' })).toHaveCount(0);
  await input.setInputFiles([
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]) },
  ]);
  await expect(w.getByTestId('image-alert')).toHaveText('Please upload an image file under 10MB');
  await input.setInputFiles(Array.from({ length: 10 }, (_, i) => png(`car-${i}.png`)));
  await expect(w.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(10);
  await input.setInputFiles([png('eleven.png')]);
  await expect(w.getByTestId('image-alert')).toHaveText('You can only upload 10 images');
  // Make room, then a text file dressed as a JPEG: the browser lets it through, the server reads its bytes.
  await w.getByRole('button', { name: 'Remove car-9.png' }).click();
  await input.setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes about the car, not a photo.') }]);
  await w.getByRole('button', { name: 'Upload and Continue' }).click();
  await expect(w.getByRole('alert').filter({ hasText: 'notes.jpg' })).toHaveText('notes.jpg: Please upload a JPEG, PNG, GIF or HEIC image.');
  await expect(w.getByRole('list', { name: 'Chosen photos' }).getByText('Uploaded')).toHaveCount(9);
  await w.getByRole('button', { name: 'Remove notes.jpg' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 'Your Details')).toBeVisible();
  await expect(w.getByText('9 photos uploaded.')).toBeVisible();
});

test('no instant price over 10 years old or over 100,000 km: the team will contact the shopper', async ({ page }) => {
  await open(page, NO_UPLOAD_SITE);
  await lookUp(page, 'OLD123');
  await expect(heading(page, 'Your Details')).toBeVisible();
  await fillDetails(page, 60_000);
  await wizard(page)
    .getByLabel(/I agree to the/)
    .check();
  // this site also saves the valuation with column_name 'valuation' (settings.tradeIn.saveValuation)
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/miscellaneous'));
  await wizard(page).getByRole('button', { name: 'Get My Offer' }).click();
  const misc = await saved;
  expect(misc.status()).toBe(201);
  expect(misc.request().postDataJSON()).toMatchObject({ column_name: 'valuation', rego: 'OLD123', state: 'qld', odometer: 60_000, offer_price: null });
  const outcome = wizard(page).locator('.trade-in-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'contact');
  await expect(outcome).toContainText('Our team will contact you with a valuation for your car.');
  await expect(outcome).toContainText("We can't give an instant value for vehicles over 10 years old or over 100,000 km");
  await expect(outcome).toContainText('same or next business day');
  await expect(outcome.getByTestId('offer-price')).toHaveCount(0);

  await open(page, NO_UPLOAD_SITE);
  await lookUp(page, 'EVAL01');
  await fillDetails(page, 100_001);
  await wizard(page)
    .getByLabel(/I agree to the/)
    .check();
  await wizard(page).getByRole('button', { name: 'Get My Offer' }).click();
  await expect(wizard(page).locator('.trade-in-outcome')).toHaveAttribute('data-outcome', 'contact');
});

test('a complete run from a car: the offer, valid 7 days, and the Trade-in Enquiry lead with the valuation reaches the CRM', async ({ page, request }) => {
  const errors = watchErrors(page);
  const car = await inStockCar(request, UPLOAD_SITE.slug);
  await page.goto(url(UPLOAD_SITE.slug, `/cars/${car.slug}`));
  const link = page.locator('.vehicle-sidebar').getByRole('link', { name: 'Value My Trade-In' });
  await expect(link).toHaveAttribute('href', `/cars/trade-in?car_id=${car.id}`);
  await link.click();
  await expect(page).toHaveURL(url(UPLOAD_SITE.slug, `/cars/trade-in?car_id=${car.id}`));
  await expect(page.getByText('Trading in towards:')).toBeVisible();
  await expect(wizard(page).getByRole('button', { name: 'Find My Car' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  await lookUp(page, 'EVAL01');
  const w = wizard(page);
  await w.locator('input[type=file]').setInputFiles([png('front.png'), png('back.png')]);
  await w.getByRole('button', { name: 'Upload and Continue' }).click();
  await expect(heading(page, 'Your Details')).toBeVisible();
  // The details step checks every required field with the seed's messages.
  await w.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(w.getByText('Please fix the following errors:')).toBeVisible();
  await expect(w.locator('.form-field').filter({ hasText: 'Postcode' }).locator('.form-error')).toHaveText('Invalid postcode. Please enter a 4-digit number.');
  await expect(w.locator('.form-field').filter({ hasText: 'Car condition' }).locator('.form-error')).toHaveText('* This field is required');
  // The opt-in starts ticked, as on every other lead form.
  await expect(w.getByRole('checkbox', { name: 'Keep me up to date with offers and news' })).toBeChecked();
  await fillDetails(page, 12_345);
  await expect(w.getByRole('textbox', { name: 'Odometer' })).toHaveValue('12,345');
  // the kilometre input's quick picks (kms suffix)
  await w.getByRole('group', { name: 'Quick picks for Odometer' }).getByRole('button', { name: '30,000 kms' }).click();
  await expect(w.getByRole('textbox', { name: 'Odometer' })).toHaveValue('30,000');
  await expect(w.getByLabel('Preferred contact method')).toHaveValue('Phone');
  await w.getByLabel('Preferred contact method').selectOption('SMS');
  await w.getByLabel('Interested in finance?').selectOption('Yes');
  await w.getByRole('button', { name: 'Get My Offer' }).click();
  const outcome = w.locator('.trade-in-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'offer');
  await expect(outcome.getByTestId('offer-price')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
  await expect(outcome).toContainText('valid 7 days');
  await expect(outcome).toContainText('Mon-Fri 8.30am-5.30pm, Sat 9am-5pm');
  await expect(outcome).toContainText('same or next business day');
  const price = Number((await outcome.getByTestId('offer-price').textContent())!.replace(/\D/g, ''));

  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `dealer:${UPLOAD_SITE.slug}:valuation`);
  expect(stored).toMatchObject({ rego: 'EVAL01', state: 'qld', odometer: 30_000, offer_price: price, car_id: car.id });

  await expect.poll(() => crmRequests.filter((r) => r.path === UPLOAD_SITE.crmPath && r.body.includes('Trade-in Enquiry')).length, { timeout: 15_000 }).toBe(1);
  const lead = JSON.parse(crmRequests.find((r) => r.path === UPLOAD_SITE.crmPath && r.body.includes('Trade-in Enquiry'))!.body);
  expect(lead).toMatchObject({
    category: 'Trade-in Enquiry',
    source: 'Website',
    car_id: car.id,
    name: 'Ann Lee',
    email: 'ann@example.com',
    postcode: '4000',
    Rego: 'EVAL01',
    PreferredContactMethod: 'SMS',
    finance: 'Yes',
    opt_in: true,
    sms_from: 'Harbourside',
    lead_status: 'Complete',
    form_completed: true,
  });
  expect(lead.sms_content).toContain('Thanks Ann Lee');
  expect(lead.valuation).toMatchObject({
    rego: 'EVAL01',
    state: 'qld',
    regoState: 'QLD',
    manualEntry: null,
    postcode: '4000',
    odometer: 30_000,
    service_history: 'Full service history',
    number_of_keys: '2',
    car_condition: 'Good',
    comments: 'One owner, always garaged.',
    offer_price: price,
    offer_accepted: false,
    form_completed: true,
    vehicle: { Make: 'Toyota', Model: 'Corolla', Year: 2022 },
  });
  expect(lead.valuation.images).toHaveLength(2);
  // Staff open the photos with the link; the same link on another site, or without its signature, finds nothing.
  const photo = new URL(lead.valuation.images[0]);
  const own = await request.get(`http://127.0.0.1:${port}${photo.pathname}${photo.search}`, { headers: { Host: `${UPLOAD_SITE.slug}.localhost:${port}` } });
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await own.body()).equals(PNG)).toBe(true);
  expect(
    (await request.get(`http://127.0.0.1:${port}${photo.pathname}${photo.search}`, { headers: { Host: `${NO_UPLOAD_SITE}.localhost:${port}` } })).status(),
  ).toBe(404);
  expect((await request.get(`http://127.0.0.1:${port}${photo.pathname}`, { headers: { Host: `${UPLOAD_SITE.slug}.localhost:${port}` } })).status()).toBe(404);
  expect(errors).toEqual([]);
});

test("a dealer group's wizard asks for the site's own lead fields (dealership, location, last name) before the offer", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'southern-cross-motor-group');
  await lookUp(page, 'EVAL02', 'vic');
  await expect(heading(page, 'Upload Images')).toBeVisible();
  await wizard(page).getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 'Your Details')).toBeVisible();
  await fillDetails(page, 15_000);
  await wizard(page).getByRole('button', { name: 'Get My Offer' }).click();
  await expect(wizard(page).locator('.form-field').filter({ hasText: 'Dealership' }).locator('.form-error')).toHaveText('* This field is required');
  const dealership = wizard(page).getByLabel('Dealership');
  await dealership.selectOption({ index: 1 });
  const location = wizard(page).getByLabel('Location');
  if ((await location.evaluate((el) => el.tagName)) === 'SELECT') await location.selectOption({ index: 1 });
  else await location.fill('Brisbane');
  await wizard(page).getByLabel('Last name').fill('Lee');
  await wizard(page).getByRole('button', { name: 'Get My Offer' }).click();
  await expect(wizard(page).locator('.trade-in-outcome')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the trade-in FAQ opens and closes by click and keyboard', async ({ page }) => {
  await open(page, UPLOAD_SITE.slug);
  const faq = page.locator('.trade-in-faq');
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(5);
  const rule = faq.getByRole('button', { name: 'Can every car get an instant value?' });
  await expect(rule).toHaveAttribute('aria-expanded', 'false');
  await rule.click();
  await expect(rule).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText("We can't give an instant value for vehicles over 10 years old or over 100,000 km.")).toBeVisible();
  await rule.click();
  await expect(rule).toHaveAttribute('aria-expanded', 'false');
  await questions.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText('Your estimate is valid for 7 days')).toBeVisible();
  // 300 ms animation (docs/requirements/dealer-services.md#constants), none for shoppers who ask for reduced motion
  const duration = () =>
    faq
      .locator('.faq-answer')
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(await duration()).toBe('0.3s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // No animation: 0s, or the global reduced-motion rule's 0.01 ms (kept above 0 so transitionend still fires).
  expect(parseFloat(await duration())).toBeLessThan(0.001);
});

test('no 404 behind any trade-in link on any demo site', async ({ page, request }) => {
  for (const slug of demoSlugs) {
    for (const path of ['/trade-in', '/sell-my-car']) {
      const r = await request.get(`http://127.0.0.1:${port}${path}`, { headers: { Host: `${slug}.localhost:${port}` } });
      expect(r.status(), `${slug}${path}`).toBe(200);
    }
    // the terms page, at the site's own path (under /pages/ on a site that keeps its pages there)
    const terms = await Promise.all(
      ['/value-my-car-terms-and-conditions', '/pages/value-my-car-terms-and-conditions'].map(async (path) =>
        (await request.get(`http://127.0.0.1:${port}${path}`, { headers: { Host: `${slug}.localhost:${port}` } })).status(),
      ),
    );
    expect(
      terms.filter((s) => s === 200),
      `${slug}: one terms page`,
    ).toHaveLength(1);
    // every link on the trade-in page, and 'Value My Trade-In' on an available car, leads to a page
    await page.goto(url(slug, '/trade-in'));
    await expect(page.getByRole('link', { name: 'trade-in terms and conditions' })).toHaveAttribute('href', /value-my-car-terms-and-conditions$/);
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length, `${slug}: links on the trade-in page`).toBeGreaterThan(2);
    const car = await inStockCar(request, slug);
    await page.goto(url(slug, `/cars/${car.slug}`));
    const tradeIn = page.getByRole('link', { name: 'Value My Trade-In' });
    if (await tradeIn.count()) hrefs.push(...(await tradeIn.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))));
    for (const href of new Set(hrefs)) {
      const r = await request.get(`http://127.0.0.1:${port}${href}`, { headers: { Host: `${slug}.localhost:${port}` } });
      expect(r.status(), `${slug}: ${href}`).toBe(200);
    }
  }
});
