// Which of a site's dealerships it presents (site configuration: hidden and shown dealerships). A group's document may
// hold dealerships a site keeps out of sight (a trade-only yard, a brand sold elsewhere): their locations are not
// listed or offered in forms, and their cars are not in the site's search.
import type { LocationDropdownSettings } from '../../../schemas/generated/tenant';

type DealershipFilter = Pick<LocationDropdownSettings, 'hiddenDealershipIds' | 'shownDealershipIds'>;

/** Hidden dealerships never show; when the site names shown dealerships, only those do. */
export function dealershipShown(id: number | null | undefined, settings?: DealershipFilter): boolean {
  const key = id ?? -1;
  if (settings?.hiddenDealershipIds?.includes(key)) return false;
  const shown = settings?.shownDealershipIds ?? [];
  return shown.length === 0 || shown.includes(key);
}

/** The site's dealerships it presents, in document order. */
export function shownDealerships<D extends { id: number }>(dealerships: readonly D[], settings?: DealershipFilter): D[] {
  return dealerships.filter((d) => dealershipShown(d.id, settings));
}

/** The settings this reads, from a site's settings. */
export const dealershipFilterOf = (settings: { locations?: { dropdown?: DealershipFilter } } | undefined) => settings?.locations?.dropdown;
