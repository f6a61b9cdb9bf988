// Search engines' view of a site: canonical addresses from the configured url, indexing, robots.txt, sitemap files
// (validated with xmllint against the sitemaps.org schemas shipped in schemas/sitemaps), structured data checked
// against schema.org types (schema-dts) and Google's vehicle listing required properties, sold cars past the window.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AutoDealer, BreadcrumbList, Car, Offer, Organization, WithContext } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import type { Car as StockCar } from '../../../schemas/generated/car';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { loadTenant } from '../../tenants/load';
import { repoRoot } from '../../../test-support/tenants';
import {
  absoluteSiteUrl,
  locationJsonLd,
  organizationJsonLd,
  pageIndexing,
  robotsTxt,
  shareImage,
  siteAddress,
  sitemapFiles,
  sitemapLocations,
  sitemapPages,
  soldCarAnswer,
  soldPastVisibility,
  staticPathOf,
  vehicleJsonLd,
} from '.';
import type { DealerLocation } from '../locations';

const tenant = (slug: string): TenantDocument => {
  const loaded = loadTenant(join(repoRoot, 'tenants', `${slug}.json`), join(repoRoot, 'tenants/templates'));
  if (!loaded.ok) throw new Error(`${slug} does not load`);
  return loaded.doc;
};
const bigSky = tenant('big-sky-cars');

const xmllint = (xml: string, xsd: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'sitemap-')), 'sitemap.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', join(repoRoot, 'schemas/sitemaps', xsd), file], { stdio: 'pipe' });
    return 'valid';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
};

describe('site address and canonical links', () => {
  it('come from the configured url, never from the request', () => {
    expect(siteAddress(bigSky)).toBe('https://www.bigskycars.example');
    expect(absoluteSiteUrl(bigSky, '//evil.example/x')).toBe('https://www.bigskycars.example/evil.example/x');
    expect(pageIndexing(bigSky, '/about-us', { pathname: '/about-us/', search: '?utm_source=x' })).toEqual({
      canonical: 'https://www.bigskycars.example/about-us',
      noindex: false,
    });
    expect(siteAddress({ slug: 'x-motors', domains: ['www.x.example'] })).toBe('https://www.x.example');
    expect(siteAddress({ slug: 'x-motors' })).toBe('http://x-motors.localhost');
  });

  it('canonicalise a filtered search to its unfiltered form, noindex past page 1', () => {
    const route = '/search/:make?/:model?';
    expect(pageIndexing(bigSky, route, { pathname: '/search/toyota', search: '?body=SUV' })).toEqual({
      canonical: 'https://www.bigskycars.example/search/toyota',
      noindex: false,
    });
    expect(pageIndexing(bigSky, route, { pathname: '/search', search: '?body=SUV&page=2' })).toEqual({
      canonical: 'https://www.bigskycars.example/search',
      noindex: true,
    });
    expect(pageIndexing(bigSky, route, { pathname: '/search', search: '?page=3' })).toEqual({
      canonical: 'https://www.bigskycars.example/search?page=3',
      noindex: false,
    });
  });

  it("mark shoppers' own pages and the not-found page noindex", () => {
    expect(pageIndexing(bigSky, '/sign-in', { pathname: '/sign-in', search: '' }).noindex).toBe(true);
    expect(pageIndexing(bigSky, '*', { pathname: '/nope', search: '' })).toEqual({ canonical: null, noindex: true });
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the editor, APIs and print views and names the sitemap', () => {
    const text = robotsTxt(bigSky);
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/editor', '/api/', '/__data', '/print']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Sitemap: https://www.bigskycars.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists pages without required parameters, not the noindex ones, and each visible location once', () => {
    expect(staticPathOf('/search/:make?/:model?')).toBe('/search');
    expect(staticPathOf('/cars/:slug')).toBeNull();
    expect(staticPathOf('*')).toBeNull();
    const paths = sitemapPages(bigSky).map((e) => e.path);
    expect(paths[0]).toBe('/');
    expect(paths).toContain('/search');
    expect(paths).toContain('/finance');
    expect(paths).not.toContain('/sign-in');
    expect(paths).not.toContain('/print');
    expect(sitemapLocations(bigSky).map((e) => e.path)).toEqual(['/our-location/big-sky-moorabbin', '/our-location/big-sky-dandenong']);
  });

  it('is a urlset valid against the sitemaps.org schema, with lastmod and escaped addresses', () => {
    const files = sitemapFiles(bigSky, [{ path: '/' }, { path: '/cars/a&b', lastmod: '2026-01-02T03:04:05Z' }]);
    expect(files.parts).toEqual([]);
    expect(files.root).toContain('<loc>https://www.bigskycars.example/cars/a&amp;b</loc><lastmod>2026-01-02T03:04:05Z</lastmod>');
    expect(xmllint(files.root, 'sitemap.xsd')).toBe('valid');
  });

  it('becomes a sitemap index of numbered sitemaps when the addresses do not fit one file', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/cars/car-${i}` }));
    const files = sitemapFiles(bigSky, entries, 2);
    expect(files.parts).toHaveLength(3);
    expect(files.root).toContain('<sitemapindex');
    expect(files.root).toContain('<loc>https://www.bigskycars.example/sitemap-3.xml</loc>');
    expect(xmllint(files.root, 'siteindex.xsd')).toBe('valid');
    for (const part of files.parts) expect(xmllint(part, 'sitemap.xsd')).toBe('valid');
    expect(files.parts[2]).toContain('/cars/car-4');
  });

  it('the shipped schema refuses a malformed sitemap (the check can fail)', () => {
    expect(xmllint('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>soon</lastmod></url></urlset>', 'sitemap.xsd')).toContain(
      'fails to validate',
    );
  });
});

const car = {
  id: 77,
  slug: '2022-mazda-cx-5-maxx-77',
  path: '/cars/2022-mazda-cx-5-maxx-77',
  year: 2022,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx',
  km: 21000,
  vin: 'JMZKF4W7A00123456',
  colour: 'Red',
  simple_fuel: 'Petrol',
  simple_body: 'SUV',
  car_type: 'used',
  status: 'in_stock',
  price: 32990,
  primary_image_url: '/media/cars/77/0.svg',
  dealership_id: 1,
  location_id: 2,
  item_type: 'car',
} as unknown as StockCar;

/** Google's vehicle listing (Car) required properties; mileage is required for used cars. */
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
function googleVehicleListingProblems(data: Record<string, any>): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, name: string) => !ok && problems.push(name);
  need(data['@type'] === 'Car', '@type Car');
  need(data.brand?.name, 'brand.name');
  need(typeof data.image === 'string' && /^https?:\/\/.+\.(png|jpe?g)$/.test(data.image), 'image (absolute raster)');
  need(data.model, 'model');
  need(data.name, 'name');
  need(/^\d{4}$/.test(data.vehicleModelDate ?? ''), 'vehicleModelDate');
  need(data.vehicleIdentificationNumber, 'vehicleIdentificationNumber');
  need(data.offers?.['@type'] === 'Offer', 'offers');
  need(typeof data.offers?.price === 'number', 'offers.price');
  need(data.offers?.priceCurrency === 'AUD', 'offers.priceCurrency');
  need(data.offers?.availability, 'offers.availability');
  need(data.itemCondition, 'itemCondition');
  if (data.itemCondition === 'https://schema.org/UsedCondition') need(data.mileageFromOdometer?.value >= 0, 'mileageFromOdometer');
  return problems;
}

describe('structured data', () => {
  const location = bigSky.dealerships[0].locations[0];

  it("describes the car and its offer with Google's vehicle listing properties", () => {
    const [carData = {}, breadcrumb] = vehicleJsonLd(bigSky, { car, dealership: bigSky.dealerships[0], location });
    const typedCar = carData as unknown as WithContext<Car>;
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const offer = (typedCar as { offers: Offer }).offers as Record<string, any>;
    expect(googleVehicleListingProblems(carData)).toEqual([]);
    expect(typedCar.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(offer).toMatchObject({ price: 32990, priceCurrency: 'AUD', availability: 'https://schema.org/InStock' });
    expect(offer.seller).toMatchObject({
      '@type': 'AutoDealer',
      name: bigSky.dealerships[0].name,
      address: { '@type': 'PostalAddress', addressCountry: 'AU', postalCode: location.address.postcode },
    });
    expect(carData.image).toBe('https://www.bigskycars.example/share-image/cars/77.jpg');
    const list = breadcrumb as unknown as WithContext<BreadcrumbList> & { itemListElement: { item?: string; position: number }[] };
    expect(list['@type']).toBe('BreadcrumbList');
    expect(list.itemListElement[0]).toMatchObject({ position: 1, item: 'https://www.bigskycars.example/' });
    // the check itself fails on a listing without a price or VIN
    expect(
      googleVehicleListingProblems(
        vehicleJsonLd(bigSky, { car: { ...car, price: 0, vin: null } as unknown as StockCar, dealership: bigSky.dealerships[0] })[0] ?? {},
      ),
    ).toEqual(['vehicleIdentificationNumber', 'offers.price']);
  });

  it('new cars are NewCondition, sold cars SoldOut, coming soon PreOrder', () => {
    const offerOf = (c: Partial<StockCar>) => vehicleJsonLd(bigSky, { car: { ...car, ...c } as StockCar, dealership: bigSky.dealerships[0] })[0] ?? {};
    expect(offerOf({ car_type: 'new' }).itemCondition).toBe('https://schema.org/NewCondition');
    expect((offerOf({ status: 'sold' }).offers as Offer & Record<string, unknown>).availability).toBe('https://schema.org/SoldOut');
    expect((offerOf({ status: 'coming_soon' }).offers as Offer & Record<string, unknown>).availability).toBe('https://schema.org/PreOrder');
  });

  it('the home page names the organisation with a raster logo; location pages an AutoDealer', () => {
    const org = organizationJsonLd(bigSky) as unknown as WithContext<Organization>;
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: bigSky.name,
      url: 'https://www.bigskycars.example/',
      logo: 'https://www.bigskycars.example/share-image/logo.png',
    });
    const [dealer] = locationJsonLd(bigSky, {
      location: { ...location, dealership_id: 1 } as DealerLocation,
      dealership: { name: 'Big Sky' },
      path: '/our-location/big-sky-moorabbin',
    });
    const typed = dealer as unknown as WithContext<AutoDealer>;
    expect((typed as unknown as Record<string, unknown>)['@type']).toBe('AutoDealer');
    expect(dealer?.url).toBe('https://www.bigskycars.example/our-location/big-sky-moorabbin');
  });

  it('share images are absolute raster addresses', () => {
    expect(shareImage(bigSky, 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(shareImage(bigSky, '/uploads/a.png')).toBe('https://www.bigskycars.example/uploads/a.png');
    expect(shareImage(bigSky, '/media/cars/77/0.svg', 77)).toBe('https://www.bigskycars.example/share-image/cars/77.jpg');
    expect(shareImage(bigSky, '/media/cars/78/0.svg', 77)).toBe('https://www.bigskycars.example/share-image/logo.png');
    expect(shareImage(bigSky, undefined)).toBe('https://www.bigskycars.example/share-image/logo.png');
  });
});

describe('sold cars past the visibility window', () => {
  const now = Date.parse('2026-06-10T00:00:00Z');
  const soldDaysAgo = (days: number) => ({ status: 'sold', sold_date_timestamp: Math.floor((now - days * 86_400_000) / 1000), make: 'Mazda', model: 'CX-5' });

  it("stay for the site's soldVisibleDays (3 by default), then are gone or redirect to a similar search", () => {
    expect(soldPastVisibility(soldDaysAgo(2.9), bigSky, now)).toBe(false);
    expect(soldPastVisibility(soldDaysAgo(3.1), bigSky, now)).toBe(true);
    expect(soldPastVisibility({ status: 'in_stock' }, bigSky, now)).toBe(false);
    expect(soldPastVisibility(soldDaysAgo(5), { settings: { search: { soldVisibleDays: 7 } } } as TenantDocument, now)).toBe(false);
    expect(soldCarAnswer(soldDaysAgo(9), bigSky)).toEqual({ gone: true });
    const redirecting = { ...bigSky, settings: { ...bigSky.settings, seo: { ...bigSky.settings.seo, soldCarResponse: 'similar-search' as const } } };
    expect(soldCarAnswer(soldDaysAgo(9), redirecting)).toEqual({ redirect: '/search/mazda/cx-5' });
  });
});
