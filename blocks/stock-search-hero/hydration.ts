import type { BlockHydration } from '../../runtime/renderer/block-hydration';

// A GET form to the search page and links: its counts came with the page and refresh only when a choice changes,
// which hydrates it first (the choice is replayed).
export const hydration: BlockHydration = 'on-interaction';
