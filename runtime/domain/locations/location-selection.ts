// Which locations a location block shows, and how (docs/requirements/dealer-services.md#screens).
import { locationType, type DealerLocation } from './location';
import { collator } from '../format';

export type LocationSelector = 'primary' | 'sales' | 'service' | 'parts' | 'service-and-parts' | 'all' | number;

export interface LocationSelectionOptions {
  /** Location ids in display order; empty sorts by name. */
  customOrder?: readonly number[];
  /** Current page path: on service and parts paths only service locations are kept. */
  path?: string;
}

const SERVICE_OR_PARTS_PATH = /^\/(service|book-a-service|parts|vehicle-parts-and-accessories)(\/|$|\?)/i;

function isServiceOrPartsPath(path: string): boolean {
  return SERVICE_OR_PARTS_PATH.test(path);
}

function matches(location: DealerLocation, selector: LocationSelector): boolean {
  if (typeof selector === 'number') return location.id === selector;
  const type = locationType(location);
  switch (selector) {
    case 'all':
      return true;
    case 'primary':
      return Boolean(location.primary);
    case 'service-and-parts':
      return type === 'service' || type === 'parts';
    default:
      return type === selector;
  }
}

/** Cards sorted by name, or by the custom order with unlisted locations after it by name. */
export function orderLocations<T extends Pick<DealerLocation, 'id' | 'name'>>(locations: readonly T[], customOrder: readonly number[] = []): T[] {
  const byName = (a: T, b: T) => collator('en-AU').compare(a.name, b.name);
  if (!customOrder.length) return [...locations].sort(byName);
  const rank = (l: T) => {
    const i = customOrder.indexOf(l.id);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...locations].sort((a, b) => rank(a) - rank(b) || byName(a, b));
}

/** Visible locations matching the selector, ordered; visible false is dropped. */
export function selectLocations(locations: readonly DealerLocation[], selector: LocationSelector, options: LocationSelectionOptions = {}): DealerLocation[] {
  let chosen = locations.filter((l) => l.visible !== false && matches(l, selector));
  if (options.path && isServiceOrPartsPath(options.path)) chosen = chosen.filter((l) => locationType(l) === 'service');
  return orderLocations(chosen, options.customOrder);
}

export type LocationBlockLayout = 'none' | 'single' | 'dealership-carousel' | 'grid';

/** None shows nothing; one gets a large card with map; several dealerships a carousel; several locations a grid. */
export function locationBlockLayout(locations: readonly Pick<DealerLocation, 'dealership_id'>[]): LocationBlockLayout {
  if (locations.length === 0) return 'none';
  if (locations.length === 1) return 'single';
  const dealerships = new Set(locations.map((l) => l.dealership_id ?? null));
  return dealerships.size > 1 ? 'dealership-carousel' : 'grid';
}

/** Location types at the same place (same address), for the hours table type selector. */
export function locationTypesAtSamePlace(location: DealerLocation, all: readonly DealerLocation[]): DealerLocation[] {
  const key = (l: DealerLocation) => [l.address?.street, l.address?.city, l.address?.postcode].map((p) => (p ?? '').trim().toLowerCase()).join('|');
  return all.filter((l) => l.visible !== false && key(l) === key(location));
}
