// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoKey } from '../../../runtime/domain/images/variants';
import SpinViewer from './SpinViewer';
import { useSpinner } from './spinner-context';

// jsdom never loads images: a stand-in Image lets the test decide when each frame has loaded.
const created: { src: string; onload: (() => void) | null }[] = [];
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    created.push(this);
  }
}

const frames = Array.from({ length: 36 }, (_, i) => `/media/cars/7/spin/${i}.svg`);
const hotspots = [
  {
    id: 'wheels',
    description: 'Alloy wheels',
    anchors: [
      { posX: 20, posY: 70, activeAngle: 0 },
      { posX: 30, posY: 72, activeAngle: 35 },
    ],
  },
  { id: 'tailgate', description: 'Power tailgate', anchors: [{ posX: 80, posY: 40, activeAngle: 2 }] },
];
// The frames download in an idle moment after the page's load (a 50 ms timer in jsdom, which has no
// requestIdleCallback); loaded frames are counted once per animation frame. Timers are fake: the test moves time on.
const startPreload = () => act(() => vi.advanceTimersByTime(50));
const nextAnimationFrame = () => act(() => vi.advanceTimersByTime(16));
const viewer = () => {
  const rendered = render(
    <SpinViewer carId={7} frames={frames} hotspots={hotspots} title="2021 Toyota HiLux SR5" autoRotate={false} autoRotateIntervalMs={100} />,
  );
  startPreload();
  return rendered;
};
const stage = () => screen.getByRole('slider');
const loadAll = () => {
  act(() => created.forEach((img) => img.onload?.()));
  nextAnimationFrame();
};

beforeEach(() => {
  created.length = 0;
  vi.stubGlobal('Image', FakeImage);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('spin viewer (seed 000 §4)', () => {
  it('preloads every frame after the page has loaded, behind a loading indicator, then shows the hint until the first interaction', () => {
    render(<SpinViewer carId={7} frames={frames} hotspots={hotspots} title="2021 Toyota HiLux SR5" autoRotate={false} autoRotateIntervalMs={100} />);
    // Nothing is downloaded during the first render (the first frame is the page's image): only in an idle moment.
    expect(created).toEqual([]);
    startPreload();
    expect(created.map((i) => i.src)).toEqual(frames);
    expect(screen.getByRole('status').textContent).toContain('Loading 360° view… 0%');
    expect(screen.queryByText('Swipe to spin')).toBeNull();
    act(() => created.slice(0, 18).forEach((img) => img.onload?.()));
    // 18 loads are one update, at the next animation frame.
    expect(screen.getByRole('status').textContent).toContain('0%');
    nextAnimationFrame();
    expect(screen.getByRole('status').textContent).toContain('50%');
    // The count is one text node in a fixed-width box: a '%' node of its own moved as the number widened (CLS).
    expect([...screen.getByRole('status').querySelector('.spin-percent')!.childNodes].map((n) => n.textContent)).toEqual(['50%']);
    act(() => created.slice(18).forEach((img) => img.onload?.()));
    nextAnimationFrame();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Swipe to spin')).toBeTruthy();
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(screen.queryByText('Swipe to spin')).toBeNull();
  });

  it('steps with the arrow keys and wraps around both ends', () => {
    viewer();
    loadAll();
    fireEvent.keyDown(stage(), { key: 'ArrowLeft' });
    expect(stage().getAttribute('aria-valuenow')).toBe('36');
    expect(stage().querySelector('img')!.getAttribute('src')).toBe(frames[35]);
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(stage().getAttribute('aria-valuenow')).toBe('2');
    fireEvent.keyDown(stage(), { key: 'a' });
    expect(stage().getAttribute('aria-valuenow')).toBe('2');
  });

  it('steps one frame per 20 px of drag', () => {
    viewer();
    loadAll();
    fireEvent.pointerDown(stage(), { clientX: 300, pointerId: 1, button: 0 });
    fireEvent.pointerMove(stage(), { clientX: 339, pointerId: 1 });
    expect(stage().getAttribute('aria-valuenow')).toBe('2');
    fireEvent.pointerMove(stage(), { clientX: 240, pointerId: 1 });
    expect(stage().getAttribute('aria-valuenow')).toBe('34');
    fireEvent.pointerUp(stage(), { clientX: 240, pointerId: 1 });
    fireEvent.pointerMove(stage(), { clientX: 500, pointerId: 1 });
    expect(stage().getAttribute('aria-valuenow')).toBe('34');
  });

  it('shows the hotspots of the current angle at their positions, with descriptions on click', () => {
    viewer();
    loadAll();
    const dot = screen.getByRole('button', { name: 'Alloy wheels' });
    expect((dot.parentElement as HTMLElement).style.left).toBe('20%');
    fireEvent.click(dot);
    expect(screen.getByRole('note').textContent).toBe('Alloy wheels');
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(screen.queryByRole('button', { name: 'Alloy wheels' })).toBeNull();
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Power tailgate' })).toBeTruthy();
  });

  it('auto-rotates every 100 ms when the site turns it on, until the shopper takes over', () => {
    render(<SpinViewer carId={7} frames={frames} hotspots={[]} title="Car" autoRotate autoRotateIntervalMs={100} />);
    startPreload();
    loadAll();
    act(() => vi.advanceTimersByTime(350));
    expect(stage().getAttribute('aria-valuenow')).toBe('4');
    fireEvent.keyDown(stage(), { key: 'ArrowLeft' });
    act(() => vi.advanceTimersByTime(1000));
    expect(stage().getAttribute('aria-valuenow')).toBe('3');
  });

  it('throws when the spinner context is used outside its provider (seed 001 §8)', () => {
    function Orphan() {
      useSpinner();
      return null;
    }
    expect(() => renderToStaticMarkup(<Orphan />)).toThrow('useSpinner() must be used inside <SpinnerProvider>');
  });

  it("a feed's frames: the viewer preloads and shows the site's 800w WebP variant of each, one address per frame", () => {
    const feedFrames = Array.from({ length: 24 }, (_, i) => `https://spins.dealer.example/hilux/${i}.jpg`);
    render(<SpinViewer carId={42} frames={feedFrames} hotspots={[]} title="Car" autoRotate={false} autoRotateIntervalMs={100} />);
    startPreload();
    const expected = feedFrames.map((frame) => `/media/cars/42/photos/${photoKey(frame)}-800w.webp`);
    expect(created.map((img) => img.src)).toEqual(expected);
    loadAll();
    const shown = stage().querySelector('img')!;
    expect(shown.getAttribute('src')).toBe(expected[0]);
    expect(shown.hasAttribute('srcset')).toBe(false);
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(stage().querySelector('img')!.getAttribute('src')).toBe(expected[1]);
  });
});
