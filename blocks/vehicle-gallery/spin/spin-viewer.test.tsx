// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoKey } from '../../../runtime/domain/images/variants';
import SpinViewer from './SpinViewer';
import { useSpinner } from './spinner-context';

// The viewer preloads frames with fetch: a stand-in lets the test decide when each download settles.
const requested: { url: string; init?: RequestInit; settle: (ok: boolean) => void; settled?: boolean }[] = [];
const fakeFetch = (url: string, init?: RequestInit) =>
  new Promise((resolve) =>
    requested.push({ url, init, settle: (ok) => resolve({ ok, status: ok ? 200 : 404, blob: () => Promise.resolve(new Blob(['<svg/>'])) }) }),
  );

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
// requestIdleCallback); settled frames are counted once per animation frame. Timers are fake: the test moves time on.
const startPreload = () => act(() => vi.advanceTimersByTime(50));
/** Settles the next `count` downloads (each settled one starts the next), then lets an animation frame count them. */
const settle = async (count: number, ok = true) => {
  await act(async () => {
    for (let i = 0; i < count; i++) {
      const download = requested.find((r) => !r.settled);
      if (!download) {
        if (count === Number.POSITIVE_INFINITY) break;
        throw new Error('no download in progress');
      }
      download.settled = true;
      download.settle(ok);
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersByTimeAsync(16);
  });
};
const viewer = () => {
  const rendered = render(
    <SpinViewer carId={7} frames={frames} hotspots={hotspots} title="2021 Toyota HiLux SR5" autoRotate={false} autoRotateIntervalMs={100} />,
  );
  startPreload();
  return rendered;
};
const stage = () => screen.getByRole('slider');
const loadAll = () => settle(Number.POSITIVE_INFINITY);

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', fakeFetch);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Uses the spinner context with no provider around it. */
function Orphan() {
  useSpinner();
  return null;
}

describe('spin viewer (docs/requirements/vehicle-browsing.md#states)', () => {
  it('preloads every frame after the page has loaded, behind a loading indicator, then shows the hint until the first interaction', async () => {
    render(<SpinViewer carId={7} frames={frames} hotspots={hotspots} title="2021 Toyota HiLux SR5" autoRotate={false} autoRotateIntervalMs={100} />);
    // Nothing is downloaded during the first render (the first frame is the page's image): only in an idle moment.
    expect(requested).toEqual([]);
    // Until then (and in the server's HTML, which stays until the shopper touches the gallery) nothing claims to be
    // loading: the first frame shows with the hint.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Swipe to spin')).toBeTruthy();
    expect(
      renderToStaticMarkup(
        <SpinViewer carId={7} frames={frames} hotspots={hotspots} title="2021 Toyota HiLux SR5" autoRotate={false} autoRotateIntervalMs={100} />,
      ),
    ).not.toContain('Loading 360° view');
    startPreload();
    // Four at a time, at low priority: each settled download starts the next.
    expect(requested.map((r) => r.url)).toEqual(frames.slice(0, 4));
    expect(requested.every((r) => r.init?.priority === 'low')).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Loading 360° view… 0%');
    expect(screen.queryByText('Swipe to spin')).toBeNull();
    // The first four settle: the next four start, and the count changes only at the next animation frame.
    await act(async () => {
      for (const download of requested.slice(0, 4)) {
        download.settled = true;
        download.settle(true);
      }
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(requested.map((r) => r.url)).toEqual(frames.slice(0, 8));
    expect(screen.getByRole('status').textContent).toContain('0%');
    await settle(14);
    expect(screen.getByRole('status').textContent).toContain('50%');
    // The count is one text node in a fixed-width box: a '%' node of its own moved as the number widened (CLS).
    expect([...screen.getByRole('status').querySelector('.spin-percent')!.childNodes].map((n) => n.textContent)).toEqual(['50%']);
    // A frame that fails to download counts as settled; the failure goes to the console only (docs/requirements/vehicle-browsing.md#errors).
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await settle(1, false);
    expect(warn).toHaveBeenCalledWith(`Spin frame failed to load: ${frames[18]}`);
    await settle(17);
    expect(requested.map((r) => r.url)).toEqual(frames);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Swipe to spin')).toBeTruthy();
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(screen.queryByText('Swipe to spin')).toBeNull();
  });

  it('steps with the arrow keys and wraps around both ends', async () => {
    viewer();
    await loadAll();
    fireEvent.keyDown(stage(), { key: 'ArrowLeft' });
    expect(stage().getAttribute('aria-valuenow')).toBe('36');
    expect(stage().querySelector('img')!.getAttribute('src')).toBe(frames[35]);
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(stage().getAttribute('aria-valuenow')).toBe('2');
    fireEvent.keyDown(stage(), { key: 'a' });
    expect(stage().getAttribute('aria-valuenow')).toBe('2');
  });

  it('steps one frame per 20 px of drag', async () => {
    viewer();
    await loadAll();
    fireEvent.pointerDown(stage(), { clientX: 300, pointerId: 1, button: 0 });
    fireEvent.pointerMove(stage(), { clientX: 339, pointerId: 1 });
    expect(stage().getAttribute('aria-valuenow')).toBe('2');
    fireEvent.pointerMove(stage(), { clientX: 240, pointerId: 1 });
    expect(stage().getAttribute('aria-valuenow')).toBe('34');
    fireEvent.pointerUp(stage(), { clientX: 240, pointerId: 1 });
    fireEvent.pointerMove(stage(), { clientX: 500, pointerId: 1 });
    expect(stage().getAttribute('aria-valuenow')).toBe('34');
  });

  it('shows the hotspots of the current angle at their positions, with descriptions on click', async () => {
    viewer();
    // While the frames download, the loading indicator veils the stage and no hotspot sits on top of its text.
    expect(screen.getByRole('status').textContent).toContain('Loading 360° view');
    expect(screen.queryByRole('button', { name: 'Alloy wheels' })).toBeNull();
    await loadAll();
    const dot = screen.getByRole('button', { name: 'Alloy wheels' });
    expect((dot.parentElement as HTMLElement).style.left).toBe('20%');
    fireEvent.click(dot);
    expect(screen.getByRole('note').textContent).toBe('Alloy wheels');
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(screen.queryByRole('button', { name: 'Alloy wheels' })).toBeNull();
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Power tailgate' })).toBeTruthy();
  });

  it('auto-rotates every 100 ms when the site turns it on, until the shopper takes over', async () => {
    render(<SpinViewer carId={7} frames={frames} hotspots={[]} title="Car" autoRotate autoRotateIntervalMs={100} />);
    startPreload();
    await loadAll();
    act(() => vi.advanceTimersByTime(350));
    expect(stage().getAttribute('aria-valuenow')).toBe('4');
    fireEvent.keyDown(stage(), { key: 'ArrowLeft' });
    act(() => vi.advanceTimersByTime(1000));
    expect(stage().getAttribute('aria-valuenow')).toBe('3');
  });

  it('throws when the spinner context is used outside its provider (docs/requirements/dealer-services.md#errors)', () => {
    expect(() => renderToStaticMarkup(<Orphan />)).toThrow('useSpinner() must be used inside <SpinnerProvider>');
  });

  it("a feed's frames: the viewer preloads and shows the site's 800w WebP variant of each, one address per frame", async () => {
    const feedFrames = Array.from({ length: 24 }, (_, i) => `https://spins.dealer.example/hilux/${i}.jpg`);
    render(<SpinViewer carId={42} frames={feedFrames} hotspots={[]} title="Car" autoRotate={false} autoRotateIntervalMs={100} />);
    startPreload();
    const expected = feedFrames.map((frame) => `/media/cars/42/photos/${photoKey(frame)}-800w.webp`);
    await loadAll();
    expect(requested.map((r) => r.url)).toEqual(expected);
    const shown = stage().querySelector('img')!;
    expect(shown.getAttribute('src')).toBe(expected[0]);
    expect(shown.hasAttribute('srcset')).toBe(false);
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(stage().querySelector('img')!.getAttribute('src')).toBe(expected[1]);
  });
});
