import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('doubles from the base up to one hour at the top of its jitter', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 5, () => 1))).toEqual([5000, 10000, 20000, 40000]);
    expect(retryDelayMs(30, 5, () => 1)).toBe(3_600_000);
  });

  it('takes off a random part of at most half the wait, so processes retrying together spread out', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 5, () => 0))).toEqual([2500, 5000, 10000]);
    expect(retryDelayMs(2, 5, () => 0.5)).toBe(7500);
    const waits = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, 5)));
    expect(waits.size).toBeGreaterThan(1);
    for (const w of waits) expect(w >= 10_000 && w <= 20_000).toBe(true);
  });
});
