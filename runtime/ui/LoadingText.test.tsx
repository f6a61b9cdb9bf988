// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_MESSAGES } from '../domain/motion/loading-text';
import { LoadingText } from './LoadingText';

beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LoadingText', () => {
  it('shows the five loading messages in turn, 5 s each, then the first again', () => {
    render(<LoadingText />);
    const status = screen.getByRole('status');
    const seen: string[] = [status.textContent!];
    for (let i = 0; i < 5; i++) {
      act(() => vi.advanceTimersByTime(4999));
      expect(status.textContent).toBe(seen[seen.length - 1]); // not before its 5 s are up
      act(() => vi.advanceTimersByTime(1));
      seen.push(status.textContent!);
    }
    expect(seen).toEqual([...LOADING_MESSAGES, LOADING_MESSAGES[0]]);
  });
});
