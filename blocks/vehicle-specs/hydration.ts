import type { BlockHydration } from '../../runtime/renderer/block-hydration';

// Lists with a "show more" over content the server rendered: no effect, nothing to run before a tap.
export const hydration: BlockHydration = 'on-interaction';
