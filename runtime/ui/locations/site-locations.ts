import type { DealerLocation } from '../../domain/locations';
import type { PublicSite } from '../../renderer/site-context';

/** Every location of the site with its dealership's id and slug (what the location rules read). */
export function siteLocations(site: PublicSite): DealerLocation[] {
  return site.dealerships.flatMap((d) => d.locations.map((l) => ({ ...l, dealership_id: d.id, dealership_slug: d.slug }) as DealerLocation));
}
