import type { BlockHydration } from '../../runtime/renderer/block-hydration';

// Tabs and a "show more" over content the server rendered: no effect, nothing to run before a tap.
export const hydration: BlockHydration = 'on-interaction';
