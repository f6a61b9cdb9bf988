import type { BlockHydration } from '../../runtime/renderer/block-hydration';

// A banner the server renders whole, with a link and a dismiss button: nothing to run before a tap. On a phone it sits
// above the sidebar, on screen at load.
export const hydration: BlockHydration = 'on-interaction';
