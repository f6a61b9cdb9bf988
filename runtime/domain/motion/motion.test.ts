import { describe, expect, it } from 'vitest';
import { COUNT_ANIMATION_MS, countableFigure, countUpValue } from './count-up';
import { LOADING_MESSAGE_INTERVAL_MS, LOADING_MESSAGES, loadingMessageAt } from './loading-text';

describe('loading text', () => {
  it('shows each of the 5 messages for 5 s, in order, then starts again', () => {
    expect(LOADING_MESSAGES).toHaveLength(5);
    expect(LOADING_MESSAGE_INTERVAL_MS).toBe(5000);
    expect(loadingMessageAt(0)).toBe(LOADING_MESSAGES[0]);
    expect(loadingMessageAt(4999)).toBe(LOADING_MESSAGES[0]);
    expect(loadingMessageAt(5000)).toBe(LOADING_MESSAGES[1]);
    expect(loadingMessageAt(24_999)).toBe(LOADING_MESSAGES[4]);
    expect(loadingMessageAt(25_000)).toBe(LOADING_MESSAGES[0]);
    expect(new Set(LOADING_MESSAGES).size).toBe(5);
  });
});

describe('count-up', () => {
  it('runs 1 s by default, from the old figure to the new, ending exactly on it', () => {
    expect(COUNT_ANIMATION_MS).toBe(1000);
    expect(countUpValue(0, 50, 0)).toBe(0);
    expect(countUpValue(0, 50, 500)).toBeGreaterThan(25); // ease-out: past half way at half time
    expect(countUpValue(0, 50, 999)).toBeLessThanOrEqual(50);
    expect(countUpValue(0, 50, 1000)).toBe(50);
    expect(countUpValue(120, 80, 2000, 2000)).toBe(80);
    expect(countUpValue(120, 80, 1000, 2000)).toBeLessThan(120);
  });

  it('finds the whole number of a figure, keeping its prefix and suffix', () => {
    expect(countableFigure('50+')).toEqual({ prefix: '', number: 50, suffix: '+' });
    expect(countableFigure('1,200 cars')).toEqual({ prefix: '', number: 1200, suffix: ' cars' });
    expect(countableFigure('$1.2m')).toBeNull();
    expect(countableFigure('Many')).toBeNull();
  });
});
