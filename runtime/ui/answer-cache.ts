// In-memory cache of answers for browser-side lists (docs/requirements/vehicle-browsing.md#calls, #constants: search responses are cached in memory and the
// oldest entry is dropped when the cache is full). Insertion-ordered: a set moves the key to the newest place.
export class AnswerCache<V> {
  private entries = new Map<string, V>();
  constructor(readonly capacity: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
  has(key: string): boolean {
    return this.entries.has(key);
  }
  get size(): number {
    return this.entries.size;
  }
}
