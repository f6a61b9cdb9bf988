import { describe, expect, it } from 'vitest';
import { formatPhone } from '../format';
import {
  directionsUrl,
  isSingleManufacturerSite,
  locationDetailsPath,
  locationForSlug,
  locationStockPath,
  pathResolves,
  phoneHref,
  smsHref,
} from './location-links';

const page = { title: 'x', blocks: [] };

describe('location links only to pages that exist (docs/requirements/dealer-services.md#screens)', () => {
  const pages = { '/': page, '/search/:make?/:model?': page, '/locations/:slug': page, '/contact-us/:slug': page, '*': page };
  it('matches paths against the page patterns, never the 404 page', () => {
    expect(pathResolves(pages, '/search/sc-kia-liverpool')).toBe(true);
    expect(pathResolves(pages, '/search/a/b?x=1')).toBe(true);
    expect(pathResolves(pages, '/our-location/x')).toBe(false);
    expect(pathResolves({ '*': page }, '/anything')).toBe(false);
    expect(pathResolves({ '/contact': null }, '/contact')).toBe(false);
  });
  it('View Details goes to the first location page the site has', () => {
    expect(locationDetailsPath(pages, { slug: 'kia' })).toBe('/locations/kia');
    expect(locationDetailsPath({ ...pages, '/our-location/:slug': page }, { slug: 'kia' })).toBe('/our-location/kia');
    expect(locationDetailsPath({ '/contact-us/:slug': page }, { slug: 'kia' })).toBe('/contact-us/kia');
    expect(locationDetailsPath({ '/': page }, { slug: 'kia' })).toBeNull();
  });
  it('View Our Stock goes to /search/{location slug} only where the search route exists', () => {
    expect(locationStockPath(pages, { slug: 'sc-kia-liverpool' })).toBe('/search/sc-kia-liverpool');
    expect(locationStockPath({ '/': page, '/search': page }, { slug: 'sc-kia-liverpool' })).toBeNull();
  });
});

describe('single-manufacturer site', () => {
  it('is one make across every dealership', () => {
    expect(isSingleManufacturerSite([{ manufacturer: 'Mazda' }])).toBe(true);
    expect(isSingleManufacturerSite([{ manufacturer: 'Mazda' }, { manufacturer: 'mazda ' }])).toBe(true);
    expect(isSingleManufacturerSite([{ manufacturer: 'Mazda' }, { manufacturer: 'Kia' }])).toBe(false);
    expect(isSingleManufacturerSite([{}])).toBe(false);
  });
});

describe('phone (docs/requirements/dealer-services.md#constants: 2-4-4, +61 shown as 0, tel: link)', () => {
  it('formats and links', () => {
    expect(formatPhone('+61 2 9630 1000')).toBe('02 9630 1000');
    expect(formatPhone('0296301000')).toBe('02 9630 1000');
    expect(formatPhone('+61412345678')).toBe('04 1234 5678');
    expect(phoneHref('02 9630 1000')).toBe('tel:0296301000');
    expect(phoneHref('+61 (2) 9630 1000')).toBe('tel:+61296301000');
    expect(smsHref('0412 555 220')).toBe('sms:0412555220');
    expect(smsHref('+61 412 555 220')).toBe('sms:+61412555220');
  });
});

describe('location page slug', () => {
  const dealerships = [
    {
      id: 1,
      slug: 'kia-group',
      locations: [
        { id: 11, name: 'Kia Parts', slug: 'kia-parts' },
        { id: 12, name: 'Kia Sales', slug: 'kia-sales', primary: true },
      ],
    },
    {
      id: 2,
      slug: 'ford',
      locations: [
        { id: 21, name: 'Hidden', slug: 'hidden', visible: false },
        { id: 22, name: 'Ford', slug: 'ford-city' },
      ],
    },
  ];
  it("finds a location by its slug, or a dealership slug's primary (else first visible) location", () => {
    expect(locationForSlug(dealerships, 'kia-parts')).toEqual({ location: dealerships[0]?.locations[0], dealershipId: 1 });
    expect(locationForSlug(dealerships, 'kia-group')?.location.id).toBe(12);
    expect(locationForSlug(dealerships, 'ford')?.location.id).toBe(22);
    expect(locationForSlug(dealerships, 'hidden')).toBeNull();
    expect(locationForSlug(dealerships, 'nope')).toBeNull();
  });
});

describe('Get Directions', () => {
  it('uses the place URL, else directions to the coordinates or the address', () => {
    expect(directionsUrl({ address: { place_url: 'https://maps.example/p', lat: 1, long: 2 } })).toBe('https://maps.example/p');
    expect(directionsUrl({ address: { lat: -33.81, long: 151.003 } })).toBe('https://www.google.com/maps/dir/?api=1&destination=-33.81%2C151.003');
    expect(directionsUrl({ address: { street: '2 Church St', city: 'Parramatta', state: 'NSW', postcode: '2150' } })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=2%20Church%20St%2C%20Parramatta%2C%20NSW%2C%202150',
    );
    expect(directionsUrl({ address: null })).toBeNull();
  });
});
