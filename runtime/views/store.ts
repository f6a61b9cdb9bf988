// How many times each car's page was viewed on each site (view.json answers "views"). One interface, two backends
// like the lead store: a SQLite file by default, PostgreSQL when DATABASE_URL is set. A view is counted (committed)
// before the count is answered. One visitor (an address) counts once per car and day: the store remembers who viewed
// what on which day, so the rule holds across server processes sharing the store.
export interface ViewVisit {
  tenant: string;
  carId: number;
  /** When (ms since the epoch); visitors' rows older than VISITORS_KEPT_MS are forgotten. */
  at: number;
  /** The site's calendar day of `at` (YYYY-MM-DD, see viewDay). */
  day: string;
  /** Who viewed: a hash of the address (visitorKey), never the address itself. */
  visitor: string;
}

export interface ViewStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Counts the view unless the visitor already viewed the car on the site that day; answers the site's total for the
   * car (this view included when counted) and whether it counted.
   */
  record(visit: ViewVisit): Promise<{ views: number; counted: boolean }>;
  /** The site's count for the car (0 when never viewed). */
  count(tenant: string, carId: number): Promise<number>;
  close(): Promise<void>;
}

/** Who viewed what is needed for a day (two, for a day in any time zone); older rows are deleted. */
export const VISITORS_KEPT_MS = 3 * 86_400_000;
/** How often a store deletes old visitor rows (judged by the visits' own times, not a clock). */
export const VISITOR_PURGE_EVERY_MS = 3_600_000;
