// The catalogue's cars by id and slug. In memory for tests and small stock; on disk (a private temporary SQLite
// database, deleted when closed) for the server, so a vehicle page reads its one car and 200,000 cars are not each
// kept as ~10 KB of objects in the heap. A rebuildable copy of the feed: no journal, no fsync.
import Database from 'better-sqlite3';
import type { Car } from '../../schemas/generated/car';

export interface CarStore {
  put(car: Car): void;
  byId(id: number): Car | undefined;
  bySlug(slug: string): Car | undefined;
  delete(car: Car): void;
  /** Every car of these dealerships (a stock feed's incremental update compares them with the feed). */
  ofDealerships(ids: ReadonlySet<number>): Car[];
}

export class MemoryCarStore implements CarStore {
  private readonly ids = new Map<number, Car>();
  private readonly slugs = new Map<string, Car>();
  put(car: Car) {
    this.ids.set(car.id, car);
    this.slugs.set(car.slug, car);
  }
  byId(id: number) {
    return this.ids.get(id);
  }
  bySlug(slug: string) {
    return this.slugs.get(slug);
  }
  delete(car: Car) {
    this.ids.delete(car.id);
    if (this.slugs.get(car.slug)?.id === car.id) this.slugs.delete(car.slug);
  }
  ofDealerships(ids: ReadonlySet<number>) {
    return [...this.ids.values()].filter((c) => ids.has(c.dealership_id));
  }
}

export class DiskCarStore implements CarStore {
  private readonly db = new Database('');
  private readonly insert;
  private readonly selectId;
  private readonly selectSlug;
  private readonly remove;
  private readonly selectDealership;
  private pending: Car[] = [];

  constructor() {
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -4096');
    this.db.exec('CREATE TABLE cars (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, dealership_id INTEGER NOT NULL, json TEXT NOT NULL)');
    this.insert = this.db.prepare('INSERT OR REPLACE INTO cars (id, slug, dealership_id, json) VALUES (?, ?, ?, ?)');
    this.selectId = this.db.prepare('SELECT json FROM cars WHERE id = ?').pluck();
    this.selectSlug = this.db.prepare('SELECT json FROM cars WHERE slug = ? ORDER BY id DESC LIMIT 1').pluck();
    this.remove = this.db.prepare('DELETE FROM cars WHERE id = ?');
    this.selectDealership = this.db.prepare('SELECT json FROM cars WHERE dealership_id = ?').pluck();
  }

  put(car: Car) {
    this.pending.push(car);
    if (this.pending.length >= 2000) this.flush();
  }

  private flush() {
    if (this.pending.length === 0) return;
    const cars = this.pending;
    this.pending = [];
    this.db.transaction(() => {
      for (const car of cars) this.insert.run(car.id, car.slug, car.dealership_id, JSON.stringify(car));
    })();
    // The slug index is made once the first batch is in, and kept up to date after.
    this.db.exec('CREATE INDEX IF NOT EXISTS cars_slug ON cars (slug)');
  }

  byId(id: number) {
    this.flush();
    if (!Number.isSafeInteger(id)) return undefined;
    const json = this.selectId.get(id) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as Car);
  }

  bySlug(slug: string) {
    this.flush();
    const json = this.selectSlug.get(slug) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as Car);
  }

  delete(car: Car) {
    this.flush();
    this.remove.run(car.id);
  }

  ofDealerships(ids: ReadonlySet<number>) {
    this.flush();
    return [...ids].flatMap((id) => (this.selectDealership.all(id) as string[]).map((json) => JSON.parse(json) as Car));
  }
}
