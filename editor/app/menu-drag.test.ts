import { describe, expect, it } from 'vitest';
import { menuDropTarget } from './menu-drag';

// Four rows 30 px high from y = 100: middles at 115, 145, 175, 205.
const middles = [115, 145, 175, 205];

describe('menuDropTarget', () => {
  it('drops a row above the first when the pointer is above its middle', () => {
    expect(menuDropTarget(middles, 90, 3)).toEqual({ slot: 0, to: 0 });
    expect(menuDropTarget(middles, 114, 2)).toEqual({ slot: 0, to: 0 });
  });

  it('drops a row after the last when the pointer is below its middle', () => {
    expect(menuDropTarget(middles, 240, 0)).toEqual({ slot: 4, to: 3 });
    expect(menuDropTarget(middles, 206, 1)).toEqual({ slot: 4, to: 3 });
  });

  it('counts the gap below the dragged row without the row itself when moving down', () => {
    // From index 0 into the gap between rows 2 and 3: it becomes index 2 once it has left its own place.
    expect(menuDropTarget(middles, 190, 0)).toEqual({ slot: 3, to: 2 });
    // Moving up, the gap is the index.
    expect(menuDropTarget(middles, 130, 3)).toEqual({ slot: 1, to: 1 });
  });

  it('leaves a row where it is over its own gaps', () => {
    expect(menuDropTarget(middles, 140, 1)).toEqual({ slot: 1, to: 1 });
    expect(menuDropTarget(middles, 160, 1)).toEqual({ slot: 2, to: 1 });
  });

  it('handles a list of one row', () => {
    expect(menuDropTarget([50], 0, 0)).toEqual({ slot: 0, to: 0 });
    expect(menuDropTarget([50], 99, 0)).toEqual({ slot: 1, to: 0 });
  });
});

describe('menuDropTarget with nesting', () => {
  it('goes under the row above the gap, moved to just after it', () => {
    // Row 3 into the gap between rows 1 and 2: under row 1, at index 2 (right after it) before it is nested.
    expect(menuDropTarget(middles, 150, 3, true)).toEqual({ slot: 2, to: 2, under: 1 });
    // Row 0 into the gap after row 2: under row 2, which is index 1 once row 0 has left, so row 0 goes to index 2.
    expect(menuDropTarget(middles, 190, 0, true)).toEqual({ slot: 3, to: 2, under: 2 });
  });

  it('goes under the row before it when dropped over its own place', () => {
    // The gaps just above and just below row 2 are its own: it stays at index 2, under row 1.
    expect(menuDropTarget(middles, 160, 2, true)).toEqual({ slot: 2, to: 2, under: 1 });
    expect(menuDropTarget(middles, 190, 2, true)).toEqual({ slot: 3, to: 2, under: 1 });
  });

  it('has nothing to go under above the first row', () => {
    expect(menuDropTarget(middles, 100, 2, true)).toEqual({ slot: 0, to: 0 });
    expect(menuDropTarget(middles, 130, 0, true)).toEqual({ slot: 1, to: 0 });
  });
});
