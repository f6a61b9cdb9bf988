// @vitest-environment jsdom
// The vehicle page's view, recorded and counted by the page while the sidebar is still the server's HTML: the
// count appears in the sidebar's line at once, and the sidebar hydrates over it later without a mismatch.
import { act, Suspense, use, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VehicleSidebar from '../../../blocks/vehicle-sidebar';
import { onVehiclePage, testCar, testSite } from '../../../test-support/vehicle-page';
import type { Car } from '../../../schemas/generated/car';
import { withBlockDefaults } from '../../tenants/block-defaults';
import { siteStorageKey } from '../site-storage';
import { useVehiclePageView } from '../../renderer/PageView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const site = testSite({ showViews: true });

/** Holds the sidebar back as a lazily hydrated block is held: its server HTML stays until the gate opens. */
let gate: { open: boolean; promise: Promise<void>; release: () => void };
function newGate(open: boolean) {
  let release = () => {};
  const promise = new Promise<void>((done) => (release = done));
  gate = { open, promise, release: () => ((gate.open = true), release()) };
}
function Gate({ children }: { children: ReactNode }) {
  if (!gate.open) use(gate.promise);
  return children;
}

/** The page itself records the view as it hydrates (PageView.tsx). */
function PageViewRecorder({ car }: { car: Car }) {
  useVehiclePageView(car, site.slug);
  return <p>photos</p>;
}

const page = (car: Car) =>
  onVehiclePage(
    <>
      <PageViewRecorder car={car} />
      <div data-block-id="sidebar">
        <Suspense fallback={null}>
          <Gate>
            <VehicleSidebar
              props={withBlockDefaults('vehicle-sidebar', {})}
              slots={{}}
              data={{ figure: null }}
              block={{ id: 'sidebar', type: 'vehicle-sidebar' }}
            />
          </Gate>
        </Suspense>
      </div>
    </>,
    car,
    site,
  );

let calls: string[];
let answer: (views: number) => void;
const hydrationErrors: unknown[] = [];

beforeEach(() => {
  calls = [];
  hydrationErrors.length = 0;
  localStorage.clear();
  stubFetch();
});

function stubFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const views = await new Promise<number>((done) => (answer = done));
      return new Response(JSON.stringify({ views, counted: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The page as the server sent it, hydrated with the sidebar's gate closed. */
async function loadPage(car: Car) {
  newGate(true);
  const container = document.createElement('div');
  // Rendered as on the server, where there is no window.
  vi.stubGlobal('window', undefined);
  const html = renderToString(page(car));
  vi.unstubAllGlobals();
  stubFetch();
  container.innerHTML = html;
  document.body.append(container);
  newGate(false);
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, page(car), { onRecoverableError: (e) => hydrationErrors.push(e) });
  });
  const line = () => container.querySelector<HTMLElement>('.vehicle-views')!;
  return { root, line };
}

describe('vehicle page view', () => {
  it('is counted once, and its count is written into the server-rendered sidebar, which hydrates over it unchanged', async () => {
    // A slug of this file's own: page views are remembered per page for the module's life, which other test files
    // share when the suite runs without isolation.
    const car = testCar({ slug: '2021-toyota-hilux-sr5-views-1' });
    const { line, root } = await loadPage(car);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(new RegExp(`^/api/cars/${car.slug}/view\\.json\\?photos_count=5&updated_at=&website_id=test-motors$`));
    expect(JSON.parse(localStorage.getItem(siteStorageKey(site.slug, 'viewed-cars'))!)[0]).toMatchObject({ id: car.id, make: 'Toyota' });
    expect(line().getAttribute('aria-hidden')).toBe('true');
    expect(line().textContent).toBe('');

    await act(async () => answer(1234));
    expect(line().textContent).toBe('1,234 views');
    expect(line().hasAttribute('aria-hidden')).toBe(false);
    expect(line().getAttribute('data-testid')).toBe('vehicle-views');

    await act(async () => gate.release());
    expect(line().textContent).toBe('1,234 views');
    expect(line().childNodes).toHaveLength(1);
    expect(hydrationErrors).toEqual([]);
    expect(calls).toHaveLength(1);
    act(() => root.unmount());
  });

  it('is left to the sidebar once it has hydrated before the count came', async () => {
    // Another car: a page view is counted once per navigation and car.
    const { line, root } = await loadPage(testCar({ id: 8, slug: '2021-toyota-hilux-sr5-views-2' }));
    await act(async () => gate.release());
    expect(line().textContent).toBe('');
    await act(async () => answer(1));
    expect(line().textContent).toBe('1 view');
    expect(line().childNodes).toHaveLength(1);
    expect(line().hasAttribute('aria-hidden')).toBe(false);
    expect(hydrationErrors).toEqual([]);
    expect(calls).toHaveLength(1);
    act(() => root.unmount());
  });
});
