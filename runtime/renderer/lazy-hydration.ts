// Lazy hydration of the blocks below the fold (fold.ts), in the browser. During the first hydration such a block's
// content suspends on a gate: React keeps its server-rendered HTML as it is (a dehydrated Suspense boundary) until the
// gate opens, and then its code loads and React hydrates it. A gate opens when the block comes within 200 px of the
// viewport, or when the shopper points at, touches, focuses or types into it (before the input event lands, so a
// control is hydrated before it is typed into). A block never seen costs no script (issue 17's budget: a vehicle page
// has some twenty blocks). A block that acts on the whole page (HydrateOnLoad.tsx: a dialog opened by the address or
// by another block's button, a popup on a timer) hydrates once the page has loaded instead; one shown only once the
// page scrolls (HydrateOnScroll: the vehicle page's sticky bars) on the first scroll; one that acts ahead of being
// seen (HydrateWhenNear: similar cars search 500 px ahead) hydrates that far ahead. A
// block whose hydration.ts says 'on-interaction' (block-hydration.ts) waits to be touched even on screen: its gate does
// not open on sight and the page's html[data-hydrated] does not wait for it.
import type { BlockNode } from '../document/blocks';
import { walkBlocks } from '../document/blocks';
import { HYDRATE_ON_LOAD_ATTRIBUTE, HYDRATE_ON_SCROLL_ATTRIBUTE, HYDRATE_WITHIN_ATTRIBUTE } from './HydrateOnLoad';
import { isSitePath } from './Link';
import { loadBlock, preloadBlocks } from './registry';
import type { BlockComponent } from './types';

// input and change too: a value can be set without a pointer or a key (assistive technology, autofill, a test).
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

/** Ids of the first page's blocks that hydrate lazily (set once, before hydrateRoot). */
const deferred = new Set<string>();
const gates = new Map<string, Promise<BlockComponent>>();

/** Deferred blocks that hydrate at load (on screen or asking to) and have not yet; when none is left, the page is. */
const waiting = new Set<string>();
/** Deferred blocks that asked to hydrate once the page has loaded (HydrateOnLoad). */
const onLoad = new Set<string>();
/** Deferred blocks whose gate opens only when touched ('on-interaction'), not when seen. */
const untilTouched = new Set<string>();
/** Deferred blocks that hydrate on the page's first scroll or when touched (HydrateOnScroll), by id. */
const onScroll = new Set<string>();
/** Deferred blocks that hydrate further ahead of the viewport than NEAR_VIEWPORT_PX (HydrateWhenNear), by id. */
const nearMargin = new Map<string, number>();
const NEAR_VIEWPORT_PX = 200;
let allHydrated: () => void = () => {};
const fullyHydrated = new Promise<void>((done) => (allHydrated = done));

export function deferHydration(blocks: BlockNode[], { onlyWhenTouched = false } = {}) {
  for (const block of blocks) {
    deferred.add(block.id);
    // From now (before React hydrates anything) until the block hydrates, its clicks and typing are kept for it.
    const element = document.querySelector(`[data-block-id="${CSS.escape(block.id)}"]`);
    if (!element) continue;
    holdInteractions(block.id, element);
    // In development (npm run dev) every block hydrates once the page has loaded, so a hot update of a block's code
    // shows in the open page even where the block was never scrolled to.
    if (import.meta.env.DEV || element.querySelector(`[${HYDRATE_ON_LOAD_ATTRIBUTE}]`)) onLoad.add(block.id);
    else if (element.querySelector(`[${HYDRATE_ON_SCROLL_ATTRIBUTE}]`)) onScroll.add(block.id);
    else if (onlyWhenTouched) untilTouched.add(block.id);
    const within = Number(element.querySelector(`[${HYDRATE_WITHIN_ATTRIBUTE}]`)?.getAttribute(HYDRATE_WITHIN_ATTRIBUTE));
    if (within > NEAR_VIEWPORT_PX) nearMargin.set(block.id, within);
    // What the page hydrates at load: the blocks on screen (their gates open at once) and those asking to.
    if (onLoad.has(block.id) || (!untilTouched.has(block.id) && !onScroll.has(block.id) && nearViewport(element, nearMargin.get(block.id))))
      waiting.add(block.id);
  }
}

function nearViewport(element: Element, margin = NEAR_VIEWPORT_PX) {
  const box = element.getBoundingClientRect();
  return box.bottom >= -margin && box.top <= window.innerHeight + margin;
}

/**
 * Resolves once the first page's blocks that hydrate at load have (html[data-hydrated] waits for it): the others
 * hydrate when seen or touched, and each block's element gets data-hydrated once it has.
 */
export function whenFullyHydrated(): Promise<void> {
  if (!waiting.size) return Promise.resolve();
  // A block that cannot hydrate (its parent failed) must not hold the mark back for ever.
  setTimeout(() => allHydrated(), 15_000);
  return fullyHydrated;
}

export const isDeferred = (id: string) => deferred.has(id);

/** Ids of the first page's static blocks (static-blocks.ts): their gates never open. */
const serverHtmlOnly = new Set<string>();
const NEVER = new Promise<never>(() => {});

/**
 * The first page's static blocks keep their server HTML: React leaves them dehydrated for good and their code never
 * loads. Not under `npm run dev`, where every block hydrates so that a hot update shows. Their site links (the <a>
 * a Link renders, data-discover) navigate in the page through `navigate`, as a hydrated Link would: React does not
 * see a click in a dehydrated block (and stops it at the document, so this listens on the window, capturing).
 */
export function keepServerHtml(blocks: BlockNode[], navigate: (href: string) => void) {
  if (import.meta.env.DEV || !blocks.length) return;
  for (const block of blocks) {
    deferred.add(block.id);
    serverHtmlOnly.add(block.id);
  }
  window.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-discover][href^="/"]') : null;
      const block = link?.closest('[data-block-id]');
      if (
        !link ||
        !block ||
        !isSitePath(link.getAttribute('href') ?? '') ||
        !serverHtmlOnly.has(block.getAttribute('data-block-id')!) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      // Only while the block is still the first page's server HTML (rendered again after a navigation, it is marked
      // hydrated and its Link handles clicks).
      if (block.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      navigate(link.getAttribute('href')!);
    },
    true,
  );
}

/** Gates waiting for an idle moment, in page order (the order blocks render in). */
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

function whenIdleAfterLoad(open: () => void) {
  idleQueue.push(open);
  if (idleStarted) return;
  idleStarted = true;
  if (document.readyState === 'complete') openOneWhenIdle();
  else window.addEventListener('load', openOneWhenIdle, { once: true });
}

/**
 * What the shopper did in a block before it hydrated, done again once it has: a click is held back (its default too,
 * so a checkbox does not toggle twice) and clicked again; text typed into a control is given to React as an input
 * event, so the block's state takes it. Until then React is not listening in the block.
 */
const replays = new Map<string, () => void>();

function holdInteractions(id: string, element: Element) {
  const clicked: Element[] = [];
  // Each control's value as the shopper left it: hydrating a controlled <select> sets its options back to the state's
  // value before the replay, so the value is kept from the event, not read from the control afterwards.
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>();
  // On the window, in the capture phase: React stops events aimed at a block it has not hydrated yet at the document,
  // before the block's own element would see them.
  const inBlock = (event: Event) => event.target instanceof Node && element.contains(event.target);
  const onClick = (event: Event) => {
    if (!inBlock(event) || !(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    clicked.push(event.target);
  };
  const onInput = (event: Event) => {
    if (!inBlock(event)) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) typed.set(target, target.value);
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener('input', onInput, true);
  window.addEventListener('change', onInput, true);
  replays.set(id, () => {
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('input', onInput, true);
    window.removeEventListener('change', onInput, true);
    for (const [control, value] of typed) {
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) continue;
      // React compares a control's value with the one it last saw: show it another, then the typed one, and tell it.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
      control.value = value === '' ? ' ' : '';
      setter?.call(control, value);
      control.dispatchEvent(new Event('input', { bubbles: true }));
      if (control instanceof HTMLSelectElement) control.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // The clicks once React has applied the replayed values (it applies a change event's state updates after the
    // event, not within it): a Search button clicked right after a city was chosen must search that city.
    const clickAll = () => {
      for (const target of clicked) if (target.isConnected) (target as HTMLElement).click();
    };
    if (typed.size && clicked.length) setTimeout(clickAll, 0);
    else clickAll();
  });
}

/** Called once a deferred block has hydrated (an effect of its content): replays what was done before. */
export function blockHydrated(id: string) {
  const replay = replays.get(id);
  replays.delete(id);
  replay?.();
  if (deferred.has(id)) document.querySelector(`[data-block-id="${CSS.escape(id)}"]`)?.setAttribute('data-hydrated', 'true');
  if (waiting.delete(id) && waiting.size === 0) allHydrated();
}

interface GateOpening {
  hydratesOnLoad: boolean;
  /** Opens on the page's first scroll too (at load when the page is already scrolled, e.g. restored). */
  hydratesOnScroll: boolean;
  /** Within how many pixels of the viewport it opens; none: only when touched. */
  margin: number | null;
}

function whenSeenOrTouched(element: Element | null, { hydratesOnLoad, hydratesOnScroll, margin }: GateOpening): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((open) => {
    let opened = false;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: `${margin ?? 0}px 0px` });
    const touched = (event: Event) => event.target instanceof Node && element.contains(event.target) && done();
    const done = () => {
      if (opened) return;
      opened = true;
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, touched, true);
      window.removeEventListener('scroll', done);
      const queued = idleQueue.indexOf(done);
      if (queued >= 0) idleQueue.splice(queued, 1);
      open();
    };
    if (margin !== null) observer.observe(element);
    // On the window for the same reason as holdInteractions' listeners.
    for (const type of INTERACTIONS) window.addEventListener(type, touched, { capture: true, passive: true });
    if (hydratesOnLoad || (hydratesOnScroll && window.scrollY > 0)) whenIdleAfterLoad(done);
    else if (hydratesOnScroll) window.addEventListener('scroll', done, { passive: true });
  });
}

/** The block's component once its gate opens (its code and its child blocks' code loaded). */
export function hydrationGate(node: BlockNode): Promise<BlockComponent> {
  if (serverHtmlOnly.has(node.id)) return NEVER;
  let gate = gates.get(node.id);
  if (!gate) {
    const element = document.querySelector(`[data-block-id="${CSS.escape(node.id)}"]`);
    // Not the code of static blocks inside it (a layout's rich text): they keep their server HTML.
    const types = [...walkBlocks([node])].filter((v) => !serverHtmlOnly.has(v.block.id)).map((v) => v.block.type);
    const margin = untilTouched.has(node.id) || onScroll.has(node.id) ? null : (nearMargin.get(node.id) ?? NEAR_VIEWPORT_PX);
    gate = whenSeenOrTouched(element, { hydratesOnLoad: onLoad.has(node.id), hydratesOnScroll: onScroll.has(node.id), margin })
      .then(() => preloadBlocks(types))
      .then(() => loadBlock(node.type));
    gates.set(node.id, gate);
  }
  return gate;
}
