// Finance figures agree wherever they show. For up to 200 cars of every demo site (server-rendered HTML fetched with
// node:http, no browser): a search card's weekly figure is the figure of the car's own page, and its '*' link lands on
// a disclaimer that page has; a car the finance rules exclude (Suzuki, a site without a finance provider, no lender
// data for the site, a dealership the site lists as excluded) shows a figure on neither (but a quoting site's page asks
// for a quote, which a card never does); the page's calculator starts at the car's price and at the sidebar's figure.
// A handful then in a real browser, at phone and desktop sizes; and the settings-driven limits: the finance page's
// quick picks and message, the search price slider, the trade-in state.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoSlugs, port, root, siteUrl, watchErrors } from './helpers';

const SEARCH_PATH = '/search/new-used-and-demo-cars';
const CARS_PER_SITE = 200;

function request(slug: string, path: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: payload ? 'POST' : 'GET',
        headers: { host: `${slug}.localhost:${port}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${slug}${path}`)));
    req.end(payload);
  });
}

interface Card {
  id: number;
  href: string;
  /** Dollars of '$X per week', or null when the card shows none. */
  weekly: number | null;
  disclaimerHref: string | null;
}

const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The cards of a search page, as the server rendered them. */
function cardsOf(html: string): Card[] {
  return html
    .split('<article class="car-card')
    .slice(1)
    .map((chunk) => {
      const [part = ''] = chunk.split('</article>');
      const weekly = part.match(/<p class="car-card-weekly"><strong>(\$[\d,]+)<\/strong>/);
      return {
        id: Number(part.match(/data-car-id="(\d+)"/)?.[1]),
        href: part.match(/href="(\/cars\/[^"#]+)"/)?.[1] ?? '',
        weekly: weekly?.[1] ? dollars(weekly[1]) : null,
        disclaimerHref: part.match(/href="([^"]+)" class="car-card-disclaimer"/)?.[1] ?? null,
      };
    });
}

interface VehiclePage {
  /** 'Only $X /wk*' of the sidebar, or null. */
  figure: string | null;
  ids: Set<string>;
  calculatorRepayment: string | null;
  loanAmount: number | null;
}

function vehiclePageOf(html: string): VehiclePage {
  const amount = html.match(/class="calc-field calc-amount">.*?<input [^>]*value="([\d.]+)"/);
  return {
    figure: html.match(/class="finance-figure"[^>]*>([^<]+)</)?.[1] ?? null,
    ids: new Set([...html.matchAll(/ id="([^"]+)"/g)].flatMap((m) => m[1] ?? [])),
    calculatorRepayment: html.match(/data-testid="calc-repayment">([^<]+)</)?.[1] ?? null,
    loanAmount: amount ? Number(amount[1]) : null,
  };
}

interface SiteFinance {
  provider: string;
  lenders: string[];
  excludedManufacturers: string[];
  excludedDealerships: string[];
  hidden: boolean;
}

/** The finance settings of a demo site as its document (and the schema's defaults) give them. */
function siteFinance(slug: string): SiteFinance {
  const doc = JSON.parse(readFileSync(join(root, 'tenants', `${slug}.json`), 'utf8'));
  const schema = JSON.parse(readFileSync(join(root, 'schemas', 'settings', 'finance.schema.json'), 'utf8')).properties;
  const given = doc.settings?.finance ?? {};
  const pick = <T>(key: string): T => given[key] ?? schema[key].default;
  return {
    provider: pick('provider'),
    lenders: pick('lenders'),
    excludedManufacturers: pick('excludedManufacturers'),
    excludedDealerships: pick('excludedDealerships'),
    hidden: pick('hidden'),
  };
}

const LENDER_NAMES: Record<string, string> = {
  manual: 'Manual',
  taurus: 'Taurus',
  '360-finance': '360 Finance',
  ausloans: 'AusLoans',
  angle: 'Angle',
  powertorque: 'Powertorque',
  'nissan-finance': 'Nissan Finance',
};

type Exclusion = 'no-provider' | 'suzuki' | 'no-lender-data' | 'excluded-dealership';

/** Why the rules exclude a car outright (as the specs state them), or null when they may show finance for it. */
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
function exclusion(car: Record<string, any>, finance: SiteFinance): Exclusion | null {
  if (finance.hidden || finance.provider === 'none') return 'no-provider';
  if (finance.excludedManufacturers.some((m) => m.toLowerCase() === String(car.make).toLowerCase())) return 'suzuki';
  if (finance.excludedDealerships.includes(car.dealership_slug)) return 'excluded-dealership';
  const lenders = finance.lenders.length ? finance.lenders : [finance.provider];
  const hasData = lenders.some((l) =>
    l === 'youx' ? car.youxQuote != null : Object.entries(car.finance_lenders ?? {}).some(([k, v]) => k === LENDER_NAMES[l] && Object.keys(v ?? {}).length > 0),
  );
  return hasData ? null : 'no-lender-data';
}

/** A car whose page asks for a quote (docs/requirements/dealer-services.md#states: price above 0, no quote yet). */
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
const quotedOnItsPage = (car: Record<string, any>, finance: SiteFinance) =>
  (finance.lenders.length ? finance.lenders : [finance.provider]).includes('youx') && car.youxQuote == null && (car.price ?? 0) > 0;

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

/** Up to 200 cards of a site's search, page by page, and a page of its Suzukis. */
async function siteCards(slug: string): Promise<Card[]> {
  const cards = new Map<number, Card>();
  const suzukis = await request(slug, `${SEARCH_PATH}?make=Suzuki`);
  for (const card of cardsOf(suzukis.body)) cards.set(card.id, card);
  for (let page = 1; cards.size < CARS_PER_SITE && page <= 15; page++) {
    const { status, body } = await request(slug, `${SEARCH_PATH}?page=${page}`);
    expect(status).toBe(200);
    const found = cardsOf(body);
    if (!found.length) break;
    for (const card of found) if (cards.size < CARS_PER_SITE) cards.set(card.id, card);
  }
  return [...cards.values()];
}

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
async function carsById(slug: string, ids: number[]): Promise<Map<number, Record<string, any>>> {
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const out = new Map<number, Record<string, any>>();
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const { status, body } = await request(slug, '/api/search', { queries: [{ q: '', filter: `id IN [${chunk.join(', ')}]`, hitsPerPage: 50 }] });
    expect(status).toBe(200);
    for (const hit of JSON.parse(body).results[0].hits) out.set(hit.id, hit);
  }
  return out;
}

/** What each site's stock must include, so the test meets every rule where the site applies it. */
const EXPECTED: Record<string, (Exclusion | 'figure')[]> = {
  'big-sky-cars': ['figure', 'suzuki', 'no-lender-data'],
  'harbourside-mazda': ['figure'],
  'southern-cross-motor-group': ['figure', 'suzuki', 'no-lender-data', 'excluded-dealership'],
  'outback-caravans-motorcycles': ['figure'],
};

test.describe('cards and vehicle pages of every demo site', () => {
  for (const slug of demoSlugs) {
    test(`${slug}: a card's weekly figure is its page's, and excluded cars show none`, async () => {
      test.setTimeout(300_000);
      const finance = siteFinance(slug);
      const cards = await siteCards(slug);
      expect(cards.length).toBeGreaterThan(20);
      const cars = await carsById(
        slug,
        cards.map((c) => c.id),
      );
      const problems: string[] = [];
      const seen: Record<string, number> = {};
      await inBatches(cards, 4, async (card) => {
        const car = cars.get(card.id);
        expect(car, `car ${card.id} from the search API`).toBeTruthy();
        const { status, body } = await request(slug, card.href);
        expect(status, card.href).toBe(200);
        const page = vehiclePageOf(body);
        const why = exclusion(car!, finance);
        if (why) {
          seen[why] = (seen[why] ?? 0) + 1;
          if (card.weekly !== null) problems.push(`${card.href} (${why}): the card shows $${card.weekly} per week`);
          // A car of a quoting site without a quote: its page asks for one (on the server, for its first HTML), which
          // a list never does; the figure, if the quote gives one, is the quote's.
          if (why === 'no-lender-data' && quotedOnItsPage(car!, finance)) return;
          if (page.figure) problems.push(`${card.href} (${why}): the page shows ${page.figure}`);
          return;
        }
        // a page's weekly figure shows on its card, and the other way round
        const pageWeekly = page.figure?.match(/^Only (\$[\d,]+) \/wk\*$/);
        const expected = pageWeekly?.[1] ? dollars(pageWeekly[1]) : null;
        if (card.weekly !== expected) problems.push(`${card.href}: card ${card.weekly ?? 'none'}, page ${page.figure ?? 'none'}`);
        if (card.weekly === null) return;
        seen.figure = (seen.figure ?? 0) + 1;
        const target = card.disclaimerHref?.split('#');
        if (!target || target[0] !== card.href || !page.ids.has(target[1] ?? ''))
          problems.push(`${card.href}: the '*' link ${card.disclaimerHref} has no target there`);
        // the calculator starts at the car's price, at the sidebar's figure
        if (page.loanAmount !== car!.price) problems.push(`${card.href}: the calculator starts at ${page.loanAmount}, the car costs ${car!.price}`);
        if (page.calculatorRepayment !== `$${card.weekly.toLocaleString('en-AU')}`)
          problems.push(`${card.href}: the calculator shows ${page.calculatorRepayment}, the sidebar ${page.figure}`);
      });
      expect(problems).toEqual([]);
      for (const kind of EXPECTED[slug] ?? []) expect(seen[kind] ?? 0, `${slug}: cars of kind ${kind}`).toBeGreaterThan(0);
    });
  }
});

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

test.describe('in the browser', () => {
  for (const slug of ['big-sky-cars', 'southern-cross-motor-group', 'harbourside-mazda']) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      test(`${slug} at ${viewport.width}: a card's '*' opens its page at the disclaimer; sidebar and calculator show the card's figure`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(viewport);
        const errors = watchErrors(page);
        // the first search page with a card showing a figure (found in the server's HTML)
        let path = SEARCH_PATH;
        for (let n = 1; n <= 10; n++) {
          path = `${SEARCH_PATH}?page=${n}`;
          if (cardsOf((await request(slug, path)).body).some((c) => c.weekly !== null)) break;
        }
        await hydrated(page, siteUrl(slug, path));
        const card = page
          .locator('article.car-card')
          .filter({ has: page.locator('.car-card-weekly') })
          .first();
        await card.scrollIntoViewIfNeeded();
        const weekly = (await card.locator('.car-card-weekly strong').textContent())!;
        const id = Number(await card.getAttribute('data-car-id'));
        const { price } = (await carsById(slug, [id])).get(id)!;
        await page.screenshot({ path: test.info().outputPath(`${slug}-search-${viewport.width}.png`) });
        await card.getByRole('link', { name: 'Finance disclaimer' }).click();
        await expect(page).toHaveURL(/\/cars\/[^#]+#financeDisclaimer$/);
        await expect(page.locator('#financeDisclaimer')).toBeInViewport();
        await expect(page.locator('.finance-figure').first()).toHaveText(`Only ${weekly} /wk*`);
        const calculator = page.locator('#finance-calculator');
        await expect(calculator.locator('.calculator[data-ready="true"]')).toHaveCount(1);
        await expect(calculator.getByTestId('calc-repayment')).toHaveText(`${weekly} /wk*`);
        // what the shopper reads: the purchase price and the loan amount are the car's price (the range input itself
        // sits on its $500 grid, so its handle may stand a few dollars off)
        await expect(calculator.getByRole('textbox', { name: 'Purchase price' })).toHaveValue(price.toLocaleString('en-AU'));
        await expect(calculator.locator('.calc-amount .calc-value')).toHaveText(`$${price.toLocaleString('en-AU')}`);
        await calculator.scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`${slug}-calculator-${viewport.width}.png`) });
        expect(errors).toEqual([]);
      });
    }
  }

  test("outback's finance page: quick picks inside the calculator's limits, and the message names the real limit", async ({ page }) => {
    await hydrated(page, siteUrl('outback-caravans-motorcycles', '/finance'));
    const calculator = page.locator('.calculator[data-ready="true"]');
    await expect(calculator).toHaveCount(1);
    const picks = page.getByRole('group', { name: 'Quick picks for Purchase price' }).getByRole('button');
    await expect(picks).toHaveText(['$300,000', '$400,000', '$500,000', '$600,000', '$700,000', '$800,000']);
    await picks.last().click();
    await expect(calculator.getByRole('alert')).toHaveCount(0);
    await expect(calculator.getByLabel('Loan amount')).toHaveValue('800000');
    await calculator.getByRole('textbox', { name: 'Purchase price' }).fill('2000000');
    await expect(calculator.getByRole('alert')).toHaveText('Cannot be less than $1,000 or more than $1,000,000');
  });

  test('the search price slider runs from $5,000 to $250,000 in steps of $500', async ({ page }) => {
    await hydrated(page, siteUrl('big-sky-cars', SEARCH_PATH));
    const min = page.getByLabel('Minimum price');
    const max = page.getByLabel('Maximum price');
    await expect(min).toHaveAttribute('min', '5000');
    await expect(max).toHaveAttribute('max', '250000');
    await max.focus();
    await page.keyboard.press('Home');
    await expect(max).toHaveValue('5001');
    await expect(page).toHaveURL(/price=5000%3A5001/);
  });

  test("the trade-in rego state starts at the state of the site's primary location", async ({ page }) => {
    for (const [slug, state] of [
      ['big-sky-cars', 'vic'],
      ['southern-cross-motor-group', 'nsw'],
      ['harbourside-mazda', 'qld'],
    ] as const) {
      await hydrated(page, siteUrl(slug, '/sell-my-car'));
      await expect(page.getByLabel('State')).toHaveValue(state);
    }
  });
});
