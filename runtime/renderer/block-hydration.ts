// How a block hydrates on a first page, declared once in its schema's meta: `"x-hydrate"` in blocks/<type>/schema.json
// (tools/build-schema.ts writes them to schemas/generated/block-hydration.ts). On a client-side navigation every block
// renders from its code, whatever it declares. Every strategy but 'never' also hydrates a block as soon as it is
// pointed at, touched, focused or typed into, and replays what was done before (event-replay.ts).
// - 'load': at once, its code preloaded with the page.
// - 'visible' (the default): when within 200 px of the viewport (`"x-hydrate-margin"` for another distance); the
//   page's first blocks (fold.ts) are on screen, so they hydrate at once with their code preloaded.
// - 'idle': once the page has loaded, in an idle moment, wherever it is (a popup on a timer).
// - 'interaction': only when touched, even on screen. Its server HTML must work until then (links, a GET form, native
//   controls) and nothing in it may need to run at load.
// - 'scroll': on the page's first scroll (a bar shown only past a scroll threshold).
// - 'never': markup only (no state, handlers or effects): its server HTML is kept and its code never loads; its site
//   links navigate in the page (lazy-hydration.ts). A block with slots never declares it (its children may need code).
// The exceptions depend on props or settings rather than the block type (HydrateOnLoad.tsx): a block that must run
// before it is touched only with some of them renders <HydrateOnLoad /> ('idle': a banner with a date window, a spin
// viewer that turns by itself) or <HydrateOnAddress /> (as soon as the address asks: a lead dialog host).
import { BLOCK_HYDRATION } from '../../schemas/generated/block-hydration';

export type HydrateStrategy = 'load' | 'visible' | 'idle' | 'interaction' | 'scroll' | 'never';

export interface BlockHydration {
  strategy: HydrateStrategy;
  /** For 'visible': within how many pixels of the viewport it hydrates. */
  margin?: number;
}

const DEFAULT_HYDRATION: BlockHydration = { strategy: 'visible' };

const declared = BLOCK_HYDRATION as Record<string, BlockHydration | undefined>;

export const blockHydration = (type: string): BlockHydration => declared[type] ?? DEFAULT_HYDRATION;
