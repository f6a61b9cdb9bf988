// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { onVehiclePage, testCar, testSite } from '../../test-support/vehicle-page';
import SimilarCars from './index';
import { trackEdges } from '../../runtime/ui/slider/use-card-carousel';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';

/** An IntersectionObserver the test drives: `enter()` brings observed elements into the watched zone. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  enter() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const car = testCar();
const hit = (id: number, overrides: Partial<Car> = {}) => testCar({ id, slug: `2022-toyota-hilux-sr-${id}`, badge: 'SR', year: 2022, ...overrides });
let fetchMock: ReturnType<typeof vi.fn>;
const answerWith = (results: { hits: Car[] }[]) =>
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ results }), { status: 200, headers: { 'content-type': 'application/json' } }));

const similar = (props: Record<string, unknown> = {}) =>
  render(
    onVehiclePage(
      <SimilarCars
        props={withBlockDefaults('similar-cars', { heading: 'Similar Cars', ...props })}
        slots={{}}
        data={undefined}
        block={{ id: 'similar', type: 'similar-cars' }}
      />,
      car,
      testSite(),
    ),
  );

beforeEach(() => {
  FakeObserver.last = null;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  // jsdom has no media queries; keen-slider's breakpoints ask for them (none match: the narrowest layout).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  }));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('similar cars block', () => {
  it('renders a skeleton on the server, with the #similar-cars anchor and no heading', () => {
    const html = renderToString(
      onVehiclePage(
        <SimilarCars
          props={withBlockDefaults('similar-cars', { heading: 'Similar Cars' })}
          slots={{}}
          data={undefined}
          block={{ id: 'similar', type: 'similar-cars' }}
        />,
        car,
      ),
    );
    expect(html).toContain('id="similar-cars"');
    expect(html).toContain('car-card-skeleton');
    expect(html).not.toContain('Similar Cars</h2>');
  });

  it('searches only once the section is within 500 px of the viewport, then shows the cards', async () => {
    answerWith([{ hits: [car, hit(11), hit(12)] }, { hits: [hit(12), hit(13)] }, { hits: [] }]);
    const { container } = similar();
    expect(FakeObserver.last?.options.rootMargin).toBe('500px 0px');
    expect(FakeObserver.last?.targets).toEqual([container.querySelector('#similar-cars')]);
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => FakeObserver.last!.enter());
    expect(container.querySelector('#similar-cars')!.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Similar Cars' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/search');
    const body = JSON.parse(String(init.body));
    expect(body.queries).toHaveLength(3);
    for (const q of body.queries) {
      expect(q.limit).toBe(10);
      expect(q.filter).toEqual(expect.arrayContaining(['status = "in_stock"', 'id != 7', 'price >= 27990', 'price <= 77990']));
    }
    const ids = [...container.querySelectorAll('.car-card')].map((c) => c.getAttribute('data-car-id'));
    expect(ids).toEqual(['11', '12', '13']);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(screen.getAllByRole('link', { name: '2022 Toyota HiLux SR GUN126R' }).map((a) => a.getAttribute('href'))).toEqual([
      '/cars/2022-toyota-hilux-sr-11',
      '/cars/2022-toyota-hilux-sr-12',
      '/cars/2022-toyota-hilux-sr-13',
    ]);
  });

  it('shows at most 6 cards, with previous/next controls (previous disabled at the start)', async () => {
    answerWith([{ hits: Array.from({ length: 10 }, (_, i) => hit(100 + i)) }, { hits: [] }, { hits: [] }]);
    const { container } = similar({ intro: 'In stock now.' });
    act(() => FakeObserver.last!.enter());
    await screen.findByRole('heading', { name: 'Similar Cars' });
    expect(container.querySelectorAll('.car-card')).toHaveLength(6);
    expect(screen.getByText('In stock now.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous cars' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Similar Cars' }).getAttribute('aria-roledescription')).toBe('carousel');
    // Arrow keys belong to the carousel: the page does not scroll.
    const event = fireEvent.keyDown(screen.getByRole('region', { name: 'Similar Cars' }), { key: 'ArrowRight' });
    expect(event).toBe(false);
  });

  it('shows nothing, not even the heading, when there are no similar cars', async () => {
    answerWith([{ hits: [car] }, { hits: [] }, { hits: [] }]);
    const { container } = similar();
    act(() => FakeObserver.last!.enter());
    await waitFor(() => expect(container.querySelector('#similar-cars')!.getAttribute('data-state')).toBe('empty'));
    expect(container.querySelector('#similar-cars')!.hasAttribute('hidden')).toBe(true);
    expect(container.querySelector('h2')).toBeNull();
    expect(container.querySelector('.car-card, .car-card-skeleton')).toBeNull();
  });

  it('stays hidden and logs to the console when the search fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Search is not available right now.' }), { status: 503 }));
    const { container } = similar();
    act(() => FakeObserver.last!.enter());
    await waitFor(() => expect(container.querySelector('#similar-cars')!.getAttribute('data-state')).toBe('failed'));
    expect(container.querySelector('#similar-cars')!.hasAttribute('hidden')).toBe(true);
    expect(container.querySelector('h2')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to fetch similar cars.', expect.objectContaining({ message: 'Search is not available right now.' }));
  });
});

describe('trackEdges', () => {
  it('disables previous at the first stop and next at the last', () => {
    expect(trackEdges({ abs: 0, minIdx: 0, maxIdx: 3 })).toEqual({ atStart: true, atEnd: false });
    expect(trackEdges({ abs: 2, minIdx: 0, maxIdx: 3 })).toEqual({ atStart: false, atEnd: false });
    expect(trackEdges({ abs: 3, minIdx: 0, maxIdx: 3 })).toEqual({ atStart: false, atEnd: true });
    expect(trackEdges({ abs: 0, minIdx: 0, maxIdx: 0 })).toEqual({ atStart: true, atEnd: true });
  });
});
