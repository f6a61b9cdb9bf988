// Fixed-size bitsets over document ids (one bit per internal doc id), the unit of filter evaluation.
// 50,000 docs = 1,563 words, so AND/OR/NOT of whole sets cost microseconds.

export type Bitset = Uint32Array;

export function emptyBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** Word w of a set; a word past its end holds no bits (sets of different sizes combine as if padded). */
const word = (set: Bitset, w: number): number => set[w] ?? 0;

export function setBit(set: Bitset, id: number): void {
  const w = id >>> 5;
  set[w] = word(set, w) | (1 << (id & 31));
}

export function hasBit(set: Bitset, id: number): boolean {
  return (word(set, id >>> 5) & (1 << (id & 31))) !== 0;
}

export function andInPlace(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i] = word(target, i) & word(other, i);
  return target;
}

export function orInPlace(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i] = word(target, i) | word(other, i);
  return target;
}

/** Complement within `universe` (the live documents). */
export function notInPlace(target: Bitset, universe: Bitset): Bitset {
  for (let i = 0; i < target.length; i++) target[i] = ~word(target, i) & word(universe, i);
  return target;
}

function popcount32(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function countBits(set: Bitset): number {
  let n = 0;
  for (const w of set) if (w !== 0) n += popcount32(w);
  return n;
}

/** Ids of the set bits, ascending. */
export function bitsToIds(set: Bitset): Uint32Array {
  const out = new Uint32Array(countBits(set));
  let k = 0;
  for (let w = 0; w < set.length; w++) {
    let bits = word(set, w);
    while (bits !== 0) {
      const low = bits & -bits;
      out[k++] = (w << 5) + (31 - Math.clz32(low));
      bits ^= low;
    }
  }
  return out;
}

/** A set of `size` bits holding `ids`. */
export function idsToBits(ids: ArrayLike<number>, size: number): Bitset {
  const out = emptyBitset(size);
  for (let i = 0; i < ids.length; i++) setBit(out, ids[i] ?? 0);
  return out;
}
