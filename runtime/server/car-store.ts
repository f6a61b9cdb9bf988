// The catalogue's cars by id and slug. In memory for tests and small stock; on disk (a private temporary SQLite
// database, deleted when closed) for the server, so a vehicle page reads its one car and 200,000 cars are not each
// kept as ~10 KB of objects in the heap. A rebuildable copy of the feed: no journal, no fsync.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  private db!: Database.Database;
  private insert!: Database.Statement;
  private selectId!: Database.Statement;
  private selectSlug!: Database.Statement;
  private remove!: Database.Statement;
  private selectDealership!: Database.Statement;
  private selectSearchRows!: Database.Statement;
  private pending: [Car, string | null][] = [];
  /** The file is a demo stock cache other servers may read: copied to a private file before the first change. */
  private shared = false;
  private copy: string | undefined;
  private slugIndexed = false;
  /** Where the database is now (publish renames it; better-sqlite3's `name` keeps the path it was opened at). */
  private file = '';

  /** `file`: '' for a temporary database; a path to create the cache file there (see publish) or open it (shared). */
  constructor(file = '', { shared = false }: { shared?: boolean } = {}) {
    this.open(file);
    this.shared = shared;
  }

  private open(file: string) {
    this.file = file;
    this.db = new Database(file);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -4096');
    // search: the car's indexed fields as JSON (a cached demo stock is indexed from them without parsing whole cars).
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS cars (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, dealership_id INTEGER NOT NULL, json TEXT NOT NULL, search TEXT)',
    );
    this.insert = this.db.prepare('INSERT OR REPLACE INTO cars (id, slug, dealership_id, json, search) VALUES (?, ?, ?, ?, ?)');
    this.selectId = this.db.prepare('SELECT json FROM cars WHERE id = ?').pluck();
    this.selectSlug = this.db.prepare('SELECT json FROM cars WHERE slug = ? ORDER BY id DESC LIMIT 1').pluck();
    this.remove = this.db.prepare('DELETE FROM cars WHERE id = ?');
    this.selectDealership = this.db.prepare('SELECT json FROM cars WHERE dealership_id = ?').pluck();
    this.selectSearchRows = this.db.prepare('SELECT id, search FROM cars WHERE id > ? ORDER BY id LIMIT ?');
  }

  /** `search`: the car's indexed fields as JSON, kept for searchRows (a demo stock cache). */
  put(car: Car, search: string | null = null) {
    this.writable();
    this.pending.push([car, search]);
    if (this.pending.length >= 2000) this.flush();
  }

  private flush() {
    if (this.pending.length === 0) return;
    const cars = this.pending;
    this.pending = [];
    this.db.transaction(() => {
      for (const [car, search] of cars) this.insert.run(car.id, car.slug, car.dealership_id, JSON.stringify(car), search);
    })();
  }

  /** The slug index is made when first needed (a page by slug, the cache published), once the bulk load is in: built in
   *  one pass it costs a fraction of keeping it up to date through 200,000 inserts. */
  indexSlugs() {
    if (this.slugIndexed) return;
    this.db.exec('CREATE INDEX IF NOT EXISTS cars_slug ON cars (slug)');
    this.slugIndexed = true;
  }

  /** Before a change to a shared cache file: continue on a private copy, removed when closed or the process exits. */
  private writable() {
    if (!this.shared) return;
    const copy = join(tmpdir(), `car-store-${process.pid}-${randomUUID().slice(0, 8)}.sqlite`);
    // The cache file may be gone (a later start removed it as stale): then the copy is made from this connection.
    if (existsSync(this.file)) copyFileSync(this.file, copy);
    else this.db.prepare('VACUUM INTO ?').run(copy);
    this.db.close();
    this.open(copy);
    this.shared = false;
    // SQLite will not write to a file once unlinked, so the copy is removed afterwards.
    this.copy = copy;
    process.once('exit', () => rmSync(copy, { force: true }));
  }

  /** Makes the (complete) database file the cache at `path` for later starts; this store then treats it as shared. */
  publish(path: string) {
    this.flush();
    this.indexSlugs();
    renameSync(this.file, path);
    this.file = path;
    this.shared = true;
  }

  /** The indexed fields (JSON, as put) of every car, in id order, `size` at a time. */
  *searchRows(size = 1000): Generator<{ id: number; search: string | null }[]> {
    this.flush();
    for (let after = -1; ; ) {
      const rows = this.selectSearchRows.all(after, size) as { id: number; search: string | null }[];
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
    }
  }

  byId(id: number) {
    this.flush();
    if (!Number.isSafeInteger(id)) return undefined;
    const json = this.selectId.get(id) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as Car);
  }

  bySlug(slug: string) {
    this.flush();
    this.indexSlugs();
    const json = this.selectSlug.get(slug) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as Car);
  }

  delete(car: Car) {
    this.writable();
    this.flush();
    this.remove.run(car.id);
  }

  ofDealerships(ids: ReadonlySet<number>) {
    this.flush();
    return [...ids].flatMap((id) => (this.selectDealership.all(id) as string[]).map((json) => JSON.parse(json) as Car));
  }

  close() {
    this.pending = [];
    if (this.db.open) this.db.close();
    if (this.copy) rmSync(this.copy, { force: true });
  }
}
