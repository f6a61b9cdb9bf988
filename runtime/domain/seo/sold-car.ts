// A sold car's address once the car has left the search (docs/requirements/vehicle-browsing.md#states: sold cars stay visible soldVisibleDays days):
// it answers 410 Gone, or redirects to the search for the same make and model (settings.seo.soldCarResponse).
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { modelSearchPath } from '../make-names';

import { DEFAULT_SOLD_VISIBLE_DAYS, soldPastVisibility as soldPastWindow } from '../search-visibility';

type SoldCar = { status?: string | null; sold_date_timestamp?: number | null; make?: string | null; model?: string | null };

/** True when the car is sold and its sale is older than the site's visibility window. */
export function soldPastVisibility(car: SoldCar, site: Pick<TenantDocument, 'settings'>, nowMs: number): boolean {
  return soldPastWindow(car, nowMs, site.settings.search?.soldVisibleDays ?? DEFAULT_SOLD_VISIBLE_DAYS);
}

export type SoldCarAnswer = { gone: true } | { redirect: string };

/** What the address of a car past the window answers: a redirect only when the site has the search page. */
export function soldCarAnswer(car: SoldCar, site: Pick<TenantDocument, 'settings' | 'pages'>): SoldCarAnswer {
  if (site.settings.seo?.soldCarResponse === 'similar-search' && car.make && site.pages['/search/:make?/:model?']) {
    return { redirect: modelSearchPath(car.make, car.model) };
  }
  return { gone: true };
}
