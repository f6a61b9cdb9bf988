// Service booking end to end (issue 13; docs/requirements/dealer-services.md#screens, #data, #validation, #errors): in
// Chromium, on a copy of the demo tenants served
// by the built server on E2E_PORT+3 (or E2E_SERVICE_PORT) with a local test CRM:
// - harbourside-mazda runs the full wizard (Contact, Vehicle, Order Details; Service Interval required by its setting),
// - southern-cross-motor-group the short variant (Vehicle Details first; several dealerships, so Dealership is required),
// - big-sky-cars, changed here to the external booking frame with BOOK NOW linking the external page,
// - outback-caravans-motorcycles, changed here to the shorter vehicle health check request.
// Each required-field message, the step message, BOOK NOW scrolling to #service-form, a booking reaching /success and
// the CRM receiving every service booking field; /service and /book-a-service answering 200 where linked.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { port as mainPort, root, siteUrl, watchErrors, type SpecServer, startServer } from './helpers';
import { atLeast } from '../test-support/at-least';

const port = Number(process.env.E2E_SERVICE_PORT ?? mainPort + 3);
const REQUIRED = '* This field is required';
const STEP_MESSAGE = 'Please complete the form step before proceeding';
const EXTERNAL_URL = 'https://booking.example.com/big-sky-cars';
const EXTERNAL_TITLE = 'Book a service with Big Sky';

test.describe.configure({ mode: 'serial' });

// ---------------------------------------------------------------------------------------------------------------
// A test CRM that records every lead it receives, and the server under test with its own tenants and database.

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
const received: { path: string; body: Record<string, any> }[] = [];
let crm: Server | undefined;
let crmPort = 0;
let server: SpecServer | undefined;
let workDir = '';

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
function editTenant(tenantsDir: string, slug: string, edit: (doc: any) => void) {
  const file = join(tenantsDir, `${slug}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.settings ??= {};
  edit(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
function pointAtCrm(doc: any) {
  doc.settings.leads ??= {};
  doc.settings.leads.crm = {
    endpoints: doc.dealerships.map((d: { id: number; slug: string }) => ({
      dealershipId: d.id,
      url: `http://127.0.0.1:${crmPort}/crm/${d.slug}`,
      format: 'json',
    })),
    maxAttempts: 20,
    backoffSeconds: 0.1,
    timeoutSeconds: 5,
  };
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  crm = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        // not JSON: not one of ours
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => crm!.listen(0, '127.0.0.1', () => resolve()));
  crmPort = (crm.address() as AddressInfo).port;

  workDir = mkdtempSync(join(tmpdir(), 'e2e-service-booking-'));
  const tenantsDir = join(workDir, 'tenants');
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  editTenant(tenantsDir, 'harbourside-mazda', pointAtCrm);
  editTenant(tenantsDir, 'southern-cross-motor-group', pointAtCrm);
  editTenant(tenantsDir, 'outback-caravans-motorcycles', (doc) => {
    pointAtCrm(doc);
    doc.settings.service = { form: 'vehicle-check' };
  });
  editTenant(tenantsDir, 'big-sky-cars', (doc) => {
    doc.settings.service = { form: 'external-frame', bookNowTarget: 'external', externalBooking: { url: EXTERNAL_URL, title: EXTERNAL_TITLE } };
  });
  server = await startServer({
    port,
    env: {
      CRM_ALLOW_HOSTS: '127.0.0.1', // the test CRM listens on loopback over http
      TENANTS_DIR: tenantsDir,
      LEADS_DB: join(workDir, 'leads.sqlite'),
      LEADS_POLL_MS: '100',
      EDITOR_DATA_DIR: join(workDir, 'editor'),
    },
    timeoutMs: 45_000,
  });
  for (const slug of ['harbourside-mazda', 'southern-cross-motor-group', 'big-sky-cars']) expect(server!.log()).not.toContain(`tenant "${slug}" is not served`);
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (crm ? crm.close(() => resolve()) : resolve()));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

const input = (form: Locator, name: string) => form.locator(`[name="${name}"]`);
/** The message under a field. */
const messageOf = (form: Locator, name: string) => form.locator('.form-field', { has: form.page().locator(`[name="${name}"]`) }).locator('.form-error');

async function stepIs(form: Locator, title: string) {
  await expect(form.locator('.form-steps [aria-current="step"]')).toHaveText(new RegExp(title));
}

/** The CRM's copy of a lead. */
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
async function crmLead(leadId: string): Promise<{ path: string; body: Record<string, any> }> {
  await expect.poll(() => received.find((r) => r.body.lead_id === leadId), { timeout: 15_000 }).toBeTruthy();
  return received.find((r) => r.body.lead_id === leadId)!;
}

async function submitForLeadId(page: Page, button: Locator): Promise<string> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
  await button.click();
  const response = await answer;
  expect(response.status()).toBe(201);
  return (await response.json()).lead_id as string;
}

/** Status of a page fetched with the site's Host header (node:http keeps it; fetch would not). */
function statusOf(slug: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------------------------

test('full wizard: BOOK NOW scrolls to the form, each step checks its fields, the booking reaches /success and the CRM', async ({ page }) => {
  const errors = watchErrors(page);
  await hydrated(page, siteUrl('harbourside-mazda', '/service', port));
  await expect(page.getByText('GENUINE SERVICING', { exact: true })).toBeVisible();

  // BOOK NOW scrolls smoothly to #service-form (no longer /contact).
  const bookNow = page.getByRole('link', { name: 'BOOK NOW' });
  await expect(bookNow).toHaveAttribute('href', '#service-form');
  await bookNow.click();
  const section = page.locator('#service-form');
  await expect(section).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  expect(new URL(page.url()).pathname).toBe('/service');
  expect(new URL(page.url()).hash).toBe('#service-form');

  const form = section.locator('form');
  const next = form.getByRole('button', { name: 'Next' });
  await stepIs(form, 'Contact Details');

  // Contact Details: name, email and phone are required.
  await next.click();
  for (const name of ['name', 'email', 'phone']) await expect(messageOf(form, name)).toHaveText(REQUIRED);
  await expect(form.getByText('Please fix the following errors:')).toBeVisible();
  await stepIs(form, 'Contact Details');
  await input(form, 'name').fill('Jordan');
  await input(form, 'last_name').fill('Lee');
  await input(form, 'email').fill('jordan.lee@example.com');
  await input(form, 'phone').fill('0412 345 678');
  await input(form, 'street').fill('5 High Street');
  await input(form, 'suburb').fill('Newstead');
  await input(form, 'state').selectOption('QLD');
  await input(form, 'postcode').fill('4006');
  await next.click();

  // Vehicle Details: make, model, year; Service Interval by this site's setting; Service Type (the site has options).
  await stepIs(form, 'Vehicle Details');
  await next.click();
  for (const name of ['vehicle_make', 'vehicle_model', 'vehicle_year', 'service_interval', 'service_type'])
    await expect(messageOf(form, name)).toHaveText(REQUIRED);
  await expect(messageOf(form, 'rego')).toHaveCount(0); // optional in the full variant
  await input(form, 'vehicle_make').fill('Mazda');
  await input(form, 'vehicle_model').fill('CX-5');
  await input(form, 'vehicle_year').fill('2021');
  await input(form, 'rego').fill('abc123');
  await input(form, 'vehicle_state').selectOption('QLD');
  await input(form, 'service_interval').selectOption('40,000 km / 48 months');
  await input(form, 'service_type').selectOption('Logbook Service');
  await input(form, 'repair_issue').fill('Brakes squeal when cold');
  await next.click();

  // Order Details: the only service location is chosen already; dates are only days it is open (never a Sunday).
  await stepIs(form, 'Order Details');
  const location = input(form, 'location_id');
  await expect(location.locator('option:checked')).toHaveText('Harbourside Mazda Service');
  const submit = form.getByRole('button', { name: 'Book Service' });
  await submit.click();
  await expect(messageOf(form, 'preferred_date')).toHaveText(REQUIRED);
  await expect(messageOf(form, 'message')).toHaveCount(0); // Comments are optional
  const dates = await input(form, 'preferred_date')
    .locator('option')
    .evaluateAll((options) => options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })).filter((o) => o.value));
  expect(dates.length).toBeGreaterThan(20);
  const [, second] = atLeast(2, dates, 'the dates offered');
  expect(dates.some((d) => d.label.startsWith('Sun'))).toBe(false);
  const brisbaneToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Brisbane' }).format(new Date());
  expect(dates.every((d) => d.value >= brisbaneToday)).toBe(true);
  await input(form, 'preferred_date').selectOption(second.value);
  await input(form, 'message').fill('Please call before starting extra work.');

  const leadId = await submitForLeadId(page, submit);
  await expect(page).toHaveURL(/\/success$/);

  const lead = await crmLead(leadId);
  expect(lead.path).toBe('/crm/harbourside-mazda');
  expect(lead.body).toMatchObject({
    category: 'Service Enquiry',
    lead_status: 'Complete',
    form_completed: true,
    source: 'Website',
    name: 'Jordan',
    last_name: 'Lee',
    email: 'jordan.lee@example.com',
    phone: '0412 345 678',
    postcode: '4006',
    Rego: 'ABC123',
    location: 'Harbourside Mazda Service',
    dealership_slug: 'harbourside-mazda',
    message: 'Please call before starting extra work.',
    'Vehicle Make': 'Mazda',
    'Vehicle Model': 'CX-5',
    'Vehicle Year': 2021,
    'Vehicle Rego': 'ABC123',
    'Vehicle State': 'QLD',
    'Service Interval': '40,000 km / 48 months',
    'Service Type': 'Logbook Service',
    'Preferred Service Date': second.value,
    Comments: 'Please call before starting extra work.',
    Location: 'Harbourside Mazda Service',
    location_id: 1012,
    Street: '5 High Street',
    Suburb: 'Newstead',
    State: 'QLD',
    Postcode: '4006',
    'Repair Issue': 'Brakes squeal when cold',
  });
  expect(errors).toEqual([]);
});

test('short variant: Vehicle Details first and the step message; Dealership required on a group site', async ({ page }) => {
  const errors = watchErrors(page);
  await hydrated(page, siteUrl('southern-cross-motor-group', '/book-a-service', port));
  const bookNow = page.getByRole('link', { name: 'BOOK NOW' });
  await bookNow.click();
  await expect(page.locator('#service-form')).toBeInViewport();

  const form = page.locator('#service-form form');
  const next = form.getByRole('button', { name: 'Next' });
  await expect(form.locator('.form-steps li')).toHaveText([/Vehicle Details/, /Contact Details/, /Order Details/]);
  await stepIs(form, 'Vehicle Details');

  // Rego alone does not leave Vehicle Details: make, model and year are needed.
  await input(form, 'rego').fill('XYZ789');
  await input(form, 'vehicle_state').selectOption('NSW');
  await next.click();
  await expect(form.getByRole('alert').filter({ hasText: STEP_MESSAGE })).toBeVisible();
  await stepIs(form, 'Vehicle Details');
  await input(form, 'vehicle_make').fill('Toyota');
  await input(form, 'vehicle_model').fill('RAV4');
  await next.click();
  await expect(form.getByText(STEP_MESSAGE)).toBeVisible();
  await expect(messageOf(form, 'vehicle_year')).toHaveText(REQUIRED);
  await input(form, 'vehicle_year').fill('2020');
  await next.click();

  await stepIs(form, 'Contact Details');
  await expect(form.getByText(STEP_MESSAGE)).toHaveCount(0);
  await next.click();
  for (const name of ['name', 'email', 'phone']) await expect(messageOf(form, name)).toHaveText(REQUIRED);
  await input(form, 'name').fill('Sam');
  await input(form, 'email').fill('sam@example.com');
  await input(form, 'phone').fill('02 9630 1000');
  await next.click();

  // Order Details: the group's only service location is chosen from the start, with its dealership and its notable
  // disclaimer. Several dealerships, so Dealership is required: cleared, it gets the message; Service Type is required
  // too (the site has service options), Service Interval is not (not this site's setting).
  await stepIs(form, 'Order Details');
  await expect(input(form, 'location_id').locator('option:checked')).toHaveText('Southern Cross Toyota Service Centre');
  await expect(input(form, 'dealership_slug').locator('option:checked')).toHaveText('Southern Cross Toyota');
  await expect(form.getByRole('note')).toContainText('confirmed by our service team by phone');
  await input(form, 'dealership_slug').selectOption('');
  const submit = form.getByRole('button', { name: 'Book Service' });
  await submit.click();
  for (const name of ['service_type', 'dealership_slug', 'preferred_date']) await expect(messageOf(form, name)).toHaveText(REQUIRED);
  await expect(messageOf(form, 'service_interval')).toHaveCount(0);
  await input(form, 'service_type').selectOption('Quick-Smart Service');
  // Dealerships without a service centre are not offered.
  await expect(input(form, 'dealership_slug').locator('option')).toHaveText(['Choose a dealership', 'Southern Cross Toyota']);
  await input(form, 'dealership_slug').selectOption('southern-cross-toyota');
  await input(form, 'location_id').selectOption({ label: 'Southern Cross Toyota Service Centre' });
  const firstDate = await input(form, 'preferred_date').locator('option[value]:not([value=""])').first().getAttribute('value');
  await input(form, 'preferred_date').selectOption(firstDate!);

  const leadId = await submitForLeadId(page, submit);
  await expect(page).toHaveURL(/\/success$/);
  const lead = await crmLead(leadId);
  expect(lead.path).toBe('/crm/southern-cross-toyota');
  expect(lead.body).toMatchObject({
    category: 'Service Enquiry',
    lead_status: 'Complete',
    form_completed: true,
    dealership_slug: 'southern-cross-toyota',
    name: 'Sam',
    Rego: 'XYZ789',
    'Vehicle Make': 'Toyota',
    'Vehicle Model': 'RAV4',
    'Vehicle Year': 2020,
    'Vehicle Rego': 'XYZ789',
    'Vehicle State': 'NSW',
    'Service Type': 'Quick-Smart Service',
    'Service Interval': null,
    'Preferred Service Date': firstDate,
    Comments: null,
    Location: 'Southern Cross Toyota Service Centre',
    location_id: 3012,
  });
  expect(errors).toEqual([]);
});

test('external booking: a titled, sandboxed frame with a plain link, and BOOK NOW a normal link to the booking page', async ({ page }) => {
  await page.route(`${EXTERNAL_URL}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Booking</title><h1>External booking</h1>' }),
  );
  await hydrated(page, siteUrl('big-sky-cars', '/service', port));
  const bookNow = page.getByRole('link', { name: 'BOOK NOW' });
  await expect(bookNow).toHaveAttribute('href', EXTERNAL_URL);
  expect(await bookNow.getAttribute('target')).toBeNull();
  const frame = page.locator('#service-form iframe');
  await expect(frame).toHaveAttribute('title', EXTERNAL_TITLE);
  await expect(frame).toHaveAttribute('src', EXTERNAL_URL);
  expect((await frame.getAttribute('sandbox'))?.split(' ')).not.toContain('allow-top-navigation');
  await expect(page.locator('#service-form').getByRole('link', { name: EXTERNAL_TITLE })).toHaveAttribute('href', EXTERNAL_URL);
  await expect(page.locator('#service-form form')).toHaveCount(0);
  await frame.scrollIntoViewIfNeeded();
  await expect(page.frameLocator('#service-form iframe').getByRole('heading', { name: 'External booking' })).toBeVisible();
});

test('vehicle check flag: the shorter health check request, one step, filed as a Vehicle Health Check', async ({ page }) => {
  const errors = watchErrors(page);
  await hydrated(page, siteUrl('outback-caravans-motorcycles', '/book-a-service', port));
  const section = page.locator('#service-form');
  await expect(section.getByRole('heading', { name: 'Request a Vehicle Health Check' })).toBeVisible();
  const form = section.locator('form');
  await expect(form.locator('.form-steps')).toHaveCount(0);
  await expect(input(form, 'street')).toHaveCount(0);
  const submit = form.getByRole('button', { name: 'Book Service' });
  await submit.click();
  for (const name of ['name', 'email', 'phone', 'rego', 'vehicle_make', 'vehicle_model', 'vehicle_year', 'dealership_slug', 'location_id', 'preferred_date']) {
    await expect(messageOf(form, name), name).toHaveText(REQUIRED);
  }
  await input(form, 'name').fill('Alex');
  await input(form, 'email').fill('alex@example.com');
  await input(form, 'phone').fill('07 4600 0000');
  await input(form, 'rego').fill('CAR001');
  await input(form, 'vehicle_make').fill('Jayco');
  await input(form, 'vehicle_model').fill('Starcraft');
  await input(form, 'vehicle_year').fill('2018');
  // This site lists no separate service centre: its own locations are offered, and choosing one chooses its dealership.
  await input(form, 'dealership_slug').selectOption('outback-caravans');
  await expect(input(form, 'location_id').locator('option:checked')).toHaveText('Outback Caravans Toowoomba');
  const firstDate = await input(form, 'preferred_date').locator('option[value]:not([value=""])').first().getAttribute('value');
  await input(form, 'preferred_date').selectOption(firstDate!);
  const leadId = await submitForLeadId(page, submit);
  await expect(page).toHaveURL(/\/success$/);
  const lead = await crmLead(leadId);
  expect(lead.path).toBe('/crm/outback-caravans');
  expect(lead.body).toMatchObject({
    category: 'Service Enquiry',
    subcategory: 'Vehicle Health Check',
    lead_status: 'Complete',
    form_completed: true,
    dealership_slug: 'outback-caravans',
    'Vehicle Make': 'Jayco',
    'Vehicle Model': 'Starcraft',
    'Vehicle Year': 2018,
    'Vehicle Rego': 'CAR001',
    'Preferred Service Date': firstDate,
    Location: 'Outback Caravans Toowoomba',
  });
  expect(errors).toEqual([]);
});

test('/service and /book-a-service answer 200 on every demo site that links them; link cards lead to pages that exist', async ({ page }) => {
  for (const slug of ['harbourside-mazda', 'big-sky-cars', 'southern-cross-motor-group', 'outback-caravans-motorcycles']) {
    for (const path of ['/service', '/service/', '/book-a-service']) {
      expect(await statusOf(slug, path), `${slug} ${path}`).toBe(200);
    }
  }
  await hydrated(page, siteUrl('outback-caravans-motorcycles', '/service', port));
  for (const href of await page.locator('.link-cards a, .service-banner a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) {
    expect(await statusOf('outback-caravans-motorcycles', href), href).toBe(200);
  }
});
