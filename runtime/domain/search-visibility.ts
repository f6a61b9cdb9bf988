// docs/requirements/vehicle-browsing.md#states / docs/requirements/dealer-services.md#states search visibility, the one
// implementation: a car shows on a site when
// show_on_dealer_website is true and its status is in_stock or coming_soon, or it is sold and was sold within the last
// soldVisibleDays days (default 3, settings.search.soldVisibleDays). The search scope (runtime/search/tenant-scope.ts),
// the search page's request (domain/search), the vehicle page (page-data, via domain/seo/sold-car.ts) and in-memory
// engines and tests all use it. sold_date_timestamp is Unix seconds.
export const DEFAULT_SOLD_VISIBLE_DAYS = 3;

const DAY_SECONDS = 86_400;

export type VisibilityCar = { status?: string | null; sold_date_timestamp?: number | null; show_on_dealer_website?: boolean | null };

/** The oldest sale (Unix seconds) still shown. */
export function soldVisibleSince(nowMs: number, soldVisibleDays = DEFAULT_SOLD_VISIBLE_DAYS): number {
  return Math.floor(nowMs / 1000) - soldVisibleDays * DAY_SECONDS;
}

/** The website flag half of the rule, as a Meilisearch filter. */
export const SHOWN_ON_WEBSITE_FILTER = 'show_on_dealer_website = true';

/** The status half of the rule, as a Meilisearch filter. */
export function statusVisibilityFilter(nowMs: number, soldVisibleDays = DEFAULT_SOLD_VISIBLE_DAYS): string {
  return `(status IN ["in_stock", "coming_soon"] OR (status = "sold" AND sold_date_timestamp >= ${soldVisibleSince(nowMs, soldVisibleDays)}))`;
}

/** The whole rule as a Meilisearch filter. */
export function searchVisibilityFilter(nowMs: number, soldVisibleDays = DEFAULT_SOLD_VISIBLE_DAYS): string {
  return `${statusVisibilityFilter(nowMs, soldVisibleDays)} AND ${SHOWN_ON_WEBSITE_FILTER}`;
}

/** True when a sold car's sale is older than the window (a car of another status never is). */
export function soldPastVisibility(car: VisibilityCar, nowMs: number, soldVisibleDays = DEFAULT_SOLD_VISIBLE_DAYS): boolean {
  if (car.status !== 'sold') return false;
  const soldAt = typeof car.sold_date_timestamp === 'number' ? car.sold_date_timestamp : 0;
  return soldAt < soldVisibleSince(nowMs, soldVisibleDays);
}

/** The whole rule for a car held in memory: the same answer the filter gives. */
export function isVisibleInSearch(car: VisibilityCar, nowMs: number, soldVisibleDays = DEFAULT_SOLD_VISIBLE_DAYS): boolean {
  if (car.show_on_dealer_website !== true) return false;
  if (car.status === 'in_stock' || car.status === 'coming_soon') return true;
  return car.status === 'sold' && typeof car.sold_date_timestamp === 'number' && !soldPastVisibility(car, nowMs, soldVisibleDays);
}
