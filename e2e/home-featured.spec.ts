// Home pages as a shopper sees them in Chromium: the featured stock carousel shows real cards of the site's stock
// (each opens its car, whose page shows the card's price and weekly figure), its buttons move it, make tiles and
// brand tiles show logos, the hero's picture loads first, and every car picture on the page is drawn as the car's body.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { port, siteUrl, watchErrors } from './helpers';
import { itemAt } from '../test-support/at-least';

const featured = (page: Page) => page.locator('section.featured-stock').first();

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** The picture of a card has loaded (decoded, with pixels). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

interface CardFigures {
  href: string;
  title: string;
  price: string;
  weekly: string | null;
}

async function figuresOf(card: Locator): Promise<CardFigures> {
  const weekly = card.locator('.car-card-weekly strong');
  return {
    href: (await card.locator('.car-card-title a').getAttribute('href'))!,
    title: (await card.locator('.car-card-title').innerText()).trim(),
    price: (await card.locator('.car-card-amount').innerText()).trim(),
    weekly: (await weekly.count()) ? (await weekly.innerText()).trim() : null,
  };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const slug of ['harbourside-mazda', 'big-sky-cars']) {
      test(`${slug}: featured cards open their car, whose page shows the card's price and weekly figure`, async ({ page }) => {
        test.setTimeout(120_000);
        const errors = watchErrors(page);
        await hydrated(page, siteUrl(slug));
        const cards = featured(page).locator('article.car-card');
        expect(await cards.count()).toBeGreaterThanOrEqual(3);
        // every card is one of the site's cars with its own link; the first one with a weekly figure is followed (or
        // the first card when none has one)
        const all = await Promise.all((await cards.all()).map(figuresOf));
        for (const card of all) expect(card.href).toMatch(/^\/cars\/[a-z0-9-]+$/);
        expect(new Set(all.map((c) => c.href)).size).toBe(all.length);
        const index = Math.max(
          0,
          all.findIndex((c) => c.weekly !== null),
        );
        const chosen = itemAt(all, index, 'the featured cards');
        const card = cards.nth(index);
        await expectLoaded(card.locator('.car-card-media img'));
        await page.screenshot({ path: test.info().outputPath(`${slug}-home-${viewport.width}.png`), fullPage: true });
        await card.scrollIntoViewIfNeeded();
        await card.locator('.car-card-title a').click();
        await expect(page).toHaveURL(siteUrl(slug, chosen.href));
        await expect(page.getByRole('heading', { level: 1 })).toContainText(chosen.title);
        await expect(page.locator('.sidebar-price .price-now').first()).toContainText(chosen.price);
        if (chosen.weekly) await expect(page.locator('.finance-figure').first()).toHaveText(`Only ${chosen.weekly} /wk*`);
        expect(errors).toEqual([]);
      });
    }

    test('the next and previous buttons move the carousel a page of cards at a time', async ({ page }) => {
      await hydrated(page, siteUrl('big-sky-cars'));
      const section = featured(page);
      await section.scrollIntoViewIfNeeded();
      const track = section.locator('.featured-track');
      const previous = section.getByRole('button', { name: 'Previous cars' });
      await expect(previous).toBeDisabled();
      // the first card wholly in the track's window, and how many are
      const firstInView = () =>
        track.evaluate((t) => {
          const left = t.getBoundingClientRect().left;
          return [...t.querySelectorAll('article.car-card')].findIndex((c) => c.getBoundingClientRect().left >= left - 2);
        });
      const perPage = await track.evaluate((t) => {
        const r = t.getBoundingClientRect();
        return [...t.querySelectorAll('article.car-card')].filter((c) => {
          const b = c.getBoundingClientRect();
          return b.left >= r.left - 2 && b.right <= r.right + 2;
        }).length;
      });
      expect(perPage).toBe(viewport.width < 640 ? 1 : 3);
      await section.getByRole('button', { name: 'Next cars' }).click();
      await expect.poll(firstInView).toBe(perPage);
      await expect(previous).toBeEnabled();
      await previous.click();
      await expect.poll(firstInView).toBe(0);
      await expect(previous).toBeDisabled();
    });
  });
}

test('make tiles and brand tiles show logos; the hero picture is fetched first', async ({ page }) => {
  await hydrated(page, siteUrl('harbourside-mazda'));
  const makes = page.getByRole('navigation', { name: 'Browse by Make' }).getByRole('link');
  expect(await makes.count()).toBeGreaterThan(1);
  for (const tile of await makes.all()) {
    const name = (await tile.locator('.ssh-tile-name').innerText()).trim();
    const logo = tile.locator('img.ssh-tile-logo');
    await expect(logo).toHaveAttribute('src', `/media/makes/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`);
    await expectLoaded(logo);
  }
  await expect(page.getByRole('navigation', { name: 'Browse by Body Type' }).locator('svg[data-body-type]').first()).toBeVisible();
  const hero = page.locator('.hero img.hero-picture');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('alt', 'A Mazda CX-5 SUV');
  await expectLoaded(hero);

  await hydrated(page, siteUrl('southern-cross-motor-group'));
  const brands = page.locator('.brand-tiles .tile img');
  expect(await brands.count()).toBe(5);
  for (const logo of await brands.all()) await expectLoaded(logo);
  await expect(page.locator('.brand-tiles .tile img').first()).toHaveAttribute('alt', 'Toyota');
});

test("every car picture on the outback site's home page is drawn as the car's own body", async ({ page }) => {
  await hydrated(page, siteUrl('outback-caravans-motorcycles'));
  const sections = page.locator('section.featured-stock');
  await expect(sections).toHaveCount(2);
  for (const [i, body] of [
    [0, 'Caravan'],
    [1, 'Motorcycle'],
  ] as const) {
    const cards = sections.nth(i).locator('article.car-card');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      await expect(card.locator('.car-card-chips')).toContainText(body);
      const src = (await card.locator('.car-card-media img').getAttribute('src'))!;
      // a photo of the car itself, or the stand-in drawn as its body
      if (src.startsWith('/media/placeholder.svg')) {
        expect(src).toBe(`/media/placeholder.svg?body=${body.toLowerCase()}`);
        continue;
      }
      expect(src).toMatch(/^\/media\/cars\/\d+\/0-\d+w\.d\d+\.jpg$/);
      // the drawing behind the photo's sizes says what it shows (Node cannot resolve *.localhost: the Host header names the site)
      const drawing = await page.request.get(`http://127.0.0.1:${port}${src.replace(/-\d+w\.d\d+\.jpg$/, '.svg')}`, {
        headers: { host: `outback-caravans-motorcycles.localhost:${port}` },
      });
      expect(drawing.ok()).toBe(true);
      expect(await drawing.text()).toMatch(new RegExp(`^<svg [^>]*data-body="${body.toLowerCase()}"`));
    }
  }
});
