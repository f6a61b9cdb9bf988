import { describe, expect, it } from 'vitest';
import { vehicleBreadcrumb } from './breadcrumb';
import { breadcrumbJsonLd, carOfferJsonLd } from './json-ld';
import { vehicleTitle } from './vehicle-title';

const car = {
  slug: '2021-mazda-3-g20-evolve-abc123',
  year: 2021,
  make: 'Mazda',
  model: '3',
  badge: 'G20 Evolve',
  series: 'BP',
  car_type: 'used',
  simple_body: 'Hatch',
  km: 45000,
  status: 'in_stock',
  price: 25990,
  vin: 'JM0BP2H7A00123456',
};

describe('vehicle title', () => {
  it('joins year, make, model, badge and series', () => {
    expect(vehicleTitle(car)).toBe('2021 Mazda Mazda3 G20 Evolve BP');
    expect(vehicleTitle({ year: 2024, make: 'Suzuki Australia', model: 'Swift', badge: null, series: 'null' })).toBe('2024 Suzuki Swift');
  });
});

describe('vehicleBreadcrumb (docs/requirements/vehicle-browsing.md#screens)', () => {
  it('is Home, type, make, model, body, title with positions from 1', () => {
    expect(vehicleBreadcrumb(car)).toEqual([
      { position: 1, name: 'Home', href: '/' },
      { position: 2, name: 'Used Cars', href: '/search/used-cars' },
      { position: 3, name: 'Mazda', href: '/search/mazda' },
      { position: 4, name: 'Mazda3', href: '/search/mazda/mazda3' },
      { position: 5, name: 'Hatch', href: '/search/hatch' },
      { position: 6, name: '2021 Mazda Mazda3 G20 Evolve BP' },
    ]);
  });
  it("names a caravan's or motorcycle's item type, not 'Used Cars'", () => {
    const caravan = vehicleBreadcrumb({ ...car, make: 'Jayco', model: 'Journey', item_type: 'caravan', simple_body: 'Caravan' });
    expect(caravan[1]).toEqual({ position: 2, name: 'Used Caravans', href: '/search/caravan?car_type=used' });
    const bike = vehicleBreadcrumb({ ...car, make: 'Yamaha', model: 'MT-07', item_type: 'motorcycle', car_type: 'new', simple_body: 'Motorcycle' });
    expect(bike[1]).toEqual({ position: 2, name: 'New Motorcycles', href: '/search/motorcycle?car_type=new' });
    expect(vehicleBreadcrumb({ ...car, item_type: 'car' })[1]?.name).toBe('Used Cars');
  });

  it('skips the model when unknown', () => {
    const crumbs = vehicleBreadcrumb({ ...car, make: 'Land Rover', model: '', car_type: 'new' });
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'New Cars', 'Land Rover', 'Hatch', '2021 Land Rover G20 Evolve BP']);
    expect(crumbs[2]?.href).toBe('/search/land-rover');
    expect(crumbs.at(-1)!.position).toBe(5);
  });
});

describe('JSON-LD', () => {
  it('describes the breadcrumb as a BreadcrumbList', () => {
    const ld = breadcrumbJsonLd(vehicleBreadcrumb(car), 'https://dealer.example/');
    expect(ld['@type']).toBe('BreadcrumbList');
    expect(ld.itemListElement[1]).toEqual({ '@type': 'ListItem', position: 2, name: 'Used Cars', item: 'https://dealer.example/search/used-cars' });
    expect(ld.itemListElement[5]).not.toHaveProperty('item');
  });
  it('describes the car and its offer in AUD', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const ld = carOfferJsonLd(car, 'https://dealer.example', 'City Motors') as any;
    expect(ld.url).toBe('https://dealer.example/cars/2021-mazda-3-g20-evolve-abc123');
    expect(ld.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(ld.mileageFromOdometer).toEqual({ '@type': 'QuantitativeValue', value: 45000, unitCode: 'KMT' });
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      url: 'https://dealer.example/cars/2021-mazda-3-g20-evolve-abc123',
      priceCurrency: 'AUD',
      price: 25990,
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'AutoDealer', name: 'City Motors' },
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
    expect((carOfferJsonLd({ ...car, price: 0, status: 'sold' }, 'https://d.example') as any).offers).toEqual({
      '@type': 'Offer',
      url: 'https://d.example/cars/2021-mazda-3-g20-evolve-abc123',
      priceCurrency: 'AUD',
      availability: 'https://schema.org/SoldOut',
    });
  });
});
