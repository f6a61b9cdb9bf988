import { bodyKindOf } from './car-image';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { generateInventory } from './generate';
import { SHOWCASE } from './listing-traits';
import { SPIN_FRAME_COUNT } from './media-paths';
import { atLeast } from '../../test-support/at-least';
import { DAY_SECONDS, NOW, NOW_SECONDS, SAMPLE_DEALERSHIPS } from '../../test-support/inventory';
import { validateCar } from './validate-car';

const generate = (count: number, seed = 1) => generateInventory({ count, seed, dealerships: SAMPLE_DEALERSHIPS, now: NOW });

describe('generateInventory determinism', () => {
  it('gives byte-identical JSON for the same seed and inputs', () => {
    expect(JSON.stringify(generate(400, 5))).toBe(JSON.stringify(generate(400, 5)));
  });

  it('gives different stock for a different seed', () => {
    const a = generate(100, 1).map((c) => c.title);
    const b = generate(100, 2).map((c) => c.title);
    expect(a).not.toEqual(b);
  });

  it('keeps earlier cars unchanged when the count grows', () => {
    expect(JSON.stringify(generate(200).slice(0, 50))).toBe(JSON.stringify(generate(50)));
  });

  it('rejects an empty dealership list', () => {
    expect(() => generateInventory({ dealerships: [], now: NOW })).toThrow('at least one dealership');
  });
});

describe('generated cars', () => {
  let cars: Car[];
  const some = (what: string, test: (car: Car) => boolean) => {
    const found = cars.filter(test);
    expect(found.length, `expected some cars: ${what}`).toBeGreaterThan(0);
    return atLeast(1, found, what);
  };

  beforeAll(() => {
    cars = generate(3000);
  });

  it('all validate against car.schema.json', () => {
    const invalid = cars.map((car) => ({ id: car.id, result: validateCar(structuredClone(car)) })).filter((r) => !r.result.ok);
    expect(invalid).toEqual([]);
  });

  it('have unique ids and slugs', () => {
    expect(new Set(cars.map((c) => c.id)).size).toBe(cars.length);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
  });

  it('puts each showcase case on the first cars', () => {
    expect(SHOWCASE.length).toBeLessThan(60);
    const first = cars.slice(0, SHOWCASE.length);
    expect(first[0]?.sold_date_timestamp).toBe(NOW_SECONDS - DAY_SECONDS);
  });

  it('has cars sold within the last 3 days and cars sold earlier (docs/requirements/vehicle-browsing.md#states)', () => {
    const sold = some('sold', (c) => c.status === 'sold');
    for (const car of sold) {
      expect(car.sold).toBe(true);
      expect(car.sold_date_timestamp).toBeLessThanOrEqual(NOW_SECONDS);
      expect(car.created_at_timestamp!).toBeLessThan(car.sold_date_timestamp!);
    }
    some('sold within 3 days', (c) => c.status === 'sold' && c.sold_date_timestamp! >= NOW_SECONDS - 3 * DAY_SECONDS);
    some('sold more than 3 days ago', (c) => c.status === 'sold' && c.sold_date_timestamp! < NOW_SECONDS - 3 * DAY_SECONDS);
    expect(cars.filter((c) => c.status !== 'sold').every((c) => c.sold_date_timestamp === null && !c.sold)).toBe(true);
  });

  it('is mostly in stock, with some coming soon', () => {
    const inStock = cars.filter((c) => c.status === 'in_stock').length;
    expect(inStock / cars.length).toBeGreaterThan(0.7);
    some('coming soon', (c) => c.status === 'coming_soon');
  });

  it('has years and km that fit the car type', () => {
    for (const car of cars) {
      if (car.car_type === 'new') {
        expect(car.year).toBeGreaterThanOrEqual(2024);
        expect(car.km).toBeLessThanOrEqual(50);
      }
      if (car.car_type === 'demo') expect(car.km).toBeLessThan(10000);
      if (car.car_type === 'used') expect(car.year).toBeLessThan(2025);
    }
    const used = cars.filter((c) => c.car_type === 'used' && c.item_type === 'car' && c.price > 0);
    const avg = (list: Car[]) => list.reduce((s, c) => s + c.price, 0) / list.length;
    // priced by age: older used cars are cheaper on average
    expect(avg(used.filter((c) => c.year <= 2017))).toBeLessThan(avg(used.filter((c) => c.year >= 2023)));
  });

  it('respects what each dealership sells', () => {
    for (const car of cars) {
      const dealer = SAMPLE_DEALERSHIPS.find((d) => d.id === car.dealership_id)!;
      expect(dealer.locations.map((l) => l.id)).toContain(car.location_id);
      if (dealer.carTypes) expect(dealer.carTypes).toContain(car.car_type);
      if (dealer.kinds) expect(dealer.kinds).toContain(car.item_type);
      else expect(car.item_type).toBe('car');
      if (dealer.makes && car.car_type !== 'used') expect(dealer.makes).toContain(car.make);
    }
  });

  it('has caravans with their specifications and motorcycles', () => {
    const caravans = some('caravans', (c) => c.item_type === 'caravan');
    for (const caravan of caravans) {
      expect(caravan.simple_body).toBe('Caravan');
      expect(Object.keys(caravan.specifications!).sort()).toEqual([
        'aggregate_trailer_mass',
        'axle_type',
        'body_length',
        'body_width',
        'sleeps',
        'tare_weight',
      ]);
    }
    some(
      'caravan with every specification filled',
      (c) => c.item_type === 'caravan' && Object.values(c.specifications!).every((v) => v !== null && v !== '' && v !== 'null'),
    );
    some('motorcycles', (c) => c.item_type === 'motorcycle' && c.simple_body === 'Motorcycle' && (c.engine_size ?? 0) > 0);
  });

  it('has spin cars with 36 frames, an interior and exterior/interior hotspots', () => {
    const spins = some('spin cars', (c) => (c.spin_images?.length ?? 0) > 0);
    for (const car of spins) {
      expect(car.spin_images).toHaveLength(SPIN_FRAME_COUNT);
      expect(car.spin_images![35]).toBe(`/media/cars/${car.id}/spin/35.svg`);
      expect(car.spin_interior_image).toBe(`/media/cars/${car.id}/interior.svg`);
      expect(car.hotspots!.exterior.length).toBeGreaterThanOrEqual(3);
      expect(car.hotspots!.interior.length).toBeGreaterThan(0);
      for (const spot of car.hotspots!.exterior) {
        expect(spot.anchors.length).toBeGreaterThan(0);
        expect(spot.anchors.length).toBeLessThan(SPIN_FRAME_COUNT + 1);
        for (const a of spot.anchors) {
          expect(a.posX).toBeGreaterThanOrEqual(0);
          expect(a.posX).toBeLessThanOrEqual(100);
          expect(a.posY).toBeGreaterThanOrEqual(0);
          expect(a.posY).toBeLessThanOrEqual(100);
          expect(a.activeAngle).toBeLessThan(SPIN_FRAME_COUNT);
        }
      }
    }
  });

  it('has one-image cars, cars with no image (placeholder) and cars with more than 3 images', () => {
    some('one image', (c) => c.images!.length === 1 && c.photos_count === 1);
    const none = some('no image', (c) => c.images!.length === 0);
    expect(none[0].primary_image_url).toBe(`/media/placeholder.svg?body=${bodyKindOf(none[0].simple_body, none[0].item_type)}`);
    const many = some('more than 3 images', (c) => c.images!.length > 3);
    expect(many[0].images?.[1]?.image?.thumb?.url).toBe(`/media/cars/${many[0].id}/1.svg?w=320`);
    some('video', (c) => !!c.video_url);
    some('external video', (c) => !!c.external_video_url);
  });

  it('has every price style of docs/requirements/vehicle-browsing.md#states', () => {
    some('price 0', (c) => c.price === 0);
    some('subscription price', (c) => (c.subscription_price ?? 0) > 0 && c.price > 0);
    some('was/now', (c) => c.before_price !== null && c.before_price! > c.price);
    some('offer price', (c) => c.offer_price !== null && c.offer_price! < c.price);
    some('preorder with no price', (c) => c.preorder === true && c.price === 0);
    some('driveaway price type', (c) => c.price_type === 'driveaway');
  });

  it('has tags, reserved, certified and new arrivals', () => {
    some('Runout Sale', (c) => c.tag === 'Runout Sale');
    some('Test Drive Only', (c) => c.tag === 'Test Drive Only');
    some('SOLD tag', (c) => c.tag === 'SOLD' && c.status === 'sold');
    some('reserved', (c) => c.reserved === true && c.status !== 'sold');
    some('certified used Toyota', (c) => c.certified === true && c.car_type === 'used' && c.make === 'Toyota');
    some('certified used Mercedes-Benz', (c) => c.certified === true && c.car_type === 'used' && c.make === 'Mercedes-Benz');
    expect(cars.filter((c) => c.certified && c.car_type !== 'used')).toEqual([]);
    some('created within the last 8 days', (c) => c.created_at_timestamp! > NOW_SECONDS - 8 * DAY_SECONDS);
    some('hidden from the dealer website', (c) => c.show_on_dealer_website === false);
  });

  it('has electric and hybrid cars', () => {
    const electric = some('electric', (c) => c.simple_fuel === 'Electric');
    expect(electric[0].engine_size).toBeNull();
    some('hybrid', (c) => c.simple_fuel === 'Hybrid');
  });

  it('has dealer comments empty, short and over 400 characters, and equipment lists empty and over 8', () => {
    some('empty comments', (c) => c.dealercomments === '');
    some('comments over 400 characters', (c) => c.dealercomments!.length > 400);
    some('short comments', (c) => c.dealercomments!.length > 0 && c.dealercomments!.length <= 400);
    some('no equipment', (c) => c.standardEquipment!.length === 0);
    some('more than 8 equipment items', (c) => c.standardEquipment!.length > 8);
  });

  it('has variant specs blanked as null, "null" and empty text', () => {
    const values = cars.flatMap((c) => Object.values(c.variant ?? {}));
    expect(values).toContain(null);
    expect(values).toContain('null');
    expect(values).toContain('');
  });

  it('has rego expiry in the past and in the future', () => {
    const today = new Date(NOW).toISOString().slice(0, 10);
    some('rego expired', (c) => !!c.rego_expiry && c.rego_expiry < today);
    some('rego current', (c) => !!c.rego_expiry && c.rego_expiry > today);
    expect(cars.filter((c) => c.car_type === 'new' && c.item_type === 'car' && c.regplate !== null)).toEqual([]);
  });

  it('has history reports, market data, finance lenders and youx quotes', () => {
    some('history report file', (c) => c.file === `/media/cars/${c.id}/history-report.pdf`);
    some('state average market price', (c) => (c.autograb_data?.state_average_market_price ?? 0) > 0);
    some('national average only', (c) => !!c.autograb_data && c.autograb_data.state_average_market_price === null);
    const financed = some('finance lenders', (c) => !!c.finance_lenders && Object.keys(c.finance_lenders).length > 0);
    const [figures] = atLeast(1, Object.values(financed[0].finance_lenders!), 'the lenders');
    expect(figures.paymentWeek).toBeGreaterThan(0);
    expect(figures.paymentMonth! * 12).toBeCloseTo(figures.paymentWeek! * 52, -1);
    some('youx quote', (c) => (c.youxQuote?.weeklyRepaymentAmount ?? 0) > 0);
  });

  it('stores normalised makes while the feed title keeps the raw spelling (docs/requirements/vehicle-browsing.md#constants)', () => {
    for (const raw of ['Mercedes Benz', 'Suzuki Australia', 'Isuzu UTE']) expect(cars.some((c) => c.make === raw)).toBe(false);
    some('feed said Mercedes Benz', (c) => c.make === 'Mercedes-Benz' && c.carsales_title!.includes('Mercedes Benz'));
    some('feed said Suzuki Australia', (c) => c.make === 'Suzuki' && c.carsales_title!.includes('Suzuki Australia'));
    some('feed said Isuzu UTE', (c) => c.make === 'Isuzu' && c.carsales_title!.includes('Isuzu UTE'));
    some('Mazda numeric model', (c) => c.make === 'Mazda' && c.model === '3');
    some('MG numeric model', (c) => c.make === 'MG' && c.model === '3');
  });

  it('fills the flat search fields and the location object', () => {
    const car = atLeast(11, cars, 'the stock')[10];
    expect(car.make_model).toBe(`${car.make}:${car.model}`);
    expect(car.title!.startsWith(`${car.year} ${car.make} ${car.model}`)).toBe(true);
    expect(car.path).toBe(`/cars/${car.slug}`);
    expect(typeof car.custom_rank).toBe('number');
    expect(car.location!.id).toBe(car.location_id);
    expect(car.location!.address!.city).toBe(car.city);
    some('not at the primary location', (c) => c.location!.primary === false);
    some('private seller', (c) => !!c.private_suburb && /^\d{4}$/.test(c.private_postcode!));
  });
});

describe('generation at scale', () => {
  it('generates 50,000 cars', () => {
    const cars = generateInventory({ count: 50_000, seed: 9, dealerships: SAMPLE_DEALERSHIPS, now: NOW });
    expect(cars).toHaveLength(50_000);
    expect(cars[49_999]?.id).toBe(150_000);
  }, 60_000);
});
