// Lead acceptance end to end (issue "Leads"): in Chromium, an enquiry from a vehicle page reaches /success and then a
// local test CRM receives the lead with the full seed payload (docs/requirements/dealer-services.md#data "Lead payload"), as JSON on one site and as
// ADF XML on another with different form settings; a CRM that fails gets the lead on a retry, and a CRM that is down
// gets it once it comes back.
//
// Everything runs on loopback: a test CRM (node:http on 127.0.0.1, a port the system picks) that records every
// request, and the built server (SERVER_BUNDLE) on E2E_PORT+5 (or E2E_LEADS_PORT) with a temporary copy of the tenants
// folder whose settings.leads.crm point harbourside-mazda (JSON, with an Authorization header) and big-sky-cars (ADF)
// at the test CRM, a temporary LEADS_DB and a short LEADS_POLL_MS.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { makeSlug } from '../runtime/domain/make-names';
import { port as mainPort, root, siteUrl, watchErrors, type SpecServer, startServer } from './helpers';
import { atLeast } from '../test-support/at-least';

const port = Number(process.env.E2E_LEADS_PORT ?? mainPort + 5);
const REQUIRED = '* This field is required';
const AUTHORIZATION = 'Bearer e2e-harbourside-crm';
const JSON_SITE = { slug: 'harbourside-mazda', dealershipId: 101, dealershipName: 'Harbourside Mazda', crmPath: '/crm/harbourside' };
const ADF_SITE = { slug: 'big-sky-cars', dealershipId: 201, dealershipName: 'Big Sky Car Supermarket', crmPath: '/crm/big-sky' };

test.describe.configure({ mode: 'serial' });

// ---------------------------------------------------------------------------------------------------------------
// The test CRM: records every request; answers 200 unless a test planned failures for a path.

interface CrmRequest {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

class TestCrm {
  readonly requests: CrmRequest[] = [];
  private readonly planned = new Map<string, number[]>();
  private server: Server | undefined;
  port = 0;

  get running() {
    return this.server !== undefined;
  }

  /** The next requests to `path` are answered with these statuses, then 200 again. */
  plan(path: string, statuses: number[]) {
    this.planned.set(path, [...statuses]);
  }

  async start(listenPort = 0) {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        const answered = this.planned.get(path)?.shift() ?? 200;
        this.requests.push({ path, method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        res.writeHead(answered, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answered === 200 ? { received: true } : { error: 'CRM unavailable' }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Stops listening and drops open connections: deliveries now fail to connect. */
  async stop() {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  /** Starts again on the same port (the address in the site's settings). */
  restart() {
    return this.start(this.port);
  }

  forLead(leadId: string) {
    return this.requests.filter((r) => r.headers['idempotency-key'] === leadId);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The server under test, with its own tenants copy and lead database.

const crm = new TestCrm();
let server: SpecServer | undefined;
let workDir = '';
let leadsDb = '';

function pointAtCrm(tenantsDir: string, site: typeof JSON_SITE, endpoint: Record<string, unknown>) {
  const file = join(tenantsDir, `${site.slug}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.settings ??= {};
  doc.settings.leads ??= {};
  doc.settings.leads.crm = {
    endpoints: [{ dealershipId: site.dealershipId, url: `http://127.0.0.1:${crm.port}${site.crmPath}`, ...endpoint }],
    maxAttempts: 20,
    backoffSeconds: 0.1,
    timeoutSeconds: 5,
  };
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await crm.start();
  workDir = mkdtempSync(join(tmpdir(), 'e2e-lead-delivery-'));
  const tenantsDir = join(workDir, 'tenants');
  cpSync(join(root, 'tenants'), tenantsDir, { recursive: true });
  pointAtCrm(tenantsDir, JSON_SITE, { format: 'json', authorization: AUTHORIZATION });
  pointAtCrm(tenantsDir, ADF_SITE, { format: 'adf' });
  leadsDb = join(workDir, 'leads.sqlite');
  server = await startServer({
    port,
    env: {
      TENANTS_DIR: tenantsDir,
      LEADS_DB: leadsDb, // this suite reads the delivery status from its own SQLite file
      LEADS_POLL_MS: '100',
      EDITOR_DATA_DIR: join(workDir, 'editor'),
      // The test CRM listens on loopback over http: only an allow-listed host may be reached that way.
      CRM_ALLOW_HOSTS: '127.0.0.1',
    },
    timeoutMs: 45_000,
  });
  for (const site of [JSON_SITE, ADF_SITE])
    expect(server!.log(), `${site.slug} is served with its CRM settings`).not.toContain(`tenant "${site.slug}" is not served`);
});

test.afterAll(async () => {
  await server?.stop();
  await crm.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

interface Car {
  id: number;
  slug: string;
  make: string;
  model: string;
  year: number;
  stocknum: string;
  car_type: string;
  status: string;
  dealership_id: number;
}

async function firstCar(request: APIRequestContext, slug: string): Promise<Car> {
  // Node does not resolve *.localhost: ask the loopback address with the site's Host header (which Node's own fetch
  // would drop).
  const response = await request.post(`http://127.0.0.1:${port}/api/search`, {
    headers: { Host: `${slug}.localhost:${port}` },
    data: { queries: [{ q: '', filter: 'status = in_stock', hitsPerPage: 1 }] },
  });
  expect(response.ok()).toBe(true);
  const hit = (await response.json()).results[0].hits[0];
  expect(hit, `an in-stock car of ${slug}`).toBeTruthy();
  expect(hit.stocknum, 'the car has a stock number').toBeTruthy();
  return hit as Car;
}

interface DeliveryRow {
  status: string;
  attempts: number;
  last_error: string | null;
  delivered_at: number | null;
  tenant: string;
  dealership_id: number | null;
}

/** The delivery record of a lead as the server stored it (the outbox row). */
function delivery(leadId: string): DeliveryRow | undefined {
  const db = new Database(leadsDb, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT status, attempts, last_error, delivered_at, tenant, dealership_id FROM lead_deliveries WHERE lead_id = ?').get(leadId) as
      | DeliveryRow
      | undefined;
  } finally {
    db.close();
  }
}

function storedPayload(leadId: string): Record<string, unknown> | undefined {
  const db = new Database(leadsDb, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT payload FROM leads WHERE lead_id = ?').get(leadId) as { payload: string } | undefined;
    return row ? JSON.parse(row.payload) : undefined;
  } finally {
    db.close();
  }
}

const field = (form: Locator, name: string) => form.locator(`[name="${name}"]`);

async function hydrated(page: Page, url: string, options?: { referer?: string }) {
  await page.goto(url, options);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Opens Enquire Now on a vehicle page from its sidebar button; returns the dialog's form. */
async function openEnquireNow(page: Page) {
  await page.locator('.lead-actions-card').getByRole('button', { name: 'Enquire Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enquire Now' });
  await expect(dialog).toBeVisible();
  const form = dialog.locator('form');
  await expect(form.getByRole('button', { name: /Send Enquiry|Next/ })).toBeEnabled();
  return form;
}

/** Submits the form and returns the lead_id the browser was given. */
async function submitForLeadId(page: Page, button: Locator): Promise<string> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST');
  await button.click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { lead_id } = await response.json();
  expect(lead_id).toMatch(/^[0-9a-f-]{36}$/);
  return lead_id as string;
}

/** A lead sent as the browser's own fetch from a page of the site (same-site, like the forms). */
async function postLead(page: Page, body: unknown): Promise<string> {
  const result = await page.evaluate(async (body) => {
    const key = `e2e-delivery-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const res = await fetch('/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  }, body);
  expect(result.status, JSON.stringify(result.json)).toBe(201);
  return result.json.lead_id as string;
}

interface XmlNode {
  text: string;
  attrs: Record<string, string>;
}

/** Parses XML with Chromium's own XML parser (a malformed document is reported, not guessed at) and returns what each
 *  CSS selector finds. */
/** xmllint's complaints about an ADF document against the ADF 1.0 DTD ('' when valid). */
function adfDtdErrors(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'adf-')), 'lead.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--dtdvalid', join(root, 'runtime/leads/adf-1.0.dtd'), file], { encoding: 'utf8' });
  return result.status === 0 ? '' : `${result.stderr}${result.error ?? ''}`;
}

async function parseXml(page: Page, xml: string, selectors: string[]) {
  return page.evaluate(
    ({ xml, selectors }) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.querySelector('parsererror')?.textContent ?? null;
      const found: Record<string, XmlNode[]> = {};
      for (const selector of selectors) {
        found[selector] = [...doc.querySelectorAll(selector)].map((el) => ({
          text: el.textContent ?? '',
          attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
        }));
      }
      return { error, root: doc.documentElement.tagName, found };
    },
    { xml, selectors },
  );
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

// ---------------------------------------------------------------------------------------------------------------

test('harbourside-mazda: Enquire Now on a vehicle page reaches /success and the CRM gets the full payload as JSON', async ({ page, request }) => {
  const errors = watchErrors(page);
  const site = JSON_SITE;
  const car = await firstCar(request, site.slug);
  expect(car.dealership_id).toBe(site.dealershipId);
  // A shopper arrives from the site's search page on a link carrying campaign parameters.
  const from = siteUrl(site.slug, '/search', port);
  await hydrated(page, siteUrl(site.slug, `/cars/${car.slug}?utm_source=newsletter&utm_campaign=spring-sale`, port), { referer: from });
  const pageUrl = page.url();
  const userAgent = await page.evaluate(() => navigator.userAgent);

  const form = await openEnquireNow(page);
  await field(form, 'category').selectOption('Vehicle Enquiry');
  await field(form, 'name').fill('Jordan Buyer');
  await field(form, 'email').fill('jordan.buyer@example.com');
  await field(form, 'phone').fill('0412 000 111');
  await field(form, 'message').fill('Can I see it on Saturday morning?');
  await form.locator('.form-check-label', { hasText: 'Keep me up to date' }).click();
  await expect(field(form, 'opt_in')).not.toBeChecked();
  const leadId = await submitForLeadId(page, form.getByRole('button', { name: 'Send Enquiry' }));
  await expect(page).toHaveURL(siteUrl(site.slug, '/success', port));
  await expect(page.locator('main h1')).toHaveText('Thank You');

  await expect.poll(() => crm.forLead(leadId).length, { message: 'the CRM receives the lead' }).toBe(1);
  const [received] = atLeast(1, crm.forLead(leadId), 'the CRM requests');
  expect(received.path).toBe(site.crmPath);
  expect(received.method).toBe('POST');
  expect(received.headers['content-type']).toBe('application/json');
  expect(received.headers.authorization).toBe(AUTHORIZATION);
  expect(received.headers['x-lead-id']).toBe(leadId);
  const payload = JSON.parse(received.body);
  expect(payload).toEqual({
    category: 'Vehicle Enquiry',
    subcategory: null,
    url: pageUrl,
    source: 'Website',
    user_agent: userAgent,
    car_id: car.id,
    car_dealership_id: site.dealershipId,
    lead_attributes: {
      visited_pages: ['/search', pathOf(pageUrl)],
      linked_query_params: { utm_source: 'newsletter', utm_campaign: 'spring-sale' },
    },
    opt_in: false,
    message: 'Can I see it on Saturday morning?',
    dealership_slug: site.slug,
    manufacturer_slug: 'mazda',
    stock_number: car.stocknum,
    'Vehicle Make': 'Mazda',
    'Vehicle Model': car.model,
    'Vehicle Year': car.year,
    car_type: car.car_type,
    vehicle_status: 'in_stock',
    autogauge_enabled: expect.any(Boolean),
    name: 'Jordan Buyer',
    last_name: '',
    email: 'jordan.buyer@example.com',
    phone: '0412 000 111',
    postcode: '',
    Rego: '',
    location: '',
    page_id: null,
    additional_services: [],
    lead_id: leadId,
    lead_status: 'Complete',
    form_completed: true,
  });
  expect(car.make).toBe('Mazda');

  // The outbox recorded the delivery.
  await expect.poll(() => delivery(leadId)?.status).toBe('delivered');
  expect(delivery(leadId)).toMatchObject({ attempts: 1, last_error: null, tenant: site.slug, dealership_id: site.dealershipId });
  expect(delivery(leadId)!.delivered_at).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('harbourside-mazda: a shopper who came by a campaign link and browsed to the car sends the path and the campaign', async ({ page }) => {
  const errors = watchErrors(page);
  const site = JSON_SITE;
  await hydrated(page, siteUrl(site.slug, '/search?utm_source=google&utm_campaign=bt-50-launch', port));
  const card = page.locator('main a[href^="/cars/"]').first();
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL(siteUrl(site.slug, href, port));
  // Far down the car's page before asking.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const form = await openEnquireNow(page);
  const stock = (await page.getByRole('dialog', { name: 'Enquire Now' }).locator('.lead-car-meta').textContent())!.match(/Stock #(\S+)/)![1];
  await field(form, 'name').fill('Morgan Browser');
  await field(form, 'email').fill('morgan@example.com');
  await field(form, 'phone').fill('+61 412 345 678');
  await field(form, 'message').fill('What would the drive-away price be with a tow bar?');
  const leadId = await submitForLeadId(page, form.getByRole('button', { name: 'Send Enquiry' }));
  await expect(page).toHaveURL(siteUrl(site.slug, '/success', port));
  // The thank-you page opens at its top.
  await expect(page.locator('main h1')).toHaveText('Thank You');
  await expect(page.locator('main h1')).toBeInViewport();

  await expect.poll(() => crm.forLead(leadId).length, { message: 'the CRM receives the lead' }).toBe(1);
  const payload = JSON.parse(atLeast(1, crm.forLead(leadId), 'the CRM requests')[0].body);
  expect(payload).toMatchObject({
    url: siteUrl(site.slug, href, port),
    stock_number: stock,
    car_dealership_id: site.dealershipId,
    name: 'Morgan Browser',
    phone: '+61 412 345 678',
    opt_in: true,
    lead_attributes: {
      visited_pages: ['/search?utm_source=google&utm_campaign=bt-50-launch', href],
      linked_query_params: { utm_source: 'google', utm_campaign: 'bt-50-launch' },
    },
  });
  expect(errors).toEqual([]);
});

test('big-sky-cars: the Enquire Now dialog in steps checks each field, then the CRM gets the lead as ADF XML', async ({ page, request }) => {
  const errors = watchErrors(page);
  const site = ADF_SITE;
  const car = await firstCar(request, site.slug);
  expect(car.dealership_id).toBe(site.dealershipId);
  await hydrated(page, siteUrl(site.slug, `/cars/${car.slug}`, port));
  const pageUrl = page.url();

  // This site's forms run in steps with a rego, a postcode and the terms of use.
  const form = await openEnquireNow(page);
  await expect(form.locator('.form-steps li')).toHaveText(['Your Enquiry', 'Your Details']);
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.locator('.form-error-list-heading')).toHaveText('Please fix the following errors:');
  await expect(form.locator('.form-error-list li')).toHaveText([`Comments: ${REQUIRED}`]);
  await field(form, 'message').fill('Has it had a recent service? Happy to pay a deposit today.');
  await field(form, 'rego').fill('abc123');
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(field(form, 'name')).toBeFocused();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.locator('.form-error-list li')).toHaveText([
    `Name: ${REQUIRED}`,
    `Email: ${REQUIRED}`,
    `Phone: ${REQUIRED}`,
    'Postcode: Invalid postcode. Please enter a 4-digit number.',
    'Terms of use: *You must agree to the terms of use before submitting.',
  ]);
  await field(form, 'name').fill('Casey Steps');
  await field(form, 'email').fill('alex@');
  await field(form, 'phone').fill('12');
  await expect(form.locator('.form-error-list li').first()).toHaveText('Email: Please enter a valid email address.');
  await expect(form.locator('.form-error-list li').nth(1)).toHaveText('Phone: Please enter a valid Australian phone number.');
  await field(form, 'email').fill('casey.steps@example.com');
  await field(form, 'phone').fill('03 9555 2200');
  await field(form, 'postcode').pressSequentially('31890');
  await expect(field(form, 'postcode')).toHaveValue('3189');
  await form.locator('.form-check-label', { hasText: 'I agree' }).click();
  await expect(form.locator('.form-error-list')).toHaveCount(0);
  const leadId = await submitForLeadId(page, form.getByRole('button', { name: 'Send Enquiry' }));
  await expect(page).toHaveURL(siteUrl(site.slug, '/success', port));
  await expect(page.locator('main h1')).toHaveText('Thank You');

  await expect.poll(() => crm.forLead(leadId).length, { message: 'the CRM receives the lead' }).toBe(1);
  const [received] = atLeast(1, crm.forLead(leadId), 'the CRM requests');
  expect(received.path).toBe(site.crmPath);
  expect(received.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(received.headers.authorization).toBeUndefined();

  // ADF as a CRM reads it: well-formed XML with the lead, the car and the shopper.
  const selectors = [
    'prospect',
    'prospect > id',
    'prospect > requestdate',
    'prospect > vehicle',
    'vehicle > id',
    'vehicle > make',
    'vehicle > model',
    'vehicle > stock',
    'customer > contact > name',
    'customer > contact > email',
    'customer > contact > phone',
    'customer > contact > address > postalcode',
    'customer > contact > address > country',
    'customer > comments',
    'vendor > vendorname',
    'vendor > id',
    'provider > name',
    'provider > url',
  ];
  const adf = await parseXml(page, received.body, selectors);
  expect(adf.error).toBeNull();
  expect(adfDtdErrors(received.body), 'valid against the ADF 1.0 DTD').toBe('');
  expect(adf.root).toBe('adf');
  const one = (selector: string) => {
    expect(adf.found[selector], selector).toHaveLength(1);
    return atLeast(1, adf.found[selector] ?? [], selector)[0];
  };
  const text = (selector: string) => one(selector).text;
  expect(one('prospect').attrs.status).toBe('new');
  expect(one('prospect > id')).toEqual({ text: leadId, attrs: { sequence: '1', source: 'Website' } });
  const requested = Date.parse(text('prospect > requestdate'));
  expect(Math.abs(Date.now() - requested)).toBeLessThan(5 * 60_000);
  expect(one('prospect > vehicle').attrs).toEqual({ interest: 'buy', status: car.car_type === 'new' ? 'new' : 'used' });
  expect(text('vehicle > id')).toBe(String(car.id));
  expect(text('vehicle > make')).toBe(car.make);
  expect(text('vehicle > model')).toBe(car.model);
  expect(text('vehicle > stock')).toBe(car.stocknum);
  expect(adf.found['customer > contact > name']).toEqual([{ text: 'Casey Steps', attrs: { part: 'first' } }]);
  expect(text('customer > contact > email')).toBe('casey.steps@example.com');
  expect(one('customer > contact > phone')).toEqual({ text: '03 9555 2200', attrs: { type: 'voice' } });
  expect(text('customer > contact > address > postalcode')).toBe('3189');
  expect(text('customer > contact > address > country')).toBe('AU');
  expect(text('customer > comments').split('\n')).toEqual([
    'Enquiry: General Enquiry',
    'Has it had a recent service? Happy to pay a deposit today.',
    'Rego: ABC123',
    'Marketing opt-in: Yes',
  ]);
  expect(text('vendor > vendorname')).toBe(site.dealershipName);
  expect(one('vendor > id')).toEqual({ text: site.slug, attrs: { source: 'dealership_slug' } });
  expect(text('provider > name')).toBe('Website');
  expect(text('provider > url')).toBe(pageUrl);

  await expect.poll(() => delivery(leadId)?.status).toBe('delivered');
  expect(delivery(leadId)).toMatchObject({ attempts: 1, tenant: site.slug, dealership_id: site.dealershipId });
  // The stored lead behind the ADF document carries this site's extra fields.
  expect(storedPayload(leadId)).toMatchObject({
    lead_id: leadId,
    category: 'General Enquiry',
    car_id: car.id,
    car_dealership_id: site.dealershipId,
    dealership_slug: site.slug,
    manufacturer_slug: makeSlug(car.make),
    postcode: '3189',
    Rego: 'ABC123',
    terms_conditions: true,
    opt_in: true,
    lead_status: 'Complete',
  });
  expect(errors).toEqual([]);
});

test('a CRM that fails twice gets the lead on the third attempt, and the outbox records it', async ({ page, request }) => {
  const site = JSON_SITE;
  const car = await firstCar(request, site.slug);
  await hydrated(page, siteUrl(site.slug, `/cars/${car.slug}`, port));
  crm.plan(site.crmPath, [500, 503]);
  const leadId = await postLead(page, {
    form: 'enquiry',
    values: { name: 'Riley Retry', email: 'riley@example.com', phone: '0400 111 222', message: 'Is finance available?', category: 'Finance Enquiry' },
    context: { car_id: car.id, url: page.url(), completed: true },
  });

  await expect.poll(() => crm.forLead(leadId).map((r) => r.answered), { message: 'two failures, then accepted' }).toEqual([500, 503, 200]);
  const attempts = atLeast(1, crm.forLead(leadId), 'the CRM requests');
  // Every attempt sends the same lead (a CRM de-duplicates by lead_id).
  for (const attempt of attempts) {
    expect(attempt.path).toBe(site.crmPath);
    expect(attempt.body).toBe(attempts[0].body);
  }
  expect(JSON.parse(attempts[0].body)).toMatchObject({
    lead_id: leadId,
    name: 'Riley Retry',
    category: 'Finance Enquiry',
    car_id: car.id,
    stock_number: car.stocknum,
  });
  await expect.poll(() => delivery(leadId)?.status).toBe('delivered');
  expect(delivery(leadId)).toMatchObject({ attempts: 3, last_error: null });
  expect(crm.forLead(leadId)).toHaveLength(3);
});

test('a lead waits while the CRM is down and is delivered once it comes back', async ({ page }) => {
  const site = ADF_SITE;
  await hydrated(page, siteUrl(site.slug, '/contact', port));
  await crm.stop();
  try {
    const leadId = await postLead(page, {
      form: 'contact',
      values: {
        name: 'Dana Down',
        email: 'dana@example.com',
        phone: '0400 333 444',
        postcode: '4000',
        message: 'Call me after 5pm.',
        category: 'General Enquiry',
        terms_conditions: true,
      },
      context: { url: page.url(), completed: true },
    });
    // The shopper was answered; the outbox keeps trying (and says why) while nothing listens.
    await expect.poll(() => delivery(leadId)?.attempts ?? 0, { message: 'failed attempts are recorded' }).toBeGreaterThanOrEqual(2);
    expect(delivery(leadId)).toMatchObject({ status: 'pending', delivered_at: null });
    expect(delivery(leadId)!.last_error).toBeTruthy();
    expect(crm.forLead(leadId)).toHaveLength(0);

    await crm.restart();
    await expect.poll(() => crm.forLead(leadId).length, { message: 'delivered after the CRM is back', timeout: 15_000 }).toBe(1);
    const adf = await parseXml(page, atLeast(1, crm.forLead(leadId), 'the CRM requests')[0].body, [
      'prospect > id',
      'customer > contact > name',
      'customer > contact > address > postalcode',
      'prospect > vehicle',
    ]);
    expect(adf.error).toBeNull();
    expect(adf.found['prospect > id']?.map((n) => n.text)).toEqual([leadId]);
    expect(adf.found['customer > contact > name']?.map((n) => n.text)).toEqual(['Dana Down']);
    expect(adf.found['customer > contact > address > postalcode']?.map((n) => n.text)).toEqual(['4000']);
    // ADF 1.0 requires a <vehicle>: a lead without a car sends an empty one.
    expect(adf.found['prospect > vehicle']).toEqual([{ text: '', attrs: { interest: 'buy' } }]);
    expect(adfDtdErrors(atLeast(1, crm.forLead(leadId), 'the CRM requests')[0].body)).toBe('');
    await expect.poll(() => delivery(leadId)?.status).toBe('delivered');
  } finally {
    if (!crm.running) await crm.restart();
  }
});
