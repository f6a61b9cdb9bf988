// How many times each car's page was viewed on each site (seed 000 §7: view.json answers "views"). One interface, two
// backends like the lead store: a SQLite file by default, PostgreSQL when DATABASE_URL is set. A view is counted
// (committed) before the count is answered.
export interface ViewStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Counts one view of the car on the site and answers the site's total for that car, this view included. */
  record(tenant: string, carId: number, at: number): Promise<number>;
  /** The site's count for the car (0 when never viewed). */
  count(tenant: string, carId: number): Promise<number>;
  close(): Promise<void>;
}
