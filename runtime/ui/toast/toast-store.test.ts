import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT, ToastStore } from './toast-store';

describe('toasts (docs/requirements/dealer-services.md#states, #constants: limit 1, 3000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('pins the seed numbers', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(TOAST_LIMIT).toBe(1);
  });
  it('shows one toast at a time, the newest, for 3000 ms, with its action', () => {
    const store = new ToastStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.toasts.length));
    store.show('Car Saved In Watchlist', { label: 'View List', href: '/watchlist' });
    store.show('Car Removed', { label: 'View List', href: '/watchlist' });
    expect(store.toasts.map((t) => t.message)).toEqual(['Car Removed']);
    expect(store.toasts[0]?.action).toEqual({ label: 'View List', href: '/watchlist' });
    vi.advanceTimersByTime(2999);
    expect(store.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.toasts).toHaveLength(0);
    expect(seen).toEqual([1, 1, 0]);
  });
});
