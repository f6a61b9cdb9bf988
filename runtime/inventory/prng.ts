// Seeded pseudo-random numbers: the inventory must be byte-identical for the same seed, so Math.random is never used.

export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability (0..1). */
  chance(probability: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One key chosen by weight, e.g. { new: 4, used: 5 }. */
  weighted<K extends string>(weights: Partial<Record<K, number>>): K;
  /** `count` distinct elements (or all when fewer), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** Mixes two 32-bit numbers into one; used to give every car its own stream from (seed, index). */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: small, fast and good enough for sample data. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('cannot pick from an empty list');
      return item;
    },
    weighted<K extends string>(weights: Partial<Record<K, number>>): K {
      const entries = Object.entries(weights) as [K, number][];
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [key, w] of entries) {
        roll -= w;
        if (roll < 0) return key;
      }
      const last = entries.at(-1);
      if (!last) throw new Error('cannot choose by weight from no choices');
      return last[0];
    },
    sample(items, count) {
      // partial Fisher-Yates shuffle
      const pool = items.slice();
      const take = Math.min(count, pool.length);
      for (let i = 0; i < take; i++) {
        const j = i + Math.floor(next() * (pool.length - i));
        const swap = pool[i]!;
        pool[i] = pool[j]!;
        pool[j] = swap;
      }
      pool.length = take;
      return pool;
    },
  };
  return rng;
}
