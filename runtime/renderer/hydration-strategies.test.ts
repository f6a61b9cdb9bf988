// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressAsks, hydratesWithPage, STRATEGIES, whenAddressAsks } from './hydration-strategies';

afterEach(() => {
  vi.unstubAllGlobals();
  window.scrollY = 0;
  history.replaceState(null, '', '/');
});

class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

describe('hydration strategies', () => {
  const element = document.createElement('div');

  it("'load' opens at once and 'interaction' never by itself (a touch opens it: lazy-hydration.ts)", () => {
    const open = vi.fn();
    STRATEGIES.load(element, open, {});
    expect(open).toHaveBeenCalledTimes(1);
    const touchOnly = vi.fn();
    STRATEGIES.interaction(element, touchOnly, {});
    window.dispatchEvent(new Event('scroll'));
    expect(touchOnly).not.toHaveBeenCalled();
  });

  it("'visible' opens when the block comes within 200 px of the viewport, or the block's own margin", () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const open = vi.fn();
    const stop = STRATEGIES.visible(element, open, {});
    expect(FakeObserver.last?.options.rootMargin).toBe('200px 0px');
    expect(FakeObserver.last?.observed).toEqual([element]);
    FakeObserver.last?.callback([{ isIntersecting: false }]);
    expect(open).not.toHaveBeenCalled();
    FakeObserver.last?.callback([{ isIntersecting: true }]);
    expect(open).toHaveBeenCalledTimes(1);
    stop();
    expect(FakeObserver.last?.disconnected).toBe(true);
    STRATEGIES.visible(element, open, { margin: 500 });
    expect(FakeObserver.last?.options.rootMargin).toBe('500px 0px');
  });

  it("'scroll' opens on the page's first scroll, not before", () => {
    const open = vi.fn();
    STRATEGIES.scroll(element, open, {});
    expect(open).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("'idle' opens in an idle moment once the page has loaded", () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (next: () => void) => idle.push(next));
    const open = vi.fn();
    STRATEGIES.idle(element, open, {});
    // jsdom's document has loaded: the idle callback is asked for at once and opens the gate when it runs.
    expect(open).not.toHaveBeenCalled();
    idle.shift()?.();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('counts on-screen visible blocks and load and idle blocks as hydrating with the page, not interaction or scroll ones', () => {
    expect(hydratesWithPage('load', element)).toBe(true);
    expect(hydratesWithPage('idle', element)).toBe(true);
    expect(hydratesWithPage('interaction', element)).toBe(false);
    expect(hydratesWithPage('scroll', element)).toBe(false);
    // jsdom lays nothing out: the element's box is at the top, on screen.
    expect(hydratesWithPage('visible', element)).toBe(true);
    element.getBoundingClientRect = () => ({ top: 5000, bottom: 5100 }) as DOMRect;
    expect(hydratesWithPage('visible', element)).toBe(false);
    expect(hydratesWithPage('visible', element, 5000)).toBe(true);
  });
});

describe('an address trigger (<HydrateOnAddress />: a lead dialog host)', () => {
  const trigger = { hashes: ['enquire', 'test-drive'], query: 'dialog' };

  it('reads the hash and the query parameter it names, nothing else', () => {
    history.replaceState(null, '', '/cars/a#enquire');
    expect(addressAsks(trigger)).toBe(true);
    history.replaceState(null, '', '/cars/a#specs');
    expect(addressAsks(trigger)).toBe(false);
    history.replaceState(null, '', '/cars/a?dialog=request-photos');
    expect(addressAsks(trigger)).toBe(true);
    history.replaceState(null, '', '/cars/a?sort=price#enquire-later');
    expect(addressAsks(trigger)).toBe(false);
  });

  it('opens at once for a page opened with its hash', () => {
    history.replaceState(null, '', '/cars/a#test-drive');
    const open = vi.fn();
    whenAddressAsks(trigger, open);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens when a hash change or a navigation of the site router brings it, and stops listening when stopped', () => {
    let navigated = () => {};
    const unsubscribe = vi.fn();
    const open = vi.fn();
    const stop = whenAddressAsks(trigger, open, (listener) => ((navigated = listener), unsubscribe));
    history.replaceState(null, '', '/cars/a#specs');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(open).not.toHaveBeenCalled();
    history.replaceState(null, '', '/cars/a#enquire');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(open).toHaveBeenCalledTimes(1);

    history.replaceState(null, '', '/cars/a');
    const byRouter = vi.fn();
    whenAddressAsks(trigger, byRouter, (listener) => ((navigated = listener), () => {}));
    history.replaceState(null, '', '/cars/a?dialog=enquire');
    navigated();
    expect(byRouter).toHaveBeenCalledTimes(1);

    stop();
    expect(unsubscribe).toHaveBeenCalled();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(open).toHaveBeenCalledTimes(1);
  });
});
