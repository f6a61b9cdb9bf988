// Location dropdown on forms (docs/requirements/dealer-services.md#states, #validation): filtering and the single-option auto-select.
import { makeSlug } from '../make-names';
import { locationType, type DealerLocation, type LocationType } from './location';
import { dealershipShown } from './shown-dealerships';
import type { ResolvedLocationDropdownSettings } from '../settings';

export interface LocationDropdownFilter {
  /** Keep locations selling this make: its slug (spaces become hyphens) is matched against their manufacturers. */
  make?: string;
  type?: LocationType;
}

export function locationDropdownOptions(
  locations: readonly DealerLocation[],
  filter: LocationDropdownFilter,
  s: ResolvedLocationDropdownSettings,
): DealerLocation[] {
  const makeKey = filter.make ? makeSlug(filter.make) : null;
  return locations.filter((l) => {
    if (l.visible === false) return false;
    if (s.excludedLocationIds.includes(l.id)) return false;
    if (s.onlyLocationIds.length && !s.onlyLocationIds.includes(l.id)) return false;
    if (!dealershipShown(l.dealership_id, s)) return false;
    if (filter.type && locationType(l) !== filter.type) return false;
    if (makeKey && !(l.manufacturers ?? []).some((m) => makeSlug(m) === makeKey)) return false;
    return true;
  });
}

/**
 * Where a site's cars are serviced: its service locations, or all its locations when it lists none as service (a dealer
 * without a separate service centre services at its yards). The service form offers these and the service page shows them.
 */
export function serviceLocations(locations: readonly DealerLocation[], settings: ResolvedLocationDropdownSettings): DealerLocation[] {
  const service = locationDropdownOptions(locations, { type: 'service' }, settings);
  return service.length ? service : locationDropdownOptions(locations, {}, settings);
}

/** With exactly one option it is chosen automatically, once: only while nothing has been chosen yet. */
export function autoSelectedLocation(options: readonly DealerLocation[], alreadyAutoSelected: boolean): DealerLocation | null {
  return options.length === 1 && !alreadyAutoSelected ? (options[0] ?? null) : null;
}

/**
 * Form values set by choosing the nearest location by postcode: the shopper chose a dealership there, so its slug is
 * set whatever the flag (else a form that asks for the dealership refuses to send with its field still empty).
 */
export function nearestChoiceValues(location: DealerLocation): Record<string, string> {
  return location.dealership_slug ? { location: location.name, dealership_slug: location.dealership_slug } : { location: location.name };
}

/** Form values set by choosing a location; the dealership slug too on sites with the flag. */
export function locationChoiceValues(
  location: DealerLocation,
  settings: Pick<ResolvedLocationDropdownSettings, 'choosingSetsDealership'>,
): Record<string, string> {
  const setsDealership = settings.choosingSetsDealership;
  const values: Record<string, string> = { location: location.name };
  if (setsDealership && location.dealership_slug) values.dealership_slug = location.dealership_slug;
  return values;
}
