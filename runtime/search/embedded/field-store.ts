// The indexed fields of every document slot, dictionary-encoded per field: one Int32 code per slot and each distinct
// value kept once. The columns, sort orders and text index are built from it. 200,000 documents held as objects of
// ~50 properties cost ~4 KB each in the heap; here a slot costs 4 bytes per field plus its values that no other
// document shares (ids, stock numbers, prices).
import type { Document } from '../types.js';

/** What valueAt answers for a field the document does not have (a field holding `undefined` is present). */
export const MISSING = Symbol('missing');

const ABSENT = -1;

/** The values of one field or path: a code per slot (ABSENT_CODE: missing) and the value of each code. The column
 *  builders work once per distinct value rather than once per slot (200,000 cars hold a few thousand models). */
export interface Dictionary {
  readonly codes: Int32Array;
  /** The value at the path for this code; MISSING when a nested path is not in it. */
  valueOf(code: number): unknown;
}

export const ABSENT_CODE = ABSENT;

/** Values per slot, read by the column builders: an index's field store, or plain documents (tests). */
export interface IndexedValues {
  /** Slots 0 .. size-1; a deleted slot reads as missing everywhere. */
  readonly size: number;
  valueAt(slot: number, path: string): unknown;
  dictionary(path: string): Dictionary;
}

/** One field of every slot as stored (a demo stock cache keeps it, so a later start does not encode the cars again). */
export interface StoredField {
  name: string;
  /** Per slot, 0 .. size-1. */
  codes: Int32Array;
  values: unknown[];
}

/** The value down a path of keys inside a field's value ("rating" then "users"); MISSING where the path stops. */
function nestedValue(value: unknown, keys: readonly string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === MISSING || current == null || typeof current !== 'object' || !(key in current)) return MISSING;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

class FieldColumn {
  codes: Int32Array;
  readonly values: unknown[];
  /** Scalars by value (strings, numbers, booleans, null, undefined); objects and arrays by their JSON. Made when first
   *  needed: a column read back from storage may never get another value. */
  private scalarCodes: Map<unknown, number> | undefined;
  private structuredCodes: Map<string, number> | undefined;

  constructor(capacity: number, codes?: Int32Array, values: unknown[] = []) {
    // Stored codes of exactly the capacity are taken as they are (a stored load: 800,000 cars are 3 MB a field).
    if (codes?.length === capacity) this.codes = codes;
    else {
      this.codes = new Int32Array(capacity).fill(ABSENT);
      if (codes) this.codes.set(codes);
    }
    this.values = values;
  }

  grow(capacity: number): void {
    const codes = new Int32Array(capacity).fill(ABSENT);
    codes.set(this.codes);
    this.codes = codes;
  }

  codeOf(value: unknown): number {
    if (!this.scalarCodes || !this.structuredCodes) {
      this.scalarCodes = new Map();
      this.structuredCodes = new Map();
      // The first spelling of a value keeps its code, as when the values were added one by one.
      for (let code = this.values.length - 1; code >= 0; code--) {
        const v = this.values[code];
        if (v !== null && typeof v === 'object') this.structuredCodes.set(JSON.stringify(v), code);
        else this.scalarCodes.set(v, code);
      }
    }
    const structured = value !== null && typeof value === 'object';
    const map = structured ? this.structuredCodes : this.scalarCodes;
    const key = structured ? JSON.stringify(value) : value;
    let code = (map as Map<unknown, number>).get(key);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      (map as Map<unknown, number>).set(key, code);
    }
    return code;
  }
}

export class FieldStore implements IndexedValues {
  private readonly fields = new Map<string, FieldColumn>();
  private capacity = 1024;
  size = 0;

  /** Top-level field names in order of first appearance (an index searching '*' searches them in this order). */
  fieldNames(): string[] {
    return [...this.fields.keys()];
  }

  /** Stores `fields` of the document (every top-level field when undefined) at `slot`, replacing what it held. */
  set(slot: number, doc: Document, fields?: ReadonlySet<string>): void {
    if (slot >= this.capacity) {
      while (slot >= this.capacity) this.capacity *= 2;
      for (const column of this.fields.values()) column.grow(this.capacity);
    }
    if (slot >= this.size) this.size = slot + 1;
    this.clear(slot);
    for (const key of fields ?? Object.keys(doc)) {
      if (!(key in doc)) continue;
      let column = this.fields.get(key);
      if (!column) this.fields.set(key, (column = new FieldColumn(this.capacity)));
      column.codes[slot] = column.codeOf(doc[key]);
    }
  }

  /** Forgets the slot's values (a deleted document): it reads as missing for every field. */
  clear(slot: number): void {
    for (const column of this.fields.values()) if (slot < column.codes.length) column.codes[slot] = ABSENT;
  }

  private topLevel(slot: number, key: string): unknown {
    const column = this.fields.get(key);
    const code = column && slot < this.size ? (column.codes[slot] ?? ABSENT) : ABSENT;
    return column && code !== ABSENT ? column.values[code] : MISSING;
  }

  /** The value at a field or dotted path ("rating.users"), as Meilisearch reads nested fields; MISSING when absent. */
  valueAt(slot: number, path: string): unknown {
    const top = this.topLevel(slot, path);
    if (top !== MISSING || !path.includes('.')) return top;
    const [first = '', ...rest] = path.split('.');
    return nestedValue(this.topLevel(slot, first), rest);
  }

  /** Codes per slot and values per code of `path`: a top-level field's own, a nested path's through its top-level
   *  field, or (a path also stored whole under its dotted name) one code per slot. */
  dictionary(path: string): Dictionary {
    const whole = this.fields.get(path);
    if (whole) {
      if (!path.includes('.')) return { codes: whole.codes.subarray(0, this.size), valueOf: (code) => whole.values[code] };
    } else {
      const [first = '', ...rest] = path.split('.');
      const top = this.fields.get(first);
      if (!top) return { codes: new Int32Array(this.size).fill(ABSENT), valueOf: () => MISSING };
      if (rest.length > 0) return { codes: top.codes.subarray(0, this.size), valueOf: (code) => nestedValue(top.values[code], rest) };
    }
    return { codes: Int32Array.from({ length: this.size }, (_, slot) => slot), valueOf: (slot) => this.valueAt(slot, path) };
  }

  /** Every field of every slot as stored: written once, read back by fromStored. */
  stored(): StoredField[] {
    return [...this.fields].map(([name, column]) => ({ name, codes: column.codes.slice(0, this.size), values: column.values }));
  }

  /** A store holding exactly what `stored()` gave (codes per slot, values per code). */
  static fromStored(size: number, fields: readonly StoredField[]): FieldStore {
    const store = new FieldStore();
    // As large as the stored fields, so their codes are kept without a copy; an added document grows it (doubling).
    store.capacity = Math.max(1, size);
    store.size = size;
    for (const f of fields) store.fields.set(f.name, new FieldColumn(store.capacity, f.codes, f.values));
    return store;
  }

  /** The slot's stored fields as a document (values are shared between slots: read, never change them). */
  document(slot: number): Document {
    const out: Document = {};
    for (const [key, column] of this.fields) {
      const code = slot < this.size ? (column.codes[slot] ?? ABSENT) : ABSENT;
      if (code !== ABSENT) out[key] = column.values[code];
    }
    return out;
  }
}

/** Plain documents as IndexedValues (tests and small in-memory uses). */
export function valuesOfDocuments(docs: readonly Record<string, unknown>[]): IndexedValues {
  const store = new FieldStore();
  docs.forEach((doc, slot) => store.set(slot, doc));
  return store;
}
