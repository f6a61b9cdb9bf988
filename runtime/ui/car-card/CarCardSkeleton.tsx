// The car card's placeholder, in a module of its own: a section can show it while the cards' code still loads
// (similar cars fetch CarCard with their search, not at page load). Its styles are in ./styles.css, which whoever shows
// it imports: a module without that side effect can be merged by Rollup into a chunk the page loads anyway.

/** Placeholder with the card's shape while results load. */
export function CarCardSkeleton() {
  return (
    <div className="car-card car-card-skeleton" aria-hidden="true">
      <div className="car-card-media skeleton-block" />
      <div className="car-card-body">
        <div className="skeleton-line wide" />
        <div className="skeleton-line" />
        <div className="skeleton-line short" />
      </div>
    </div>
  );
}
