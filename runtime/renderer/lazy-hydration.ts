// Lazy hydration of the blocks below the fold (fold.ts), in the browser. During the first hydration such a block's
// content suspends on a gate: React keeps its server-rendered HTML as it is (a dehydrated Suspense boundary) until the
// gate opens, when the block comes within 200 px of the viewport or the shopper points at, touches, focuses or types
// into it. Then its code loads and React hydrates it. Interaction opens the gate before the input event lands, so a
// control focused before hydration is hydrated before it is typed into (React keeps the text of uncontrolled inputs).
import type { BlockNode } from '../document/blocks';
import { walkBlocks } from '../document/blocks';
import { loadBlock, preloadBlocks } from './registry';
import type { BlockComponent } from './types';

const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Ids of the first page's blocks that hydrate lazily (set once, before hydrateRoot). */
const deferred = new Set<string>();
const gates = new Map<string, Promise<BlockComponent>>();

export function deferHydration(blocks: BlockNode[]) {
  for (const block of blocks) deferred.add(block.id);
}

export const isDeferred = (id: string) => deferred.has(id);

function whenSeenOrTouched(element: Element | null): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((open) => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: '200px 0px' });
    const done = () => {
      observer.disconnect();
      for (const type of INTERACTIONS) element.removeEventListener(type, done, true);
      open();
    };
    observer.observe(element);
    for (const type of INTERACTIONS) element.addEventListener(type, done, { capture: true, passive: true });
  });
}

/** The block's component once its gate opens (its code and its child blocks' code loaded). */
export function hydrationGate(node: BlockNode): Promise<BlockComponent> {
  let gate = gates.get(node.id);
  if (!gate) {
    const element = document.querySelector(`[data-block-id="${CSS.escape(node.id)}"]`);
    const types = [...walkBlocks([node])].map((v) => v.block.type);
    gate = whenSeenOrTouched(element).then(() => preloadBlocks(types)).then(() => loadBlock(node.type));
    gates.set(node.id, gate);
  }
  return gate;
}
