import { describe, expect, it } from 'vitest';
import { focalOf, movedBy } from './focal-point';

describe('focal point', () => {
  it('starts in the middle, where the browser crops without one, and reads a stored point', () => {
    expect(focalOf(undefined)).toEqual({ x: 50, y: 50 });
    expect(focalOf({ x: 20, y: 80 })).toEqual({ x: 20, y: 80 });
  });

  it('moves 1% a press with the arrow keys, 10% with Shift, and stays inside the picture', () => {
    expect(movedBy({ x: 50, y: 50 }, 'ArrowRight', false)).toEqual({ x: 51, y: 50 });
    expect(movedBy({ x: 50, y: 50 }, 'ArrowUp', true)).toEqual({ x: 50, y: 40 });
    expect(movedBy({ x: 95, y: 3 }, 'ArrowRight', true)).toEqual({ x: 100, y: 3 });
    expect(movedBy({ x: 95, y: 3 }, 'ArrowUp', true)).toEqual({ x: 95, y: 0 });
    expect(movedBy({ x: 50, y: 50 }, 'Enter', false)).toBeUndefined();
  });
});
