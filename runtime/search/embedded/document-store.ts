// Where an index keeps its whole documents. Searching needs only the columns built from a few attributes; the whole
// document is read for the hits of one page. In memory for tests and small stock; on disk (a private temporary
// SQLite database, deleted when closed) so 200,000 cars do not each hold ~10 KB of objects in the heap.
import Database from 'better-sqlite3';
import type { Document } from '../types.js';

export interface DocumentStore {
  put(slot: number, doc: Document): void;
  delete(slot: number): void;
  get(slot: number): Document;
  /** Several slots, in the order asked. */
  getMany(slots: readonly number[]): Document[];
  close(): void;
}

export class MemoryDocumentStore implements DocumentStore {
  private readonly docs: Document[] = [];
  put(slot: number, doc: Document) {
    this.docs[slot] = doc;
  }
  delete(slot: number) {
    delete this.docs[slot];
  }
  // An empty slot (deleted, or never filled) reads as an empty document; the index asks only for live slots.
  get(slot: number): Document {
    return this.docs[slot] ?? {};
  }
  getMany(slots: readonly number[]) {
    return slots.map((s) => this.get(s));
  }
  close() {
    this.docs.length = 0;
  }
}

/** JSON rows in a temporary on-disk SQLite database: a rebuildable copy, so no journal and no fsync. */
export class DiskDocumentStore implements DocumentStore {
  private readonly db = new Database('');
  private readonly insert;
  private readonly select;
  private readonly remove;
  private pending: [number, string][] = [];

  constructor() {
    this.db.pragma('journal_mode = MEMORY'); // better-sqlite3 refuses OFF (defensive mode) and keeps DELETE
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -4096'); // KiB: the operating system caches the file, not the heap
    this.db.exec('CREATE TABLE docs (slot INTEGER PRIMARY KEY, json TEXT NOT NULL)');
    this.insert = this.db.prepare('INSERT OR REPLACE INTO docs (slot, json) VALUES (?, ?)');
    this.select = this.db.prepare('SELECT json FROM docs WHERE slot = ?').pluck();
    this.remove = this.db.prepare('DELETE FROM docs WHERE slot = ?');
  }

  put(slot: number, doc: Document) {
    this.pending.push([slot, JSON.stringify(doc)]);
    if (this.pending.length >= 2000) this.flush();
  }

  private flush() {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.db.transaction(() => {
      for (const [slot, json] of rows) this.insert.run(slot, json);
    })();
  }

  delete(slot: number) {
    this.flush();
    this.remove.run(slot);
  }

  get(slot: number): Document {
    this.flush();
    const json = this.select.get(slot) as string | undefined;
    return json === undefined ? {} : (JSON.parse(json) as Document);
  }

  getMany(slots: readonly number[]) {
    return slots.map((s) => this.get(s));
  }

  close() {
    this.pending = [];
    if (this.db.open) this.db.close();
  }
}

/** Whole documents kept by their owner (the car catalogue's store) and read by primary key: no second copy. */
export class ExternalDocumentStore implements DocumentStore {
  private keys: (string | number)[] = [];

  constructor(
    private readonly primaryKey: string,
    private readonly load: (key: string | number) => Document | undefined,
  ) {}

  put(slot: number, doc: Document) {
    this.keys[slot] = doc[this.primaryKey] as string | number;
  }

  /** The key of every slot from 0 on, as a stored index loads them (no document object per slot). */
  putKeys(keys: (string | number)[]) {
    this.keys = keys;
  }

  delete(slot: number) {
    delete this.keys[slot];
  }

  get(slot: number): Document {
    const key = this.keys[slot];
    if (key === undefined) return {};
    // The owner removes a document just before the index does: a search in between gets its key alone.
    return this.load(key) ?? { [this.primaryKey]: key };
  }

  getMany(slots: readonly number[]) {
    return slots.map((s) => this.get(s));
  }

  close() {
    this.keys.length = 0;
  }
}
