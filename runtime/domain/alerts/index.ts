// Shopper alerts: saved-search and watchlist mail (what is new, when it is due, how it is folded and keyed).
export * from './changes';
export * from './periods';
export * from './plan';
export * from './snapshot';
export * from './messages';
