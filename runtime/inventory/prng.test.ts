import { describe, expect, it } from 'vitest';
import { createRng, mixSeed } from './prng';

describe('createRng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });

  it('gives a different sequence for another seed', () => {
    expect(createRng(1).next()).not.toBe(createRng(2).next());
  });

  it('keeps int within bounds and reaches both ends', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.int(1, 6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('samples distinct elements', () => {
    const picked = createRng(3).sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(picked).size).toBe(3);
  });

  it('never picks a zero-weight key', () => {
    const rng = createRng(9);
    for (let i = 0; i < 500; i++) expect(rng.weighted({ yes: 1, no: 0 })).toBe('yes');
  });
});

describe('seed mixing', () => {
  it('separates neighbouring indexes', () => {
    expect(mixSeed(1, 0)).not.toBe(mixSeed(1, 1));
  });
});
