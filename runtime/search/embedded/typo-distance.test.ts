import { describe, expect, it } from 'vitest';
import { allowedTypos, typoDistance } from './typo-distance.js';

describe('allowedTypos (Meilisearch defaults: 1 typo from 5 letters, 2 from 9)', () => {
  it('follows the word length', () => {
    expect(allowedTypos('tow', 5, 9)).toBe(0);
    expect(allowedTypos('hilu', 5, 9)).toBe(0);
    expect(allowedTypos('hilux', 5, 9)).toBe(1);
    expect(allowedTypos('saturday', 5, 9)).toBe(1);
    expect(allowedTypos('landcruis', 5, 9)).toBe(2);
  });
});

describe('typoDistance', () => {
  it('counts substitutions, insertions, deletions and swaps as one typo each', () => {
    expect(typoDistance('sevem', 'seven', 1, false)).toBe(1);
    expect(typoDistance('corola', 'corolla', 1, false)).toBe(1);
    expect(typoDistance('satuday', 'saturday', 1, false)).toBe(1);
    expect(typoDistance('rnager', 'ranger', 1, false)).toBe(1);
  });

  it('counts a typo on the first letter as two', () => {
    expect(typoDistance('caturday', 'saturday', 1, false)).toBe(2); // over the 1-typo budget
    expect(typoDistance('caturday', 'saturday', 2, false)).toBe(2);
  });

  it('answers maxTypos + 1 when the word is too far', () => {
    expect(typoDistance('sutuday', 'saturday', 1, false)).toBe(2);
    expect(typoDistance('hilux', 'corolla', 2, false)).toBe(3);
  });

  it('matches the start of a longer word in prefix mode', () => {
    expect(typoDistance('corol', 'corolla', 1, true)).toBe(0);
    expect(typoDistance('corll', 'corolla', 1, true)).toBe(1); // "coroll" with one letter missing
    expect(typoDistance('corll', 'corolla', 1, false)).toBe(2); // as a whole word it is too far
  });
});
