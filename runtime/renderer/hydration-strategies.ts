// When a gated block's hydration starts, one function per strategy (block-hydration.ts says which a block has). Each
// calls `open` once its moment comes and returns what stops waiting; lazy-hydration.ts adds the touch that opens
// every gate and the replay of what was done before.
import type { HydrateStrategy } from './block-hydration';

const NEAR_VIEWPORT_PX = 200;

type Strategy = (element: Element, open: () => void, options: { margin?: number }) => () => void;

/** Gates waiting for an idle moment after the page's load, in page order (the order blocks render in). */
const idleQueue: (() => void)[] = [];
let idleStarted = false;

function openOneWhenIdle() {
  const idle = (next: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(next, { timeout: 2000 }) : setTimeout(next, 50));
  const step = () => {
    idleQueue.shift()?.();
    if (idleQueue.length) idle(step);
    else idleStarted = false;
  };
  idle(step);
}

function whenIdleAfterLoad(open: () => void): () => void {
  idleQueue.push(open);
  if (!idleStarted) {
    idleStarted = true;
    if (document.readyState === 'complete') openOneWhenIdle();
    else window.addEventListener('load', openOneWhenIdle, { once: true });
  }
  return () => {
    const queued = idleQueue.indexOf(open);
    if (queued >= 0) idleQueue.splice(queued, 1);
  };
}

const nothing = () => {};

export const STRATEGIES: Record<Exclude<HydrateStrategy, 'never'>, Strategy> = {
  load: (_element, open) => {
    open();
    return nothing;
  },
  visible: (element, open, { margin = NEAR_VIEWPORT_PX }) => {
    if (typeof IntersectionObserver === 'undefined') {
      open();
      return nothing;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), { rootMargin: `${margin}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  },
  idle: (_element, open) => whenIdleAfterLoad(open),
  interaction: () => nothing,
  scroll: (_element, open) => {
    // A page already scrolled at load (restored by the browser) has had its scroll.
    if (window.scrollY > 0) return whenIdleAfterLoad(open);
    window.addEventListener('scroll', open, { passive: true, once: true });
    return () => window.removeEventListener('scroll', open);
  },
};

/** What in the page's address opens a gate (<HydrateOnAddress />): a #hash among `hashes`, or the `query` parameter. */
export interface AddressTrigger {
  hashes: readonly string[];
  query?: string;
}

export function addressAsks({ hashes, query }: AddressTrigger): boolean {
  let hash = window.location.hash.slice(1);
  try {
    hash = decodeURIComponent(hash);
  } catch {
    // a malformed escape: compared as it is
  }
  return hashes.includes(hash) || (!!query && new URLSearchParams(window.location.search).has(query));
}

/**
 * Opens when the address asks (addressAsks): at once, or after a hash change (a followed <a href="#x">, or the site's
 * router, which fires one for an in-page link), Back/Forward, or another navigation of the site's router (`navigations`).
 */
export function whenAddressAsks(trigger: AddressTrigger, open: () => void, navigations?: (listener: () => void) => () => void): () => void {
  if (addressAsks(trigger)) {
    open();
    return nothing;
  }
  const check = () => addressAsks(trigger) && open();
  window.addEventListener('hashchange', check);
  window.addEventListener('popstate', check);
  const unsubscribe = navigations?.(check) ?? nothing;
  return () => {
    window.removeEventListener('hashchange', check);
    window.removeEventListener('popstate', check);
    unsubscribe();
  };
}

/** Whether a block of this strategy is expected to hydrate with the page (html[data-hydrated] waits for it). */
export function hydratesWithPage(strategy: HydrateStrategy, element: Element, margin = NEAR_VIEWPORT_PX): boolean {
  if (strategy === 'load' || strategy === 'idle') return true;
  if (strategy !== 'visible') return false;
  const box = element.getBoundingClientRect();
  return box.bottom >= -margin && box.top <= window.innerHeight + margin;
}
