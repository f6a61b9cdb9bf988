export * from './gated-routes';
export * from './messages';
export * from './redirect';
export * from './validation';
export * from './watchlist';
export * from './garage';
