// The catalogue's cars by id and slug. In memory for tests and small stock; on disk (a private temporary SQLite
// database, deleted when closed) for the server, so a vehicle page reads its one car and 200,000 cars are not each
// kept as ~10 KB of objects in the heap. A rebuildable copy of the feed: no journal file, no fsync.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Car } from '../../schemas/generated/car';
import type { StoredField } from '../search';

export interface CarStore {
  /** `search` and `made`: see DiskCarStore.put (a memory store keeps the car itself). */
  put(car: Car, search?: string | null, made?: boolean): void;
  byId(id: number): Car | undefined;
  bySlug(slug: string): Car | undefined;
  delete(car: Car): void;
  /** Every car of these dealerships (a stock feed's incremental update compares them with the feed). */
  ofDealerships(ids: ReadonlySet<number>): Car[];
  /** Every car's id (a search index built again from the stock kept here). */
  allIds(): Iterable<number>;
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
  allIds() {
    return this.ids.keys();
  }
  delete(car: Car) {
    this.ids.delete(car.id);
    if (this.slugs.get(car.slug)?.id === car.id) this.slugs.delete(car.slug);
  }
  ofDealerships(ids: ReadonlySet<number>) {
    return [...this.ids.values()].filter((c) => ids.has(c.dealership_id));
  }
}

/** A field's codes as stored: in 1 or 2 bytes each when its values fit (most fields have a few dozen values), so a
 *  start reads 60 MB of them at 800,000 cars rather than 150 MB. The width is the blob's length over the stock's size. */
function storedCodes(codes: Int32Array): Buffer {
  let max = 0;
  for (const code of codes) if (code > max) max = code;
  // Codes are -1 (no value) and up: signed types keep that.
  const narrow = max <= 127 ? new Int8Array(codes) : max <= 32_767 ? new Int16Array(codes) : codes;
  return Buffer.from(narrow.buffer, narrow.byteOffset, narrow.byteLength);
}

function codesOfStored(stored: Buffer, size: number): Int32Array {
  const width = size > 0 ? stored.byteLength / size : 4;
  // Copied: a Buffer's bytes need not start on a boundary of the type.
  const bytes = new Uint8Array(stored);
  if (width === 1) return new Int32Array(new Int8Array(bytes.buffer));
  if (width === 2) return new Int32Array(new Int16Array(bytes.buffer));
  return new Int32Array(bytes.buffer);
}

/** A field's distinct values as stored: finite numbers only (ids, dates, km) as 8 bytes each, which a start reads
 *  without parsing (800,000 ids are 10 MB of JSON); any other list as JSON. */
function storedValues(values: readonly unknown[]): string | Buffer {
  if (values.length === 0 || !values.every((v) => typeof v === 'number' && Number.isFinite(v))) return JSON.stringify(values);
  const numbers = Float64Array.from(values as number[]);
  return Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength);
}

function valuesOfStored(stored: string | Buffer): unknown[] {
  if (typeof stored === 'string') return JSON.parse(stored) as unknown[];
  // Copied: a Buffer's bytes need not start on an 8-byte boundary.
  const numbers = new Float64Array(stored.byteLength / 8);
  new Uint8Array(numbers.buffer).set(stored);
  return Array.from(numbers);
}

/** Makes a car of a generated stock again from its id and the time the stock was made (see demoCarMaker). */
export interface CarMaker {
  make(id: number, madeAt: number): Car | undefined;
  madeAt: number;
}

/** Cars made again recently, as JSON: the hits of a popular search page are not made again for each search. */
const REMADE_KEPT = 256;

export class DiskCarStore implements CarStore {
  private db!: Database.Database;
  private insert!: Database.Statement;
  private selectId!: Database.Statement;
  private selectSlug!: Database.Statement;
  private remove!: Database.Statement;
  private selectDealership!: Database.Statement;
  private selectSearchRows!: Database.Statement;
  private pending: [Car, string | null, boolean][] = [];
  private readonly maker: CarMaker | undefined;
  private readonly remade = new Map<number, string>();
  /** The file is a demo stock cache other servers may read: copied to a private file before the first change. */
  private shared = false;
  private copy: string | undefined;
  private slugIndexed = false;
  /** Where the database is now (publish renames it; better-sqlite3's `name` keeps the path it was opened at). */
  private file = '';

  /**
   * `file`: '' for a temporary database; a path to create the cache file there (see publish) or open it (shared).
   * `maker`: cars put as made are stored without their JSON and made again when read; a shared file says when its
   * stock was made (the cars' dates count from then).
   */
  constructor(file = '', { shared = false, maker }: { shared?: boolean; maker?: CarMaker } = {}) {
    this.open(file);
    this.shared = shared;
    if (!maker) return;
    const madeAt = this.db.prepare("SELECT value FROM meta WHERE key = 'made_at'").pluck().get() as string | undefined;
    if (madeAt === undefined) this.db.prepare("INSERT INTO meta (key, value) VALUES ('made_at', ?)").run(String(maker.madeAt));
    this.maker = { make: maker.make, madeAt: madeAt === undefined ? maker.madeAt : Number(madeAt) };
  }

  private open(file: string) {
    this.file = file;
    this.db = new Database(file);
    // A rollback journal in memory: better-sqlite3's defensive mode turns journal_mode = OFF into DELETE, which wrote a
    // -journal file beside the cache for each transaction (and another start's clean-up of stale files could remove it
    // mid-transaction: SQLITE_IOERR_DELETE_NOENT).
    this.db.pragma('journal_mode = MEMORY');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -4096');
    // search: the car's indexed fields as JSON (a cached demo stock is indexed from them without parsing whole cars).
    // json: NULL for a car the maker makes again when read.
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS cars (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, dealership_id INTEGER NOT NULL, json TEXT, search TEXT);' +
        'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);' +
        // The search engine's indexed fields of the whole stock as it encodes them (a code per car per field, and each
        // distinct value once): a later start loads these instead of reading and encoding 200,000 rows.
        'CREATE TABLE IF NOT EXISTS search_fields (name TEXT PRIMARY KEY, codes BLOB NOT NULL, field_values TEXT NOT NULL)',
    );
    this.insert = this.db.prepare('INSERT OR REPLACE INTO cars (id, slug, dealership_id, json, search) VALUES (?, ?, ?, ?, ?)');
    this.selectId = this.db.prepare('SELECT json FROM cars WHERE id = ?').pluck();
    this.selectSlug = this.db.prepare('SELECT id, json FROM cars WHERE slug = ? ORDER BY id DESC LIMIT 1');
    this.remove = this.db.prepare('DELETE FROM cars WHERE id = ?');
    this.selectDealership = this.db.prepare('SELECT id, json FROM cars WHERE dealership_id = ?');
    this.selectSearchRows = this.db.prepare('SELECT id, search FROM cars WHERE id > ? ORDER BY id LIMIT ?');
  }

  /** `search`: the car's indexed fields as JSON, kept for searchRows (a demo stock cache). `made`: the maker makes
   *  this very car again, so its JSON is not stored (a car changed since is put whole). */
  put(car: Car, search: string | null = null, made = false) {
    this.writable();
    this.remade.delete(car.id);
    this.pending.push([car, search, made && this.maker !== undefined]);
    if (this.pending.length >= 2000) this.flush();
  }

  private flush() {
    if (this.pending.length === 0) return;
    const cars = this.pending;
    this.pending = [];
    this.db.transaction(() => {
      for (const [car, search, made] of cars) this.insert.run(car.id, car.slug, car.dealership_id, made ? null : JSON.stringify(car), search);
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

  /**
   * Makes the (complete) database file the cache at `path` for later starts; this store then treats it as shared.
   * Two starts making the same stock at once both get here: the first to link its file wins, and the other keeps its
   * own file as a private one (a rename would swap the file under the first while it reads it: CI saw SQLite's
   * SQLITE_IOERR_DELETE_NOENT when two servers started together).
   */
  publish(path: string) {
    this.flush();
    this.indexSlugs();
    try {
      linkSync(this.file, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const mine = this.file;
      this.copy = mine;
      process.once('exit', () => rmSync(mine, { force: true }));
      return false;
    }
    rmSync(this.file, { force: true });
    this.file = path;
    this.shared = true;
    return true;
  }

  /** Keeps the search engine's stored fields of the `size` cars now in the store (see EmbeddedIndex.storedFields). */
  writeSearchFields(size: number, fields: readonly StoredField[]) {
    this.writable();
    this.flush();
    const insert = this.db.prepare('INSERT OR REPLACE INTO search_fields (name, codes, field_values) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('search_size', ?)").run(String(size));
      for (const f of fields) insert.run(f.name, storedCodes(f.codes), storedValues(f.values));
    })();
  }

  /** The stored fields writeSearchFields kept (with the cars' ids), or undefined when there are none or the stock changed since. */
  readSearchFields(): { size: number; fields: StoredField[] } | undefined {
    this.flush();
    const size = this.db.prepare("SELECT value FROM meta WHERE key = 'search_size'").pluck().get() as string | undefined;
    if (size === undefined || Number(size) !== (this.db.prepare('SELECT count(*) FROM cars').pluck().get() as number)) return undefined;
    const rows = this.db.prepare('SELECT name, codes, field_values FROM search_fields').all() as {
      name: string;
      codes: Buffer;
      field_values: string | Buffer;
    }[];
    if (!rows.some((row) => row.name === 'id')) return undefined;
    const fields = rows.map((row) => {
      // Copied: a Buffer's bytes need not start on a 4-byte boundary.
      return { name: row.name, codes: codesOfStored(row.codes, Number(size)), values: valuesOfStored(row.field_values) };
    });
    return { size: Number(size), fields };
  }

  /** The indexed fields (JSON, as put) of every car, in id order, `size` at a time. */
  *searchRows(size = 1000): Generator<{ id: number; search: string | null }[]> {
    this.flush();
    for (let after = -1; ; ) {
      const rows = this.selectSearchRows.all(after, size) as { id: number; search: string | null }[];
      const last = rows.at(-1);
      if (!last) return;
      yield rows;
      after = last.id;
    }
  }

  *allIds() {
    for (const rows of this.searchRows()) for (const row of rows) yield row.id;
  }

  /** A stored car, or the maker's for a row without JSON; a fresh object each read (callers add fields to it). */
  private carOf(id: number, json: string | null): Car | undefined {
    if (json !== null) return JSON.parse(json) as Car;
    let made = this.remade.get(id);
    if (made === undefined) {
      const car = this.maker?.make(id, this.maker.madeAt);
      if (!car) return undefined;
      made = JSON.stringify(car);
      if (this.remade.size >= REMADE_KEPT) this.remade.delete(this.remade.keys().next().value!);
    } else this.remade.delete(id); // kept as the most recent
    this.remade.set(id, made);
    return JSON.parse(made) as Car;
  }

  byId(id: number) {
    this.flush();
    if (!Number.isSafeInteger(id)) return undefined;
    const json = this.selectId.get(id) as string | null | undefined;
    return json === undefined ? undefined : this.carOf(id, json);
  }

  bySlug(slug: string) {
    this.flush();
    this.indexSlugs();
    const row = this.selectSlug.get(slug) as { id: number; json: string | null } | undefined;
    return row && this.carOf(row.id, row.json);
  }

  delete(car: Car) {
    this.writable();
    this.flush();
    this.remove.run(car.id);
    this.remade.delete(car.id);
  }

  ofDealerships(ids: ReadonlySet<number>) {
    this.flush();
    return [...ids].flatMap((id) =>
      (this.selectDealership.all(id) as { id: number; json: string | null }[]).flatMap((row) => this.carOf(row.id, row.json) ?? []),
    );
  }

  close() {
    this.pending = [];
    if (this.db.open) this.db.close();
    if (this.copy) rmSync(this.copy, { force: true });
  }
}
