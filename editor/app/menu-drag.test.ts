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
