import type { BlockHydration } from '../../runtime/renderer/block-hydration';

// Its server HTML shows the first results, links to each car and page, and a GET search form. Nothing runs at load
// (the first answer came with the page): stored favourites, compare and watchlist marks and recent searches show once
// the shopper points at or touches the results, and a filter clicked or text typed before then is replayed.
export const hydration: BlockHydration = 'on-interaction';
