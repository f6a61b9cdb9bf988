// Gated hydration of a first page's blocks, in the browser. During the first hydration a gated block's content suspends
// on a gate: React keeps its server-rendered HTML as it is (a dehydrated Suspense boundary) until the gate opens, and
// then its code loads and React hydrates it. When a gate opens is the block's strategy (block-hydration.ts, declared in
// its schema; hydration-strategies.ts); any gate also opens when the shopper points at, touches, focuses or types into
// the block (before the input event lands, so a control is hydrated before it is typed into), and what was done before
// is replayed (event-replay.ts). A block never seen costs no script.
import type { BlockNode } from '../document/blocks';
import { walkBlocks } from '../document/blocks';
import type { HydrateStrategy } from './block-hydration';
import { holdInteractions } from './event-replay';
import { HYDRATE_ON_HASH_ATTRIBUTE, HYDRATE_ON_LOAD_ATTRIBUTE, HYDRATE_ON_QUERY_ATTRIBUTE } from './HydrateOnLoad';
import { addressAsks, hydratesWithPage, STRATEGIES, whenAddressAsks, type AddressTrigger } from './hydration-strategies';
import { isSitePath } from './Link';
import { loadBlock, preloadBlocks } from './registry';
import type { BlockComponent } from './types';

// input and change too: a value can be set without a pointer or a key (assistive technology, autofill, a test).
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

export interface GatedBlock {
  block: BlockNode;
  strategy: Exclude<HydrateStrategy, 'never'>;
  margin?: number;
  /** Also opens when the page's address asks (<HydrateOnAddress />). */
  address?: AddressTrigger;
}

/** The first page's gated blocks, by id (set once, before hydrateRoot). */
const gated = new Map<string, GatedBlock>();
const gates = new Map<string, Promise<BlockComponent>>();
const replays = new Map<string, () => void>();

/** Gated blocks expected to hydrate with the page and not hydrated yet; when none is left, the page is. */
const waiting = new Set<string>();
let allHydrated: () => void = () => {};
const fullyHydrated = new Promise<void>((done) => (allHydrated = done));

const elementOf = (id: string) => document.querySelector(`[data-block-id="${CSS.escape(id)}"]`);

/** The site router's navigations, which an address trigger follows too (a query changed in the page fires no event). */
let navigations: ((listener: () => void) => () => void) | undefined;

function addressTriggerIn(element: Element | null): AddressTrigger | undefined {
  const marker = element?.querySelector(`[${HYDRATE_ON_HASH_ATTRIBUTE}]`);
  if (!marker) return undefined;
  const hashes = (marker.getAttribute(HYDRATE_ON_HASH_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  return { hashes, query: marker.getAttribute(HYDRATE_ON_QUERY_ATTRIBUTE) || undefined };
}

export function gateHydration(blocks: GatedBlock[], options: { navigations?: (listener: () => void) => () => void } = {}) {
  navigations = options.navigations;
  for (const entry of blocks) {
    const element = elementOf(entry.block.id);
    // In development (npm run dev) every block hydrates once the page has loaded, so a hot update of a block's code
    // shows in the open page even where the block was never scrolled to. A block that acts on the whole page with
    // its present props says so with <HydrateOnLoad /> (block-hydration.ts).
    const strategy = import.meta.env.DEV || element?.querySelector(`[${HYDRATE_ON_LOAD_ATTRIBUTE}]`) ? 'idle' : entry.strategy;
    const address = addressTriggerIn(element);
    gated.set(entry.block.id, { ...entry, strategy, address });
    if (!element) continue;
    // From now (before React hydrates anything) until the block hydrates, its clicks and typing are kept for it.
    replays.set(entry.block.id, holdInteractions(element));
    if (hydratesWithPage(strategy, element, entry.margin) || (address && addressAsks(address))) waiting.add(entry.block.id);
  }
}

/**
 * Resolves once the first page's blocks that hydrate with the page have (html[data-hydrated] waits for it): the blocks
 * on screen and those hydrating at load or when idle. Each hydrated block's element gets data-hydrated.
 */
export function whenFullyHydrated(): Promise<void> {
  if (!waiting.size) return Promise.resolve();
  // A block that cannot hydrate (its parent failed) must not hold the mark back for ever.
  setTimeout(() => allHydrated(), 15_000);
  return fullyHydrated;
}

/** Ids of the first page's never-hydrated blocks: their gates never open. */
const serverHtmlOnly = new Set<string>();
const NEVER = new Promise<never>(() => {});

export const isDeferred = (id: string) => gated.has(id) || serverHtmlOnly.has(id);

/**
 * The first page's never-hydrated blocks keep their server HTML: React leaves them dehydrated for good and their code
 * never loads. Not under `npm run dev`, where every block hydrates so that a hot update shows. So does the site footer
 * (data-server-html, SiteFooter.tsx) on every page. Their site links (the <a> a Link renders, data-discover) navigate in
 * the page through `navigate`, as a hydrated Link would: React does not see a click in a dehydrated boundary (and stops
 * it at the document, so this listens on the window, capturing).
 */
export function keepServerHtml(blocks: BlockNode[], navigate: (href: string) => void) {
  if (import.meta.env.DEV) return;
  for (const block of blocks) serverHtmlOnly.add(block.id);
  window.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      if (event.target instanceof Element && toggleFooterTerms(event.target)) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-discover][href^="/"]') : null;
      const island = link?.closest('[data-block-id], [data-server-html]');
      if (
        !link ||
        !island ||
        !isSitePath(link.getAttribute('href') ?? '') ||
        !(island.hasAttribute('data-server-html') || serverHtmlOnly.has(island.getAttribute('data-block-id')!)) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      // Only while a block is still the first page's server HTML (rendered again after a navigation, it is marked
      // hydrated and its Link handles clicks).
      if (island.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      navigate(link.getAttribute('href')!);
    },
    true,
  );
}

/** The footer's terms of use on mobile: its button opens and closes them (the footer has no code of its own). */
export function toggleFooterTerms(target: Element): boolean {
  const button = target.closest('.footer-terms-toggle');
  const terms = button?.closest('.footer-terms');
  if (!button || !terms) return false;
  button.setAttribute('aria-expanded', String(terms.classList.toggle('open')));
  return true;
}

/** Called once a block has hydrated (an effect of its content): replays what was done before. */
export function blockHydrated(id: string) {
  const replay = replays.get(id);
  replays.delete(id);
  replay?.();
  if (isDeferred(id)) elementOf(id)?.setAttribute('data-hydrated', 'true');
  if (waiting.delete(id) && waiting.size === 0) allHydrated();
}

/** Resolves when the block's strategy says so, or when it is touched, whichever comes first. */
function whenGateOpens(element: Element | null, { strategy, margin, address }: GatedBlock): Promise<void> {
  if (!element) return Promise.resolve();
  return new Promise((open) => {
    let opened = false;
    const touched = (event: Event) => event.target instanceof Node && element.contains(event.target) && done();
    // On the window for the same reason as event-replay.ts's listeners.
    for (const type of INTERACTIONS) window.addEventListener(type, touched, { capture: true, passive: true });
    let stop = () => {};
    function done() {
      if (opened) return;
      opened = true;
      stop();
      for (const type of INTERACTIONS) window.removeEventListener(type, touched, true);
      open();
    }
    const stopStrategy = STRATEGIES[strategy](element, done, { margin });
    const stopAddress = address && !opened ? whenAddressAsks(address, done, navigations) : () => {};
    stop = () => {
      stopStrategy();
      stopAddress();
    };
    if (opened) stop();
  });
}

/** The block's component once its gate opens (its code and its child blocks' code loaded). */
export function hydrationGate(node: BlockNode): Promise<BlockComponent> {
  if (serverHtmlOnly.has(node.id)) return NEVER;
  let gate = gates.get(node.id);
  if (!gate) {
    // Not the code of never-hydrated blocks inside it (a layout's rich text): they keep their server HTML.
    const types = [...walkBlocks([node])].filter((v) => !serverHtmlOnly.has(v.block.id)).map((v) => v.block.type);
    const entry = gated.get(node.id) ?? { block: node, strategy: 'visible' };
    gate = whenGateOpens(elementOf(node.id), entry)
      .then(() => preloadBlocks(types))
      .then(() => loadBlock(node.type));
    gates.set(node.id, gate);
  }
  return gate;
}
