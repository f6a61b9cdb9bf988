import type { BlockHydration } from '../../runtime/renderer/block-hydration';

// Markup only: on a first page its server HTML is kept and its code never loads.
export const hydration: BlockHydration = 'never';
