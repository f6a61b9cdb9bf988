// @vitest-environment jsdom
// The sales counter on screen (docs/requirements/dealer-services.md#constants): refreshed every 150 s with the formula in Brisbane time; counts up over
// 2 s, or jumps straight to the value for shoppers who ask for reduced motion.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SalesCounter } from './SalesCounter';

const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  // Tuesday 15 July 2025, 00:00:00 in Brisbane: (15 - 1) x 192 + 0
  vi.setSystemTime(new Date('2025-07-14T14:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const value = () => screen.getByText((_, el) => el?.classList.contains('counter-value') ?? false);

describe('SalesCounter', () => {
  it('counts up over 2 s, then refreshes every 150 s', () => {
    reducedMotion(false);
    render(<SalesCounter initial={2688} label="Cars sold this month" />);
    act(() => vi.advanceTimersByTime(1000));
    const halfway = Number(value().textContent!.replace(/,/g, ''));
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(2688);
    act(() => vi.advanceTimersByTime(1100));
    expect(value().textContent).toBe('2,688');
    // 150 s later: floor(150 / 450) = 0 more; 450 s after midnight: one more sale
    act(() => vi.advanceTimersByTime(150_000));
    expect(value()).toHaveProperty('dataset.value', '2688');
    act(() => vi.advanceTimersByTime(300_000));
    expect(value()).toHaveProperty('dataset.value', '2689');
  });
  it('shows the value at once with reduced motion', () => {
    reducedMotion(true);
    render(<SalesCounter initial={2688} label="Cars sold this month" />);
    act(() => vi.advanceTimersByTime(16));
    expect(value().textContent).toBe('2,688');
  });
});
