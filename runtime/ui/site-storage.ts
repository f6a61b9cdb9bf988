// What the site keeps in the shopper's browser, per site (docs/requirements/vehicle-browsing.md#data, #calls;
// docs/requirements/dealer-services.md#data "Keys are per site"):
// viewed cars (id, stocknum, make, model, body, simple_body), favourites (id, name, slug, make, model,
// primary_image_url) and the compare list. Pure over a Storage, so tests run without a browser; a blocked or
// damaged entry reads as empty.
import type { Car } from '../../schemas/generated/car';

export const siteStorageKey = (site: string, name: 'viewed-cars' | 'favourites' | 'compare' | 'enquire-car' | 'analytics-consent') => `dealer:${site}:${name}`;

const VIEWED_CARS_LIMIT = 50;
export const COMPARE_LIMIT = 4;

export interface ViewedCarRecord {
  id: number;
  stocknum: string | null;
  make: string;
  model: string;
  body: string | null;
  simple_body: string | null;
}

export interface FavouriteRecord {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

type CarLike = Pick<Car, 'id' | 'slug' | 'make' | 'model'> & Partial<Car>;

function read<T>(storage: Storage | undefined, key: string): T[] {
  try {
    const parsed = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

function write(storage: Storage | undefined, key: string, value: unknown[]) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the feature simply does not remember
  }
}

const viewedCarRecord = (car: CarLike): ViewedCarRecord => ({
  id: car.id,
  stocknum: car.stocknum ?? null,
  make: car.make,
  model: car.model,
  body: (car as { body?: string }).body ?? car.bodyconfiguration ?? null,
  simple_body: car.simple_body ?? null,
});

export const favouriteRecord = (car: CarLike, name: string): FavouriteRecord => ({
  id: car.id,
  name,
  slug: car.slug,
  make: car.make,
  model: car.model,
  primary_image_url: car.primary_image_url ?? car.thumbnails?.[0] ?? null,
});

/** Records a vehicle page view: most recent first, one entry per car, at most VIEWED_CARS_LIMIT. */
export function recordViewedCar(storage: Storage | undefined, site: string, car: CarLike): ViewedCarRecord[] {
  const key = siteStorageKey(site, 'viewed-cars');
  const next = [viewedCarRecord(car), ...read<ViewedCarRecord>(storage, key).filter((r) => r.id !== car.id)].slice(0, VIEWED_CARS_LIMIT);
  write(storage, key, next);
  return next;
}

export const viewedCars = (storage: Storage | undefined, site: string) => read<ViewedCarRecord>(storage, siteStorageKey(site, 'viewed-cars'));
export const favourites = (storage: Storage | undefined, site: string) =>
  read<FavouriteRecord>(storage, siteStorageKey(site, 'favourites')).filter((f) => typeof f?.id === 'number');
export const compareIds = (storage: Storage | undefined, site: string) =>
  read<number>(storage, siteStorageKey(site, 'compare')).filter((id) => typeof id === 'number');

export function toggleFavourite(storage: Storage | undefined, site: string, record: FavouriteRecord): boolean {
  const key = siteStorageKey(site, 'favourites');
  const list = favourites(storage, site);
  const on = !list.some((f) => f.id === record.id);
  write(storage, key, on ? [...list, record] : list.filter((f) => f.id !== record.id));
  return on;
}

/** Adds or removes a car from the compare list; refuses a fifth car ('full'). */
export function toggleCompare(storage: Storage | undefined, site: string, id: number): boolean | 'full' {
  const list = compareIds(storage, site);
  if (list.includes(id)) {
    write(
      storage,
      siteStorageKey(site, 'compare'),
      list.filter((x) => x !== id),
    );
    return false;
  }
  if (list.length >= COMPARE_LIMIT) return 'full';
  write(storage, siteStorageKey(site, 'compare'), [...list, id]);
  return true;
}

export function removeCompare(storage: Storage | undefined, site: string, id: number) {
  write(
    storage,
    siteStorageKey(site, 'compare'),
    compareIds(storage, site).filter((x) => x !== id),
  );
}

/** The car of the shopper's last enquiry (docs/requirements/vehicle-browsing.md#calls 'enquire car'): what they asked about, for the next form. */
export interface EnquireCarRecord {
  id: number;
  slug: string;
  name: string;
  make: string;
  model: string;
}

export function rememberEnquireCar(storage: Storage | undefined, site: string, car: EnquireCarRecord) {
  try {
    storage?.setItem(siteStorageKey(site, 'enquire-car'), JSON.stringify({ id: car.id, slug: car.slug, name: car.name, make: car.make, model: car.model }));
  } catch {
    // storage full or blocked
  }
}

export function enquireCar(storage: Storage | undefined, site: string): EnquireCarRecord | null {
  try {
    const value = JSON.parse(storage?.getItem(siteStorageKey(site, 'enquire-car')) ?? 'null');
    return value && typeof value.id === 'number' ? (value as EnquireCarRecord) : null;
  } catch {
    return null;
  }
}
