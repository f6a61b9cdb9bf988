import { describe, expect, it } from 'vitest';
import {
  enquireCar,
  rememberEnquireCar,
  COMPARE_LIMIT,
  compareIds,
  favouriteRecord,
  favourites,
  recordViewedCar,
  siteStorageKey,
  toggleCompare,
  toggleFavourite,
  viewedCars,
} from './site-storage';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
  key() {
    return null;
  }
  get length() {
    return this.data.size;
  }
}

const car = {
  id: 7,
  slug: '2021-mazda-cx-5-7',
  make: 'Mazda',
  model: 'CX-5',
  stocknum: 'S7',
  simple_body: 'SUV',
  bodyconfiguration: 'Wagon',
  primary_image_url: '/m/7.jpg',
  price: 1,
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
} as any;

describe('browser storage per site (docs/requirements/vehicle-browsing.md#data, #calls; docs/requirements/dealer-services.md#data)', () => {
  it('records viewed cars with exactly the seed fields, newest first, once per car, per site', () => {
    const s = new MemoryStorage() as unknown as Storage;
    recordViewedCar(s, 'a', car);
    recordViewedCar(s, 'a', { ...car, id: 8 });
    recordViewedCar(s, 'a', car);
    expect(viewedCars(s, 'a')).toEqual([
      { id: 7, stocknum: 'S7', make: 'Mazda', model: 'CX-5', body: 'Wagon', simple_body: 'SUV' },
      { id: 8, stocknum: 'S7', make: 'Mazda', model: 'CX-5', body: 'Wagon', simple_body: 'SUV' },
    ]);
    expect(viewedCars(s, 'b')).toEqual([]);
    expect(siteStorageKey('a', 'viewed-cars')).toBe('dealer:a:viewed-cars');
  });
  it('favourites keep id, name, slug, make, model, primary_image_url', () => {
    const s = new MemoryStorage() as unknown as Storage;
    expect(toggleFavourite(s, 'a', favouriteRecord(car, '2021 Mazda CX-5'))).toBe(true);
    expect(favourites(s, 'a')).toEqual([
      { id: 7, name: '2021 Mazda CX-5', slug: '2021-mazda-cx-5-7', make: 'Mazda', model: 'CX-5', primary_image_url: '/m/7.jpg' },
    ]);
    expect(toggleFavourite(s, 'a', favouriteRecord(car, 'x'))).toBe(false);
    expect(favourites(s, 'a')).toEqual([]);
  });
  it('compare holds up to 4 cars', () => {
    const s = new MemoryStorage() as unknown as Storage;
    for (let i = 1; i <= COMPARE_LIMIT; i++) expect(toggleCompare(s, 'a', i)).toBe(true);
    expect(toggleCompare(s, 'a', 99)).toBe('full');
    expect(toggleCompare(s, 'a', 2)).toBe(false);
    expect(compareIds(s, 'a')).toEqual([1, 3, 4]);
  });
  it('a damaged entry reads as empty', () => {
    const s = new MemoryStorage() as unknown as Storage;
    s.setItem('dealer:a:favourites', '{not json');
    expect(favourites(s, 'a')).toEqual([]);
  });
  it('remembers the car of the last enquiry, per site', () => {
    const s = new MemoryStorage() as unknown as Storage;
    // biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
    rememberEnquireCar(s, 'a', { id: 7, slug: 'x-7', name: '2021 Mazda CX-5', make: 'Mazda', model: 'CX-5', extra: 1 } as any);
    expect(enquireCar(s, 'a')).toEqual({ id: 7, slug: 'x-7', name: '2021 Mazda CX-5', make: 'Mazda', model: 'CX-5' });
    expect(enquireCar(s, 'b')).toBeNull();
  });
});
