import type { BlockHydration } from '../../runtime/renderer/block-hydration';

// Price, figure, views and buttons are in the server's HTML and its buttons are links: it needs its code only once a
// shopper acts in it (on a phone it is on screen at load, and its code would otherwise load with the page). The page
// view is recorded and counted by the gallery; the finance figure comes with the page; the watchlist button learns
// whether the car is saved when touched.
export const hydration: BlockHydration = 'on-interaction';
