// The rule lives in runtime/domain/promotions; re-exported for the banner's existing importers.
export * from '../../runtime/domain/promotions/promo-window';
