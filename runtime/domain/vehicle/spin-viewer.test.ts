import { describe, expect, it } from 'vitest';
import {
  SPIN_AUTO_ROTATE_INTERVAL_MS,
  SPIN_PIXELS_PER_FRAME,
  frameAfterDrag,
  frameAfterKey,
  hotspotsAtAngle,
  nextAutoRotateFrame,
  spinLoadProgress,
  wrapFrame,
} from './spin-viewer';

describe('spin viewer math (docs/requirements/vehicle-browsing.md#states)', () => {
  it('has the seed constants', () => {
    expect(SPIN_PIXELS_PER_FRAME).toBe(20);
    expect(SPIN_AUTO_ROTATE_INTERVAL_MS).toBe(100);
  });
  it('steps one frame per 20 px of drag', () => {
    expect(frameAfterDrag(0, 19, 36)).toBe(0);
    expect(frameAfterDrag(0, 20, 36)).toBe(1);
    expect(frameAfterDrag(0, 65, 36)).toBe(3);
    expect(frameAfterDrag(5, -40, 36)).toBe(3);
  });
  it('wraps around both ends', () => {
    expect(frameAfterDrag(35, 20, 36)).toBe(0);
    expect(frameAfterDrag(0, -20, 36)).toBe(35);
    expect(wrapFrame(-37, 36)).toBe(35);
    expect(nextAutoRotateFrame(35, 36)).toBe(0);
  });
  it('steps with arrow keys', () => {
    expect(frameAfterKey(0, 'ArrowLeft', 36)).toBe(35);
    expect(frameAfterKey(35, 'ArrowRight', 36)).toBe(0);
    expect(frameAfterKey(4, 'Enter', 36)).toBe(4);
  });
  it('reports preload progress', () => {
    expect(spinLoadProgress(18, 36)).toEqual({ done: false, percent: 50 });
    expect(spinLoadProgress(36, 36)).toEqual({ done: true, percent: 100 });
  });
});

describe('hotspots (docs/requirements/vehicle-browsing.md#data: per-angle positions)', () => {
  const spots = [
    {
      id: 'wheels',
      description: 'Alloy wheels',
      anchors: [
        { posX: 20, posY: 70, activeAngle: 0 },
        { posX: 25, posY: 71, activeAngle: 1 },
      ],
    },
    { id: 'tailgate', description: 'Power tailgate', anchors: [{ posX: 80, posY: 40, activeAngle: 18 }] },
    { id: 'blank', description: ' ', anchors: [{ posX: 1, posY: 1, activeAngle: 0 }] },
  ];
  it('places each hotspot at its anchor for the angle, and hides it on other angles', () => {
    expect(hotspotsAtAngle(spots, 1)).toEqual([{ id: 'wheels', description: 'Alloy wheels', posX: 25, posY: 71 }]);
    expect(hotspotsAtAngle(spots, 18).map((h) => h.id)).toEqual(['tailgate']);
    expect(hotspotsAtAngle(spots, 5)).toEqual([]);
  });
  it('skips hotspots without a description and copes with none', () => {
    expect(hotspotsAtAngle(spots, 0).map((h) => h.id)).toEqual(['wheels']);
    expect(hotspotsAtAngle(null, 0)).toEqual([]);
  });
});
