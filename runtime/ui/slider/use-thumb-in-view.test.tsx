// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useThumbInView } from './use-thumb-in-view';

afterEach(cleanup);

// jsdom lays nothing out: each thumbnail is 100 px wide, one after another, in a strip 300 px wide.
function place(strip: HTMLElement) {
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: 300 });
  Array.from(strip.children).forEach((thumb, i) => {
    Object.defineProperty(thumb, 'offsetLeft', { configurable: true, value: i * 100 });
    Object.defineProperty(thumb, 'clientWidth', { configurable: true, value: 100 });
  });
}

function Strip({ current }: { current: number }) {
  const ref = useThumbInView(current);
  return (
    <div data-testid="strip" ref={ref}>
      {['a', 'b', 'c', 'd', 'e', 'f'].map((name) => (
        <button key={name} type="button">
          {name}
        </button>
      ))}
    </div>
  );
}

describe('useThumbInView', () => {
  it("centres the current slide's thumbnail in the strip each time the slide changes", () => {
    const { getByTestId, rerender } = render(<Strip current={0} />);
    const strip = getByTestId('strip');
    place(strip);
    rerender(<Strip current={4} />);
    expect(strip.scrollLeft).toBe(4 * 100 - 150 + 50);
    strip.scrollLeft = 0; // the shopper scrolls the strip away
    rerender(<Strip current={4} />);
    expect(strip.scrollLeft).toBe(0); // the same slide: left alone
    rerender(<Strip current={2} />);
    expect(strip.scrollLeft).toBe(2 * 100 - 150 + 50);
  });
});
